// Copyright 2026 The gdwire Authors.

#include "codec/stream/variant_builder.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "codec/core/text.h"
#include "codec/internal/key_hash.h"
#include "codec/stream/internal/wire_text.h"
#include "codec/types.h"
#include "codec/wire.h"
#include "simd/convert.h"
#include "simd/endian.h"

namespace gdwire {
namespace stream {

void VariantBuilder::Clear() {
  for (size_t i = 0; i < depth_; ++i) {
    stack_[i].value = Variant();
    stack_[i].key = Variant();
  }
  depth_ = 0;
  promised_ = 0;
  values_.clear();
  offsets_.clear();
  pending_ = Variant();
  has_pending_ = false;
  text_.clear();
}

bool VariantBuilder::Scalar(const ScalarEvent& e) {
  switch (e.type) {
    case Type::kNil:
      return Attach(Variant());
    case Type::kBool:
      return Attach(Variant::Bool(e.b));
    case Type::kInt:
      return Attach(Variant::Int(e.i));
    case Type::kFloat:
      return Attach(Variant::Float(e.f));
    case Type::kRID:
      return Attach(Variant::Rid(e.id));
    case Type::kCallable:
      return Attach(Variant::Callable());
    case Type::kObject: {
      Object o;
      o.id = e.id;
      o.kind = e.id == 0 ? Object::Kind::kNull : Object::Kind::kId;
      return Attach(Variant::MakeObject(std::move(o)));
    }
    default:
      if (IntComponents(e.type) > 0) {
        return Attach(
            Variant::IntMath(e.type, absl::MakeConstSpan(e.ints, e.count)));
      }
      if (e.wide && opts_.real_is_double) {
        return Attach(
            Variant::Math(e.type, absl::MakeConstSpan(e.reals, e.count)));
      }
      // f32 on the wire (or narrowed): keep floats, as the engine does.
      float f[16];
      for (int i = 0; i < e.count; ++i) f[i] = NarrowF64ToF32(e.reals[i]);
      return Attach(Variant::Math32(e.type, absl::MakeConstSpan(f, e.count)));
  }
}

bool VariantBuilder::String(const StringPart& s) {
  if (budgeted_ &&
      !Charge(s.text.size() + (s.last() ? sizeof(std::string) : 0))) {
    return false;
  }
  if (s.first()) text_.clear();
  if (!s.last()) {
    text_.append(s.text.begin(), s.text.end());
    return true;
  }
  std::string t;
  // A heap string from the pool, for text longer than std::string holds
  // inline (the pool keeps only those: a value's strings come back in the
  // order they went in).
  const size_t len = (s.first() ? 0 : text_.size()) + s.text.size();
  if (recycler_ != nullptr && len > 15) t = recycler_->NewString();
  if (s.flags & kNotCanonical) {
    text_.append(s.text.begin(), s.text.end());
    core::AppendCanonical(text_, &t);
  } else if (s.first()) {
    t.assign(s.text.begin(), s.text.end());
  } else {
    text_.append(s.text.begin(), s.text.end());
    if (recycler_ != nullptr) {
      t.assign(text_);  // text_ keeps its room for the next split string
    } else {
      t = std::move(text_);
    }
  }
  text_.clear();
  switch (s.role) {
    case StringRole::kString:
      return Attach(Variant::String(std::move(t)));
    case StringRole::kStringName:
      return Attach(Variant::StringName(std::move(t)));
    case StringRole::kNodePathName:
      path_.names.push_back(std::move(t));
      return true;
    case StringRole::kNodePathSubname:
      path_.subnames.push_back(std::move(t));
      return true;
    case StringRole::kSignalName:
      signal_.name = std::move(t);
      return true;
    case StringRole::kObjectClass:
      stack_[depth_ - 1].object->class_name = std::move(t);
      return true;
    case StringRole::kPropertyName:
      stack_[depth_ - 1].name = std::move(t);
      return true;
    case StringRole::kPackedElement:
      strings_.push_back(std::move(t));
      return true;
    case StringRole::kValueClass:
    case StringRole::kValueScript:
      desc_names_[1] = std::move(t);
      return true;
    default:  // element or key class / script
      desc_names_[0] = std::move(t);
      return true;
  }
}

// The engine's element type for a descriptor (Godot 4's
// ContainerTypeValidate, as set by decode_variant).
ContainerType VariantBuilder::TypeOf(const ContainerDesc& d,
                                     const std::string& name) const {
  switch (d.kind) {
    case ContainerDesc::kNone:
      return ContainerType();
    case ContainerDesc::kBuiltin:
      if (d.builtin == Type::kNil) return ContainerType();
      if (d.builtin == Type::kObject) {
        return ContainerType::ClassName(
            opts_.allow_objects ? "Object" : "EncodedObjectAsID");
      }
      return ContainerType::Builtin(d.builtin);
    case ContainerDesc::kClassName:
      return ContainerType::ClassName(
          opts_.allow_objects ? name : "EncodedObjectAsID");
    default:  // kScript
      if (!opts_.allow_objects) {
        return ContainerType::ClassName("EncodedObjectAsID");
      }
      return ContainerType::Script(name);
  }
}

uint64_t VariantBuilder::Backed(const BeginEvent& b, uint64_t min_bytes) {
  // With a memory budget every byte is charged as it arrives: no
  // reservations ahead of the elements.
  if (budgeted_ || b.count == 0) return 0;
  const uint64_t room = b.available / 8;  // slots the bytes at hand back
  if (promised_ >= room) return 0;
  const uint64_t k = std::min(
      {b.count, b.available / min_bytes, room - promised_, uint64_t{1} << 16});
  promised_ += k;
  return k;
}

VariantBuilder::Node& VariantBuilder::Push(Type t) {
  if (depth_ == stack_.size()) stack_.emplace_back();
  Node& n = stack_[depth_++];
  n.type = t;
  n.have_key = false;
  n.array = nullptr;
  n.dict = nullptr;
  n.object = nullptr;
  n.promised = 0;
  return n;
}

bool VariantBuilder::Begin(const BeginEvent& b) {
  switch (b.type) {
    case Type::kArray: {
      Node& n = Push(Type::kArray);
      n.value = recycler_ != nullptr
                    ? Variant::AdoptArray(recycler_->NewArray())
                    : Variant::MakeArray();
      n.array = &n.value.mutable_array();
      if (const uint64_t k = Backed(b, 4)) {
        n.array->items.reserve(k);
        n.promised = k;
      }
      if (b.element.kind != ContainerDesc::kNone) {
        n.array->element_type = TypeOf(b.element, desc_names_[0]);
      }
      return true;
    }
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
      // Pandemonium 5: kClassName (the name came as a string), kBuiltin
      // kObject (object-as-id: the engine's EncodedObjectAsID), or a type.
      Array a;
      if (b.element.kind == ContainerDesc::kClassName) {
        a.element_type = ContainerType::ClassName(desc_names_[0]);
      } else if (b.element.builtin == Type::kObject) {
        a.element_type = ContainerType::ClassName("EncodedObjectAsID");
      } else {
        a.element_type = ContainerType::Builtin(b.element.builtin);
      }
      Node& n = Push(b.type);
      n.value = b.type == Type::kTypedArray
                    ? Variant::MakeTypedArray(std::move(a))
                    : Variant::MakePackedTypedArray(std::move(a));
      n.array = &n.value.mutable_array();
      return true;
    }
    case Type::kDictionary: {
      Node& n = Push(Type::kDictionary);
      n.value = recycler_ != nullptr
                    ? Variant::AdoptDictionary(recycler_->NewDictionary())
                    : Variant::MakeDictionary();
      n.dict = &n.value.mutable_dictionary();
      if (const uint64_t k = Backed(b, 8)) {
        n.dict->Reserve(k);
        n.promised = k;
      }
      if (b.key.kind != ContainerDesc::kNone) {
        n.dict->key_type = TypeOf(b.key, desc_names_[0]);
      }
      if (b.value.kind != ContainerDesc::kNone) {
        n.dict->value_type = TypeOf(b.value, desc_names_[1]);
      }
      return true;
    }
    case Type::kObject: {
      Node& n = Push(Type::kObject);
      n.value = Variant::MakeObject(Object());
      n.object = &n.value.mutable_object();
      return true;
    }
    case Type::kNodePath:
      path_ = NodePath();
      path_.absolute = b.absolute;
      path_names_ = b.count;
      return true;
    case Type::kSignal:
      signal_ = Signal();
      return true;
    default:
      // Nothing is reserved from the declared count: it is not trusted
      // before its bytes arrive (12 bytes may declare 2^31 elements).
      // Storage grows with the elements received; an array that arrives
      // in one piece is allocated once, at its size, by its one chunk.
      packed_type_ = b.type;
      bytes_.clear();
      i32_.clear();
      i64_.clear();
      f32_.clear();
      f64_.clear();
      strings_.clear();
      if (recycler_ != nullptr) TakePackedStorage(b);
      return true;
  }
}

// The pooled vector the packed array will be moved out in (the ones of
// the last value of this shape, with their room).
void VariantBuilder::TakePackedStorage(const BeginEvent& b) {
  switch (b.type) {
    case Type::kPackedByteArray:
      bytes_ = recycler_->NewBytes();
      return;
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      i32_ = recycler_->NewI32();
      return;
    case Type::kPackedInt64Array:
      i64_ = recycler_->NewI64();
      return;
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray:
      f32_ = recycler_->NewF32();
      return;
    case Type::kPackedFloat64Array:
      f64_ = recycler_->NewF64();
      return;
    case Type::kPackedStringArray:
      strings_ = recycler_->NewStrings();
      return;
    default:  // real vectors: f64 only when real_is_double keeps 64 bits
      if (b.wide && opts_.real_is_double) {
        f64_ = recycler_->NewF64();
      } else {
        f32_ = recycler_->NewF32();
      }
      return;
  }
}

namespace {

// Appends `m` elements to `v` and returns where they go.
template <typename T>
T* Grow(std::vector<T>* v, size_t m) {
  const size_t old = v->size();
  v->resize(old + m);
  return v->data() + old;
}

}  // namespace

bool VariantBuilder::Chunk(const ChunkEvent& c) {
  const uint8_t* p = c.data;
  const size_t m = c.count * std::max(PackedComponents(c.type), 1);
  if (budgeted_ && !Charge(c.type == Type::kPackedByteArray ? m : m * 8)) {
    return false;
  }
  switch (c.type) {
    case Type::kPackedByteArray:
      bytes_.insert(bytes_.end(), p, p + m);
      return true;
    case Type::kPackedInt64Array:
      simd::LoadI64LE(p, m, Grow(&i64_, m));
      return true;
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray:
      simd::LoadF32LE(p, m, Grow(&f32_, m));  // the bits as they are
      return true;
    case Type::kPackedFloat64Array:
      simd::LoadF64LE(p, m, Grow(&f64_, m));
      return true;
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      simd::LoadI32LE(p, m, Grow(&i32_, m));
      return true;
    default: {  // real vectors: kept as the engine holds them
      if (c.wide && opts_.real_is_double) {
        simd::LoadF64LE(p, m, Grow(&f64_, m));
        return true;
      }
      float* out = Grow(&f32_, m);
      if (c.wide) {
        for (size_t i = 0; i < m; ++i) {
          out[i] = NarrowF64ToF32(wire::LoadF64(p + 8 * i));
        }
        return true;
      }
      simd::LoadF32LE(p, m, out);  // the bits as they are
      return true;
    }
  }
}

Variant VariantBuilder::FinishPacked() {
  switch (packed_type_) {
    case Type::kPackedByteArray:
      return Variant::PackedBytes(std::move(bytes_));
    case Type::kPackedInt32Array:
      return Variant::PackedInt32(std::move(i32_));
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return Variant::PackedIntVectors(packed_type_, std::move(i32_));
    case Type::kPackedInt64Array:
      return Variant::PackedInt64(std::move(i64_));
    case Type::kPackedFloat32Array:
      return Variant::PackedFloat32(std::move(f32_));
    case Type::kPackedColorArray:
      return Variant::PackedColors(std::move(f32_));
    case Type::kPackedFloat64Array:
      return Variant::PackedFloat64(std::move(f64_));
    case Type::kPackedStringArray:
      return Variant::PackedStrings(std::move(strings_));
    default:  // f64 only when real_is_double kept 64-bit elements
      if (!f64_.empty()) {
        return Variant::PackedRealVectors(packed_type_, std::move(f64_));
      }
      return Variant::PackedRealVectors32(packed_type_, std::move(f32_));
  }
}

bool VariantBuilder::End(const EndEvent& e) {
  switch (e.type) {
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
    case Type::kDictionary:
    case Type::kObject: {
      Node& n = stack_[--depth_];
      promised_ -= n.promised;  // slots left unfilled
      n.promised = 0;
      if (n.object != nullptr && !n.object->class_name.empty()) {
        n.object->kind = Object::Kind::kFull;
      }
      return Attach(std::move(n.value));
    }
    case Type::kNodePath:
      return Attach(Variant::MakeNodePath(std::move(path_)));
    case Type::kSignal:
      signal_.object_id = e.object_id;
      return Attach(Variant::MakeSignal(std::move(signal_)));
    default:
      return Attach(FinishPacked());
  }
}

// What a value costs, roughly as the reference decoder counts it: the
// Variant itself, and the heap blocks behind it.
bool VariantBuilder::Charge(uint64_t bytes) {
  if (opts_.max_alloc_bytes == 0 || opts_.max_alloc_bytes == UINT64_MAX) {
    return true;
  }
  uint64_t& total =
      opts_.alloc_account != nullptr ? *opts_.alloc_account : charged_;
  if (bytes > opts_.max_alloc_bytes || total > opts_.max_alloc_bytes - bytes) {
    if (abort_) {
      abort_(ErrorKind::kLimitExceeded,
             absl::StrCat("decoding needs more than max_alloc_bytes (",
                          opts_.max_alloc_bytes, " bytes) of memory"));
    }
    return false;
  }
  total += bytes;
  return true;
}

bool VariantBuilder::Attach(Variant v) {
  if (budgeted_) {
    // Text and packed elements were charged as they arrived.
    uint64_t cost = sizeof(Variant);
    switch (v.type()) {
      case Type::kArray:
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        cost += sizeof(Array);
        break;
      case Type::kDictionary:
        cost += sizeof(Dictionary);
        break;
      case Type::kObject:
        cost += sizeof(Object);
        break;
      case Type::kNodePath:
        cost += sizeof(NodePath);
        break;
      case Type::kSignal:
        cost += sizeof(Signal);
        break;
      default:
        break;
    }
    if (depth_ > 0 && stack_[depth_ - 1].type == Type::kDictionary &&
        stack_[depth_ - 1].have_key) {
      cost += sizeof(std::pair<Variant, Variant>) + 8;  // entry + index slot
    }
    if (!Charge(cost)) return false;
  }
  if (depth_ == 0) {  // handed out at ValueDone, after the last verdict
    pending_ = std::move(v);
    has_pending_ = true;
    return true;
  }
  Node& n = stack_[depth_ - 1];
  // An element (a Dictionary: its value) takes up one promised slot.
  if (n.promised > 0 && (n.type != Type::kDictionary || n.have_key)) {
    --n.promised;
    --promised_;
  }
  switch (n.type) {
    case Type::kArray:
      if (!n.array->element_type.is_typed() ||
          AdmitToTypedContainer(n.array->element_type, &v)) {
        n.array->items.push_back(std::move(v));
      }
      return true;
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      if (AdmitToPandemoniumArray(n.type, n.array->element_type, &v)) {
        n.array->items.push_back(std::move(v));
      }
      return true;
    case Type::kDictionary: {
      if (!n.have_key) {
        n.key = std::move(v);
        n.have_key = true;
        return true;
      }
      n.have_key = false;
      if (!AdmitToTypedContainer(n.dict->key_type, &n.key) ||
          !AdmitToTypedContainer(n.dict->value_type, &v)) {
        return true;
      }
      // Later duplicates overwrite earlier ones (spec §6). The key's
      // containers are complete: KeyHash and KeyEquals may keep their
      // hashes in them (linear time for nested container keys).
      gdwire::internal::KeyHashScope scope;
      n.dict->Set(std::move(n.key), std::move(v));
      return true;
    }
    default:  // kObject
      n.object->properties.emplace_back(std::move(n.name), std::move(v));
      return true;
  }
}

bool VariantBuilder::ValueDone(uint64_t begin, uint64_t /*end*/) {
  if (has_pending_) {
    values_.push_back(std::move(pending_));
    pending_ = Variant();
    has_pending_ = false;
  }
  offsets_.push_back(begin);
  charged_ = 0;  // each value has its own budget
  return !stop_after_value_;
}

}  // namespace stream
}  // namespace gdwire
