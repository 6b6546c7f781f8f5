// Copyright 2026 The gdwire Authors.

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/utf8.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "simd/utf8-inl.h"

#if HWY_ONCE
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

// Vector kernel (when `prefix` is given) for as long as the text is strict
// UTF-8 without NUL; where it stops, the scalar rules take over from the
// last sequence boundary for at least one vector (64 bytes), then the
// kernel again. Strict UTF-8 is also valid, and canonical, under the
// lenient rules, so both rule sets share the kernel; only the scalar part
// differs. The scalar part makes the verdict and the bad index, exactly as
// reference::DecodeWireText does (it finds the NUL first; a NUL always
// stops the kernel before it is passed, and Avail() sees a NUL inside a
// sequence as the end of the text).
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

}  // namespace

HWY_EXPORT(FindNonAsciiOrNulImpl);
HWY_EXPORT(Utf8StrictPrefixImpl);

namespace {
size_t StrictPrefix(const uint8_t* p, size_t i, size_t n, bool* non_ascii) {
  return HWY_DYNAMIC_DISPATCH(Utf8StrictPrefixImpl)(p, i, n, non_ascii);
}
}  // namespace

size_t FindNonAsciiOrNul(const uint8_t* p, size_t n) {
  return HWY_DYNAMIC_DISPATCH(FindNonAsciiOrNulImpl)(p, n);
}

WireText CheckWireText(const uint8_t* data, size_t n, TextRules rules) {
  return Check(data, n, rules, &StrictPrefix);
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
