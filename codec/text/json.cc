// Copyright 2026 The gdwire Authors.
//
// gdwire's lossless JSON form (full description with examples: docs/JSON.md).
//
//   null / true / false          Nil / bool
//   123                          int (a JSON integer)
//   1.5, 1e+300                  float (a JSON number with '.' or 'e')
//   {"float": "0x7ff8000000000001"}   float that JSON cannot hold exactly
//                                (NaN payloads, infinities, -0): the f64 bits
//   "text"                       String (valid UTF-8); otherwise
//                                {"String": {"hex": "eda080"}}
//   [ ... ]                      untyped Array
//   {"<Type>": payload}          every other type, named as in Godot 4
//                                (TypeName), e.g. {"Vector3": [1, 2, 3]},
//                                {"StringName": "hp"}, {"RID": "5"},
//                                {"Array": {"type": {"builtin": "int"},
//                                           "items": [1, 2]}},
//                                {"Dictionary": {"entries": [[k, v], ...]}}
// Reals in math types and packed arrays are JSON numbers, or bit strings
// ("0x" + 16 hex digits for f64, 8 for f32) for NaN, infinities and -0.
// Numbers are written shortest-round-trip and parsed at full precision, so
// every value comes back bit for bit.

#include "codec/text/json.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "codec/reference/utf8.h"
#include "rapidjson/document.h"
#include "rapidjson/error/en.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

namespace gdwire {
namespace text {
namespace {

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

bool ValidUtf8(const std::string& s) {
  return reference::IsEncodableText(s, Dialect::kGodot4) || s.empty();
}

bool Exact(double d) {
  return std::isfinite(d) && !(d == 0 && std::signbit(d));
}

std::string Bits64(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%016llx",
                static_cast<unsigned long long>(u));
  return buf;
}
std::string Bits32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%08x", u);
  return buf;
}

class Out {
 public:
  explicit Out(JsonWriter* w) : w_(*w) {}

  void Str(const std::string& s) {
    w_.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  }
  void Text(const std::string& s) {  // string-or-hex
    if (ValidUtf8(s)) {
      Str(s);
    } else {
      w_.StartObject();
      Str("hex");
      Str(absl::BytesToHexString(s));
      w_.EndObject();
    }
  }
  void Real(double d) {
    if (Exact(d)) {
      w_.Double(d);
    } else {
      Str(Bits64(d));
    }
  }
  void Real32(float f) {
    if (Exact(f)) {
      w_.Double(static_cast<double>(f));
    } else {
      Str(Bits32(f));
    }
  }
  void U64(uint64_t u) { Str(absl::StrCat(u)); }
  void Tag(Type t) {
    w_.StartObject();
    Str(std::string(TypeName(t)));
  }

  void Container(const ContainerType& ct) {
    switch (ct.kind) {
      case ContainerType::Kind::kNone:
        w_.Null();
        return;
      case ContainerType::Kind::kBuiltin:
        w_.StartObject();
        Str("builtin");
        Str(std::string(TypeName(ct.builtin)));
        break;
      case ContainerType::Kind::kClassName:
        w_.StartObject();
        Str("class");
        Text(ct.name);
        break;
      case ContainerType::Kind::kScript:
        w_.StartObject();
        Str("script");
        Text(ct.name);
        break;
    }
    w_.EndObject();
  }

  void Value(const Variant& v) {
    const Type t = v.type();
    if (RealComponents(t) != 0) {
      Tag(t);
      w_.StartArray();
      for (double c : v.reals()) Real(c);
      w_.EndArray();
      w_.EndObject();
      return;
    }
    if (IntComponents(t) != 0) {
      Tag(t);
      w_.StartArray();
      for (int32_t c : v.ints()) w_.Int(c);
      w_.EndArray();
      w_.EndObject();
      return;
    }
    switch (t) {
      case Type::kNil:
        w_.Null();
        return;
      case Type::kBool:
        w_.Bool(v.as_bool());
        return;
      case Type::kInt:
        w_.Int64(v.as_int());
        return;
      case Type::kFloat:
        if (Exact(v.as_float())) {
          w_.Double(v.as_float());
        } else {
          Tag(t);
          Str(Bits64(v.as_float()));
          w_.EndObject();
        }
        return;
      case Type::kString:
        if (ValidUtf8(v.as_string())) {
          Str(v.as_string());
        } else {
          Tag(t);
          Text(v.as_string());
          w_.EndObject();
        }
        return;
      case Type::kArray:
        if (!v.array().element_type.is_typed()) {
          w_.StartArray();
          for (const Variant& e : v.array().items) Value(e);
          w_.EndArray();
          return;
        }
        break;
      default:
        break;
    }
    Tag(t);
    switch (t) {
      case Type::kStringName:
        Text(v.as_string());
        break;
      case Type::kNodePath: {
        const NodePath& np = v.node_path();
        w_.StartObject();
        Str("names");
        w_.StartArray();
        for (const auto& s : np.names) Text(s);
        w_.EndArray();
        Str("subnames");
        w_.StartArray();
        for (const auto& s : np.subnames) Text(s);
        w_.EndArray();
        Str("absolute");
        w_.Bool(np.absolute);
        w_.EndObject();
        break;
      }
      case Type::kRID:
        U64(v.rid());
        break;
      case Type::kObject: {
        const Object& o = v.object();
        if (o.kind == Object::Kind::kNull) {
          w_.Null();
          break;
        }
        w_.StartObject();
        if (o.kind == Object::Kind::kId) {
          Str("id");
          U64(o.id);
        } else {
          Str("class");
          Text(o.class_name);
          Str("properties");
          w_.StartArray();
          for (const auto& p : o.properties) {
            w_.StartArray();
            Text(p.first);
            Value(p.second);
            w_.EndArray();
          }
          w_.EndArray();
        }
        w_.EndObject();
        break;
      }
      case Type::kCallable:
        w_.Null();
        break;
      case Type::kSignal:
        w_.StartObject();
        Str("name");
        Text(v.signal().name);
        Str("object_id");
        U64(v.signal().object_id);
        w_.EndObject();
        break;
      case Type::kArray:
        w_.StartObject();
        Str("type");
        Container(v.array().element_type);
        Str("items");
        w_.StartArray();
        for (const Variant& e : v.array().items) Value(e);
        w_.EndArray();
        w_.EndObject();
        break;
      case Type::kDictionary: {
        const Dictionary& d = v.dictionary();
        w_.StartObject();
        if (d.key_type.is_typed()) {
          Str("key_type");
          Container(d.key_type);
        }
        if (d.value_type.is_typed()) {
          Str("value_type");
          Container(d.value_type);
        }
        Str("entries");
        w_.StartArray();
        for (const auto& kv : d.entries) {
          w_.StartArray();
          Value(kv.first);
          Value(kv.second);
          w_.EndArray();
        }
        w_.EndArray();
        w_.EndObject();
        break;
      }
      case Type::kPackedByteArray: {
        const auto& b = v.packed_bytes();
        Str(absl::BytesToHexString(absl::string_view(
            reinterpret_cast<const char*>(b.data()), b.size())));
        break;
      }
      case Type::kPackedStringArray:
        w_.StartArray();
        for (const auto& s : v.packed_strings()) Text(s);
        w_.EndArray();
        break;
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray:
        w_.StartArray();
        for (int32_t x : v.packed_int32()) w_.Int(x);
        w_.EndArray();
        break;
      case Type::kPackedInt64Array:
        w_.StartArray();
        for (int64_t x : v.packed_int64()) w_.Int64(x);
        w_.EndArray();
        break;
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray:
        w_.StartArray();
        for (float x : v.packed_float32()) Real32(x);
        w_.EndArray();
        break;
      default:  // PackedFloat64Array, PackedVector2/3/4Array
        w_.StartArray();
        for (double x : v.packed_float64()) Real(x);
        w_.EndArray();
        break;
    }
    w_.EndObject();
  }

 private:
  JsonWriter& w_;
};

// ---- Reading ---------------------------------------------------------------

using Json = rapidjson::Value;

class In {
 public:
  absl::Status Fail(const std::string& what) const {
    return absl::InvalidArgumentError(absl::StrCat("JSON: ", what));
  }

  absl::Status Text(const Json& j, std::string* out) {
    if (j.IsString()) {
      out->assign(j.GetString(), j.GetStringLength());
      return absl::OkStatus();
    }
    if (j.IsObject() && j.MemberCount() == 1 && j.HasMember("hex") &&
        j["hex"].IsString()) {
      std::string hex(j["hex"].GetString(), j["hex"].GetStringLength());
      if (hex.size() % 2 != 0 ||
          hex.find_first_not_of("0123456789abcdefABCDEF") !=
              std::string::npos) {
        return Fail("bad hex string");
      }
      *out = absl::HexStringToBytes(hex);
      return absl::OkStatus();
    }
    return Fail("expected a string or {\"hex\": ...}");
  }

  absl::Status Bits(const Json& j, size_t digits, uint64_t* out) {
    if (!j.IsString()) return Fail("expected a number or a bit string");
    std::string s(j.GetString(), j.GetStringLength());
    if (s.size() != digits + 2 || s.compare(0, 2, "0x") != 0 ||
        !absl::SimpleHexAtoi(s.substr(2), out)) {
      return Fail(absl::StrCat("bad bit string '", s, "'"));
    }
    return absl::OkStatus();
  }

  absl::Status Real(const Json& j, double* out) {
    if (j.IsNumber()) {
      *out = j.GetDouble();
      return absl::OkStatus();
    }
    uint64_t u;
    if (absl::Status st = Bits(j, 16, &u); !st.ok()) return st;
    std::memcpy(out, &u, 8);
    return absl::OkStatus();
  }

  absl::Status Real32(const Json& j, float* out) {
    if (j.IsNumber()) {
      *out = static_cast<float>(j.GetDouble());
      return absl::OkStatus();
    }
    uint64_t u;
    if (absl::Status st = Bits(j, 8, &u); !st.ok()) return st;
    const uint32_t b = static_cast<uint32_t>(u);
    std::memcpy(out, &b, 4);
    return absl::OkStatus();
  }

  absl::Status U64(const Json& j, uint64_t* out) {
    if (j.IsUint64()) {
      *out = j.GetUint64();
      return absl::OkStatus();
    }
    if (j.IsString() && absl::SimpleAtoi(j.GetString(), out)) {
      return absl::OkStatus();
    }
    return Fail("expected an unsigned 64-bit integer");
  }

  absl::Status TypeOf(const std::string& name, Type* t) {
    for (int i = 0; i < kTypeCount; ++i) {
      if (TypeName(static_cast<Type>(i)) == name) {
        *t = static_cast<Type>(i);
        return absl::OkStatus();
      }
    }
    return Fail(absl::StrCat("unknown type '", name, "'"));
  }

  absl::Status Container(const Json& j, ContainerType* ct) {
    if (j.IsNull()) {
      *ct = ContainerType();
      return absl::OkStatus();
    }
    if (!j.IsObject() || j.MemberCount() != 1) {
      return Fail("bad container type");
    }
    const auto& m = *j.MemberBegin();
    const std::string key = m.name.GetString();
    std::string s;
    if (absl::Status st = Text(m.value, &s); !st.ok()) return st;
    if (key == "builtin") {
      Type t;
      if (absl::Status st = TypeOf(s, &t); !st.ok()) return st;
      *ct = ContainerType::Builtin(t);
    } else if (key == "class") {
      *ct = ContainerType::ClassName(s);
    } else if (key == "script") {
      *ct = ContainerType::Script(s);
    } else {
      return Fail("bad container type kind '" + key + "'");
    }
    return absl::OkStatus();
  }

  absl::Status Array(const Json& j, const char* what) const {
    if (!j.IsArray()) return Fail(absl::StrCat(what, ": expected an array"));
    return absl::OkStatus();
  }

  absl::Status Value(const Json& j, int depth, Variant* out) {
    if (depth > 1100) return Fail("nesting too deep");
    if (j.IsNull()) {
      *out = Variant();
    } else if (j.IsBool()) {
      *out = Variant::Bool(j.GetBool());
    } else if (j.IsInt64()) {
      *out = Variant::Int(j.GetInt64());
    } else if (j.IsNumber()) {
      if (j.IsUint64()) return Fail("integer out of the int64 range");
      *out = Variant::Float(j.GetDouble());
    } else if (j.IsString()) {
      *out = Variant::String(std::string(j.GetString(), j.GetStringLength()));
    } else if (j.IsArray()) {
      return PlainArray(j, depth, out);
    } else {
      if (j.MemberCount() != 1) {
        return Fail("a tagged value has exactly one member");
      }
      const auto& m = *j.MemberBegin();
      Type t;
      if (absl::Status st = TypeOf(m.name.GetString(), &t); !st.ok()) return st;
      switch (t) {
        case Type::kObject:
          return TaggedObject(m.value, depth, out);
        case Type::kArray:
          return TaggedArray(m.value, depth, out);
        case Type::kDictionary:
          return TaggedDict(m.value, depth, out);
        default:
          return Tagged(t, m.value, depth, out);
      }
    }
    return absl::OkStatus();
  }

  __attribute__((noinline)) absl::Status TaggedObject(const Json& p, int depth,
                                                      Variant* out) {
    Object o;
    if (p.IsNull()) {
      *out = Variant::MakeObject(std::move(o));
      return absl::OkStatus();
    }
    if (!p.IsObject()) return Fail("bad Object");
    if (p.HasMember("id")) {
      o.kind = Object::Kind::kId;
      if (absl::Status st = U64(p["id"], &o.id); !st.ok()) return st;
    } else {
      o.kind = Object::Kind::kFull;
      if (!p.HasMember("class") || !p.HasMember("properties") ||
          !p["properties"].IsArray()) {
        return Fail("bad Object");
      }
      if (absl::Status st = Text(p["class"], &o.class_name); !st.ok()) {
        return st;
      }
      for (const auto& e : p["properties"].GetArray()) {
        if (!e.IsArray() || e.Size() != 2) return Fail("bad property");
        std::string name;
        Variant v;
        if (absl::Status st = Text(e[0], &name); !st.ok()) return st;
        if (absl::Status st = Value(e[1], depth + 1, &v); !st.ok()) {
          return st;
        }
        o.properties.emplace_back(std::move(name), std::move(v));
      }
    }
    *out = Variant::MakeObject(std::move(o));
    return absl::OkStatus();
  }

  __attribute__((noinline)) absl::Status TaggedArray(const Json& p, int depth,
                                                     Variant* out) {
    gdwire::Array a;
    if (!p.IsObject() || !p.HasMember("items") || !p["items"].IsArray()) {
      return Fail("bad Array");
    }
    if (p.HasMember("type")) {
      if (absl::Status st = Container(p["type"], &a.element_type); !st.ok()) {
        return st;
      }
    }
    for (const auto& e : p["items"].GetArray()) {
      Variant v;
      if (absl::Status st = Value(e, depth + 1, &v); !st.ok()) return st;
      a.items.push_back(std::move(v));
    }
    *out = Variant::MakeArray(std::move(a));
    return absl::OkStatus();
  }

  __attribute__((noinline)) absl::Status TaggedDict(const Json& p, int depth,
                                                    Variant* out) {
    Dictionary d;
    if (!p.IsObject() || !p.HasMember("entries") || !p["entries"].IsArray()) {
      return Fail("bad Dictionary");
    }
    if (p.HasMember("key_type")) {
      if (absl::Status st = Container(p["key_type"], &d.key_type); !st.ok()) {
        return st;
      }
    }
    if (p.HasMember("value_type")) {
      if (absl::Status st = Container(p["value_type"], &d.value_type);
          !st.ok()) {
        return st;
      }
    }
    for (const auto& e : p["entries"].GetArray()) {
      if (!e.IsArray() || e.Size() != 2) return Fail("bad entry");
      Variant k, v;
      if (absl::Status st = Value(e[0], depth + 1, &k); !st.ok()) return st;
      if (absl::Status st = Value(e[1], depth + 1, &v); !st.ok()) return st;
      d.entries.emplace_back(std::move(k), std::move(v));
    }
    *out = Variant::MakeDictionary(std::move(d));
    return absl::OkStatus();
  }

  __attribute__((noinline)) absl::Status PlainArray(const Json& j, int depth,
                                                    Variant* out) {
    gdwire::Array a;
    for (const auto& e : j.GetArray()) {
      Variant v;
      if (absl::Status st = Value(e, depth + 1, &v); !st.ok()) return st;
      a.items.push_back(std::move(v));
    }
    *out = Variant::MakeArray(std::move(a));
    return absl::OkStatus();
  }

  // Every type that holds no other value.
  __attribute__((noinline)) absl::Status Tagged(Type t, const Json& p,
                                                int depth, Variant* out) {
    if (int n = RealComponents(t)) {
      if (absl::Status st = Array(p, "math type"); !st.ok()) return st;
      if (static_cast<int>(p.Size()) != n) return Fail("wrong component count");
      double c[16];
      for (int i = 0; i < n; ++i) {
        if (absl::Status st = Real(p[i], &c[i]); !st.ok()) return st;
      }
      *out = Variant::Math(t, absl::MakeConstSpan(c, n));
      return absl::OkStatus();
    }
    if (int n = IntComponents(t)) {
      if (absl::Status st = Array(p, "integer vector"); !st.ok()) return st;
      if (static_cast<int>(p.Size()) != n) return Fail("wrong component count");
      int32_t c[4];
      for (int i = 0; i < n; ++i) {
        if (!p[i].IsInt()) return Fail("expected a 32-bit integer");
        c[i] = p[i].GetInt();
      }
      *out = Variant::IntMath(t, absl::MakeConstSpan(c, n));
      return absl::OkStatus();
    }
    std::string s;
    switch (t) {
      case Type::kNil:
        *out = Variant();
        return absl::OkStatus();
      case Type::kFloat: {
        double d;
        if (absl::Status st = Real(p, &d); !st.ok()) return st;
        *out = Variant::Float(d);
        return absl::OkStatus();
      }
      case Type::kString:
      case Type::kStringName:
        if (absl::Status st = Text(p, &s); !st.ok()) return st;
        *out = t == Type::kString ? Variant::String(s) : Variant::StringName(s);
        return absl::OkStatus();
      case Type::kNodePath: {
        NodePath np;
        if (!p.IsObject() || !p.HasMember("names") || !p["names"].IsArray() ||
            !p.HasMember("subnames") || !p["subnames"].IsArray() ||
            !p.HasMember("absolute") || !p["absolute"].IsBool()) {
          return Fail("bad NodePath");
        }
        for (const auto& e : p["names"].GetArray()) {
          if (absl::Status st = Text(e, &s); !st.ok()) return st;
          np.names.push_back(s);
        }
        for (const auto& e : p["subnames"].GetArray()) {
          if (absl::Status st = Text(e, &s); !st.ok()) return st;
          np.subnames.push_back(s);
        }
        np.absolute = p["absolute"].GetBool();
        *out = Variant::MakeNodePath(std::move(np));
        return absl::OkStatus();
      }
      case Type::kRID: {
        uint64_t id;
        if (absl::Status st = U64(p, &id); !st.ok()) return st;
        *out = Variant::Rid(id);
        return absl::OkStatus();
      }
      case Type::kCallable:
        *out = Variant::Callable();
        return absl::OkStatus();
      case Type::kSignal: {
        Signal sig;
        if (!p.IsObject() || !p.HasMember("name") ||
            !p.HasMember("object_id")) {
          return Fail("bad Signal");
        }
        if (absl::Status st = Text(p["name"], &sig.name); !st.ok()) return st;
        if (absl::Status st = U64(p["object_id"], &sig.object_id); !st.ok()) {
          return st;
        }
        *out = Variant::MakeSignal(std::move(sig));
        return absl::OkStatus();
      }
      case Type::kPackedByteArray: {
        if (!p.IsString()) return Fail("bad PackedByteArray");
        std::string hex(p.GetString(), p.GetStringLength());
        if (hex.size() % 2 != 0 ||
            hex.find_first_not_of("0123456789abcdefABCDEF") !=
                std::string::npos) {
          return Fail("bad PackedByteArray hex");
        }
        const std::string b = absl::HexStringToBytes(hex);
        *out = Variant::PackedBytes(std::vector<uint8_t>(b.begin(), b.end()));
        return absl::OkStatus();
      }
      default:
        break;
    }
    if (absl::Status st = Array(p, "packed array"); !st.ok()) return st;
    const size_t n = p.Size();
    const int comps = std::max(PackedComponents(t), 1);
    if (n % comps != 0) return Fail("component count not a multiple");
    switch (t) {
      case Type::kPackedStringArray: {
        std::vector<std::string> v(n);
        for (size_t i = 0; i < n; ++i) {
          if (absl::Status st = Text(p[i], &v[i]); !st.ok()) return st;
        }
        *out = Variant::PackedStrings(std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray: {
        std::vector<int32_t> v(n);
        for (size_t i = 0; i < n; ++i) {
          if (!p[i].IsInt()) return Fail("expected a 32-bit integer");
          v[i] = p[i].GetInt();
        }
        *out = t == Type::kPackedInt32Array
                   ? Variant::PackedInt32(std::move(v))
                   : Variant::PackedIntVectors(t, std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedInt64Array: {
        std::vector<int64_t> v(n);
        for (size_t i = 0; i < n; ++i) {
          if (!p[i].IsInt64()) return Fail("expected a 64-bit integer");
          v[i] = p[i].GetInt64();
        }
        *out = Variant::PackedInt64(std::move(v));
        return absl::OkStatus();
      }
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray: {
        std::vector<float> v(n);
        for (size_t i = 0; i < n; ++i) {
          if (absl::Status st = Real32(p[i], &v[i]); !st.ok()) return st;
        }
        *out = t == Type::kPackedColorArray
                   ? Variant::PackedColors(std::move(v))
                   : Variant::PackedFloat32(std::move(v));
        return absl::OkStatus();
      }
      default: {
        std::vector<double> v(n);
        for (size_t i = 0; i < n; ++i) {
          if (absl::Status st = Real(p[i], &v[i]); !st.ok()) return st;
        }
        *out = t == Type::kPackedFloat64Array
                   ? Variant::PackedFloat64(std::move(v))
                   : Variant::PackedRealVectors(t, std::move(v));
        return absl::OkStatus();
      }
    }
  }
};

// Line and column (1-based) of a byte offset.
std::string Position(absl::string_view s, size_t offset) {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < offset && i < s.size(); ++i) {
    if (s[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return absl::StrCat("line ", line, ", column ", col);
}

}  // namespace

std::string ToJson(const Variant& v) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  Out out(&w);
  out.Value(v);
  return std::string(buf.GetString(), buf.GetSize());
}

absl::StatusOr<Variant> FromJson(absl::string_view json) {
  // Iterative parsing: hostile nesting cannot overflow the stack.
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseFullPrecisionFlag |
            rapidjson::kParseIterativeFlag |
            rapidjson::kParseValidateEncodingFlag>(json.data(), json.size());
  if (doc.HasParseError()) {
    return absl::InvalidArgumentError(
        absl::StrCat("JSON: ", rapidjson::GetParseError_En(doc.GetParseError()),
                     " at ", Position(json, doc.GetErrorOffset()), " (byte ",
                     doc.GetErrorOffset(), ")"));
  }
  In in;
  Variant v;
  if (absl::Status st = in.Value(doc, 0, &v); !st.ok()) return st;
  return v;
}

}  // namespace text
}  // namespace gdwire
