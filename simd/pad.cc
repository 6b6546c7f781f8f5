// Copyright 2026 The gdwire Authors.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/pad.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "simd/pad-inl.h"

#if HWY_ONCE
#include <climits>
#include <cstring>

#include "simd/pad.h"

namespace gdwire {
namespace simd {
namespace {

inline void StoreU32LE(uint8_t* p, uint32_t v) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(p, &v, 4);
  return;
#endif
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
  p[2] = static_cast<uint8_t>(v >> 16);
  p[3] = static_cast<uint8_t>(v >> 24);
}

// The payload, then zeros to 4: the last (partial) word is zeroed first
// and the bytes copied over it, so no byte is written twice by a loop.
inline size_t PutPadded(const uint8_t* src, size_t n, uint8_t* dst) {
  const size_t padded = PaddedSize(n);
  if (padded != n) std::memset(dst + padded - 4, 0, 4);
  if (n != 0) std::memcpy(dst, src, n);
  return padded;
}

// Copies n bytes with at most two fixed-size (overlapping) moves when n is
// small: packed string arrays are mostly short strings, where a call to
// memcpy costs more than the copy. Reads and writes only [0, n).
inline void CopyBytes(uint8_t* dst, const char* src, size_t n) {
  if (n >= 8 && n <= 16) {
    std::memcpy(dst, src, 8);
    std::memcpy(dst + n - 8, src + n - 8, 8);
  } else if (n > 16 && n <= 32) {
    std::memcpy(dst, src, 16);
    std::memcpy(dst + n - 16, src + n - 16, 16);
  } else if (n >= 4 && n < 8) {
    std::memcpy(dst, src, 4);
    std::memcpy(dst + n - 4, src + n - 4, 4);
  } else if (n < 4) {
    for (size_t i = 0; i < n; ++i) dst[i] = static_cast<uint8_t>(src[i]);
  } else {
    std::memcpy(dst, src, n);
  }
}

// One packed-string element; `n` is the string's size.
inline size_t PutElement(const char* s, size_t n, uint8_t* dst) {
  StoreU32LE(dst, static_cast<uint32_t>(n + 1));
  const size_t padded = PaddedSize(n + 1);
  std::memset(dst + 4 + padded - 4, 0, 4);  // the NUL and the padding
  CopyBytes(dst + 4, s, n);
  return 4 + padded;
}

template <typename S>
size_t SizeOf(const S* strings, size_t count) {
  size_t total = 0;
  for (size_t i = 0; i < count; ++i)
    total += 4 + PaddedSize(strings[i].size() + 1);
  return total;
}

template <typename S>
size_t WriteAll(const S* strings, size_t count, uint8_t* dst) {
  size_t pos = 0;
  for (size_t i = 0; i < count; ++i) {
    pos += PutElement(strings[i].data(), strings[i].size(), dst + pos);
  }
  return pos;
}

template <typename S>
void AppendAll(const S* strings, size_t count, std::string* out) {
  const size_t old = out->size();
  out->resize(old + SizeOf(strings, count));
  WriteAll(strings, count, reinterpret_cast<uint8_t*>(&(*out)[0]) + old);
}

}  // namespace

HWY_EXPORT(FindNonZeroImpl);

size_t FindNonZero(const uint8_t* p, size_t n) {
  return HWY_DYNAMIC_DISPATCH(FindNonZeroImpl)(p, n);
}

bool PaddingIsZero(const uint8_t* payload, size_t n) {
  for (size_t i = n; i < PaddedSize(n); ++i) {
    if (payload[i] != 0) return false;
  }
  return true;
}

size_t WritePadded(const uint8_t* src, size_t n, uint8_t* dst) {
  return PutPadded(src, n, dst);
}

void AppendPadded(const void* src, size_t n, std::string* out) {
  const size_t old = out->size();
  out->resize(old + PaddedSize(n));
  PutPadded(static_cast<const uint8_t*>(src), n,
            reinterpret_cast<uint8_t*>(&(*out)[0]) + old);
}

size_t PackedStringsSize(const std::string* s, size_t count) {
  return SizeOf(s, count);
}
size_t PackedStringsSize(const std::string_view* s, size_t count) {
  return SizeOf(s, count);
}
size_t WritePackedStrings(const std::string* s, size_t count, uint8_t* dst) {
  return WriteAll(s, count, dst);
}
size_t WritePackedStrings(const std::string_view* s, size_t count,
                          uint8_t* dst) {
  return WriteAll(s, count, dst);
}
void AppendPackedStrings(const std::string* s, size_t count, std::string* out) {
  AppendAll(s, count, out);
}
void AppendPackedStrings(const std::string_view* s, size_t count,
                         std::string* out) {
  AppendAll(s, count, out);
}

bool SkipWireStrings(const uint8_t* data, size_t size, size_t count,
                     size_t* consumed) {
  size_t pos = 0;
  for (size_t i = 0; i < count; ++i) {
    if (size - pos < 4) {
      *consumed = pos;
      return false;
    }
    const int32_t n = static_cast<int32_t>(
        uint32_t{data[pos]} | (uint32_t{data[pos + 1]} << 8) |
        (uint32_t{data[pos + 2]} << 16) | (uint32_t{data[pos + 3]} << 24));
    const uint64_t padded = PaddedSize(static_cast<uint64_t>(n));
    if (n < 0 || padded > uint64_t{INT32_MAX} || padded > size - pos - 4) {
      *consumed = pos;
      return false;
    }
    pos += 4 + padded;
  }
  *consumed = pos;
  return true;
}

namespace scalar {

size_t FindNonZero(const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (p[i] != 0) return i;
  }
  return n;
}

size_t WritePadded(const uint8_t* src, size_t n, uint8_t* dst) {
  size_t i = 0;
  for (; i < n; ++i) dst[i] = src[i];
  for (; i % 4 != 0; ++i) dst[i] = 0;
  return i;
}

size_t WritePackedStrings(const std::string* s, size_t count, uint8_t* dst) {
  size_t pos = 0;
  for (size_t i = 0; i < count; ++i) {
    StoreU32LE(dst + pos, static_cast<uint32_t>(s[i].size() + 1));
    pos += 4;
    for (char c : s[i]) dst[pos++] = static_cast<uint8_t>(c);
    dst[pos++] = 0;
    while (pos % 4 != 0) dst[pos++] = 0;
  }
  return pos;
}

}  // namespace scalar
}  // namespace simd
}  // namespace gdwire
#endif  // HWY_ONCE
