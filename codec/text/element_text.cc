// Copyright 2026 The gdwire Authors.
//
// AppendText (element_text.h): the text writer of text.cc, reading a
// document element instead of a Variant. Each shape written here is one
// that ToVariant turns into a value with the same text: untyped containers
// (no conversions), Dictionaries whose keys are distinct canonical Strings
// (nothing de-duplicated; for distinct Strings both engines' key orders
// are the byte order), canonical text, packed arrays read from their
// bytes. Any other element is handed to ToVariant and the value writer at
// its depth (internal/text_at_depth.h, the one home of the rules for the
// rest). The number, escape and name rules are internal/text_rules.h's.

#include "codec/text/element_text.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/string_view.h"
#include "codec/text/internal/out.h"
#include "codec/text/internal/text_at_depth.h"
#include "codec/text/internal/text_rules.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace text {
namespace {

using document::Element;
using internal::AppendEscapedC;
using internal::AppendEscapedMultiline;
using internal::kMaxNumber;
using internal::Out;

// Dictionaries with up to this many entries sort their keys on the stack.
constexpr size_t kStackKeys = 16;

using KeyValue = std::pair<absl::string_view, Element>;

class Writer {
 public:
  Writer(const TextOptions& o, std::string* out)
      : o_(o), d_(o.dialect), out_(out) {}

  void Value(const Element& e, int depth) {
    const Type t = e.type();
    switch (t) {
      case Type::kNil:
        out_.append("null", 4);
        return;
      case Type::kBool:
        if (e.as_bool()) {
          out_.append("true", 4);
        } else {
          out_.append("false", 5);
        }
        return;
      case Type::kInt:
        Number(internal::WriteInt64(e.as_int(), Room()));
        return;
      case Type::kFloat:
        Number(internal::WriteFloatText(e.as_float(), o_, Room()));
        return;
      case Type::kString:
        if (!e.text_canonical()) break;
        String(e.as_string());
        return;
      case Type::kStringName:
        if (!e.text_canonical()) break;
        if (d_ == Dialect::kGodot3) {  // no such type: the text
          String(e.as_string());
          return;
        }
        out_.append(d_ == Dialect::kGodot4 ? "&\"" : "@\"", 2);
        AppendEscapedC(e.as_string(), Godot3Style(), &out_);
        out_.push_back('"');
        return;
      case Type::kRID:
        if (d_ != Dialect::kGodot4) break;
        if (e.rid() == 0) {
          out_.append("RID()", 5);
        } else {
          out_.append("RID(", 4);
          Number(internal::WriteInt64(static_cast<int64_t>(e.rid()), Room()));
          out_.push_back(')');
        }
        return;
      case Type::kArray:
        if (!Untyped(e)) break;
        Array(e, depth);
        return;
      case Type::kDictionary:
        if (!Untyped(e) || !Dictionary(e, depth)) break;
        return;
      default:
        if (RealComponents(t) > 0) {
          if (!Reals(e)) break;
          return;
        }
        if (IntComponents(t) > 0) {
          if (!Ints(e)) break;
          return;
        }
        if (IsPackedArray(t) && Packed(e)) return;
        break;
    }
    Slow(e, depth);
  }

 private:
  bool Godot3Style() const { return internal::Godot3Style(d_); }

  // Room for one number; Number(end) keeps what was written there.
  char* Room() { return out_.Reserve(kMaxNumber); }
  void Number(char* end) { out_.Commit(end); }

  void Name(absl::string_view name) { out_.append(name.data(), name.size()); }

  // A String: "..." with c_escape_multiline.
  void String(absl::string_view s) {
    out_.push_back('"');
    AppendEscapedMultiline(s, &out_);
    out_.push_back('"');
  }

  // Through the owned value, at its depth.
  void Slow(const Element& e, int depth) {
    absl::StatusOr<Variant> v = e.ToVariant();
    internal::AppendTextAt(v.ok() ? *v : Variant(), o_, depth, out_.Direct());
  }

  // An Array or Dictionary whose header names no container type (almost
  // every one); a typed one (even typed as Variant) takes the slow path.
  static bool Untyped(const Element& e) {
    const uint32_t kinds =
        e.type() == Type::kDictionary
            ? (e.header() >> wire::kDictKeyKindShift) &
                  ((wire::kKindMask << 2) | wire::kKindMask)
            : (e.header() >> wire::kArrayKindShift) & wire::kKindMask;
    return kinds == 0;
  }

  void Array(const Element& e, int depth) {
    const uint32_t n = e.size();
    if (Godot3Style()) {
      out_.append("[ ", 2);
      for (uint32_t i = 0; i < n; ++i) {
        if (i != 0) out_.append(", ", 2);
        Value(e.at(i), depth + 1);
      }
      out_.append(" ]", 2);
      return;
    }
    if (depth > internal::kGodot4MaxRecursion) {
      out_.append("[]", 2);
      return;
    }
    out_.push_back('[');
    for (uint32_t i = 0; i < n; ++i) {
      if (i != 0) out_.append(", ", 2);
      Value(e.at(i), depth + 1);
    }
    out_.push_back(']');
  }

  // An untyped Dictionary whose keys are distinct canonical Strings, keys
  // in byte order (the engines' order for such keys); false, with nothing
  // written, for any other.
  bool Dictionary(const Element& e, int depth) {
    const uint32_t n = e.size();
    const bool godot4 = d_ == Dialect::kGodot4;
    if (godot4 && (n == 0 || depth > internal::kGodot4MaxRecursion)) {
      out_.append("{}", 2);
      return true;
    }
    KeyValue stack[kStackKeys];
    std::vector<KeyValue> heap;
    KeyValue* kv = stack;
    if (n > kStackKeys) {
      heap.resize(n);
      kv = heap.data();
    }
    uint32_t i = 0;
    for (const Element::Entry& entry : e.entries()) {
      if (i == n || entry.key.type() != Type::kString ||
          !entry.key.text_canonical()) {
        return false;
      }
      kv[i++] = {entry.key.as_string(), entry.value};
    }
    if (i != n) return false;
    std::sort(kv, kv + n, [](const KeyValue& a, const KeyValue& b) {
      return a.first < b.first;
    });
    for (uint32_t j = 1; j < n; ++j) {
      if (kv[j - 1].first == kv[j].first) return false;
    }
    const bool pd = IsPandemonium(d_);
    out_.append("{\n", 2);
    for (uint32_t j = 0; j < n; ++j) {
      String(kv[j].first);
      out_.append(": ", 2);
      Value(kv[j].second, depth + 1);
      if (j + 1 < n) {
        out_.append(",\n", 2);
      } else if (godot4 || pd) {
        out_.push_back('\n');
      }
    }
    // godot3 closes with "\n}" even when empty; Pandemonium ends each entry
    // with a newline and closes with "}".
    if (godot4 || pd) {
      out_.push_back('}');
    } else {
      out_.append("\n}", 2);
    }
    return true;
  }

  void BeginCall(Type t) {
    Name(internal::MathName(t, d_));
    if (internal::Spaced(t, d_)) {
      out_.append("( ", 2);
    } else {
      out_.push_back('(');
    }
  }
  void EndCall(Type t) {
    if (internal::Spaced(t, d_)) {
      out_.append(" )", 2);
    } else {
      out_.push_back(')');
    }
  }

  // Math types with real components (Color's are always f32).
  bool Reals(const Element& e) {
    double r[16];
    const Type t = e.type();
    const int n = RealComponents(t);
    if (n > 16 || !e.reals(absl::MakeSpan(r, n))) return false;
    const bool f32_always = t == Type::kColor;
    BeginCall(t);
    for (int i = 0; i < n; ++i) {
      if (i != 0) out_.append(", ", 2);
      Number(internal::WriteReal(r[i], f32_always, o_, Room()));
    }
    EndCall(t);
    return true;
  }

  // Vector2i..4i, Rect2i.
  bool Ints(const Element& e) {
    int32_t v[16];
    const Type t = e.type();
    const int n = IntComponents(t);
    if (n > 16 || !e.ints(absl::MakeSpan(v, n))) return false;
    BeginCall(t);
    for (int i = 0; i < n; ++i) {
      if (i != 0) out_.append(", ", 2);
      Number(internal::WriteInt32(v[i], d_, Room()));
    }
    EndCall(t);
    return true;
  }

  // Packed arrays from their bytes; false (nothing written) for a string
  // that is not canonical.
  bool Packed(const Element& e) {
    const Type t = e.type();
    const bool strings = t == Type::kPackedStringArray;
    const absl::Span<const uint8_t> b =
        strings ? absl::Span<const uint8_t>() : e.packed_bytes();
    const int width = strings ? 0 : e.packed_width();
    // The document gives each type's storage width (1, 4 or 8: the real_t
    // vectors' 8 in a double-precision build).
    if (!strings && width != 1 && width != 4 && width != 8) return false;
    if (strings) {
      for (const Element& s : e) {
        if (s.type() != Type::kString || !s.text_canonical()) return false;
      }
    }
    Name(internal::PackedName(t, d_));
    if (Godot3Style()) {
      out_.append("( ", 2);
    } else {
      out_.push_back('(');
    }
    const size_t n = width == 0 ? 0 : b.size() / width;
    for (size_t i = 0; i < n; ++i) {
      if (t == Type::kPackedByteArray && IsPandemonium(d_)) break;
      if (i != 0) out_.append(", ", 2);
      const uint8_t* p = b.data() + i * width;
      switch (t) {
        case Type::kPackedByteArray:
          Number(internal::WriteInt64(*p, Room()));
          break;
        case Type::kPackedInt32Array:
          Number(internal::WriteInt64(static_cast<int32_t>(wire::LoadU32(p)),
                                      Room()));
          break;
        case Type::kPackedVector2iArray:
        case Type::kPackedVector3iArray:
        case Type::kPackedVector4iArray:
          Number(internal::WriteInt32(static_cast<int32_t>(wire::LoadU32(p)),
                                      d_, Room()));
          break;
        case Type::kPackedInt64Array:
          Number(internal::WriteInt64(static_cast<int64_t>(wire::LoadU64(p)),
                                      Room()));
          break;
        case Type::kPackedFloat32Array:
        case Type::kPackedColorArray:
          Number(internal::WriteReal(WidenF32Exact(wire::LoadF32(p)),
                                     /*f32_always=*/true, o_, Room()));
          break;
        case Type::kPackedFloat64Array:
          Number(internal::WriteFloat64Item(wire::LoadF64(p), o_, Room()));
          break;
        default:  // the real_t vectors
          Number(internal::WriteReal(
              width == 4 ? WidenF32Exact(wire::LoadF32(p)) : wire::LoadF64(p),
              /*f32_always=*/false, o_, Room()));
          break;
      }
    }
    if (t == Type::kPackedByteArray && IsPandemonium(d_) && !b.empty()) {
      // base64 in one string (CryptoCore::b64_encode_str)
      out_.push_back('"');
      const std::string b64 = absl::Base64Escape(
          absl::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
      out_.append(b64.data(), b64.size());
      out_.push_back('"');
    }
    if (strings) {
      bool first = true;
      for (const Element& s : e) {
        if (!first) out_.append(", ", 2);
        first = false;
        out_.push_back('"');
        AppendEscapedC(s.as_string(), Godot3Style(), &out_);
        out_.push_back('"');
      }
    }
    if (Godot3Style()) {
      out_.append(" )", 2);
    } else {
      out_.push_back(')');
    }
    return true;
  }

  const TextOptions& o_;
  const Dialect d_;
  Out out_;
};

}  // namespace

void AppendText(const document::Element& e, const TextOptions& options,
                std::string* out) {
  Writer(options, out).Value(e, 0);
}

}  // namespace text
}  // namespace gdwire
