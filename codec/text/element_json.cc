// Copyright 2026 The gdwire Authors.
//
// AppendJson (element_json.h): the JSON writer of json_write.cc, reading a
// document element instead of a Variant. Each shape written here is one
// that ToVariant turns into a value with the same JSON: untyped containers
// (no conversions), Dictionaries whose keys are distinct Strings (nothing
// de-duplicated, wire order kept), finite numbers. Any other element is
// handed to ToVariant + ToJson (the one home of the rules for the rest).

#include "codec/text/element_json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codec/text/internal/json_common.h"
#include "codec/text/internal/out.h"
#include "codec/text/json.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace text {
namespace {

using document::Element;
using internal::Out;
using json_internal::AppendQuoted;
using json_internal::IsUntyped;
using json_internal::IsUtf8;
using json_internal::kMaxPlainInt;

// Dictionaries with more keys than this are checked for duplicates by
// sorting first; smaller ones pair by pair as they are written.
constexpr size_t kPairwiseKeys = 16;

class Writer {
 public:
  explicit Writer(std::string* out) : out_(out) {}

  void Value(const Element& e) {
    switch (e.type()) {
      case Type::kNil:
        out_.append("null");
        return;
      case Type::kBool:
        out_.append(e.as_bool() ? "true" : "false");
        return;
      case Type::kInt:
        if (!Int(e.as_int())) break;
        return;
      case Type::kFloat:
        if (!std::isfinite(e.as_float())) break;
        Finite(e.as_float());
        return;
      case Type::kString:
        if (!e.text_canonical() || !Quoted(e.as_string())) break;
        return;
      case Type::kStringName: {
        if (!e.text_canonical()) break;
        const size_t start = out_.size();
        Tag(Type::kStringName);
        if (!Quoted(e.as_string())) {
          out_.Truncate(start);
          break;
        }
        out_.push_back('}');
        return;
      }
      case Type::kArray:
        if (!Untyped(e)) break;
        out_.push_back('[');
        for (uint32_t i = 0, n = e.size(); i < n; ++i) {
          if (i != 0) out_.push_back(',');
          Value(e.at(i));
        }
        out_.push_back(']');
        return;
      case Type::kDictionary:
        if (!Dictionary(e)) break;
        return;
      case Type::kPackedByteArray: {
        const absl::Span<const uint8_t> b = e.packed_bytes();
        Tag(Type::kPackedByteArray);
        out_.push_back('"');
        out_.append(absl::Base64Escape(absl::string_view(
            reinterpret_cast<const char*>(b.data()), b.size())));
        out_.append("\"}");
        return;
      }
      case Type::kPackedFloat32Array:
      case Type::kPackedVector2Array:
      case Type::kPackedVector3Array:
      case Type::kPackedVector4Array:
        if (!PackedF32(e)) break;
        return;
      default:
        if (RealComponents(e.type()) > 0) {
          if (!Reals(e)) break;
          return;
        }
        if (IntComponents(e.type()) > 0) {
          int32_t v[16];
          const int n = IntComponents(e.type());
          if (n > 16 || !e.ints(absl::MakeSpan(v, n))) break;
          Tag(e.type());
          out_.push_back('[');
          for (int i = 0; i < n; ++i) {
            if (i != 0) out_.push_back(',');
            AppendInt(v[i]);
          }
          out_.append("]}");
          return;
        }
        break;
    }
    Slow(e);
  }

 private:
  // An untyped Array or Dictionary. The header's container-kind bits are
  // 0 (none) for almost every one: no descriptor is read then.
  static bool Untyped(const Element& e) {
    const bool dict = e.type() == Type::kDictionary;
    const uint32_t kinds =
        dict ? (e.header() >> wire::kDictKeyKindShift) &
                   ((wire::kKindMask << 2) | wire::kKindMask)
             : (e.header() >> wire::kArrayKindShift) & wire::kKindMask;
    if (kinds == 0) return true;
    return dict ? IsUntyped(e.key_type()) && IsUntyped(e.value_type())
                : IsUntyped(e.element_type());
  }

  // Through the owned value: ToJson(e.ToVariant()).
  void Slow(const Element& e) {
    absl::StatusOr<Variant> v = e.ToVariant();
    out_.append(ToJson(v.ok() ? *v : Variant()));
  }

  void Tag(Type t) {
    out_.append("{\"");
    const absl::string_view name = TypeName(t);
    out_.append(name.data(), name.size());
    out_.append("\":");
  }

  void AppendInt(int64_t i) {
    char* p = out_.Reserve(24);
    out_.Commit(std::to_chars(p, p + 24, i).ptr);
  }

  template <typename T>
  void Finite(T x) {
    char* p = out_.Reserve(json_internal::kMaxFinite);
    out_.Commit(json_internal::WriteFinite(x, p));
  }

  // A plain JSON integer; false when it needs the tagged form.
  bool Int(int64_t i) {
    if (i < -static_cast<int64_t>(kMaxPlainInt) ||
        i > static_cast<int64_t>(kMaxPlainInt)) {
      return false;
    }
    AppendInt(i);
    return true;
  }

  // A JSON string literal of valid UTF-8 text (AppendQuoted's); false for
  // text that is not valid UTF-8 (another JSON form).
  bool Quoted(absl::string_view s) {
    bool plain = true;  // printable ASCII, nothing to escape
    for (unsigned char c : s) {
      plain &= c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    }
    if (plain) {
      out_.push_back('"');
      out_.append(s.data(), s.size());
      out_.push_back('"');
      return true;
    }
    if (!IsUtf8(s)) return false;
    AppendQuoted(s, out_.Direct());
    return true;
  }

  // An untyped Dictionary whose keys are distinct canonical UTF-8 Strings:
  // {"Dictionary":{"k":v,...}}. False (nothing written) otherwise. The keys
  // are checked as they are written (a small Dictionary's against the keys
  // before them, a large one's all first); a key that fails undoes what was
  // written.
  bool Dictionary(const Element& e) {
    if (!Untyped(e)) return false;
    const uint32_t n = e.size();
    if (n > kPairwiseKeys && !DistinctStringKeys(e)) return false;
    const char* seen_data[kPairwiseKeys];  // the keys so far (not zeroed)
    size_t seen_size[kPairwiseKeys];
    const size_t start = out_.size();
    Tag(Type::kDictionary);
    out_.push_back('{');
    uint32_t i = 0;
    for (const Element::Entry& kv : e.entries()) {
      if (kv.key.type() != Type::kString || !kv.key.text_canonical()) {
        out_.Truncate(start);
        return false;
      }
      const absl::string_view key = kv.key.as_string();
      if (n <= kPairwiseKeys) {
        for (uint32_t j = 0; j < i; ++j) {
          if (absl::string_view(seen_data[j], seen_size[j]) == key) {
            out_.Truncate(start);
            return false;
          }
        }
        seen_data[i] = key.data();
        seen_size[i] = key.size();
      }
      if (i++ != 0) out_.push_back(',');
      if (!Quoted(key)) {
        out_.Truncate(start);
        return false;
      }
      out_.push_back(':');
      Value(kv.value);
    }
    out_.append("}}");
    return true;
  }

  // Every key a String, no two the same (for a large Dictionary).
  static bool DistinctStringKeys(const Element& e) {
    std::vector<absl::string_view> keys;
    keys.reserve(e.size());
    for (const Element::Entry& kv : e.entries()) {
      if (kv.key.type() != Type::kString) return false;
      keys.push_back(kv.key.as_string());
    }
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
  }

  // Math types: {"Vector3":[x,y,z]} with finite components.
  bool Reals(const Element& e) {
    double r[16];
    const int n = RealComponents(e.type());
    if (n > 16 || !e.reals(absl::MakeSpan(r, n))) return false;
    for (int i = 0; i < n; ++i) {
      if (!std::isfinite(r[i])) return false;
    }
    Tag(e.type());
    char* p = out_.Reserve(16 * (json_internal::kMaxFinite + 1) + 4);
    *p++ = '[';
    for (int i = 0; i < n; ++i) {
      if (i != 0) *p++ = ',';
      p = json_internal::WriteFinite(r[i], p);
    }
    *p++ = ']';
    *p++ = '}';
    out_.Commit(p);
    return true;
  }

  // Packed arrays of f32 components (4-byte storage), finite: flat
  // components; PackedFloat32Array as f32, the vectors as the doubles the
  // engine holds.
  bool PackedF32(const Element& e) {
    if (e.packed_width() != 4) return false;
    const absl::Span<const uint8_t> b = e.packed_bytes();
    const size_t n = b.size() / 4;
    for (size_t i = 0; i < n; ++i) {
      if (!std::isfinite(wire::LoadF32(b.data() + 4 * i))) return false;
    }
    const bool f32 = e.type() == Type::kPackedFloat32Array;
    Tag(e.type());
    out_.push_back('[');
    for (size_t i = 0; i < n; ++i) {
      if (i != 0) out_.push_back(',');
      const float f = wire::LoadF32(b.data() + 4 * i);
      if (f32) {
        Finite(f);
      } else {
        Finite(WidenF32Exact(f));
      }
    }
    out_.append("]}");
    return true;
  }

  Out out_;
};

}  // namespace

void AppendJson(const document::Element& e, std::string* out) {
  Writer(out).Value(e);
}

}  // namespace text
}  // namespace gdwire
