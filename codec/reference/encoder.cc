// Copyright 2026 The gdwire Authors.

#include "codec/reference/encoder.h"

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "codec/reference/utf8.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace {

using wire::AppendF32;
using wire::AppendF64;
using wire::AppendU32;
using wire::AppendU64;

class Encoder {
 public:
  Encoder(const EncodeOptions& opts, std::string* out)
      : opts_(opts), out_(out) {}

  Error Value(const Variant& v, int depth) {
    if (depth > opts_.max_depth) {
      return Fail(ErrorKind::kTooDeep, "nesting deeper than max_depth");
    }
    const Type type = v.type();
    const Dialect d = opts_.dialect;
    uint32_t id;
    if (type == Type::kObject && v.object().kind == Object::Kind::kNull) {
      AppendU32(out_, 0);  // null Object -> NIL (spec §3.1)
      return {};
    }
    if (!WireId(d, type, &id)) {
      return Fail(
          ErrorKind::kUnsupported,
          absl::StrCat(TypeName(type), " does not exist in ", DialectName(d)));
    }

    if (int n = RealComponents(type)) {
      const bool wide = opts_.real_is_double && HasRealWidthFlag(d, type);
      AppendU32(out_, id | (wide ? wire::kFlag64 : 0));
      for (double c : v.reals()) {
        if (wide) {
          AppendF64(out_, c);
        } else {
          AppendF32(out_, NarrowF64ToF32(c));
        }
      }
      (void)n;
      return {};
    }
    if (IntComponents(type) != 0) {
      AppendU32(out_, id);
      for (int32_t c : v.ints()) AppendU32(out_, static_cast<uint32_t>(c));
      return {};
    }

    switch (type) {
      case Type::kNil:
      case Type::kCallable:
        AppendU32(out_, id);
        return {};
      case Type::kBool:
        AppendU32(out_, id);
        AppendU32(out_, v.as_bool() ? 1 : 0);
        return {};
      case Type::kInt: {
        const int64_t i = v.as_int();
        if (i >= INT32_MIN && i <= INT32_MAX) {
          AppendU32(out_, id);
          AppendU32(out_, static_cast<uint32_t>(static_cast<int32_t>(i)));
        } else {
          AppendU32(out_, id | wire::kFlag64);
          AppendU64(out_, static_cast<uint64_t>(i));
        }
        return {};
      }
      case Type::kFloat: {
        const double f = v.as_float();
        // NaN != NaN, so NaN always takes the f64 form, as in the engine.
        if (static_cast<double>(static_cast<float>(f)) == f) {
          AppendU32(out_, id);
          AppendF32(out_, static_cast<float>(f));
        } else {
          AppendU32(out_, id | wire::kFlag64);
          AppendF64(out_, f);
        }
        return {};
      }
      case Type::kString:
      case Type::kStringName:
        AppendU32(out_, id);
        return WireString(v.as_string());
      case Type::kNodePath: {
        const NodePath& np = v.node_path();
        AppendU32(out_, id);
        AppendU32(out_, static_cast<uint32_t>(np.names.size()) |
                            wire::kNodePathNewFormat);
        AppendU32(out_, static_cast<uint32_t>(np.subnames.size()));
        AppendU32(out_, np.absolute ? wire::kNodePathAbsolute : 0);
        for (const auto& s : np.names) {
          if (Error e = WireString(s); !e.ok()) return e;
        }
        for (const auto& s : np.subnames) {
          if (Error e = WireString(s); !e.ok()) return e;
        }
        return {};
      }
      case Type::kRID:
        AppendU32(out_, id);
        if (d == Dialect::kGodot4) AppendU64(out_, v.rid());
        return {};
      case Type::kObject:
        return ObjectValue(v.object(), id, depth);
      case Type::kSignal:
        AppendU32(out_, id);
        if (Error e = WireString(v.signal().name); !e.ok()) return e;
        AppendU64(out_, v.signal().object_id);
        return {};
      case Type::kArray:
        return ArrayValue(v.array(), id, depth);
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        return TypedArrayValue(type, v.array(), id, depth);
      case Type::kDictionary:
        return DictionaryValue(v.dictionary(), id, depth);
      default:
        return PackedValue(v, id);
    }
  }

 private:
  Error Fail(ErrorKind kind, std::string detail) const {
    Error e;
    e.kind = kind;
    e.offset = out_->size();
    e.detail = std::move(detail);
    return e;
  }
  static Error Prefix(Error e, const std::string& segment) {
    e.path = segment + e.path;
    return e;
  }

  Error WireString(const std::string& s) {
    if (!IsEncodableText(s, opts_.dialect)) {
      return Fail(
          ErrorKind::kInvalidUtf8,
          absl::StrCat("string is not text ", DialectName(opts_.dialect),
                       " can carry (invalid UTF-8 or NUL)"));
    }
    if (s.size() > INT32_MAX - 3) {
      return Fail(ErrorKind::kLimitExceeded, "string longer than 2 GiB");
    }
    AppendU32(out_, static_cast<uint32_t>(s.size()));
    out_->append(s);
    wire::AppendPad4(out_, s.size());
    return {};
  }

  Error ObjectValue(const Object& o, uint32_t id, int depth) {
    if (o.kind == Object::Kind::kId) {
      AppendU32(out_, id | wire::kFlagObjectAsId);
      AppendU64(out_, o.id);
      return {};
    }
    if (!opts_.full_objects) {
      return Fail(ErrorKind::kUnsupported,
                  "a full Object can only be written with full_objects");
    }
    AppendU32(out_, id);
    if (Error e = WireString(o.class_name); !e.ok()) return e;
    AppendU32(out_, static_cast<uint32_t>(o.properties.size()));
    for (const auto& kv : o.properties) {
      if (Error e = WireString(kv.first); !e.ok()) return e;
      if (Error e = Value(kv.second, depth + 1); !e.ok()) {
        return Prefix(e, "." + kv.first);
      }
    }
    return {};
  }

  // The 2-bit kind of a typed-container side and its payload (spec §5.3).
  Error ContainerKind(const ContainerType& ct, uint32_t* kind,
                      std::string* payload) {
    payload->clear();
    switch (ct.kind) {
      case ContainerType::Kind::kNone:
        *kind = 0;
        return {};
      case ContainerType::Kind::kBuiltin: {
        uint32_t tid;
        if (!WireId(opts_.dialect, ct.builtin, &tid)) {
          return Fail(ErrorKind::kUnsupported, "container element type");
        }
        *kind = 1;
        AppendU32(payload, tid);
        return {};
      }
      case ContainerType::Kind::kClassName:
      case ContainerType::Kind::kScript: {
        const bool script = ct.kind == ContainerType::Kind::kScript;
        *kind = script && opts_.full_objects ? 3 : 2;
        const std::string& s =
            opts_.full_objects ? ct.name : std::string("EncodedObjectAsID");
        std::string* saved = out_;
        out_ = payload;
        Error e = WireString(s);
        out_ = saved;
        return e;
      }
    }
    return {};
  }

  Error ArrayValue(const Array& a, uint32_t id, int depth) {
    uint32_t header = id;
    std::string type_payload;
    if (a.element_type.is_typed()) {
      if (opts_.dialect != Dialect::kGodot4) {
        return Fail(ErrorKind::kUnsupported, "typed Array outside godot4");
      }
      uint32_t kind;
      if (Error e = ContainerKind(a.element_type, &kind, &type_payload);
          !e.ok()) {
        return e;
      }
      header |= kind << wire::kArrayKindShift;
    }
    if (a.items.size() > wire::kCountMask) {
      return Fail(ErrorKind::kLimitExceeded, "Array too large");
    }
    AppendU32(out_, header);
    out_->append(type_payload);
    AppendU32(out_, static_cast<uint32_t>(a.items.size()));
    for (size_t i = 0; i < a.items.size(); ++i) {
      if (Error e = Value(a.items[i], depth + 1); !e.ok()) {
        return Prefix(e, absl::StrCat("[", i, "]"));
      }
    }
    return {};
  }

  // Pandemonium 5's TypedArray / PackedTypedArray (marshalls.cpp): element
  // type id; for Object elements the class name as a StringName variant, or
  // nothing and the object-as-id flag without full_objects (as the engine:
  // the class name is then lost); count; elements. A PackedTypedArray writes
  // its elements as the engine stores them: Nil-typed ones as bools (null ->
  // false), float-typed ones as real_t (f32).
  Error TypedArrayValue(Type which, const Array& a, uint32_t id, int depth) {
    const ContainerType& ct = a.element_type;
    const Type elem = ct.kind == ContainerType::Kind::kNone ? Type::kNil
                      : ct.kind == ContainerType::Kind::kBuiltin
                          ? ct.builtin
                          : Type::kObject;
    uint32_t tid;
    if (!WireId(opts_.dialect, elem, &tid)) {
      return Fail(ErrorKind::kUnsupported,
                  absl::StrCat(TypeName(elem), " does not exist in ",
                               DialectName(opts_.dialect)));
    }
    if (a.items.size() > wire::kCountMask) {
      return Fail(ErrorKind::kLimitExceeded, "Array too large");
    }
    const bool as_id = elem == Type::kObject && !opts_.full_objects;
    AppendU32(out_, id | (as_id ? wire::kFlagObjectAsId : 0));
    AppendU32(out_, tid);
    if (elem == Type::kObject && !as_id) {
      uint32_t sn;
      WireId(opts_.dialect, Type::kStringName, &sn);
      AppendU32(out_, sn);
      if (Error e = WireString(ct.name); !e.ok()) return e;
    }
    AppendU32(out_, static_cast<uint32_t>(a.items.size()));
    const bool packed = which == Type::kPackedTypedArray;
    for (size_t i = 0; i < a.items.size(); ++i) {
      const Variant& x = a.items[i];
      Error e;
      if (packed && elem == Type::kNil &&
          (x.type() == Type::kNil || x.type() == Type::kBool)) {
        e = Value(Variant::Bool(x.type() == Type::kBool && x.as_bool()),
                  depth + 1);
      } else if (packed && elem == Type::kFloat && x.type() == Type::kFloat) {
        e = Value(Variant::Float(static_cast<float>(x.as_float())), depth + 1);
      } else {
        e = Value(x, depth + 1);
      }
      if (!e.ok()) return Prefix(e, absl::StrCat("[", i, "]"));
    }
    return {};
  }

  Error DictionaryValue(const Dictionary& dict, uint32_t id, int depth) {
    uint32_t header = id;
    std::string kp, vp;
    if (dict.key_type.is_typed() || dict.value_type.is_typed()) {
      if (opts_.dialect != Dialect::kGodot4) {
        return Fail(ErrorKind::kUnsupported, "typed Dictionary outside godot4");
      }
      uint32_t kk, vk;
      if (Error e = ContainerKind(dict.key_type, &kk, &kp); !e.ok()) return e;
      if (Error e = ContainerKind(dict.value_type, &vk, &vp); !e.ok()) return e;
      header |=
          (kk << wire::kDictKeyKindShift) | (vk << wire::kDictValueKindShift);
    }
    if (dict.entries.size() > wire::kCountMask) {
      return Fail(ErrorKind::kLimitExceeded, "Dictionary too large");
    }
    AppendU32(out_, header);
    out_->append(kp);
    out_->append(vp);
    AppendU32(out_, static_cast<uint32_t>(dict.entries.size()));
    for (size_t i = 0; i < dict.entries.size(); ++i) {
      if (Error e = Value(dict.entries[i].first, depth + 1); !e.ok()) {
        return Prefix(e, absl::StrCat("{key #", i, "}"));
      }
      if (Error e = Value(dict.entries[i].second, depth + 1); !e.ok()) {
        return Prefix(e, absl::StrCat("{value #", i, "}"));
      }
    }
    return {};
  }

  Error PackedValue(const Variant& v, uint32_t id) {
    const Type type = v.type();
    const size_t n = v.packed_size();
    if (n > INT32_MAX) {
      return Fail(ErrorKind::kLimitExceeded,
                  absl::StrCat(TypeName(type), " too large"));
    }
    const bool wide =
        opts_.real_is_double && HasRealWidthFlag(opts_.dialect, type);
    AppendU32(out_, id | (wide ? wire::kFlag64 : 0));
    AppendU32(out_, static_cast<uint32_t>(n));
    switch (type) {
      case Type::kPackedByteArray: {
        const auto& b = v.packed_bytes();
        out_->append(reinterpret_cast<const char*>(b.data()), b.size());
        wire::AppendPad4(out_, b.size());
        return {};
      }
      case Type::kPackedStringArray:
        for (size_t i = 0; i < n; ++i) {
          const std::string& s = v.packed_strings()[i];
          if (!IsEncodableText(s, opts_.dialect)) {
            return Prefix(Fail(ErrorKind::kInvalidUtf8,
                               "string is not text the dialect can carry"),
                          absl::StrCat("[", i, "]"));
          }
          AppendU32(out_, static_cast<uint32_t>(s.size() + 1));
          out_->append(s);
          out_->push_back('\0');
          wire::AppendPad4(out_, s.size() + 1);
        }
        return {};
      case Type::kPackedVector4iArray:
        if (opts_.pandemonium_engine_defects && IsPandemonium(opts_.dialect)) {
          const auto& x = v.packed_int32();  // the engine writes z twice
          for (size_t i = 0; i < x.size(); ++i) {
            AppendU32(out_, static_cast<uint32_t>(x[i % 4 == 3 ? i - 1 : i]));
          }
          return {};
        }
        [[fallthrough]];
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
        for (int32_t x : v.packed_int32()) {
          AppendU32(out_, static_cast<uint32_t>(x));
        }
        return {};
      case Type::kPackedInt64Array:
        for (int64_t x : v.packed_int64()) {
          AppendU64(out_, static_cast<uint64_t>(x));
        }
        return {};
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray:
        for (float x : v.packed_float32()) AppendF32(out_, x);
        return {};
      case Type::kPackedFloat64Array:
        for (double x : v.packed_float64()) AppendF64(out_, x);
        return {};
      default:  // kPackedVector2/3/4Array, f32 or f64 storage
        for (double x : v.packed_reals()) {
          if (wide) {
            AppendF64(out_, x);
          } else {
            AppendF32(out_, NarrowF64ToF32(x));
          }
        }
        return {};
    }
  }

  const EncodeOptions& opts_;
  std::string* out_;
};

}  // namespace

Error EncodeTo(const Variant& v, const EncodeOptions& options,
               std::string* out) {
  const size_t start = out->size();
  Encoder enc(options, out);
  Error e = enc.Value(v, 0);
  if (!e.ok()) {
    e.path = "$" + e.path;
    e.offset -= start;
    out->resize(start);
  }
  return e;
}

absl::StatusOr<std::string> Encode(const Variant& v,
                                   const EncodeOptions& options) {
  std::string out;
  Error e = EncodeTo(v, options, &out);
  if (!e.ok()) return e.ToStatus();
  return out;
}

}  // namespace reference
}  // namespace gdwire
