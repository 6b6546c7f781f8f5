// Copyright 2026 The gdwire Authors.
//
// Godot text, as the engines write it. Rules, each checked against the
// real-engine corpora (tests/data/corpus, `decoded_text`):
//
// godot4 (Godot 4.6 VariantWriter, compat mode):
//   * FLOAT: 0 -> "0.0" (also -0), "nan", "inf", "inf_neg"; otherwise 16
//     significant digits ("%.16g") plus ".0" when there is no '.' or 'e'.
//   * real_t components (math types, PackedFloat32/Vector/Color arrays) of
//     a single-precision build: the shortest digits that give back the f32,
//     written fixed for decimal exponents -5..15 and as d.ddde+XX otherwise.
//   * Containers: "[1, 2]", "{\n\"a\": 1,\n\"b\": 2\n}" (keys sorted, as the
//     engine sorts them), "{}", typed "Array[int]([...])",
//     "Dictionary[String, int]({...})"; StringName &"x"; NodePath("a/b:c");
//     RID(), Callable(), Signal(); Objects "Object(Class,\"p\":v,...)\n".
// godot3 / pandemonium (Godot 3.2 VariantWriter):
//   * REAL: the value as f32 printed with "%g" (6 digits); 0 -> "0"; ".0"
//     appended unless the text has '.' or 'e' or is "inf"/"nan" (so -inf
//     prints "-inf.0", a 3.2 quirk); f64 subnormals become 0.0 through f32.
//   * Spaces inside brackets: "Vector2( 1, 2 )", "[ 1, 2 ]", "[  ]",
//     "PoolIntArray(  )", Dictionary "{\n\"a\": 1\n}" / "{\n\n}", sorted
//     keys (type id first, then value); RID prints as nothing.
// Strings are written with c_escape_multiline: only '\\' and '"' escaped.

#include "codec/text/text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace gdwire {
namespace text {
namespace {

bool Godot3Style(Dialect d) { return d != Dialect::kGodot4; }

std::string Printf(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), fmt, v);
  return buf;
}

// Shortest digits that round-trip the f32, in %g-like layout.
std::string ShortestF32(float f) {
  char buf[64];
  auto res =
      std::to_chars(buf, buf + sizeof(buf), f, std::chars_format::scientific);
  std::string sci(buf, res.ptr);  // d.dddde+XX
  const size_t e = sci.find('e');
  std::string digits = sci.substr(0, e);
  const int exp = std::stoi(sci.substr(e + 1));
  bool neg = false;
  if (!digits.empty() && digits[0] == '-') {
    neg = true;
    digits.erase(0, 1);
  }
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  std::string out = neg ? "-" : "";
  if (exp < -5 || exp >= 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char eb[16];
    std::snprintf(eb, sizeof(eb), "e%c%02d", exp < 0 ? '-' : '+',
                  std::abs(exp));
    return out + eb;
  }
  if (exp < 0) {
    return out + "0." + std::string(-exp - 1, '0') + digits;
  }
  if (static_cast<int>(digits.size()) <= exp + 1) {
    return out + digits + std::string(exp + 1 - digits.size(), '0');
  }
  return out + digits.substr(0, exp + 1) + "." + digits.substr(exp + 1);
}

// Godot 4 rtos_fix for a double.
std::string Real4Double(double d) {
  if (d == 0) return "0";
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "inf_neg";
  return Printf("%.16g", d);
}

// Godot 4 rtos_fix for a real_t component.
std::string Real4Component(double d, const TextOptions& o) {
  if (o.real_is_double) return Real4Double(d);
  const float f = NarrowF64ToF32(d);
  if (f == 0) return "0";
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "inf_neg";
  return ShortestF32(f);
}

// Godot 3 rtosfix: "%g" of the value as real_t (f32).
std::string Real3(double d) {
  const float f = static_cast<float>(d);
  if (f == 0) return "0";
  return Printf("%g", static_cast<double>(f));
}

std::string Component(double d, const TextOptions& o) {
  return Godot3Style(o.dialect) ? Real3(d) : Real4Component(d, o);
}

std::string FloatText(double d, const TextOptions& o) {
  std::string s = Godot3Style(o.dialect) ? Real3(d) : Real4Double(d);
  if (s != "inf" && s != "nan" && s != "inf_neg" &&
      s.find('.') == std::string::npos && s.find('e') == std::string::npos) {
    s += ".0";
  }
  return s;
}

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\\' || c == '"') out.push_back('\\');
    out.push_back(c);
  }
  return out + "\"";
}

// The type names of the dialect.
std::string NameOf(Type t, Dialect d) {
  if (d == Dialect::kGodot4) return std::string(TypeName(t));
  switch (t) {
    case Type::kQuaternion:
      return d == Dialect::kGodot3 ? "Quat" : "Quaternion";
    case Type::kTransform3D:
      return "Transform";
    case Type::kFloat:
      return "float";
    case Type::kPackedByteArray:
      return "PoolByteArray";
    case Type::kPackedInt32Array:
      return "PoolIntArray";
    case Type::kPackedFloat32Array:
      return "PoolRealArray";
    case Type::kPackedStringArray:
      return "PoolStringArray";
    case Type::kPackedVector2Array:
      return "PoolVector2Array";
    case Type::kPackedVector3Array:
      return "PoolVector3Array";
    case Type::kPackedColorArray:
      return "PoolColorArray";
    case Type::kPackedVector4Array:
      return "PoolVector4Array";
    default:
      return std::string(TypeName(t));
  }
}

// "Name(a, b)" (godot4) or "Name( a, b )" (godot3).
std::string Call(const std::string& name, const std::vector<std::string>& args,
                 Dialect d) {
  if (Godot3Style(d)) {
    return absl::StrCat(name, "( ", absl::StrJoin(args, ", "), " )");
  }
  return absl::StrCat(name, "(", absl::StrJoin(args, ", "), ")");
}

std::string NodePathText(const NodePath& np) {
  std::string s = np.absolute ? "/" : "";
  s += absl::StrJoin(np.names, "/");
  for (const auto& sub : np.subnames) s += ":" + sub;
  return s;
}

// Godot's Variant ordering for sorting Dictionary keys: by type id, then
// by value (strings by code point, numbers numerically).
bool KeyLess(const Variant& a, const Variant& b, Dialect d) {
  uint32_t ia = 0, ib = 0;
  WireId(d, a.type(), &ia);
  WireId(d, b.type(), &ib);
  const bool sa = a.type() == Type::kString || a.type() == Type::kStringName;
  const bool sb = b.type() == Type::kString || b.type() == Type::kStringName;
  if (d == Dialect::kGodot4 && sa && sb) return a.as_string() < b.as_string();
  if (ia != ib) return ia < ib;
  switch (a.type()) {
    case Type::kBool:
      return a.as_bool() < b.as_bool();
    case Type::kInt:
      return a.as_int() < b.as_int();
    case Type::kFloat:
      return a.as_float() < b.as_float();
    case Type::kString:
    case Type::kStringName:
      return a.as_string() < b.as_string();  // UTF-8 order = code points
    default:
      return false;
  }
}

class Writer {
 public:
  explicit Writer(const TextOptions& o) : o_(o) {}

  std::string Value(const Variant& v) {
    const Dialect d = o_.dialect;
    const Type t = v.type();
    if (RealComponents(t) != 0) {
      std::vector<std::string> args;
      for (double c : v.reals()) args.push_back(Component(c, o_));
      return Call(NameOf(t, d), args, d);
    }
    if (IntComponents(t) != 0) {
      std::vector<std::string> args;
      for (int32_t c : v.ints()) args.push_back(absl::StrCat(c));
      return Call(NameOf(t, d), args, d);
    }
    switch (t) {
      case Type::kNil:
        return "null";
      case Type::kBool:
        return v.as_bool() ? "true" : "false";
      case Type::kInt:
        return absl::StrCat(v.as_int());
      case Type::kFloat:
        return FloatText(v.as_float(), o_);
      case Type::kString:
        return Quote(v.as_string());
      case Type::kStringName:
        return (d == Dialect::kGodot4 ? "&" : "") + Quote(v.as_string());
      case Type::kNodePath:
        return "NodePath(" + Quote(NodePathText(v.node_path())) + ")";
      case Type::kRID:
        if (Godot3Style(d)) return "";
        return v.rid() == 0 ? "RID()" : absl::StrCat("RID(", v.rid(), ")");
      case Type::kCallable:
        return "Callable()";
      case Type::kSignal:
        return "Signal()";
      case Type::kObject:
        return ObjectText(v.object());
      case Type::kArray:
        return ArrayText(v.array());
      case Type::kDictionary:
        return DictText(v.dictionary());
      default:
        return Packed(v);
    }
  }

 private:
  std::string ObjectText(const Object& o) {
    switch (o.kind) {
      case Object::Kind::kNull:
        return "null";
      case Object::Kind::kId:
        return absl::StrCat("Object(EncodedObjectAsID,\"object_id\":",
                            static_cast<int64_t>(o.id), ",\"script\":null)\n");
      case Object::Kind::kFull: {
        std::string s = "Object(" + o.class_name;
        for (const auto& p : o.properties) {
          s += "," + Quote(p.first) + ":" + Value(p.second);
        }
        return s + ")\n";
      }
    }
    return "null";
  }

  std::string TypeText(const ContainerType& ct) {
    switch (ct.kind) {
      case ContainerType::Kind::kNone:
        return "Variant";
      case ContainerType::Kind::kBuiltin:
        return NameOf(ct.builtin, o_.dialect);
      case ContainerType::Kind::kClassName:
        return ct.name;
      case ContainerType::Kind::kScript:
        return "Resource(" + Quote(ct.name) + ")";
    }
    return "Variant";
  }

  std::string ArrayText(const Array& a) {
    std::vector<std::string> items;
    items.reserve(a.items.size());
    for (const Variant& e : a.items) items.push_back(Value(e));
    if (Godot3Style(o_.dialect)) {
      return "[ " + absl::StrJoin(items, ", ") + " ]";
    }
    std::string s = "[" + absl::StrJoin(items, ", ") + "]";
    if (a.element_type.is_typed()) {
      return "Array[" + TypeText(a.element_type) + "](" + s + ")";
    }
    return s;
  }

  std::string DictText(const Dictionary& dict) {
    std::vector<const std::pair<Variant, Variant>*> entries;
    for (const auto& kv : dict.entries) entries.push_back(&kv);
    const Dialect d = o_.dialect;
    std::stable_sort(entries.begin(), entries.end(),
                     [d](const auto* a, const auto* b) {
                       return KeyLess(a->first, b->first, d);
                     });
    std::vector<std::string> lines;
    for (const auto* kv : entries) {
      lines.push_back(Value(kv->first) + ": " + Value(kv->second));
    }
    std::string s;
    if (Godot3Style(d)) {
      return "{\n" + absl::StrJoin(lines, ",\n") + "\n}";
    }
    s = lines.empty() ? "{}" : "{\n" + absl::StrJoin(lines, ",\n") + "\n}";
    if (dict.key_type.is_typed() || dict.value_type.is_typed()) {
      return "Dictionary[" + TypeText(dict.key_type) + ", " +
             TypeText(dict.value_type) + "](" + s + ")";
    }
    return s;
  }

  std::string Packed(const Variant& v) {
    std::vector<std::string> args;
    switch (v.type()) {
      case Type::kPackedByteArray:
        for (uint8_t b : v.packed_bytes()) args.push_back(absl::StrCat(b));
        break;
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray:
        for (int32_t x : v.packed_int32()) args.push_back(absl::StrCat(x));
        break;
      case Type::kPackedInt64Array:
        for (int64_t x : v.packed_int64()) args.push_back(absl::StrCat(x));
        break;
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray:
        for (float x : v.packed_float32()) {
          args.push_back(Component(WidenF32Exact(x), o_));
        }
        break;
      case Type::kPackedFloat64Array:
        for (double x : v.packed_float64()) {
          args.push_back(Godot3Style(o_.dialect) ? Real3(x) : Real4Double(x));
        }
        break;
      case Type::kPackedStringArray:
        for (const auto& s : v.packed_strings()) args.push_back(Quote(s));
        break;
      default:  // real vectors
        for (double x : v.packed_float64()) args.push_back(Component(x, o_));
        break;
    }
    return Call(NameOf(v.type(), o_.dialect), args, o_.dialect);
  }

  const TextOptions& o_;
};

}  // namespace

std::string ToText(const Variant& v, const TextOptions& options) {
  Writer w(options);
  return w.Value(v);
}

}  // namespace text
}  // namespace gdwire
