// Copyright 2026 The gdwire Authors.
//
// Godot's Dictionary key identity (KeyEquals, KeyHash) and the
// Dictionary's insertion-ordered hash index (codec/variant.h).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "absl/base/optimization.h"
#include "absl/hash/hash.h"
#include "codec/internal/key_hash.h"
#include "codec/variant.h"

namespace gdwire {
namespace internal {
thread_local int key_hash_scopes = 0;
thread_local KeyOpCounter* key_op_counter = nullptr;
}  // namespace internal

namespace {

// The linearity test's counters (key_hash.h): one step a node, and one
// per 64 bytes of text or packed data.
inline void CountHash(size_t bytes) {
  if (ABSL_PREDICT_FALSE(internal::key_op_counter != nullptr)) {
    internal::key_op_counter->hash_steps += 1 + bytes / 64;
  }
}
inline void CountEqual(size_t bytes) {
  if (ABSL_PREDICT_FALSE(internal::key_op_counter != nullptr)) {
    internal::key_op_counter->equal_steps += 1 + bytes / 64;
  }
}
inline bool MemoOn() { return internal::key_hash_scopes > 0; }

// The container block whose memo KeyHash keeps, or null.
template <typename Block>
bool MemoGet(const Block& b, size_t* h) {
  if (!MemoOn() || !b.key_hash_memo_set_) return false;
  *h = static_cast<size_t>(b.key_hash_memo_);
  return true;
}
template <typename Block>
size_t MemoPut(const Block& b, size_t h) {
  if (MemoOn()) {
    b.key_hash_memo_ = h;
    b.key_hash_memo_set_ = true;
  }
  return h;
}

uint64_t BitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

}  // namespace

namespace {
bool IsStringLike(Type t) {
  return t == Type::kString || t == Type::kStringName;
}
bool FloatKeyEq(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}
size_t FloatKeyHash(double d) {
  if (std::isnan(d)) return 0x7ff8;
  if (d == 0) d = 0;  // -0 hashes as 0
  return absl::HashOf(BitsOf(d));
}
}  // namespace

bool KeyEquals(const Variant& a, const Variant& b) {
  if (IsStringLike(a.type()) && IsStringLike(b.type())) {
    CountEqual(a.as_string().size());
    return a.as_string() == b.as_string();
  }
  CountEqual(0);
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
    case Type::kDictionary:
    case Type::kObject:
      // Inside a decoder's scope, containers whose (memoised) hashes
      // differ are different keys: no walk over them.
      if (MemoOn() && KeyHash(a) != KeyHash(b)) return false;
      break;
    default:
      break;
  }
  switch (a.type()) {
    case Type::kFloat:
      return FloatKeyEq(a.as_float(), b.as_float());
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
      const auto& x = a.array().items;
      const auto& y = b.array().items;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!KeyEquals(x[i], y[i])) return false;
      }
      return true;
    }
    case Type::kDictionary: {
      const auto& x = a.dictionary().entries;
      const auto& y = b.dictionary().entries;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!KeyEquals(x[i].first, y[i].first) ||
            !KeyEquals(x[i].second, y[i].second)) {
          return false;
        }
      }
      return true;
    }
    default:
      if (RealComponents(a.type()) != 0) {
        const auto& x = a.reals();
        const auto& y = b.reals();
        for (size_t i = 0; i < x.size(); ++i) {
          if (!FloatKeyEq(x[i], y[i])) return false;
        }
        return true;
      }
      return a == b;
  }
}

size_t KeyHash(const Variant& v) {
  const Type t = IsStringLike(v.type()) ? Type::kString : v.type();
  size_t h = absl::HashOf(static_cast<int>(t));
  size_t memo;
  switch (v.type()) {
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      if (MemoGet(v.array(), &memo)) return CountHash(0), memo;
      break;
    case Type::kDictionary:
      if (MemoGet(v.dictionary(), &memo)) return CountHash(0), memo;
      break;
    case Type::kObject:
      if (MemoGet(v.object(), &memo)) return CountHash(0), memo;
      break;
    case Type::kString:
    case Type::kStringName:
      CountHash(v.as_string().size());
      break;
    default:
      CountHash(0);
      break;
  }
  switch (v.type()) {
    case Type::kNil:
    case Type::kCallable:
      return h;
    case Type::kBool:
      return absl::HashOf(h, v.as_bool());
    case Type::kInt:
      return absl::HashOf(h, v.as_int());
    case Type::kFloat:
      return absl::HashOf(h, FloatKeyHash(v.as_float()));
    case Type::kString:
    case Type::kStringName:
      return absl::HashOf(h, v.as_string());
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      for (const Variant& e : v.array().items) h = absl::HashOf(h, KeyHash(e));
      return MemoPut(v.array(), h);
    case Type::kDictionary:
      for (const auto& kv : v.dictionary().entries) {
        h = absl::HashOf(h, KeyHash(kv.first), KeyHash(kv.second));
      }
      return MemoPut(v.dictionary(), h);
    default:
      if (RealComponents(v.type()) != 0) {
        for (double d : v.reals()) h = absl::HashOf(h, FloatKeyHash(d));
        return h;
      }
      if (IntComponents(v.type()) != 0) {
        for (int32_t i : v.ints()) h = absl::HashOf(h, i);
        return h;
      }
      break;
  }
  switch (v.type()) {
    case Type::kNodePath:
      return absl::HashOf(h, v.node_path().names, v.node_path().subnames,
                          v.node_path().absolute);
    case Type::kRID:
      return absl::HashOf(h, v.rid());
    case Type::kObject: {
      // Every part == looks at: full Objects of one class differ in their
      // properties (hashing the class alone made such keys all collide).
      const Object& o = v.object();
      h = absl::HashOf(h, static_cast<int>(o.kind), o.id, o.class_name);
      for (const auto& [name, value] : o.properties) {
        CountHash(name.size());
        h = absl::HashOf(h, name, KeyHash(value));
      }
      return MemoPut(o, h);
    }
    case Type::kSignal:
      return absl::HashOf(h, v.signal().name, v.signal().object_id);
    case Type::kPackedByteArray:
      return absl::HashOf(h, v.packed_bytes());
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return absl::HashOf(h, v.packed_int32());
    case Type::kPackedInt64Array:
      return absl::HashOf(h, v.packed_int64());
    case Type::kPackedStringArray:
      return absl::HashOf(h, v.packed_strings());
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray:
    case Type::kPackedFloat64Array:
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array:
      // As doubles, so that either storage hashes alike (as == compares).
      for (double d : v.packed_reals()) h = absl::HashOf(h, BitsOf(d));
      return h;
    default:
      return h;
  }
}

namespace {
uint32_t Hash32(size_t h) {
  const uint32_t x = static_cast<uint32_t>(h ^ (h >> 32));
  return x == 0 ? 1 : x;
}
}  // namespace

void Dictionary::Rehash(size_t capacity) const {
  index_.assign(capacity, Slot{0, 0});
  indexed_ = 0;
}

void Dictionary::Insert(uint32_t entry, size_t hash) const {
  const size_t mask = index_.size() - 1;
  const uint32_t h = Hash32(hash);
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    if (index_[i].entry == 0) {
      index_[i] = Slot{entry + 1, h};
      return;
    }
  }
}

void Dictionary::Sync() const {
  const size_t n = entries.size();
  if (n <= kLinearMax) return;
  if (indexed_ > n || index_.size() < 2 * n) {
    size_t cap = 32;
    while (cap < 2 * n) cap *= 2;
    Rehash(cap);
  }
  for (; indexed_ < n; ++indexed_) {
    Insert(static_cast<uint32_t>(indexed_), KeyHash(entries[indexed_].first));
  }
}

ptrdiff_t Dictionary::Lookup(const Variant& key, size_t hash) const {
  const size_t n = entries.size();
  if (n <= kLinearMax) {
    for (size_t i = 0; i < n; ++i) {
      if (KeyEquals(entries[i].first, key)) return static_cast<ptrdiff_t>(i);
    }
    return -1;
  }
  Sync();
  const size_t mask = index_.size() - 1;
  const uint32_t h = Hash32(hash);
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const Slot s = index_[i];
    if (s.entry == 0) return -1;
    if (s.hash == h && KeyEquals(entries[s.entry - 1].first, key)) {
      return static_cast<ptrdiff_t>(s.entry - 1);
    }
  }
}

void Dictionary::Set(Variant key, Variant value) {
  key_hash_memo_set_ = false;
  const size_t n = entries.size();
  const size_t h = n < kLinearMax ? 0 : KeyHash(key);
  const ptrdiff_t at = Lookup(key, h);
  if (at >= 0) {
    entries[at].second = std::move(value);
    return;
  }
  entries.emplace_back(std::move(key), std::move(value));
  if (n > kLinearMax && indexed_ == n && index_.size() >= 2 * (n + 1)) {
    Insert(static_cast<uint32_t>(n), h);  // keep the index current
    indexed_ = n + 1;
  }
}

const Variant* Dictionary::Find(const Variant& key) const {
  const size_t h = entries.size() <= kLinearMax ? 0 : KeyHash(key);
  const ptrdiff_t at = Lookup(key, h);
  return at < 0 ? nullptr : &entries[at].second;
}

Variant* Dictionary::FindMutable(const Variant& key) {
  key_hash_memo_set_ = false;
  return const_cast<Variant*>(Find(key));
}

bool Dictionary::Erase(const Variant& key) {
  const size_t h = entries.size() <= kLinearMax ? 0 : KeyHash(key);
  const ptrdiff_t at = Lookup(key, h);
  if (at < 0) return false;
  key_hash_memo_set_ = false;
  entries.erase(entries.begin() + at);
  index_.clear();  // rebuilt on the next lookup
  indexed_ = 0;
  return true;
}

void Dictionary::Clear() {
  key_hash_memo_set_ = false;
  entries.clear();
  index_.clear();
  indexed_ = 0;
}

void Dictionary::Reserve(size_t n) {
  entries.reserve(n);
  if (n > kLinearMax) {
    size_t cap = 32;
    while (cap < 2 * n) cap *= 2;
    if (index_.size() < cap) {
      index_.clear();
      indexed_ = 0;
      index_.reserve(cap);
    }
  }
}

}  // namespace gdwire
