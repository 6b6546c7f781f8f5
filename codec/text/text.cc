// Copyright 2026 The gdwire Authors.
//
// Godot text, byte for byte as the engines write it. Sources: the writers
// (VariantWriter::write) of Godot 4.x core/variant/variant_parser.cpp
// (godotengine/godot 008683a2; rtos_fix, StringLikeVariantOrder) with
// thirdparty/grisu2/grisu2.h and core/templates/sort_array.h, Godot 3.x
// core/variant_parser.cpp and core/sort_array.h, and Pandemonium
// (Relintai/pandemonium_engine 220b2db4) core/variant/variant_parser.cpp
// with String::c_escape / c_escape_multiline / num_scientific of its
// core/string/ustring.cpp (1c31aebd). Every godot4 and godot3 rule was
// checked on the engines, Godot 4.6.3 and 3.2.3 (the corpora's
// `decoded_text` plus tests/data/text/*.json); Pandemonium's come from its
// source only (no engine to run).
//
// godot4 (var_to_str, i.e. VariantWriter in compat mode):
//   * FLOAT: rtos_fix (internal/number.h): "0" for +-0, "inf", "inf_neg",
//     "nan", Grisu2 digits of the f32 when the double is exactly an f32, else
//     of the double; then ".0" unless the text has '.', 'e' or 'E' or is
//     inf/nan ("inf_neg" has an 'e').
//   * real_t components (Vector2..Projection but Color, packed vector
//     arrays) are the f32 the single-precision engine holds (or the double
//     with real_is_double), Color and PackedFloat32/ColorArray are always f32,
//     PackedFloat64Array double; each through rtos_fix without ".0".
//   * String: "..." with only \\ and \" escaped (c_escape_multiline);
//     StringName &"...", NodePath("..."), PackedStringArray elements with
//     c_escape (\\ \a \b \f \n \r \t \v \' \").
//   * "Name(a, b)"; "PackedByteArray(1, 2)"; "RID()" / "RID(<id as int64>)";
//     "Callable()"; "Signal()"; "[a, b]"; "{\n<k>: <v>,\n<k>: <v>\n}" or
//     "{}"; typed "Array[T]([...])", "Dictionary[K, V]({...})" with
//     "Variant" for an untyped side and Resource("<path>") for a script.
//   * Dictionary keys sorted as the engine sorts them (internal/key_order.h).
//   * Object: "Object(<class>," then "\"<name>\":<value>" joined by ",",
//     then ")\n"; an object sent as id prints as the EncodedObjectAsID the
//     engine decodes it to: Object(EncodedObjectAsID,"object_id":<id as
//     int64>,"script":null)\n; a null object "null".
//   * Recursion: a container or object more than 100 levels deep is written
//     as [] / {} / null (MAX_RECURSION; the typed prefix stays).
// godot3 (var2str):
//   * REAL: the value as real_t (f32: f64 subnormals become 0, |x| >
//     FLT_MAX becomes inf), "0" for 0, else "%g" (6 digits; "-nan", "-inf");
//     then ".0" unless it has '.' or 'e' or is "inf"/"nan" (so "-inf.0",
//     "-nan.0", "0.0", "3.0").
//   * Components the same without ".0" ("Vector2( 0, -inf )").
//   * Spaces inside brackets: "Vector2( 1, 2 )", "[ 1, 2 ]", "[  ]",
//     "PoolIntArray(  )"; Dictionary "{\n<k>: <v>,\n<k>: <v>\n}", empty
//     "{\n\n}"; type names Quat, Transform, Pool*Array.
//   * String c_escape_multiline; NodePath and PoolStringArray c_escape,
//     which in 3.x also turns '?' into \?.
//   * RID prints as nothing ("[ , 1 ]"); no recursion limit.
// pandemonium (var2str of the fork):
//   * REAL and components: rtos_fix = "0", "nan", "inf", "inf_neg", else
//     "%g"; ".0" as godot3 but never after inf/inf_neg/nan.
//   * The integer vectors and Rect2i also go through rtos_fix ("%g" of the
//     int: Vector2i( 1, 2.14748e+09 )).
//   * godot3 layout with Pandemonium's names (Quaternion, Transform,
//     Projection without inner spaces, PoolVector2iArray ...); StringName
//     @"..." with c_escape; empty Dictionary "{\n}".

#include "codec/text/text.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/text/internal/key_order.h"
#include "codec/text/internal/number.h"
#include "codec/text/internal/text_at_depth.h"
#include "codec/text/internal/text_rules.h"

namespace gdwire {
namespace text {
namespace {

using internal::AppendEscapedC;
using internal::AppendEscapedMultiline;
using internal::kGodot4MaxRecursion;
using internal::kMaxNumber;

// NodePath's String form. Godot 3 puts ':' before each subname; Godot 4
// appends ':' and the subnames joined by ':' only when that join is not
// empty (so one empty subname prints nothing; seen on 4.6.3 in the live
// interop test: names [a], subnames [""] -> NodePath("a")).
std::string NodePathString(const NodePath& np, bool godot4) {
  std::string s = np.absolute ? "/" : "";
  for (size_t i = 0; i < np.names.size(); ++i) {
    if (i > 0) s += '/';
    s += np.names[i];
  }
  std::string subs;
  for (size_t i = 0; i < np.subnames.size(); ++i) {
    if (godot4 && i == 0) {
      subs += np.subnames[i];
    } else {
      subs += ':';
      subs += np.subnames[i];
    }
  }
  if (godot4 && !subs.empty()) s += ':';
  return s + subs;
}

class Writer {
 public:
  Writer(const TextOptions& o, std::string* out)
      : o_(o), d_(o.dialect), out_(*out) {}

  void Write(const Variant& v, int depth) {
    const Type t = v.type();
    if (RealComponents(t) != 0) {
      const bool f32_always = t == Type::kColor;
      BeginCall(t);
      const RealsView r = v.reals();
      for (size_t i = 0; i < r.size(); ++i) {
        if (i > 0) out_ += ", ";
        Number(internal::WriteReal(r[i], f32_always, o_, buf_));
      }
      EndCall(t);
      return;
    }
    if (IntComponents(t) != 0) {
      BeginCall(t);
      for (size_t i = 0; i < v.ints().size(); ++i) {
        if (i > 0) out_ += ", ";
        Number(internal::WriteInt32(v.ints()[i], d_, buf_));
      }
      EndCall(t);
      return;
    }
    switch (t) {
      case Type::kNil:
        out_ += "null";
        return;
      case Type::kBool:
        out_ += v.as_bool() ? "true" : "false";
        return;
      case Type::kInt:
        Number(internal::WriteInt64(v.as_int(), buf_));
        return;
      case Type::kFloat:
        Number(internal::WriteFloatText(v.as_float(), o_, buf_));
        return;
      case Type::kString:
        out_ += '"';
        AppendEscapedMultiline(v.as_string(), &out_);
        out_ += '"';
        return;
      case Type::kStringName:
        if (d_ == Dialect::kGodot3) {  // no such type: write the text
          out_ += '"';
          AppendEscapedMultiline(v.as_string(), &out_);
          out_ += '"';
          return;
        }
        out_ += d_ == Dialect::kGodot4 ? "&\"" : "@\"";
        AppendEscapedC(v.as_string(), Godot3Style(), &out_);
        out_ += '"';
        return;
      case Type::kNodePath:
        out_ += "NodePath(\"";
        AppendEscapedC(NodePathString(v.node_path(), d_ == Dialect::kGodot4),
                       Godot3Style(), &out_);
        out_ += "\")";
        return;
      case Type::kRID:
        if (Godot3Style()) return;  // 3.x and Pandemonium write nothing
        if (v.rid() == 0) {
          out_ += "RID()";
        } else {
          absl::StrAppend(&out_, "RID(", static_cast<int64_t>(v.rid()), ")");
        }
        return;
      case Type::kCallable:
        out_ += "Callable()";
        return;
      case Type::kSignal:
        out_ += "Signal()";
        return;
      case Type::kObject:
        WriteObject(v.object(), depth);
        return;
      case Type::kArray:
        WriteArray(v.array(), depth);
        return;
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        WriteTypedArray(v.type(), v.array(), depth);
        return;
      case Type::kDictionary:
        WriteDictionary(v.dictionary(), depth);
        return;
      default:
        WritePacked(v);
        return;
    }
  }

 private:
  bool Godot3Style() const { return internal::Godot3Style(d_); }
  bool Pd() const { return IsPandemonium(d_); }

  // A number the Write* function wrote at buf_.
  void Number(const char* end) {
    out_.append(buf_, static_cast<size_t>(end - buf_));
  }

  void BeginCall(Type t) {
    const absl::string_view name = internal::MathName(t, d_);
    out_.append(name.data(), name.size());
    out_ += internal::Spaced(t, d_) ? "( " : "(";
  }
  void EndCall(Type t) { out_ += internal::Spaced(t, d_) ? " )" : ")"; }

  void WriteObject(const Object& o, int depth) {
    if (o.kind == Object::Kind::kNull) {
      out_ += "null";
      return;
    }
    if (d_ == Dialect::kGodot4 && depth > kGodot4MaxRecursion) {
      out_ += "null";
      return;
    }
    if (o.kind == Object::Kind::kId) {
      absl::StrAppend(&out_, "Object(EncodedObjectAsID,\"object_id\":",
                      static_cast<int64_t>(o.id), ",\"script\":null)\n");
      return;
    }
    absl::StrAppend(&out_, "Object(", o.class_name, ",");
    for (size_t i = 0; i < o.properties.size(); ++i) {
      if (i > 0) out_ += ',';
      absl::StrAppend(&out_, "\"", o.properties[i].first, "\":");
      Write(o.properties[i].second, depth + 1);
    }
    out_ += ")\n";
  }

  // Whether a container side is typed as the engine sees it (a builtin
  // NIL is Variant, i.e. untyped).
  static bool IsTyped(const ContainerType& ct) {
    return ct.is_typed() && !(ct.kind == ContainerType::Kind::kBuiltin &&
                              ct.builtin == Type::kNil);
  }

  // The element / key / value type of a typed container (godot4).
  std::string ContainerTypeText(const ContainerType& ct) const {
    switch (ct.kind) {
      case ContainerType::Kind::kNone:
        return "Variant";
      case ContainerType::Kind::kBuiltin:
        if (ct.builtin == Type::kNil) return "Variant";
        return std::string(TypeName(ct.builtin));
      case ContainerType::Kind::kClassName:
        return ct.name;
      case ContainerType::Kind::kScript: {
        std::string s = "Resource(\"";
        AppendEscapedMultiline(ct.name, &s);
        return s + "\")";
      }
    }
    return "Variant";
  }

  void WriteArray(const Array& a, int depth) {
    if (Godot3Style()) {
      out_ += "[ ";
      for (size_t i = 0; i < a.items.size(); ++i) {
        if (i > 0) out_ += ", ";
        Write(a.items[i], depth + 1);
      }
      out_ += " ]";
      return;
    }
    const bool typed = IsTyped(a.element_type);
    if (typed) {
      absl::StrAppend(&out_, "Array[", ContainerTypeText(a.element_type), "](");
    }
    if (depth > kGodot4MaxRecursion) {
      out_ += "[]";
    } else {
      out_ += '[';
      for (size_t i = 0; i < a.items.size(); ++i) {
        if (i > 0) out_ += ", ";
        Write(a.items[i], depth + 1);
      }
      out_ += ']';
    }
    if (typed) out_ += ')';
  }

  // Pandemonium 5: "TypedArray( <type> , a, b )", the type being the
  // element's type name or, for Objects, the class name ("TypedArray( int ,
  //  )" when empty).
  void WriteTypedArray(Type which, const Array& a, int depth) {
    const ContainerType& ct = a.element_type;
    out_ += which == Type::kTypedArray ? "TypedArray( " : "PackedTypedArray( ";
    switch (ct.kind) {
      case ContainerType::Kind::kNone:
        out_ += "Nil";
        break;
      case ContainerType::Kind::kBuiltin:
        out_ += std::string(PandemoniumTypeName(ct.builtin));
        break;
      default:
        out_ += ct.name;
        break;
    }
    out_ += " , ";
    for (size_t i = 0; i < a.items.size(); ++i) {
      if (i > 0) out_ += ", ";
      Write(a.items[i], depth + 1);
    }
    out_ += " )";
  }

  void WriteDictionary(const Dictionary& dict, int depth) {
    std::vector<const std::pair<Variant, Variant>*> entries;
    entries.reserve(dict.entries.size());
    for (const auto& kv : dict.entries) entries.push_back(&kv);

    if (Godot3Style()) {
      internal::SortEntries(&entries, d_, o_.real_is_double);
      out_ += "{\n";
      for (size_t i = 0; i < entries.size(); ++i) {
        Write(entries[i]->first, depth + 1);
        out_ += ": ";
        Write(entries[i]->second, depth + 1);
        if (i + 1 < entries.size()) {
          out_ += ",\n";
        } else if (Pd()) {
          out_ += '\n';
        }
      }
      // 3.x closes with "\n}" even when empty; Pandemonium ends each entry
      // with a newline and closes with "}".
      out_ += Pd() ? "}" : "\n}";
      return;
    }

    const bool typed = IsTyped(dict.key_type) || IsTyped(dict.value_type);
    if (typed) {
      absl::StrAppend(&out_, "Dictionary[", ContainerTypeText(dict.key_type),
                      ", ", ContainerTypeText(dict.value_type), "](");
    }
    if (depth > kGodot4MaxRecursion || entries.empty()) {
      out_ += "{}";
    } else {
      internal::SortEntries(&entries, d_, o_.real_is_double);
      out_ += "{\n";
      for (size_t i = 0; i < entries.size(); ++i) {
        Write(entries[i]->first, depth + 1);
        out_ += ": ";
        Write(entries[i]->second, depth + 1);
        out_ += i + 1 < entries.size() ? ",\n" : "\n";
      }
      out_ += '}';
    }
    if (typed) out_ += ')';
  }

  void WritePacked(const Variant& v) {
    const Type t = v.type();
    const absl::string_view name = internal::PackedName(t, d_);
    out_.append(name.data(), name.size());
    out_ += Godot3Style() ? "( " : "(";
    bool first = true;
    // ", " before every item but the first.
    auto item = [&]() {
      if (!first) out_ += ", ";
      first = false;
    };
    switch (t) {
      case Type::kPackedByteArray:
        if (Pd()) {  // base64 in one string (CryptoCore::b64_encode_str)
          const auto& b = v.packed_bytes();
          if (!b.empty()) {
            out_ += '"';
            out_ += absl::Base64Escape(absl::string_view(
                reinterpret_cast<const char*>(b.data()), b.size()));
            out_ += '"';
          }
          break;
        }
        for (uint8_t b : v.packed_bytes()) {
          item();
          Number(internal::WriteInt64(b, buf_));
        }
        break;
      case Type::kPackedInt32Array:
        for (int32_t x : v.packed_int32()) {
          item();
          Number(internal::WriteInt64(x, buf_));
        }
        break;
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray:
        for (int32_t x : v.packed_int32()) {
          item();
          Number(internal::WriteInt32(x, d_, buf_));
        }
        break;
      case Type::kPackedInt64Array:
        for (int64_t x : v.packed_int64()) {
          item();
          Number(internal::WriteInt64(x, buf_));
        }
        break;
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray:
        for (float x : v.packed_float32()) {
          item();
          Number(internal::WriteReal(WidenF32Exact(x), /*f32_always=*/true, o_,
                                     buf_));
        }
        break;
      case Type::kPackedFloat64Array:
        for (double x : v.packed_float64()) {
          item();
          Number(internal::WriteFloat64Item(x, o_, buf_));
        }
        break;
      case Type::kPackedStringArray:
        for (const std::string& s : v.packed_strings()) {
          item();
          out_ += '"';
          AppendEscapedC(s, Godot3Style(), &out_);
          out_ += '"';
        }
        break;
      case Type::kPackedVector2Array:
      case Type::kPackedVector3Array:
      case Type::kPackedVector4Array:
        for (double x : v.packed_reals()) {
          item();
          Number(internal::WriteReal(x, /*f32_always=*/false, o_, buf_));
        }
        break;
      default:
        break;
    }
    out_ += Godot3Style() ? " )" : ")";
  }

  const TextOptions& o_;
  const Dialect d_;
  std::string& out_;
  char buf_[kMaxNumber];
};

}  // namespace

namespace internal {

void AppendTextAt(const Variant& v, const TextOptions& options, int depth,
                  std::string* out) {
  Writer(options, out).Write(v, depth);
}

}  // namespace internal

std::string ToText(const Variant& v, const TextOptions& options) {
  std::string out;
  internal::AppendTextAt(v, options, 0, &out);
  return out;
}

}  // namespace text
}  // namespace gdwire
