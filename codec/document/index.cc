// Copyright 2026 The gdwire Authors.
//
// The hash index of each parsed Dictionary (tape.h): open addressing with
// linear probing at load <= 1/2 over the entries' ordinals, Godot's key
// identity (codec/dictionary.cc's KeyEquals: String and StringName of the
// same text are one key, NaN equals NaN, -0 equals 0, 1 and 1.0 differ),
// the last duplicate winning. The hash is seeded per Parser (random), so
// hostile keys cannot aim at one bucket. Keys of other types (math,
// containers, ...) and godot3 non-canonical text are left out and flag the
// Dictionary (kComplexKeys): lookups there go linear through KeyEquals.

#include <cmath>
#include <cstring>

#include "absl/base/attributes.h"
#include "absl/base/optimization.h"
#include "absl/hash/hash.h"
#include "codec/document/document.h"
#include "codec/document/internal/key.h"
#include "codec/wire.h"

namespace gdwire {
namespace document {

using internal::kComplexKeys;
using internal::kContainer;
using internal::kDuplicateKeys;
using internal::kLinearKeys;
using internal::kNonCanonical;
using internal::Node;

namespace internal {

uint64_t HashLongString(uint64_t seed, absl::string_view s) {
  return absl::HashOf(seed, s);
}

}  // namespace internal

namespace {

bool StringLike(Type t) { return t == Type::kString || t == Type::kStringName; }

}  // namespace

ABSL_ATTRIBUTE_ALWAYS_INLINE inline uint64_t Parser::KeyHashOf(
    uint32_t k, bool* hashable) const {
  const Node& n = tape_[k];
  *hashable = true;
  if (ABSL_PREDICT_TRUE(StringLike(n.type) && !(n.flags & kNonCanonical))) {
    return internal::HashString(
        seed_,
        absl::string_view(reinterpret_cast<const char*>(data_) + n.a, n.b));
  }
  const Element e(this, k);
  switch (n.type) {
    case Type::kInt:
      return internal::HashInt(seed_, e.as_int());
    case Type::kBool:
      return internal::HashBool(seed_, e.as_bool());
    case Type::kNil:
      return internal::HashNil(seed_);
    case Type::kFloat:
      return internal::HashFloat(seed_, e.as_float());
    default:
      break;
  }
  *hashable = false;
  return 0;
}

bool Parser::KeyNodeEquals(uint32_t a, uint32_t b) const {
  const Element x(this, a), y(this, b);
  const Type ta = x.type(), tb = y.type();
  const bool sa = StringLike(ta);
  const bool sb = StringLike(tb);
  if (sa || sb) return sa && sb && x.as_string() == y.as_string();
  if (ta != tb) return false;
  switch (ta) {
    case Type::kInt:
      return x.as_int() == y.as_int();
    case Type::kBool:
      return x.as_bool() == y.as_bool();
    case Type::kNil:
      return true;
    case Type::kFloat: {
      const double p = x.as_float(), q = y.as_float();
      return p == q || (std::isnan(p) && std::isnan(q));
    }
    default:
      return false;
  }
}

// A few canonical String keys (tape.h, kLinearKeys): no table, and no
// search for duplicates (lookups take the last equal key; ToVariant, the
// one reader that needs to know, compares the few keys itself). The parse
// saw every key's type (`text_keys`); only the lenient dialects' text can
// be non-canonical. False when the keys do not qualify.
bool Parser::LinearKeys(uint32_t node, const uint32_t* keys, uint32_t n) {
  if (opts_.dialect != Dialect::kGodot4) {
    uint32_t odd = 0;
    for (uint32_t i = 0; i < n; ++i)
      odd |= tape_[keys[i]].flags & kNonCanonical;
    if (odd != 0) return false;
  }
  tape_[node].flags |= kLinearKeys;
  return true;
}

// Load <= 1/4 (few probes), and the keys' hashes kept while building so a
// collision compares keys only when their 64-bit hashes agree.
void Parser::IndexDictionary(uint32_t node, bool text_keys) {
  const uint32_t slot = tape_[node].b;
  const uint32_t n = slots_[slot];
  if (text_keys && n > 0 && n <= internal::kLinearKeysMax &&
      LinearKeys(node, slots_.get() + slot + 1, n)) {
    slots_[slot + 1 + n] = 0;  // no table
    return;
  }
  uint32_t cap = 0;
  if (n > 0) {
    cap = 8;
    while (cap < 4 * uint64_t{n}) cap *= 2;
  }
  const size_t need = slots_len_ + 1 + cap;
  if (need > slots_cap_) GrowSlots(need);
  const uint32_t hb = static_cast<uint32_t>(slots_len_);
  slots_len_ = need;
  slots_[slot + 1 + n] = hb;
  slots_[hb] = cap;
  uint32_t* table = slots_.get() + hb + 1;
  std::memset(table, 0, sizeof(uint32_t) * cap);
  const uint32_t* keys = slots_.get() + slot + 1;
  const uint32_t mask = cap - 1;
  constexpr uint32_t kKept = 64;
  uint64_t hashes[kKept];
  // The first keys' hashes all at once, then the table: the hashes (two
  // dependent multiplies each) of different keys overlap in the pipeline
  // instead of each waiting behind the previous key's probe.
  uint32_t unhashable = 0;
  const uint32_t first = n < kKept ? n : kKept;
  for (uint32_t i = 0; i < first; ++i) {
    bool hashable;
    hashes[i] = KeyHashOf(keys[i], &hashable);
    unhashable |= hashable ? 0 : 1;
  }
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t k = keys[i];
    bool hashable = true;
    const uint64_t h = i < kKept ? hashes[i] : KeyHashOf(k, &hashable);
    if (ABSL_PREDICT_FALSE(unhashable != 0 || !hashable)) {
      if (i < kKept) KeyHashOf(k, &hashable);
      if (!hashable) {
        tape_[node].flags |= kComplexKeys;
        continue;
      }
    }
    uint32_t j = static_cast<uint32_t>(h) & mask;
    for (;;) {
      uint32_t& cell = table[j];
      if (cell == 0) {
        cell = i + 1;
        break;
      }
      const uint32_t o = cell - 1;
      if ((o >= kKept || hashes[o] == h) && KeyNodeEquals(keys[o], k)) {
        cell = i + 1;  // the last duplicate wins
        tape_[node].flags |= kDuplicateKeys;
        break;
      }
      j = (j + 1) & mask;
    }
  }
}

}  // namespace document
}  // namespace gdwire
