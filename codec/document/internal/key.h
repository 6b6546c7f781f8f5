// Copyright 2026 The gdwire Authors.
//
// codec/document/internal/key.h: the seeded key hashes of the Dictionary
// index (index.cc), shared by the parse and the lookups.

#ifndef GDWIRE_CODEC_DOCUMENT_INTERNAL_KEY_H_
#define GDWIRE_CODEC_DOCUMENT_INTERNAL_KEY_H_

#include <cstdint>
#include <cstring>

#include "absl/base/attributes.h"
#include "absl/strings/string_view.h"
#include "codec/wire.h"

namespace gdwire {
namespace document {
namespace internal {

inline uint64_t Mum(uint64_t a, uint64_t b) {
  const unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
  return static_cast<uint64_t>(r) ^ static_cast<uint64_t>(r >> 64);
}
inline constexpr uint64_t kK1 = 0xa0761d6478bd642full;
inline constexpr uint64_t kK2 = 0xe7037ed1a0b428dbull;
inline constexpr uint64_t kK3 = 0x8ebc6af09c88c6e3ull;
inline constexpr uint64_t kK4 = 0x589965cc75374cc3ull;

// Short keys (the usual field names) inline, wyhash-style; longer ones
// through absl::Hash. Every hash mixes the Parser's random seed.
uint64_t HashLongString(uint64_t seed, absl::string_view s);
ABSL_ATTRIBUTE_ALWAYS_INLINE inline uint64_t HashString(uint64_t seed,
                                                        absl::string_view s) {
  const size_t n = s.size();
  if (n > 16) return HashLongString(seed, s);
  const uint8_t* p = reinterpret_cast<const uint8_t*>(s.data());
  uint64_t a = 0, b = 0;
  if (n >= 4) {
    const size_t q = (n >> 3) << 2;
    a = (uint64_t{wire::LoadU32(p)} << 32) | wire::LoadU32(p + q);
    b = (uint64_t{wire::LoadU32(p + n - 4)} << 32) |
        wire::LoadU32(p + n - 4 - q);
  } else if (n > 0) {
    a = (uint64_t{p[0]} << 16) | (uint64_t{p[n >> 1]} << 8) | p[n - 1];
  }
  return Mum(kK1 ^ n, Mum(a ^ kK1 ^ seed, b ^ kK2));
}
inline uint64_t HashInt(uint64_t seed, int64_t v) {
  return Mum(static_cast<uint64_t>(v) ^ kK2 ^ seed, kK3);
}
inline uint64_t HashBool(uint64_t seed, bool v) {
  return Mum(uint64_t{v} ^ kK3 ^ seed, kK4);
}
inline uint64_t HashNil(uint64_t seed) { return Mum(kK4 ^ seed, kK1); }
inline uint64_t HashFloat(uint64_t seed, double d) {
  uint64_t u = 0x7ff8;
  if (d == d) {
    if (d == 0) d = 0;  // -0 is 0
    std::memcpy(&u, &d, 8);
  }
  return Mum(u ^ kK1 ^ seed, kK4 ^ 0x9e3779b97f4a7c15ull);
}

}  // namespace internal
}  // namespace document
}  // namespace gdwire

#endif  // GDWIRE_CODEC_DOCUMENT_INTERNAL_KEY_H_
