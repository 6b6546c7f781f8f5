// Copyright 2026 The gdwire Authors.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/utf8.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "simd/utf8-inl.h"

#if HWY_ONCE
#include <cstring>

#include "simd/utf8.h"
#include "simd/utf8_rules.h"

namespace gdwire {
namespace simd {
namespace {

// Bytes of the sequence at i that lie inside the text (before the first
// NUL after i and before n), at most len. Every byte before i is known to
// be nonzero, so a NUL here is the end of the text, as
// reference::DecodeWireText finds it before it decodes anything.
inline size_t Avail(const uint8_t* p, size_t n, size_t i, size_t len) {
  size_t k = 1;
  while (k < len && i + k < n && p[i + k] != 0) ++k;
  return k;
}

// One sequence with lead byte p[i] >= 0x80 under `rules`
// (simd/utf8_rules.h), checked in the reference's order: the lead, then
// whether the text holds the whole sequence, then its bytes. On success sets
// *next past it; an accepted overlong form (kLenient) clears *canonical.
bool Sequence(const uint8_t* p, size_t n, size_t i, TextRules rules,
              size_t* next, bool* canonical, size_t* bad) {
  const bool strict = rules == TextRules::kStrict;
  const int len = strict ? StrictLength(p[i]) : LenientLength(p[i]);
  if (len == 0) {
    *bad = i;
    return false;
  }
  const size_t avail = Avail(p, n, i, len);
  if (avail < static_cast<size_t>(len)) {  // cut off by the end of the text
    *bad = i + avail;
    return false;
  }
  uint32_t cp;
  const int k =
      strict ? StrictDecode(p + i, len, &cp) : LenientDecode(p + i, len, &cp);
  if (k >= 0) {
    *bad = i + k;
    return false;
  }
  if (ShortestLength(cp) != len) *canonical = false;
  *next = i + len;
  return true;
}

using PrefixFn = size_t (*)(const uint8_t*, size_t, size_t, bool*);

// The last sequence boundary at or before b, not before `floor` (itself a
// boundary). [floor, b) is strict UTF-8 accepted by the vector kernel, so
// a lead byte there always starts a sequence, and at most 3 continuation
// bytes follow one.
inline size_t BoundaryBefore(const uint8_t* p, size_t floor, size_t b) {
  for (size_t k = 1; k <= 3 && b >= k && b - k >= floor; ++k) {
    const uint8_t c = p[b - k];
    if (c >= 0xC0) return b - k;  // a lead: restart the sequence there
    if (c < 0x80) break;          // ASCII: b is a boundary
  }
  return b;
}

// True when the strict UTF-8 accepted by the vector kernel in [floor, n)
// ends inside a sequence (its lead is among the last 3 bytes and wants
// more bytes than are left).
inline bool EndsOpen(const uint8_t* p, size_t floor, size_t n) {
  for (size_t k = 1; k <= 3 && n >= k && n - k >= floor; ++k) {
    const uint8_t c = p[n - k];
    if (c < 0x80) return false;
    if (c >= 0xC0)
      return static_cast<size_t>(c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2) > k;
  }
  return false;
}

// Vector kernel (when `prefix` is given) for as long as the text is strict
// UTF-8 without NUL; where it stops, the scalar rules take over from the
// last sequence boundary for at least one vector (64 bytes), then the
// kernel again. Strict UTF-8 is also valid, and canonical, under the
// lenient rules, so both rule sets share the kernel; only the scalar part
// differs. The scalar part makes the verdict and the bad index, exactly as
// reference::DecodeWireText does (it finds the NUL first; the kernel stops
// at the first NUL, and Avail() sees a NUL inside a sequence as the end of
// the text). Where the kernel accepts everything up to the end of the text
// (n or the first NUL) and no sequence is left open there, its verdict is
// the answer.
WireText Check(const uint8_t* data, size_t n, TextRules rules,
               PrefixFn prefix) {
  constexpr size_t kScalarStretch = 64;  // >= any target's vector size
  WireText r;
  size_t i = 0;
  if (n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) i = 3;
  r.begin = i;
  bool non_ascii = false;
  bool canonical = true;
  for (;;) {
    size_t k = i;
    size_t target = n;
    if (prefix != nullptr) {
      const size_t b = prefix(data, i, n, &non_ascii);
      k = BoundaryBefore(data, i, b);
      if ((b == n || data[b] == 0) && !EndsOpen(data, i, b)) {
        // accepted up to the end of the text, the last sequence complete
        r.ok = true;
        r.end = b;
        r.ascii = !non_ascii;
        r.canonical = canonical;
        return r;
      }
      target = b + kScalarStretch;
    }
    for (;;) {
      if (k >= n || data[k] == 0) {
        r.ok = true;
        r.end = k;
        r.ascii = !non_ascii;
        r.canonical = canonical;
        return r;
      }
      if (data[k] < 0x80) {
        ++k;
      } else {
        non_ascii = true;
        if (!Sequence(data, n, k, rules, &k, &canonical, &r.bad_index)) {
          return r;
        }
      }
      if (k >= target) break;
    }
    i = k;
  }
}

// Short text (names, keys, chat lines): strict UTF-8 checked a sequence at
// a time from i, 8 ASCII bytes at a time between sequences, up to the
// first NUL or n. kOk, with *end and *non_ascii set, when all of it is
// strict UTF-8 with no sequence cut off: the verdict under both rule sets
// (strict UTF-8 is valid and canonical under the lenient rules too).
// kOther when anything else is met: Check() then decides it. kMore when a
// sequence starts at *end after `budget` sequences were taken: the text
// before *end is strict UTF-8 (*non_ascii set), the rest is the caller's.
enum class Short { kOk, kOther, kMore };
inline Short StrictShort(const uint8_t* p, size_t i, size_t n, size_t budget,
                         size_t* end, bool* non_ascii) {
  bool wide = false;
  while (i < n) {
    if (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      const uint64_t high = w & 0x8080808080808080ull;
      const uint64_t zero =
          (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
      if ((high | zero) == 0) {
        i += 8;
        continue;
      }
      i += static_cast<size_t>(__builtin_ctzll(high | zero) >> 3);
    }
    const uint8_t c = p[i];
    if (c == 0) break;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if (budget == 0) {  // a sequence starts at i
      *end = i;
      *non_ascii = true;
      return Short::kMore;
    }
    --budget;
    wide = true;
    const auto cont = [&](size_t k) { return (p[i + k] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF) {
      if (i + 2 > n || !cont(1)) return Short::kOther;
      i += 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      if (i + 3 > n || !cont(1) || !cont(2)) return Short::kOther;
      if ((c == 0xE0 && p[i + 1] < 0xA0) || (c == 0xED && p[i + 1] > 0x9F)) {
        return Short::kOther;
      }
      i += 3;
    } else if (c >= 0xF0 && c <= 0xF4) {
      if (i + 4 > n || !cont(1) || !cont(2) || !cont(3)) return Short::kOther;
      if ((c == 0xF0 && p[i + 1] < 0x90) || (c == 0xF4 && p[i + 1] > 0x8F)) {
        return Short::kOther;
      }
      i += 4;
    } else {
      return Short::kOther;
    }
  }
  *end = i < n ? i : n;
  *non_ascii = wide;
  return Short::kOk;
}

}  // namespace

HWY_EXPORT(FindNonAsciiOrNulImpl);
HWY_EXPORT(Utf8StrictPrefixImpl);
HWY_EXPORT(Utf8ShortStrictImpl);

namespace {
size_t StrictPrefix(const uint8_t* p, size_t i, size_t n, bool* non_ascii) {
  return HWY_DYNAMIC_DISPATCH(Utf8StrictPrefixImpl)(p, i, n, non_ascii);
}
}  // namespace

size_t FindNonAsciiOrNul(const uint8_t* p, size_t n) {
  return HWY_DYNAMIC_DISPATCH(FindNonAsciiOrNulImpl)(p, n);
}

WireText CheckWireText(const uint8_t* data, size_t n, TextRules rules) {
  // Short text: one pass of StrictShort costs less than setting up the
  // vector kernel.
  constexpr size_t kShort = 64;
  if (n <= kShort) {
    const size_t b =
        n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF ? 3 : 0;
    WireText r;
    bool non_ascii;
    if (StrictShort(data, b, n, ~size_t{0}, &r.end, &non_ascii) == Short::kOk) {
      r.ok = r.canonical = true;
      r.begin = b;
      r.ascii = !non_ascii;
      return r;
    }
    return Check(data, n, rules, nullptr);
  }
  return Check(data, n, rules, &StrictPrefix);
}

WireText CheckWireText(const uint8_t* data, size_t n, size_t readable,
                       TextRules rules) {
  const size_t b =
      n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF ? 3 : 0;
  // The vectors read up to 15 bytes past n.
  if (n - b <= 64 && readable >= n + 15) {
    // One sequence a time while there are few (an accent in a name), then
    // vectors loaded in place from the sequence boundary reached.
    WireText r;
    r.ok = r.canonical = true;
    r.begin = b;
    bool non_ascii = false;
    size_t at = b;
    switch (StrictShort(data, b, n, 1, &at, &non_ascii)) {
      case Short::kOk:
        r.end = at;
        r.ascii = !non_ascii;
        return r;
      case Short::kMore: {
        const size_t e = HWY_DYNAMIC_DISPATCH(Utf8ShortStrictImpl)(
            data + at, n - at, &non_ascii);
        if (e == ~size_t{0}) break;
        r.end = at + e;
        r.ascii = !non_ascii;
        return r;
      }
      case Short::kOther:
        break;
    }
    return Check(data, n, rules, nullptr);
  }
  return CheckWireText(data, n, rules);
}

bool ValidateWireText(const uint8_t* data, size_t n, TextRules rules,
                      size_t* bad_index) {
  const WireText t = CheckWireText(data, n, rules);
  if (!t.ok) *bad_index = t.bad_index;
  return t.ok;
}

namespace scalar {

size_t FindNonAsciiOrNul(const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (p[i] == 0 || p[i] >= 0x80) return i;
  }
  return n;
}

WireText CheckWireText(const uint8_t* data, size_t n, TextRules rules) {
  return Check(data, n, rules, nullptr);
}

}  // namespace scalar
}  // namespace simd
}  // namespace gdwire
#endif  // HWY_ONCE
