// Copyright 2026 The gdwire Authors.

#include "codec/stream/internal/recycler.h"

namespace gdwire {
namespace stream {
namespace internal {
namespace {

// Heap strings only: a short one lives inside std::string and is worth
// nothing to keep.
constexpr size_t kInlineString = 15;

void ResetType(ContainerType* t) {
  t->kind = ContainerType::Kind::kNone;
  t->builtin = Type::kNil;
  t->name.clear();
}

}  // namespace

void Recycler::Take(Variant* v) {
  switch (v->type()) {
    case Type::kArray: {
      std::unique_ptr<Array> box = v->ReleaseArray();
      Array* a = box.get();
      arrays_.Push(std::move(box));  // pre-order: the container first
      for (Variant& item : a->items) Take(&item);
      a->items.clear();  // all Nil now: nothing to free
      a->key_hash_memo_set_ = false;
      ResetType(&a->element_type);
      return;
    }
    case Type::kDictionary: {
      std::unique_ptr<Dictionary> box = v->ReleaseDictionary();
      Dictionary* d = box.get();
      dicts_.Push(std::move(box));
      for (auto& kv : d->entries) {
        Take(&kv.first);
        Take(&kv.second);
      }
      d->Clear();  // keeps the entries' and the index's room
      ResetType(&d->key_type);
      ResetType(&d->value_type);
      return;
    }
    case Type::kString:
    case Type::kStringName: {
      std::string* s = v->mutable_string();
      if (s->capacity() > kInlineString) {
        s->clear();
        strings_.Push(std::move(*s));
      }
      break;
    }
    case Type::kPackedByteArray:
      v->mutable_packed_bytes().clear();
      bytes_.Push(std::move(v->mutable_packed_bytes()));
      break;
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      v->mutable_packed_int32().clear();
      i32_.Push(std::move(v->mutable_packed_int32()));
      break;
    case Type::kPackedInt64Array:
      v->mutable_packed_int64().clear();
      i64_.Push(std::move(v->mutable_packed_int64()));
      break;
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray:
      v->mutable_packed_float32().clear();
      f32_.Push(std::move(v->mutable_packed_float32()));
      break;
    case Type::kPackedFloat64Array:
      v->mutable_packed_float64().clear();
      f64_.Push(std::move(v->mutable_packed_float64()));
      break;
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array:
      if (v->packed_wide()) {
        v->mutable_packed_float64().clear();
        f64_.Push(std::move(v->mutable_packed_float64()));
      } else {
        v->mutable_packed_float32().clear();
        f32_.Push(std::move(v->mutable_packed_float32()));
      }
      break;
    case Type::kPackedStringArray: {
      std::vector<std::string>& s = v->mutable_packed_strings();
      for (std::string& e : s) {
        if (e.capacity() > kInlineString) {
          e.clear();
          strings_.Push(std::move(e));
        }
      }
      s.clear();
      strs_.Push(std::move(s));
      break;
    }
    default:
      break;
  }
  *v = Variant();
}

}  // namespace internal
}  // namespace stream
}  // namespace gdwire
