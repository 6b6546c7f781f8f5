// Copyright 2026 The gdwire Authors.
//
// Per-target kernel for simd/utf8.h: the ASCII scan.

#if defined(GDWIRE_SIMD_UTF8_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef GDWIRE_SIMD_UTF8_INL_H_
#undef GDWIRE_SIMD_UTF8_INL_H_
#else
#define GDWIRE_SIMD_UTF8_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "simd/internal/utf8_lookup-inl.h"

HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// A byte stops the scan when it is 00 or >= 0x80. (v | (v == 0 ? FF : 00))
// has its top bit set exactly for those, so four vectors are OR-ed and
// tested with one sign check.
size_t FindNonAsciiOrNulImpl(const uint8_t* HWY_RESTRICT p, size_t n) {
  const hn::ScalableTag<uint8_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const size_t N = hn::Lanes(d);
  const auto zero = hn::Zero(d);
  const auto izero = hn::Zero(di);
  const auto flag = [&](hn::Vec<decltype(d)> v) HWY_ATTR {
    return hn::BitCast(di, hn::Or(v, hn::VecFromMask(d, hn::Eq(v, zero))));
  };
  size_t i = 0;
  for (; i + 4 * N <= n; i += 4 * N) {
    const auto f =
        hn::Or(hn::Or(flag(hn::LoadU(d, p + i)), flag(hn::LoadU(d, p + i + N))),
               hn::Or(flag(hn::LoadU(d, p + i + 2 * N)),
                      flag(hn::LoadU(d, p + i + 3 * N))));
    if (HWY_UNLIKELY(!hn::AllFalse(di, hn::Lt(f, izero)))) break;
  }
  for (; i + N <= n; i += N) {
    const intptr_t k =
        hn::FindFirstTrue(di, hn::Lt(flag(hn::LoadU(d, p + i)), izero));
    if (k >= 0) return i + static_cast<size_t>(k);
  }
  for (; i < n; ++i) {
    if (p[i] == 0 || p[i] >= 0x80) return i;
  }
  return n;
}

// Accepts strict UTF-8 from position `i`, which must be a sequence
// boundary with only complete sequences before it, a vector at a time, up
// to the first NUL (the end of a wire string's text) or n; the last part
// (less than a vector) is checked as one vector padded with ASCII spaces,
// so short strings (names, chat, PackedStringArray elements with their
// NUL) take the kernel too. Returns the first NUL or n when everything
// before it is accepted, else the start of the first vector not accepted
// (one with an invalid or, where the text ends in it, unfinished sequence).
// Sequences may continue from an accepted vector into the returned
// position: the caller checks that the text does not end inside one
// (a whole last vector may end in an open sequence). Sets *non_ascii if an
// accepted vector had a byte >= 0x80.
size_t Utf8StrictPrefixImpl(const uint8_t* HWY_RESTRICT p, size_t i, size_t n,
                            bool* non_ascii) {
  const hn::ScalableTag<uint8_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  using V = hn::Vec<decltype(d)>;
  const size_t N = hn::Lanes(d);
  const auto zero = hn::Zero(d);
  const auto izero = hn::Zero(di);
  const auto space = hn::Set(d, ' ');
  // Top bit set for bytes >= 0x80 and for NUL.
  const auto flag = [&](V v) HWY_ATTR {
    return hn::BitCast(di, hn::Or(v, hn::VecFromMask(d, hn::Eq(v, zero))));
  };
  const size_t start = i;
  // True when the vector v at position `at` (no NUL) is strict UTF-8 that
  // continues the sequences before it (the 3 bytes before `at`, those
  // before `start` taken as NUL, i.e. ASCII); sets *ascii when it is all
  // ASCII. `prev_ascii`: the bytes before `at` end complete sequences.
  const auto valid = [&](V v, size_t at, bool prev_ascii,
                         bool* ascii) HWY_ATTR {
    *ascii = hn::AllFalse(di, hn::Lt(hn::BitCast(di, v), izero));
    if (*ascii && prev_ascii) return true;
    V prev1, prev2, prev3;
    // From a small copy when the bytes before `at` are not all there, or
    // when v is the last, padded vector (the input ends inside it).
    if (HWY_UNLIKELY(at < 3 || at - 3 < start || at + N > n)) {
      HWY_ALIGN uint8_t tmp[3 + HWY_MAX_BYTES] = {0};
      for (size_t k = 1; k <= 3; ++k) {
        if (at >= k && at - k >= start) tmp[3 - k] = p[at - k];
      }
      hn::StoreU(v, d, tmp + 3);
      prev1 = hn::LoadU(d, tmp + 2);
      prev2 = hn::LoadU(d, tmp + 1);
      prev3 = hn::LoadU(d, tmp + 0);
    } else {
      prev1 = hn::LoadU(d, p + at - 1);
      prev2 = hn::LoadU(d, p + at - 2);
      prev3 = hn::LoadU(d, p + at - 3);
    }
    return hn::AllTrue(d, hn::Eq(Utf8Errors(d, v, prev1, prev2, prev3), zero));
  };
  // The vector holding the end of the text (a NUL, or the end of the
  // input padded with spaces): the bytes from the end on become spaces,
  // which no open sequence accepts. Returns the end, or `at` if rejected.
  const auto last = [&](V v, size_t at, size_t len, bool prev_ascii) HWY_ATTR {
    const intptr_t z = hn::FindFirstTrue(d, hn::Eq(v, zero));
    if (z >= 0 && static_cast<size_t>(z) < len) len = static_cast<size_t>(z);
    v = hn::IfThenElse(hn::FirstN(d, len), v, space);
    bool ascii;
    if (!valid(v, at, prev_ascii, &ascii)) return at;
    if (!ascii) *non_ascii = true;
    return at + len;
  };
  bool prev_ascii = true;  // the bytes before i end complete sequences
  for (; i + N <= n;) {
    // Fast path: four all-ASCII vectors (no NUL).
    if (prev_ascii && i + 4 * N <= n) {
      const auto f = hn::Or(
          hn::Or(flag(hn::LoadU(d, p + i)), flag(hn::LoadU(d, p + i + N))),
          hn::Or(flag(hn::LoadU(d, p + i + 2 * N)),
                 flag(hn::LoadU(d, p + i + 3 * N))));
      if (hn::AllFalse(di, hn::Lt(f, izero))) {
        i += 4 * N;
        continue;
      }
    }
    const auto v = hn::LoadU(d, p + i);
    if (HWY_UNLIKELY(!hn::AllFalse(d, hn::Eq(v, zero)))) {
      return last(v, i, N, prev_ascii);
    }
    bool ascii;
    if (HWY_UNLIKELY(!valid(v, i, prev_ascii, &ascii))) return i;
    if (!ascii) *non_ascii = true;
    prev_ascii = ascii;
    i += N;
  }
  if (i == n) return n;
  HWY_ALIGN uint8_t tail[HWY_MAX_BYTES] = {0};
  std::memcpy(tail, p + i, n - i);
  return last(hn::LoadU(d, tail), i, n - i, prev_ascii);
}

// Short text (names, chat) checked in 16-byte vectors loaded in place:
// p[0, RoundUp(n, 16)) must be readable (the caller's "slop" bytes; only
// the first n are looked at). Returns the end of the text (the first NUL,
// or n) when all of it is strict UTF-8 with no sequence cut off, else
// ~size_t{0} (the caller decides then). Sets *non_ascii when the text has
// a byte >= 0x80. The bytes past the end are taken as spaces, which no
// open sequence accepts; the vector before the first is taken as ASCII.
size_t Utf8ShortStrictImpl(const uint8_t* HWY_RESTRICT p, size_t n,
                           bool* non_ascii) {
#if HWY_TARGET == HWY_SCALAR
  (void)p;
  (void)n;
  (void)non_ascii;
  return ~size_t{0};
#else
  const hn::Full128<uint8_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const auto zero = hn::Zero(d);
  const auto space = hn::Set(d, ' ');
  auto prev = zero;
  auto error = zero;
  auto high = zero;
  size_t end = n;
  const auto check = [&](decltype(zero) v) HWY_ATTR {
    const auto prev1 = hn::CombineShiftRightBytes<15>(d, v, prev);
    const auto prev2 = hn::CombineShiftRightBytes<14>(d, v, prev);
    const auto prev3 = hn::CombineShiftRightBytes<13>(d, v, prev);
    error = hn::Or(error, Utf8Errors(d, v, prev1, prev2, prev3));
    high = hn::Or(high, v);
    prev = v;
  };
  size_t i = 0;
  for (; i < end; i += 16) {
    auto v = hn::LoadU(d, p + i);
    size_t len = end - i < 16 ? end - i : 16;
    const intptr_t z = hn::FindFirstTrue(d, hn::Eq(v, zero));
    if (z >= 0 && static_cast<size_t>(z) < len) {
      len = static_cast<size_t>(z);
      end = i + len;
    }
    if (len < 16) v = hn::IfThenElse(hn::FirstN(d, len), v, space);
    check(v);
  }
  // A text that ends at a vector's end: one vector of spaces after it
  // finds a sequence left open.
  if (end % 16 == 0 && end > 0) check(space);
  if (!hn::AllTrue(d, hn::Eq(error, zero))) return ~size_t{0};
  *non_ascii = !hn::AllFalse(di, hn::Lt(hn::BitCast(di, high), hn::Zero(di)));
  return end;
#endif
}

}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
