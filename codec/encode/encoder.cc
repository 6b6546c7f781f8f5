// Copyright 2026 The gdwire Authors.
//
// The production encoder: the engine's bytes and errors, checked against
// the independently written reference encoder (codec/reference/encoder.cc)
// on every corpus case and random values (encoder_test). For speed the
// output string grows ahead of the bytes, and the
// encoder writes through a cursor (len_), so a header word is a 4-byte
// store, not a std::string append; packed payloads are written in bulk by
// the //simd kernels (f32 storage as it is); all-ASCII text is validated
// by a SIMD scan. The string is cut to the bytes written at the end.

#include "codec/encode/encoder.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "absl/base/attributes.h"
#include "absl/base/config.h"
#include "absl/strings/str_cat.h"
#include "codec/core/text.h"
#include "codec/encode/internal/out.h"
#include "codec/types.h"
#include "codec/wire.h"
#include "simd/convert.h"
#include "simd/endian.h"
#include "simd/pad.h"
#include "simd/utf8.h"

namespace gdwire {
namespace encode {
namespace {

// The output cursor and the int/float/real rules are internal::Out's
// (shared with the streaming Writer).
class Encoder : private internal::Out {
 public:
  Encoder(const EncodeOptions& opts, std::string* out)
      : Out(out), opts_(opts) {}

  using Out::Finish;
  using Out::len;

  bool Value(const Variant& v, int depth) {
    if (depth > opts_.max_depth) {
      return Fail(ErrorKind::kTooDeep, "nesting deeper than max_depth");
    }
    const Type type = v.type();
    const Dialect d = opts_.dialect;
    uint32_t id;
    if (type == Type::kObject && v.object().kind == Object::Kind::kNull) {
      PutU32(0);  // null Object -> NIL (spec §3.1)
      return true;
    }
    if (!WireId(d, type, &id)) {
      return Fail(
          ErrorKind::kUnsupported,
          absl::StrCat(TypeName(type), " does not exist in ", DialectName(d)));
    }

    switch (type) {
      case Type::kNil:
      case Type::kCallable:
        PutU32(id);
        return true;
      case Type::kBool:
        PutU32(id);
        PutU32(v.as_bool() ? 1 : 0);
        return true;
      case Type::kInt:
        PutInt(id, v.as_int());
        return true;
      case Type::kFloat:
        PutFloat(id, v.as_float());
        return true;
      case Type::kString:
      case Type::kStringName:
        PutU32(id);
        return WireString(v.as_string());
      case Type::kNodePath: {
        const NodePath& np = v.node_path();
        PutU32(id);
        PutU32(static_cast<uint32_t>(np.names.size()) |
               wire::kNodePathNewFormat);
        PutU32(static_cast<uint32_t>(np.subnames.size()));
        PutU32(np.absolute ? wire::kNodePathAbsolute : 0);
        for (const auto& s : np.names) {
          if (!WireString(s)) return false;
        }
        for (const auto& s : np.subnames) {
          if (!WireString(s)) return false;
        }
        return true;
      }
      case Type::kRID:
        PutU32(id);
        if (d == Dialect::kGodot4) PutU64(v.rid());
        return true;
      case Type::kObject:
        return ObjectValue(v.object(), id, depth);
      case Type::kSignal:
        PutU32(id);
        if (!WireString(v.signal().name)) return false;
        PutU64(v.signal().object_id);
        return true;
      case Type::kArray:
        return ArrayValue(v.array(), id, depth);
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        return TypedArrayValue(type, v.array(), id, depth);
      case Type::kDictionary:
        return DictionaryValue(v.dictionary(), id, depth);
      default:
        return OtherValue(v, type, id);
    }
  }

 private:
  // Math types, integer vectors, then the packed arrays.
  bool OtherValue(const Variant& v, Type type, uint32_t id) {
    const Dialect d = opts_.dialect;
    if (RealComponents(type) != 0) {
      const bool wide = opts_.real_is_double && HasRealWidthFlag(d, type);
      PutU32(id | (wide ? wire::kFlag64 : 0));
      const RealsView r = v.reals();
      if (r.wide()) {
        PutReals(r.f64(), r.size(), wide);
      } else {
        PutReals(r.f32(), r.size(), wide);
      }
      return true;
    }
    if (IntComponents(type) != 0) {
      PutU32(id);
      for (int32_t c : v.ints()) PutU32(static_cast<uint32_t>(c));
      return true;
    }

    return PackedValue(v, id);
  }

  // Errors are kept in err_ and the functions return false, so the hot
  // path never builds (or zeroes) an Error.
  ABSL_ATTRIBUTE_NOINLINE bool Fail(ErrorKind kind, std::string detail) {
    return FailAt(kind, len_, std::move(detail));
  }
  ABSL_ATTRIBUTE_NOINLINE bool FailAt(ErrorKind kind, size_t offset,
                                      std::string detail) {
    err_ = Error();
    err_.kind = kind;
    err_.offset = offset;
    err_.detail = std::move(detail);
    return false;
  }
  // Puts a path segment in front of err_'s path; returns false.
  ABSL_ATTRIBUTE_NOINLINE bool Prefix(const std::string& segment) {
    err_.path = segment + err_.path;
    return false;
  }

  bool WireString(const std::string& s) {
    if (!core::IsEncodableText(s, opts_.dialect)) {
      return Fail(
          ErrorKind::kInvalidUtf8,
          absl::StrCat("string is not text ", DialectName(opts_.dialect),
                       " can carry (invalid UTF-8 or NUL)"));
    }
    if (s.size() > INT32_MAX - 3) {
      return Fail(ErrorKind::kLimitExceeded, "string longer than 2 GiB");
    }
    PutU32(static_cast<uint32_t>(s.size()));
    PutPadded(s.data(), s.size());
    return true;
  }

  bool ObjectValue(const Object& o, uint32_t id, int depth) {
    if (o.kind == Object::Kind::kId) {
      PutU32(id | wire::kFlagObjectAsId);
      PutU64(o.id);
      return true;
    }
    if (!opts_.full_objects) {
      return Fail(ErrorKind::kUnsupported,
                  "a full Object can only be written with full_objects");
    }
    PutU32(id);
    if (!WireString(o.class_name)) return false;
    PutU32(static_cast<uint32_t>(o.properties.size()));
    for (const auto& kv : o.properties) {
      if (!WireString(kv.first)) return false;
      if (!Value(kv.second, depth + 1)) {
        return Prefix("." + kv.first);
      }
    }
    return true;
  }

  // The 2-bit kind of a typed-container side and its payload (spec §5.3).
  bool ContainerKind(const ContainerType& ct, uint32_t* kind,
                     std::string* payload) {
    payload->clear();
    *kind = internal::ContainerKindBits(ct, opts_.full_objects);
    switch (ct.kind) {
      case ContainerType::Kind::kNone:
        return true;
      case ContainerType::Kind::kBuiltin: {
        uint32_t tid;
        if (!WireId(opts_.dialect, ct.builtin, &tid)) {
          return Fail(ErrorKind::kUnsupported, "container element type");
        }
        wire::AppendU32(payload, tid);
        return true;
      }
      case ContainerType::Kind::kClassName:
      case ContainerType::Kind::kScript: {
        const std::string& s = internal::ContainerName(ct, opts_.full_objects);
        // As the reference does: the string is written to the payload, so
        // an error's offset is the payload's size.
        std::string* saved = out_;
        const size_t saved_len = len_;
        out_ = payload;
        len_ = payload->size();
        const bool ok = WireString(s);
        Finish();
        out_ = saved;
        len_ = saved_len;
        return ok;
      }
    }
    return true;
  }

  bool ArrayValue(const Array& a, uint32_t id, int depth) {
    uint32_t header = id;
    std::string type_payload;
    if (a.element_type.is_typed()) {
      if (opts_.dialect != Dialect::kGodot4) {
        return Fail(ErrorKind::kUnsupported, "typed Array outside godot4");
      }
      uint32_t kind;
      if (!ContainerKind(a.element_type, &kind, &type_payload)) return false;
      header |= kind << wire::kArrayKindShift;
    }
    if (a.items.size() > wire::kCountMask) {
      return Fail(ErrorKind::kLimitExceeded, "Array too large");
    }
    PutU32(header);
    PutBytes(type_payload);
    PutU32(static_cast<uint32_t>(a.items.size()));
    for (size_t i = 0; i < a.items.size(); ++i) {
      if (!Value(a.items[i], depth + 1)) {
        return Prefix(absl::StrCat("[", i, "]"));
      }
    }
    return true;
  }

  // Pandemonium 5's TypedArray / PackedTypedArray, as the reference writes
  // them: element type id; the class name as a StringName value for Object
  // elements (or nothing and the object-as-id flag without full_objects);
  // count; elements (a PackedTypedArray's as the engine stores them: bools
  // in a Nil-typed one, real_t in a float-typed one).
  bool TypedArrayValue(Type which, const Array& a, uint32_t id, int depth) {
    const ContainerType& ct = a.element_type;
    const Type elem = internal::TypedArrayElement(ct);
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
    PutU32(id | (as_id ? wire::kFlagObjectAsId : 0));
    PutU32(tid);
    if (elem == Type::kObject && !as_id) {
      uint32_t sn;
      WireId(opts_.dialect, Type::kStringName, &sn);
      PutU32(sn);
      if (!WireString(ct.name)) return false;
    }
    PutU32(static_cast<uint32_t>(a.items.size()));
    const bool packed = which == Type::kPackedTypedArray;
    for (size_t i = 0; i < a.items.size(); ++i) {
      const Variant& x = a.items[i];
      bool ok;
      if (packed && elem == Type::kNil &&
          (x.type() == Type::kNil || x.type() == Type::kBool)) {
        ok = Value(Variant::Bool(x.type() == Type::kBool && x.as_bool()),
                   depth + 1);
      } else if (packed && elem == Type::kFloat && x.type() == Type::kFloat) {
        ok = Value(Variant::Float(static_cast<float>(x.as_float())), depth + 1);
      } else {
        ok = Value(x, depth + 1);
      }
      if (!ok) return Prefix(absl::StrCat("[", i, "]"));
    }
    return true;
  }

  bool DictionaryValue(const Dictionary& dict, uint32_t id, int depth) {
    uint32_t header = id;
    std::string kp, vp;
    if (dict.key_type.is_typed() || dict.value_type.is_typed()) {
      if (opts_.dialect != Dialect::kGodot4) {
        return Fail(ErrorKind::kUnsupported, "typed Dictionary outside godot4");
      }
      uint32_t kk, vk;
      if (!ContainerKind(dict.key_type, &kk, &kp)) return false;
      if (!ContainerKind(dict.value_type, &vk, &vp)) return false;
      header |=
          (kk << wire::kDictKeyKindShift) | (vk << wire::kDictValueKindShift);
    }
    if (dict.entries.size() > wire::kCountMask) {
      return Fail(ErrorKind::kLimitExceeded, "Dictionary too large");
    }
    PutU32(header);
    PutBytes(kp);
    PutBytes(vp);
    PutU32(static_cast<uint32_t>(dict.entries.size()));
    for (size_t i = 0; i < dict.entries.size(); ++i) {
      if (!Value(dict.entries[i].first, depth + 1)) {
        return Prefix(absl::StrCat("{key #", i, "}"));
      }
      if (!Value(dict.entries[i].second, depth + 1)) {
        return Prefix(absl::StrCat("{value #", i, "}"));
      }
    }
    return true;
  }

  bool PackedValue(const Variant& v, uint32_t id) {
    const Type type = v.type();
    const size_t n = v.packed_size();
    if (n > INT32_MAX) {
      return Fail(ErrorKind::kLimitExceeded,
                  absl::StrCat(TypeName(type), " too large"));
    }
    const bool wide =
        opts_.real_is_double && HasRealWidthFlag(opts_.dialect, type);
    PutU32(id | (wide ? wire::kFlag64 : 0));
    PutU32(static_cast<uint32_t>(n));
    switch (type) {
      case Type::kPackedByteArray: {
        const auto& b = v.packed_bytes();
        PutPadded(b.data(), b.size());
        return true;
      }
      case Type::kPackedStringArray: {
        const auto& strings = v.packed_strings();
        for (size_t i = 0; i < n; ++i) {
          if (!core::IsEncodableText(strings[i], opts_.dialect)) {
            // The offset the reference reports: after elements [0, i).
            FailAt(ErrorKind::kInvalidUtf8,
                   len_ + simd::PackedStringsSize(strings.data(), i),
                   "string is not text the dialect can carry");
            return Prefix(absl::StrCat("[", i, "]"));
          }
        }
        Finish();  // the kernel appends to the string itself
        simd::AppendPackedStrings(strings.data(), n, out_);
        len_ = out_->size();
        return true;
      }
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray: {
        const auto& x = v.packed_int32();
        PutArray(x.data(), x.size(), 4, simd::StoreI32LE);
        return true;
      }
      case Type::kPackedInt64Array: {
        const auto& x = v.packed_int64();
        PutArray(x.data(), x.size(), 8, simd::StoreI64LE);
        return true;
      }
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray: {
        const auto& x = v.packed_float32();
        PutArray(x.data(), x.size(), 4, simd::StoreF32LE);
        return true;
      }
      case Type::kPackedFloat64Array: {
        const auto& x = v.packed_float64();
        PutArray(x.data(), x.size(), 8, simd::StoreF64LE);
        return true;
      }
      default: {                 // kPackedVector2/3/4Array
        if (!v.packed_wide()) {  // stored as f32
          const auto& x = v.packed_float32();
          PutReals(x.data(), x.size(), wide);
        } else {
          const auto& x = v.packed_float64();
          PutReals(x.data(), x.size(), wide);
        }
        return true;
      }
    }
  }

  const EncodeOptions& opts_;

 public:
  Error err_;  // the error when a function returned false
};

}  // namespace

Error EncodeTo(const Variant& v, const EncodeOptions& options,
               std::string* out) {
  const size_t start = out->size();
  Encoder enc(options, out);
  const bool ok = enc.Value(v, 0);
  enc.Finish();
  if (ok) return Error();
  Error e = std::move(enc.err_);
  e.path = "$" + e.path;
  e.offset -= start;
  out->resize(start);
  return e;
}

absl::StatusOr<std::string> Encode(const Variant& v,
                                   const EncodeOptions& options) {
  std::string out;
  Error e = EncodeTo(v, options, &out);
  if (!e.ok()) return e.ToStatus();
  return out;
}

}  // namespace encode
}  // namespace gdwire
