// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: simd/utf8_short.h
// -----------------------------------------------------------------------------
//
// The verdict on a short wire string's text (names, keys, chat lines,
// PackedStringArray elements: up to 256 bytes) when it is strict UTF-8,
// inlined into the caller, on 16-byte vectors of the build's baseline
// target (Highway's static target, SSSE3 or better with -march=x86-64-v2;
// no dispatch, no call) loaded in place from the caller's readable bytes.
// Tiers, cheapest first: ASCII (the NUL and high-bit masks of the scan);
// ASCII with 2-byte sequences (accents, Cyrillic, Greek, Hebrew, Arabic:
// two more masks of the chunks that hold them, a few bit operations); then
// the Keiser-Lemire lookup check of simd/utf8 (3- and 4-byte sequences) on
// one vector, or on the chunks that need it. Accented names cost about
// 0.8x, Cyrillic 0.9x of ASCII per byte (benchmarks/floors.txt).
//
// Strict UTF-8 without NUL is valid and canonical under both rule sets
// (simd/utf8.h), so a string this settles has the same verdict for godot4
// and godot3. Anything else (an invalid or cut-off sequence, Godot 3's
// lenient forms) is left to simd::CheckWireText, which decides it and finds
// the bad index exactly; codec/core/text.h's CheckText is the one caller
// that every reader goes through.
//
// Example:
//
//   gdwire::simd::WireText t;
//   if (n <= gdwire::simd::kShortTextMax &&
//       readable >= gdwire::simd::ShortTextReadable(n) &&
//       gdwire::simd::CheckShortText(p, n, &t)) {
//     // t.ok; t.begin, t.end (BOM and NUL rules applied), t.ascii.
//   } else {
//     t = gdwire::simd::CheckWireText(p, n, readable, rules);
//   }
#ifndef GDWIRE_SIMD_UTF8_SHORT_H_
#define GDWIRE_SIMD_UTF8_SHORT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "simd/internal/utf8_lookup-inl.h"
#include "simd/utf8.h"

// 1 when the build's baseline target has the byte shuffles of the lookup
// check (not Highway's one-lane fallback): CheckShortText settles text.
#if HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_EMU128
#define GDWIRE_SIMD_SHORT_TEXT 0
#else
#define GDWIRE_SIMD_SHORT_TEXT 1
#endif

#if GDWIRE_SIMD_SHORT_TEXT
HWY_BEFORE_NAMESPACE();
namespace gdwire {
namespace simd {
namespace HWY_NAMESPACE {
namespace short_text {

// The 16 lanes of mask m as bits (lane k: bit k): one PMOVMSKB on x86.
template <class D>
HWY_INLINE uint64_t Bits(D d, hn::Mask<D> m) {
#if HWY_ARCH_X86
  const hn::Repartition<int64_t, D> d64;
  return static_cast<uint32_t>(
      _mm_movemask_epi8(hn::BitCast(d64, hn::VecFromMask(d, m)).raw));
#else
  uint8_t b[8];
  hn::StoreMaskBits(d, m, b);
  uint16_t r;
  std::memcpy(&r, b, 2);
  return r;
#endif
}

// Chunk k (16 bytes at p + 16k) of a block: its NULs and its bytes >= 0x80
// OR-ed into *zeros and *high (bit 16k + lane).
template <size_t k>
HWY_INLINE void Scan(const uint8_t* HWY_RESTRICT p, uint64_t* zeros,
                     uint64_t* high) {
  const hn::Full128<uint8_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const auto v = hn::LoadU(d, p + 16 * k);
  *zeros |= Bits(d, hn::Eq(v, hn::Zero(d))) << (16 * k);
  *high |= Bits(di, hn::Lt(hn::BitCast(di, v), hn::Zero(di))) << (16 * k);
}

// The 64-byte block at p, of which m (> 0) bytes are input: the end of the
// text in it (its first NUL, m, or 64) and *high, the bits of its bytes
// >= 0x80 before that end. Reads p[0, RoundUp(min(m, 64), 16)).
HWY_INLINE size_t ScanBlock(const uint8_t* HWY_RESTRICT p, size_t m,
                            uint64_t* high) {
  uint64_t zeros = m < 64 ? ~uint64_t{0} << m : 0;
  uint64_t h = 0;
  Scan<0>(p, &zeros, &h);
  if (m > 16) Scan<1>(p, &zeros, &h);
  if (m > 32) Scan<2>(p, &zeros, &h);
  if (m > 48) Scan<3>(p, &zeros, &h);
  const size_t e =
      zeros == 0 ? 64 : static_cast<size_t>(__builtin_ctzll(zeros));
  *high = e < 64 ? h & ((uint64_t{1} << e) - 1) : h;
  return e;
}

// Chunk k of the bytes classed for TwoByteText: *lead (C2..DF, the leads
// of 2-byte sequences) and *bit6 (bytes with bit 6 set: among those >= 0x80,
// the ones that are not continuations), bit 16k + lane. C2..DF plus 0xBE
// (wrapping) is -128..-99 and nothing else is; bit 6 is the sign of the
// byte doubled. Three vector steps and two PMOVMSKB, one constant each.
template <size_t k>
HWY_INLINE void Classes(const uint8_t* HWY_RESTRICT p, uint64_t* lead,
                        uint64_t* bit6) {
  const hn::Full128<int8_t> di;
  const auto v = hn::BitCast(di, hn::LoadU(hn::Full128<uint8_t>(), p + 16 * k));
  const auto shifted = hn::Add(v, hn::Set(di, int8_t{-66}));
  *lead |= Bits(di, hn::Lt(shifted, hn::Set(di, int8_t{-98}))) << (16 * k);
  *bit6 |= Bits(di, hn::Lt(hn::Add(v, v), hn::Zero(di))) << (16 * k);
}

// True when the text p[0, e) (0 < e < 64), whose bytes >= 0x80 are `high`
// (bit k: p[k], none at or past e), is ASCII and 2-byte sequences (C2..DF,
// then 80..BF) only: Latin accents, Cyrillic, Greek, Hebrew, Arabic. The
// first chunk is classed (an accent in a short name: nothing more), the
// others only when they hold a byte >= 0x80; false sends other text to the
// lookup check.
HWY_INLINE bool TwoByteText(const uint8_t* HWY_RESTRICT p, size_t e,
                            uint64_t high) {
  uint64_t lead = 0, bit6 = 0;
  Classes<0>(p, &lead, &bit6);
  if (HWY_UNLIKELY(high > 0xFFFF)) {
    if (e > 16) Classes<1>(p, &lead, &bit6);
    if (e > 32) Classes<2>(p, &lead, &bit6);
    if (e > 48) Classes<3>(p, &lead, &bit6);
  }
  // The leads of the text (`high` keeps its bytes >= 0x80) and the bytes
  // after them: together exactly the text's bytes >= 0x80 (a lead cut off
  // by the end has its second bit past the text), and each byte after a
  // lead a continuation (a byte >= 0x80 without bit 6).
  lead &= high;
  const uint64_t second = lead << 1;
  return ((high ^ (lead | second)) | (second & bit6)) == 0;
}

// The lookup errors of the 16 bytes x (the text's bytes from `at` on, those
// past its end made spaces) after the 16 bytes prev.
template <class V>
HWY_INLINE V Errors(V x, V prev) {
  const hn::DFromV<V> d;
  return Utf8Errors(d, x, hn::CombineShiftRightBytes<15>(d, x, prev),
                    hn::CombineShiftRightBytes<14>(d, x, prev),
                    hn::CombineShiftRightBytes<13>(d, x, prev));
}

// Chunk k of the block at p (text end e in the block, 16k <= e), when w
// (its bytes that need the check) is nonzero: its errors OR-ed into *err.
// The 16 bytes before it are read in place (all text), or taken as ASCII
// when `first` (the chunk starts the text).
template <size_t k, class V>
HWY_INLINE void CheckChunk(const uint8_t* HWY_RESTRICT p, size_t e, uint64_t w,
                           bool first, V* err) {
  if (w == 0) return;
  const hn::DFromV<V> d;
  const V space = hn::Set(d, ' ');
  constexpr size_t at = 16 * k;
  V x = space;
  if (at + 16 <= e) {
    x = hn::LoadU(d, p + at);
  } else if (at < e) {
    x = hn::IfThenElse(hn::FirstN(d, e - at), hn::LoadU(d, p + at), space);
  }
  const V prev = first ? hn::Zero(d) : hn::LoadU(d, p + at - 16);
  *err = hn::Or(*err, Errors(x, prev));
}

// The text of the n bytes at p, up to the first NUL or n, when it is strict
// UTF-8 with no sequence cut off: true, *end its end, *high the bits of its
// first 64 bytes >= 0x80 (bit k: p[k]) and *high_later whether a later
// byte is. False when not. Reads p[0, RoundUp(n, 16)). Bytes from the end
// on are taken as spaces (no open sequence accepts one) and those before p
// as NUL; only the 16-byte chunks that hold, or follow within 3 bytes, a
// byte >= 0x80 are checked.
HWY_INLINE bool StrictText(const uint8_t* HWY_RESTRICT p, size_t n, size_t* end,
                           uint64_t* high_bits, bool* high_later) {
  const hn::Full128<uint8_t> d;
  uint64_t high;
  size_t e = n == 0 ? 0 : ScanBlock(p, n, &high);
  *high_bits = n == 0 ? 0 : high;
  *high_later = false;
  if (HWY_LIKELY(e < 64)) {
    *end = e;
    if (HWY_LIKELY(n == 0 || high == 0)) return true;
    // ASCII and 2-byte sequences (accents, Cyrillic, Greek, ...): a few
    // compares on the chunks that hold them.
    if (TwoByteText(p, e, high)) return true;
    // Few non-ASCII bytes (CJK, symbols): one vector from the first
    // of them (or as far on as the readable bytes allow; the bytes before
    // it are ASCII) when it also holds the byte after the last of them. The
    // bytes after that are ASCII (or spaces past the end), so an invalid
    // or cut-off sequence shows an error at or before that byte.
    const size_t first = static_cast<size_t>(__builtin_ctzll(high));
    const size_t last = 63 - static_cast<size_t>(__builtin_clzll(high));
    const size_t room = ((n + 15) & ~size_t{15}) - 16;
    const size_t w = first < room ? first : room;
    if (last < w + 15) {
      auto x = hn::LoadU(d, p + w);
      if (e < w + 16) {
        x = hn::IfThenElse(hn::FirstN(d, e - w), x, hn::Set(d, ' '));
      }
      const auto zero = hn::Zero(d);
      return hn::AllTrue(d, hn::Eq(Errors(x, zero), zero));
    }
  }
  // 64-byte blocks: the chunks that hold a byte >= 0x80 or follow one
  // within 3 bytes; a chunk at the text's end is all spaces.
  auto err = hn::Zero(d);
  size_t base = 0;
  uint64_t carry = 0;  // the previous block's last 3 bytes >= 0x80
  for (;;) {
    const uint8_t* q = p + base;
    if (base != 0) {
      if (base == n) {  // the text ends at its input's end
        e = 0;
        high = 0;
      } else {
        e = ScanBlock(q, n - base, &high);
        if (high != 0) *high_later = true;
      }
    }
    const uint64_t need =
        high | high << 1 | high << 2 | high << 3 | (carry != 0 ? 1 : 0);
    CheckChunk<0>(q, e, need & 0xFFFF, base == 0, &err);
    if (e >= 16) CheckChunk<1>(q, e, (need >> 16) & 0xFFFF, false, &err);
    if (e >= 32) CheckChunk<2>(q, e, (need >> 32) & 0xFFFF, false, &err);
    if (e >= 48) CheckChunk<3>(q, e, need >> 48, false, &err);
    if (e < 64) break;
    carry = high >> 61;
    base += 64;
  }
  *end = base + e;
  return hn::AllTrue(d, hn::Eq(err, hn::Zero(d)));
}

}  // namespace short_text
}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace gdwire
HWY_AFTER_NAMESPACE();
#endif  // GDWIRE_SIMD_SHORT_TEXT

namespace gdwire {
namespace simd {

// The longest text CheckShortText takes.
inline constexpr size_t kShortTextMax = 256;

// Bytes at p that CheckShortText reads for n bytes of text (n rounded up to
// a whole vector); only the first n are looked at.
constexpr size_t ShortTextReadable(size_t n) { return (n + 15) & ~size_t{15}; }

// CheckShortText()
//
// For n <= kShortTextMax bytes at p of which ShortTextReadable(n) may be
// read: true, with *t set as CheckWireText sets it under either rule set,
// when the text (after one leading BOM, up to the first NUL) is strict
// UTF-8; false when it is not or this build has no vectors for it (then ask
// CheckWireText).
HWY_INLINE bool CheckShortText(const uint8_t* p, size_t n, WireText* t) {
#if GDWIRE_SIMD_SHORT_TEXT
  size_t end;
  uint64_t high;
  bool high_later;
  if (!HWY_NAMESPACE::short_text::StrictText(p, n, &end, &high, &high_later)) {
    return false;
  }
  t->ok = t->canonical = true;
  t->begin = 0;
  t->end = end;
  // A leading BOM (three bytes >= 0x80, so n >= 3) is not text.
  if ((high & 7) == 7 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
    t->begin = 3;
    high >>= 3;
  }
  t->ascii = high == 0 && !high_later;
  return true;
#else
  (void)p;
  (void)n;
  (void)t;
  return false;
#endif
}

}  // namespace simd
}  // namespace gdwire

#endif  // GDWIRE_SIMD_UTF8_SHORT_H_
