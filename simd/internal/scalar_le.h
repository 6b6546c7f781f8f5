// Copyright 2026 The gdwire Authors.
//
// simd/internal/scalar_le.h: byte-wise little-endian loads and stores of
// 4- and 8-byte values, for the scalar twins of the kernels: right on any
// host, whatever its byte order.
//
//   const float f = gdwire::simd::scalar::LoadLE<float>(p);
//   gdwire::simd::scalar::StoreLE<double>(d, q);
#ifndef GDWIRE_SIMD_INTERNAL_SCALAR_LE_H_
#define GDWIRE_SIMD_INTERNAL_SCALAR_LE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace gdwire {
namespace simd {
namespace scalar {

template <typename T>
T LoadLE(const uint8_t* p) {
  using U = typename std::conditional<sizeof(T) == 4, uint32_t, uint64_t>::type;
  U u = 0;
  for (size_t k = 0; k < sizeof(T); ++k) u |= U{p[k]} << (8 * k);
  T v;
  std::memcpy(&v, &u, sizeof(T));
  return v;
}

template <typename T>
void StoreLE(T v, uint8_t* p) {
  using U = typename std::conditional<sizeof(T) == 4, uint32_t, uint64_t>::type;
  U u;
  std::memcpy(&u, &v, sizeof(T));
  for (size_t k = 0; k < sizeof(T); ++k) {
    p[k] = static_cast<uint8_t>(u >> (8 * k));
  }
}

}  // namespace scalar
}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_INTERNAL_SCALAR_LE_H_
