// Copyright 2026 The gdwire Authors.
//
// WriteWidenedF32 (widened_f32.h): Ryu's d2d (Ulf Adams, "Ryū: fast
// float-to-string conversion", PLDI 2018; the code libstdc++'s to_chars
// runs) for a double with at most 24 significant bits, where the products
// Ryu approximates with its tables are exact in 128-bit integers: the same
// interval, the same digit removal and rounding, hence the same digits.
// widened_f32_test.cc checks it against std::to_chars.

#include "codec/text/internal/widened_f32.h"

#include <cstdint>
#include <cstring>

#include "absl/numeric/bits.h"
#include "absl/numeric/int128.h"

namespace gdwire {
namespace text {
namespace internal {
namespace {

// floor(e * log10(5)) for 0 <= e <= 2620 (Ryu's log10Pow5).
uint32_t Log10Pow5(uint32_t e) { return (e * 732923) >> 20; }

constexpr uint64_t kPow10[20] = {1,
                                 10,
                                 100,
                                 1000,
                                 10000,
                                 100000,
                                 1000000,
                                 10000000,
                                 100000000,
                                 1000000000,
                                 10000000000,
                                 100000000000,
                                 1000000000000,
                                 10000000000000,
                                 100000000000000,
                                 1000000000000000,
                                 10000000000000000,
                                 100000000000000000,
                                 1000000000000000000,
                                 10000000000000000000u};

// Number of decimal digits of v > 0: from its bit length (log10(2) ~
// 1233 / 4096), one less when below that power of ten.
int DecimalLength(uint64_t v) {
  const int bits = 64 - absl::countl_zero(v);
  const int guess = (bits * 1233) >> 12;  // digits - 1 or digits
  return guess + 1 - (v < kPow10[guess] ? 1 : 0);
}

constexpr char kPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536"
    "37383940414243444546474849505152535455565758596061626364656667686970717273"
    "74757677787980818283848586878889909192939495969798"
    "99";

// The 4 digits of v < 10^4 at p.
void Four(uint32_t v, char* p) {
  std::memcpy(p, kPairs + 2 * (v / 100), 2);
  std::memcpy(p + 2, kPairs + 2 * (v % 100), 2);
}

// The decimal digits of v (exactly `n` of them, n <= 20) at p: all 20
// digits in chunks of 4 computed side by side, then the last n.
void Digits(uint64_t v, int n, char* p) {
  char all[20];
  const uint32_t low = static_cast<uint32_t>(v % 100000000);
  const uint64_t rest = v / 100000000;
  const uint32_t mid = static_cast<uint32_t>(rest % 100000000);
  const uint32_t high = static_cast<uint32_t>(rest / 100000000);  // < 1845
  Four(high, all);
  Four(mid / 10000, all + 4);
  Four(mid % 10000, all + 8);
  Four(low / 10000, all + 12);
  Four(low % 10000, all + 16);
  std::memcpy(p, all + 20 - n, n);
}

constexpr uint64_t kPow5[28] = {1,
                                5,
                                25,
                                125,
                                625,
                                3125,
                                15625,
                                78125,
                                390625,
                                1953125,
                                9765625,
                                48828125,
                                244140625,
                                1220703125,
                                6103515625,
                                30517578125,
                                152587890625,
                                762939453125,
                                3814697265625,
                                19073486328125,
                                95367431640625,
                                476837158203125,
                                2384185791015625,
                                11920928955078125,
                                59604644775390625,
                                298023223876953125,
                                1490116119384765625,
                                7450580596923828125};

}  // namespace

char* WriteWidenedF32(double x, char* p) {
  const float f = static_cast<float>(x);
  if (static_cast<double>(f) != x) return nullptr;
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  const bool negative = (bits >> 63) != 0;
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  // 2^-20 <= |x| < 2^24.
  if (biased < 1023 - 20 || biased >= 1023 + 24) return nullptr;
  const uint64_t m2 = (bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
  // x = mv * 2^e2; the interval of doubles that round to x is
  // [mm, mp] * 2^e2, bounds included (the mantissa of an f32 widened is
  // even).
  const int e2 = biased - 1075 - 2;  // < 0 here
  const uint64_t mv = 4 * m2;
  const uint32_t mm_shift =
      (bits & ((uint64_t{1} << 52) - 1)) != 0 || biased <= 1;
  const uint64_t mp = mv + 2;
  const uint64_t mm = mv - 1 - mm_shift;
  // mv is a multiple of 2^31 (24 significant bits): x is an integer when
  // 2^-e2 divides it.
  if (-e2 <= 31 + __builtin_ctzll(m2 >> 29)) return nullptr;
  // Ryu's q and e10: v* = floor(m* * 5^i / 2^q), value = v * 10^e10.
  const uint32_t q = Log10Pow5(static_cast<uint32_t>(-e2)) - (-e2 > 1);
  const int e10 = static_cast<int>(q) + e2;
  const int i = -e2 - static_cast<int>(q);
  if (i < 0 || i > 27 || q >= 64) return nullptr;
  const absl::uint128 scale = kPow5[i];
  const absl::uint128 xr = absl::uint128(mv) * scale;
  const absl::uint128 xp = absl::uint128(mp) * scale;
  const absl::uint128 xm = absl::uint128(mm) * scale;
  uint64_t vr = static_cast<uint64_t>(xr >> q);
  uint64_t vp = static_cast<uint64_t>(xp >> q);
  uint64_t vm = static_cast<uint64_t>(xm >> q);
  const absl::uint128 low_mask = (absl::uint128(1) << q) - 1;
  bool vr_trailing_zeros;
  bool vm_trailing_zeros = false;
  if (q <= 1) {
    vr_trailing_zeros = true;
    vm_trailing_zeros = mm_shift == 1;
  } else {
    vr_trailing_zeros = (xr & low_mask) == 0;
  }
  // The shortest decimal in the interval (Ryu's general case).
  int removed = 0;
  uint32_t last_removed = 0;
  // Drops the last digit of the three, remembering what was dropped.
  auto drop = [&]() {
    vm_trailing_zeros &= vm % 10 == 0;
    vr_trailing_zeros &= last_removed == 0;
    last_removed = static_cast<uint32_t>(vr % 10);
    vr /= 10;
    vp /= 10;
    vm /= 10;
    ++removed;
  };
  while (vp / 10 > vm / 10) drop();
  if (vm_trailing_zeros) {
    while (vm % 10 == 0) drop();
  }
  if (vr_trailing_zeros && last_removed == 5 && vr % 2 == 0) {
    last_removed = 4;  // exactly ...50..0: round to even
  }
  const uint64_t output =
      vr + ((vr == vm && !vm_trailing_zeros) || last_removed >= 5);
  const int exp = e10 + removed;  // value = output * 10^exp
  // Layout: fixed unless scientific is shorter (ties: fixed).
  const int n = DecimalLength(output);
  const int point = n + exp;  // digits before the decimal point
  const int sci_exp = point - 1;
  const int sci_length =
      n + (n > 1 ? 1 : 0) + 2 + (sci_exp >= 100 || sci_exp <= -100 ? 3 : 2);
  const int fixed_length = exp >= 0 ? n + exp : point > 0 ? n + 1 : 2 - exp;
  const bool fixed = fixed_length <= sci_length;
  if (fixed && exp >= 0) return nullptr;  // an integer: not reached
  if (negative) *p++ = '-';
  if (fixed && point > 0) {  // ddd.ddd
    Digits(output, n, p);
    std::memmove(p + point + 1, p + point, n - point);
    p[point] = '.';
    return p + n + 1;
  }
  if (fixed) {  // 0.000ddd
    *p++ = '0';
    *p++ = '.';
    std::memset(p, '0', -point);
    p += -point;
    Digits(output, n, p);
    return p + n;
  }
  // d.ddde-XX
  Digits(output, n, p + 1);
  p[0] = p[1];
  if (n > 1) {
    p[1] = '.';
    p += n + 1;
  } else {
    p += 1;
  }
  *p++ = 'e';
  int e = sci_exp;
  *p++ = e < 0 ? '-' : '+';
  if (e < 0) e = -e;
  if (e >= 100) *p++ = static_cast<char>('0' + e / 100);
  *p++ = static_cast<char>('0' + e / 10 % 10);
  *p++ = static_cast<char>('0' + e % 10);
  return p;
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire
