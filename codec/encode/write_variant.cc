// Copyright 2026 The gdwire Authors.

#include "codec/encode/write_variant.h"

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace gdwire {
namespace encode {
namespace {

uint32_t Count(size_t n, bool given) {
  return given ? static_cast<uint32_t>(n) : kUnknownCount;
}

std::vector<absl::string_view> Views(const std::vector<std::string>& s) {
  return std::vector<absl::string_view>(s.begin(), s.end());
}

void Write(Writer* w, const Variant& v, bool given) {
  const Type t = v.type();
  switch (t) {
    case Type::kNil:
      w->Nil();
      return;
    case Type::kBool:
      w->Bool(v.as_bool());
      return;
    case Type::kInt:
      w->Int(v.as_int());
      return;
    case Type::kFloat:
      w->Float(v.as_float());
      return;
    case Type::kString:
      w->String(v.as_string());
      return;
    case Type::kStringName:
      w->StringName(v.as_string());
      return;
    case Type::kNodePath: {
      const auto names = Views(v.node_path().names);
      const auto subnames = Views(v.node_path().subnames);
      w->NodePath(names, subnames, v.node_path().absolute);
      return;
    }
    case Type::kRID:
      w->RID(v.rid());
      return;
    case Type::kCallable:
      w->Callable();
      return;
    case Type::kSignal:
      w->Signal(v.signal().name, v.signal().object_id);
      return;
    case Type::kObject: {
      const Object& o = v.object();
      if (o.kind == Object::Kind::kNull) {
        w->NullObject();
      } else if (o.kind == Object::Kind::kId) {
        w->ObjectId(o.id);
      } else {
        w->BeginObject(o.class_name, Count(o.properties.size(), given));
        for (const auto& kv : o.properties) {
          w->Key(kv.first);
          Write(w, kv.second, !given);
        }
        w->EndObject();
      }
      return;
    }
    case Type::kArray: {
      const Array& a = v.array();
      w->BeginArray(a.element_type, Count(a.items.size(), given));
      for (const Variant& x : a.items) Write(w, x, !given);
      w->EndArray();
      return;
    }
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
      const Array& a = v.array();
      const ContainerType& ct = a.element_type;
      const Type elem = ct.kind == ContainerType::Kind::kNone ? Type::kNil
                        : ct.kind == ContainerType::Kind::kBuiltin
                            ? ct.builtin
                            : Type::kObject;
      const bool packed = t == Type::kPackedTypedArray;
      w->BeginTypedArray(t, ct, Count(a.items.size(), given));
      for (const Variant& x : a.items) {
        // What the engine holds in a PackedTypedArray.
        if (packed && elem == Type::kNil &&
            (x.type() == Type::kNil || x.type() == Type::kBool)) {
          w->Bool(x.type() == Type::kBool && x.as_bool());
        } else if (packed && elem == Type::kFloat && x.type() == Type::kFloat) {
          w->Float(static_cast<float>(x.as_float()));
        } else {
          Write(w, x, !given);
        }
      }
      w->EndArray();
      return;
    }
    case Type::kDictionary: {
      const Dictionary& d = v.dictionary();
      w->BeginDictionary(d.key_type, d.value_type,
                         Count(d.entries.size(), given));
      for (const auto& kv : d.entries) {
        // Three ways to write a key; each must give the same bytes.
        if (kv.first.type() == Type::kString) {
          w->Key(kv.first.as_string());
        } else if (kv.first.type() == Type::kStringName) {
          w->KeyName(kv.first.as_string());
        } else {
          w->Key();
          Write(w, kv.first, !given);
        }
        Write(w, kv.second, !given);
      }
      w->EndDictionary();
      return;
    }
    case Type::kPackedByteArray:
      w->PackedBytes(v.packed_bytes());
      return;
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      w->PackedInt32s(v.packed_int32(), t);
      return;
    case Type::kPackedInt64Array:
      w->PackedInt64s(v.packed_int64());
      return;
    case Type::kPackedFloat32Array:
      w->PackedFloat32s(v.packed_float32());
      return;
    case Type::kPackedFloat64Array:
      w->PackedFloat64s(v.packed_float64());
      return;
    case Type::kPackedStringArray:
      if (given) {
        w->PackedStrings(absl::MakeConstSpan(v.packed_strings()));
      } else {
        const auto views = Views(v.packed_strings());
        w->PackedStrings(absl::MakeConstSpan(views));
      }
      return;
    case Type::kPackedColorArray:
      w->PackedReals(t, absl::MakeConstSpan(v.packed_float32()));
      return;
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array:
      if (v.packed_wide()) {
        w->PackedReals(t, absl::MakeConstSpan(v.packed_float64()));
      } else {
        w->PackedReals(t, absl::MakeConstSpan(v.packed_float32()));
      }
      return;
    default:
      break;
  }
  if (RealComponents(t) != 0) {
    const RealsView r = v.reals();
    if (r.wide()) {
      w->Math(t, absl::MakeConstSpan(r.f64(), r.size()));
    } else {
      w->Math(t, absl::MakeConstSpan(r.f32(), r.size()));
    }
    return;
  }
  if (IntComponents(t) != 0) {
    w->Ints(t, v.ints());
    return;
  }
}

}  // namespace

bool WriteVariant(Writer* w, const Variant& v, bool given_counts) {
  Write(w, v, given_counts);
  return true;
}

}  // namespace encode
}  // namespace gdwire
