// Copyright 2026 The gdwire Authors.
//
// Fuzzes the lazy views (codec/view): open the message, walk everything
// (every element, entry, property, NodePath component and packed string;
// every packed array copied out in its natural element type) and compare
// with the reference decoder. Mode byte: dialect = DialectFromMode(mode), bit 2
// allow objects, bit 3 reject trailing bytes.
//
// Checks: no crash / UB / out-of-bounds read; Document::ToVariant and
// Validate give the reference's value or its error (kind, offset, path);
// when the reference accepts, the walk meets no error and every packed
// array copies out in full, equal to the reference's elements.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codec/reference/decoder.h"
#include "codec/view/view.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

using gdwire::Type;
using gdwire::fuzz::Check;
namespace view = gdwire::view;

// Copies every element of a packed array out; returns the first error.
absl::Status CopyPacked(const view::PackedArrayView& p, bool compare,
                        const gdwire::Variant* want) {
  const size_t n = p.size() * p.components();
  switch (p.type()) {
    case Type::kPackedByteArray: {
      std::vector<uint8_t> out(n);
      absl::Status st = p.CopyTo(absl::MakeSpan(out));
      if (st.ok() && compare) {
        Check(out == want->packed_bytes(), "PackedByteArray differs");
      }
      return st;
    }
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray: {
      std::vector<int32_t> out(n);
      absl::Status st = p.CopyTo(absl::MakeSpan(out));
      if (st.ok() && compare) {
        Check(out == want->packed_int32(), "int32 packed array differs");
      }
      return st;
    }
    case Type::kPackedInt64Array: {
      std::vector<int64_t> out(n);
      absl::Status st = p.CopyTo(absl::MakeSpan(out));
      if (st.ok() && compare) {
        Check(out == want->packed_int64(), "PackedInt64Array differs");
      }
      return st;
    }
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray: {
      std::vector<float> out(n);
      absl::Status st = p.CopyTo(absl::MakeSpan(out));
      if (st.ok() && compare) {
        Check(out.size() == want->packed_float32().size() &&
                  (n == 0 ||
                   std::memcmp(out.data(), want->packed_float32().data(),
                               n * sizeof(float)) == 0),
              "float packed array differs");
      }
      return st;
    }
    default: {
      std::vector<double> out(n);
      absl::Status st = p.CopyTo(absl::MakeSpan(out));
      if (st.ok() && compare) {
        Check(out.size() == want->packed_reals().size(),
              "double packed array size differs");
      }
      return st;
    }
  }
}

// Walks a value; `want` is the reference's value when it accepted the
// whole message (then nothing may fail), else null.
absl::Status Walk(const view::ValueView& v, const gdwire::Variant* want,
                  int depth) {
  if (depth > 250) return absl::OkStatus();
  const bool cmp = want != nullptr;
  if (cmp) Check(v.type() == want->type(), "view type differs");
  switch (v.type()) {
    case Type::kArray: {
      auto a = v.array();
      if (!a.ok()) return a.status();
      auto c = a->cursor();
      view::ValueView e;
      size_t i = 0;
      while (c.Next(&e)) {
        // Typed arrays may drop or convert elements: compare untyped only.
        const bool same = cmp && !want->array().element_type.is_typed() &&
                          i < want->array().items.size();
        absl::Status st =
            Walk(e, same ? &want->array().items[i] : nullptr, depth + 1);
        if (!st.ok()) return st;
        ++i;
      }
      return c.status();
    }
    case Type::kDictionary: {
      auto dv = v.dictionary();
      if (!dv.ok()) return dv.status();
      auto c = dv->cursor();
      view::DictionaryView::Entry e;
      while (c.Next(&e)) {
        absl::Status st = Walk(e.key, nullptr, depth + 1);
        if (st.ok()) st = Walk(e.value, nullptr, depth + 1);
        if (!st.ok()) return st;
      }
      return c.status();
    }
    case Type::kObject: {
      auto o = v.object();
      if (!o.ok()) return o.status();
      if (o->kind() != gdwire::Object::Kind::kFull) return absl::OkStatus();
      o->class_name().ToString();
      auto c = o->properties();
      view::PropertyCursor::Property p;
      while (c.Next(&p)) {
        p.name.ToString();
        absl::Status st = Walk(p.value, nullptr, depth + 1);
        if (!st.ok()) return st;
      }
      return c.status();
    }
    case Type::kNodePath: {
      auto np = v.node_path();
      if (!np.ok()) return np.status();
      auto c = np->components();
      view::NodePathCursor::Component comp;
      while (c.Next(&comp)) comp.text.ToString();
      if (!c.status().ok()) return c.status();
      auto owned = np->ToNodePath();
      if (owned.ok() && cmp) {
        Check(*owned == want->node_path(), "NodePath differs");
      }
      return owned.status();
    }
    case Type::kPackedStringArray: {
      auto ps = v.packed_string_array();
      if (!ps.ok()) return ps.status();
      auto c = ps->cursor();
      view::TextView t;
      size_t i = 0;
      while (c.Next(&t)) {
        const std::string s = t.ToString();
        if (cmp) {
          Check(i < want->packed_strings().size() &&
                    s == want->packed_strings()[i],
                "packed string differs");
        }
        ++i;
      }
      return c.status();
    }
    case Type::kString:
    case Type::kStringName: {
      auto s = v.as_string();
      if (s.ok() && cmp) Check(*s == want->as_string(), "string differs");
      return s.status();
    }
    default:
      if (gdwire::IsPackedArray(v.type())) {
        auto p = v.packed_array();
        if (!p.ok()) return p.status();
        return CopyPacked(*p, cmp, want);
      }
      return v.Validate();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  gdwire::DecodeOptions d = gdwire::fuzz::OptionsFromMode(mode);
  d.reject_trailing_bytes = (mode & 8) != 0;
  const auto bytes = absl::MakeConstSpan(data + 1, size - 1);
  const auto ref = gdwire::reference::Decode(bytes, d);

  auto doc = view::MessageView::Open(bytes, d);
  if (!doc.ok()) {
    Check(!ref.ok(), "the view cannot open what the reference decodes",
          std::string(doc.status().message()));
    const gdwire::Error a = gdwire::ErrorFromStatus(doc.status());
    const gdwire::Error b = gdwire::ErrorFromStatus(ref.status());
    Check(a.kind == b.kind && a.offset == b.offset,
          "Open and reference errors differ",
          a.ToString() + " / " + b.ToString());
    return 0;
  }
  const auto owned = doc->ToVariant();
  const absl::Status valid = doc->Validate();
  Check(owned.ok() == ref.ok() && valid.ok() == ref.ok(),
        "view and reference verdicts differ",
        std::string(owned.status().message()) + " / " +
            std::string(ref.status().message()));
  if (ref.ok()) {
    Check(*owned == *ref, "ToVariant differs from the reference");
  } else {
    const gdwire::Error a = gdwire::ErrorFromStatus(owned.status());
    const gdwire::Error b = gdwire::ErrorFromStatus(ref.status());
    const gdwire::Error c = gdwire::ErrorFromStatus(valid);
    gdwire::fuzz::CheckError(a, bytes.size());
    Check(a.kind == b.kind && a.offset == b.offset && a.path == b.path,
          "ToVariant and reference errors differ",
          a.ToString() + " / " + b.ToString());
    Check(c.kind == b.kind && c.offset == b.offset && c.path == b.path,
          "Validate and reference errors differ",
          c.ToString() + " / " + b.ToString());
  }
  const absl::Status walked = Walk(doc->root(), ref.ok() ? &*ref : nullptr, 0);
  if (ref.ok()) {
    Check(walked.ok(), "walking a valid message failed",
          std::string(walked.message()));
  }
  return 0;
}
