// Copyright 2026 The gdwire Authors.
//
// codec/wire.h: the smallest building blocks of the format, shared by every
// codec in gdwire (and nothing else is shared between the reference codec
// and the fast paths): header bits, pad4, little-endian loads and stores.
//
//   uint32_t h = gdwire::wire::LoadU32(p);
//   uint32_t id = h & gdwire::wire::kTypeMask;
//   bool wide = h & gdwire::wire::kFlag64;
//   size_t n = 4 + len + gdwire::wire::Pad4(len);

#ifndef GDWIRE_CODEC_WIRE_H_
#define GDWIRE_CODEC_WIRE_H_

#include <cstdint>
#include <cstring>
#include <string>

namespace gdwire {
namespace wire {

inline constexpr uint32_t kTypeMask = 0xFF;
inline constexpr uint32_t kFlag64 = 1u << 16;          // INT/FLOAT/real math
inline constexpr uint32_t kFlagObjectAsId = 1u << 16;  // OBJECT
inline constexpr uint32_t kArrayKindShift = 16;        // typed ARRAY kind
inline constexpr uint32_t kDictKeyKindShift = 16;      // typed DICT key kind
inline constexpr uint32_t kDictValueKindShift = 18;    // typed DICT value kind
inline constexpr uint32_t kKindMask = 3;
inline constexpr uint32_t kCountMask = 0x7FFFFFFF;  // Array/Dict count
inline constexpr uint32_t kNodePathNewFormat = 0x80000000u;
inline constexpr uint32_t kNodePathAbsolute = 1;
inline constexpr uint32_t kNodePathPropertyObsolete = 2;

// Zero bytes that follow `n` bytes to reach a multiple of 4.
inline constexpr uint32_t Pad4(uint64_t n) {
  return static_cast<uint32_t>((4 - (n & 3)) & 3);
}

// Of 8 bytes loaded little-endian into w: the index of the first NUL when
// every byte before it is ASCII (0..7), 8 when all 8 are ASCII without NUL,
// -1 when a byte >= 0x80 comes first.
inline int AsciiWordStop(uint64_t w) {
  const uint64_t high = w & 0x8080808080808080ull;
  // The lowest flagged byte is the first NUL (a borrow flags only bytes
  // above it).
  const uint64_t zero =
      (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
  if (zero != 0) {
    const int z = __builtin_ctzll(zero) >> 3;
    return high & ((uint64_t{1} << (8 * z)) - 1) ? -1 : z;
  }
  return high != 0 ? -1 : 8;
}

// True when p[0, n) is ASCII without NUL: text that needs no UTF-8 check,
// no BOM strip and no NUL cut. (Inline, for the many short strings -- keys,
// names -- where a dispatched SIMD call costs more than the check; the push
// parser and the fast encoder use it.)
inline bool PlainAscii(const uint8_t* p, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    const uint64_t high = w & 0x8080808080808080ull;
    const uint64_t zero =
        (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
    if ((high | zero) != 0) return false;
  }
  for (; i < n; ++i) {
    if (p[i] == 0 || p[i] >= 0x80) return false;
  }
  return true;
}

inline uint16_t LoadU16(const uint8_t* p) {
  return static_cast<uint16_t>(p[0] | (p[1] << 8));
}
inline uint32_t LoadU32(const uint8_t* p) {
  return uint32_t{p[0]} | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) |
         (uint32_t{p[3]} << 24);
}
inline uint64_t LoadU64(const uint8_t* p) {
  return uint64_t{LoadU32(p)} | (uint64_t{LoadU32(p + 4)} << 32);
}
inline uint32_t LoadU32BE(const uint8_t* p) {
  return uint32_t{p[3]} | (uint32_t{p[2]} << 8) | (uint32_t{p[1]} << 16) |
         (uint32_t{p[0]} << 24);
}
inline float LoadF32(const uint8_t* p) {
  const uint32_t u = LoadU32(p);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline double LoadF64(const uint8_t* p) {
  const uint64_t u = LoadU64(p);
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

inline void StoreU32(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
  p[2] = static_cast<uint8_t>(v >> 16);
  p[3] = static_cast<uint8_t>(v >> 24);
}
inline void StoreU32BE(uint8_t* p, uint32_t v) {
  p[3] = static_cast<uint8_t>(v);
  p[2] = static_cast<uint8_t>(v >> 8);
  p[1] = static_cast<uint8_t>(v >> 16);
  p[0] = static_cast<uint8_t>(v >> 24);
}
inline void StoreU64(uint8_t* p, uint64_t v) {
  StoreU32(p, static_cast<uint32_t>(v));
  StoreU32(p + 4, static_cast<uint32_t>(v >> 32));
}

// Appending writers for std::string byte buffers.
inline void AppendU32(std::string* out, uint32_t v) {
  uint8_t b[4];
  StoreU32(b, v);
  out->append(reinterpret_cast<const char*>(b), 4);
}
inline void AppendU64(std::string* out, uint64_t v) {
  uint8_t b[8];
  StoreU64(b, v);
  out->append(reinterpret_cast<const char*>(b), 8);
}
inline void AppendF32(std::string* out, float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  AppendU32(out, u);
}
inline void AppendF64(std::string* out, double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  AppendU64(out, u);
}
inline void AppendPad4(std::string* out, uint64_t n) {
  out->append(Pad4(n), '\0');
}

}  // namespace wire
}  // namespace gdwire

#endif  // GDWIRE_CODEC_WIRE_H_
