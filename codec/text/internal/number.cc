// Copyright 2026 The gdwire Authors.
//
// Number formatting for codec/text. The Grisu2 below is written from
// Loitsch's paper ("Printing Floating-Point Numbers Quickly and Accurately
// with Integers", PLDI 2010) with the parameter choices Godot 4.6 makes in
// thirdparty/grisu2/grisu2.h, because the engine's digits are what must come
// out: Grisu2 is not always the shortest form, and which non-shortest form it
// picks depends on those choices. Checked against 20 000+ values printed by
// Godot 4.6.3 (tests/data/text/godot4_floats.json).

#include "codec/text/internal/number.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>

#include "absl/numeric/bits.h"
#include "absl/numeric/int128.h"

namespace gdwire {
namespace text {
namespace internal {
namespace {

// A "do-it-yourself" float: f * 2^e.
struct Fp {
  uint64_t f;
  int e;
};

// x.f != 0.
Fp Normalized(Fp x) {
  const int shift = absl::countl_zero(x.f);
  return {x.f << shift, x.e - shift};
}

// The upper 64 bits of the 128-bit product, rounded half up.
Fp Multiply(Fp a, Fp b) {
  const absl::uint128 p = absl::uint128(a.f) * absl::uint128(b.f);
  const uint64_t hi = absl::Uint128High64(p);
  const uint64_t lo = absl::Uint128Low64(p);
  return {hi + (lo >> 63), a.e + b.e + 64};
}

// 10^k ~= f * 2^e, f normalised and rounded to nearest, for
// k = -300, -292, ..., 324.
struct CachedPower {
  uint64_t f;
  int e;
  int k;
};

constexpr int kCachedPowersFirstK = -300;
constexpr int kCachedPowersStep = 8;
constexpr CachedPower kCachedPowers[] = {
    {0xAB70FE17C79AC6CA, -1060, -300}, {0xFF77B1FCBEBCDC4F, -1034, -292},
    {0xBE5691EF416BD60C, -1007, -284}, {0x8DD01FAD907FFC3C, -980, -276},
    {0xD3515C2831559A83, -954, -268},  {0x9D71AC8FADA6C9B5, -927, -260},
    {0xEA9C227723EE8BCB, -901, -252},  {0xAECC49914078536D, -874, -244},
    {0x823C12795DB6CE57, -847, -236},  {0xC21094364DFB5637, -821, -228},
    {0x9096EA6F3848984F, -794, -220},  {0xD77485CB25823AC7, -768, -212},
    {0xA086CFCD97BF97F4, -741, -204},  {0xEF340A98172AACE5, -715, -196},
    {0xB23867FB2A35B28E, -688, -188},  {0x84C8D4DFD2C63F3B, -661, -180},
    {0xC5DD44271AD3CDBA, -635, -172},  {0x936B9FCEBB25C996, -608, -164},
    {0xDBAC6C247D62A584, -582, -156},  {0xA3AB66580D5FDAF6, -555, -148},
    {0xF3E2F893DEC3F126, -529, -140},  {0xB5B5ADA8AAFF80B8, -502, -132},
    {0x87625F056C7C4A8B, -475, -124},  {0xC9BCFF6034C13053, -449, -116},
    {0x964E858C91BA2655, -422, -108},  {0xDFF9772470297EBD, -396, -100},
    {0xA6DFBD9FB8E5B88F, -369, -92},   {0xF8A95FCF88747D94, -343, -84},
    {0xB94470938FA89BCF, -316, -76},   {0x8A08F0F8BF0F156B, -289, -68},
    {0xCDB02555653131B6, -263, -60},   {0x993FE2C6D07B7FAC, -236, -52},
    {0xE45C10C42A2B3B06, -210, -44},   {0xAA242499697392D3, -183, -36},
    {0xFD87B5F28300CA0E, -157, -28},   {0xBCE5086492111AEB, -130, -20},
    {0x8CBCCC096F5088CC, -103, -12},   {0xD1B71758E219652C, -77, -4},
    {0x9C40000000000000, -50, 4},      {0xE8D4A51000000000, -24, 12},
    {0xAD78EBC5AC620000, 3, 20},       {0x813F3978F8940984, 30, 28},
    {0xC097CE7BC90715B3, 56, 36},      {0x8F7E32CE7BEA5C70, 83, 44},
    {0xD5D238A4ABE98068, 109, 52},     {0x9F4F2726179A2245, 136, 60},
    {0xED63A231D4C4FB27, 162, 68},     {0xB0DE65388CC8ADA8, 189, 76},
    {0x83C7088E1AAB65DB, 216, 84},     {0xC45D1DF942711D9A, 242, 92},
    {0x924D692CA61BE758, 269, 100},    {0xDA01EE641A708DEA, 295, 108},
    {0xA26DA3999AEF774A, 322, 116},    {0xF209787BB47D6B85, 348, 124},
    {0xB454E4A179DD1877, 375, 132},    {0x865B86925B9BC5C2, 402, 140},
    {0xC83553C5C8965D3D, 428, 148},    {0x952AB45CFA97A0B3, 455, 156},
    {0xDE469FBD99A05FE3, 481, 164},    {0xA59BC234DB398C25, 508, 172},
    {0xF6C69A72A3989F5C, 534, 180},    {0xB7DCBF5354E9BECE, 561, 188},
    {0x88FCF317F22241E2, 588, 196},    {0xCC20CE9BD35C78A5, 614, 204},
    {0x98165AF37B2153DF, 641, 212},    {0xE2A0B5DC971F303A, 667, 220},
    {0xA8D9D1535CE3B396, 694, 228},    {0xFB9B7CD9A4A7443C, 720, 236},
    {0xBB764C4CA7A44410, 747, 244},    {0x8BAB8EEFB6409C1A, 774, 252},
    {0xD01FEF10A657842C, 800, 260},    {0x9B10A4E5E9913129, 827, 268},
    {0xE7109BFBA19C0C9D, 853, 276},    {0xAC2820D9623BF429, 880, 284},
    {0x80444B5E7AA7CF85, 907, 292},    {0xBF21E44003ACDD2D, 933, 300},
    {0x8E679C2F5E44FF8F, 960, 308},    {0xD433179D9C8CB841, 986, 316},
    {0x9E19DB92B4E31BA9, 1013, 324},
};

// The scaled exponent window: products land in 2^alpha .. 2^gamma.
constexpr int kAlpha = -60;

// The cached power that brings a number with binary exponent `e` into the
// window: the smallest table k with k >= ceil((alpha - e - 1) * log10(2)).
// 78913 / 2^18 approximates log10(2) closely enough for |e| <= 1500.
const CachedPower& CachedPowerFor(int e) {
  const int t = kAlpha - e - 1;
  const int k = (t * 78913) / (1 << 18) + (t > 0 ? 1 : 0);
  const int index =
      (-kCachedPowersFirstK + k + (kCachedPowersStep - 1)) / kCachedPowersStep;
  return kCachedPowers[index];
}

// The value (positive, finite, non-zero; given by its IEEE fields) and the
// midpoints to its neighbours, normalised to a shared exponent.
struct Interval {
  Fp value;
  Fp low;
  Fp high;
};

Interval IntervalOf(uint64_t biased_exponent, uint64_t fraction,
                    int significand_bits, int exponent_bias) {
  const uint64_t hidden = uint64_t{1} << (significand_bits - 1);
  const int min_exponent = 1 - exponent_bias;
  const Fp v = biased_exponent == 0
                   ? Fp{fraction, min_exponent}
                   : Fp{fraction + hidden,
                        static_cast<int>(biased_exponent) - exponent_bias};
  // At a power of two the gap below is half the gap above.
  const bool narrow_below = fraction == 0 && biased_exponent > 1;
  const Fp high = Normalized(Fp{2 * v.f + 1, v.e - 1});
  const Fp low_raw =
      narrow_below ? Fp{4 * v.f - 1, v.e - 2} : Fp{2 * v.f - 1, v.e - 1};
  const Fp low{low_raw.f << (low_raw.e - high.e), high.e};
  return {Normalized(v), low, high};
}

// Moves the last digit down while that brings the number closer to the
// value (w, at distance `dist` below `high`) and stays inside the interval.
void Weed(char* digits, int count, uint64_t dist, uint64_t delta, uint64_t rest,
          uint64_t unit) {
  while (rest < dist && delta - rest >= unit &&
         (rest + unit < dist || dist - rest > rest + unit - dist)) {
    --digits[count - 1];
    rest += unit;
  }
}

// Number of decimal digits of n (n > 0) and 10^(that - 1).
int DecimalLength(uint32_t n, uint32_t* pow10) {
  int length = 1;
  *pow10 = 1;
  while (length < 10 && n / *pow10 >= 10) {
    *pow10 *= 10;
    ++length;
  }
  return length;
}

// Writes the digits of a number in [low, high] (sharing an exponent in the
// window) into `digits`; the number is digits * 10^*exponent.
void GenerateDigits(Fp low, Fp w, Fp high, char* digits, int* count,
                    int* exponent) {
  uint64_t delta = high.f - low.f;
  uint64_t dist = high.f - w.f;
  const int shift = -high.e;
  const uint64_t one = uint64_t{1} << shift;
  uint32_t integral = static_cast<uint32_t>(high.f >> shift);
  uint64_t fractional = high.f & (one - 1);

  uint32_t pow10;
  int remaining = DecimalLength(integral, &pow10);
  while (remaining > 0) {
    digits[(*count)++] = static_cast<char>('0' + integral / pow10);
    integral %= pow10;
    --remaining;
    const uint64_t rest = (uint64_t{integral} << shift) + fractional;
    if (rest <= delta) {
      *exponent += remaining;
      Weed(digits, *count, dist, delta, rest, uint64_t{pow10} << shift);
      return;
    }
    pow10 /= 10;
  }

  int places = 0;
  for (;;) {
    fractional *= 10;
    digits[(*count)++] = static_cast<char>('0' + (fractional >> shift));
    fractional &= one - 1;
    ++places;
    delta *= 10;
    dist *= 10;
    if (fractional <= delta) break;
  }
  *exponent -= places;
  Weed(digits, *count, dist, delta, fractional, one);
}

// Digits and decimal exponent of a positive finite non-zero value.
void Grisu2(const Interval& in, char* digits, int* count, int* exponent) {
  const CachedPower& c = CachedPowerFor(in.high.e);
  const Fp scale{c.f, c.e};
  const Fp w = Multiply(in.value, scale);
  const Fp low = Multiply(in.low, scale);
  const Fp high = Multiply(in.high, scale);
  // The products are off by less than one unit: shrink the interval by one
  // unit on each side so that every number in it reads back as the value.
  *count = 0;
  *exponent = -c.k;
  GenerateDigits(Fp{low.f + 1, low.e}, w, Fp{high.f - 1, high.e}, digits, count,
                 exponent);
}

// Lays out digits * 10^exponent like printf("%g") but with all the digits:
// fixed notation when the decimal point falls at position -3 .. 15, else
// d.ddde+XX (at least two exponent digits). Writes at p, returns the end.
char* Layout(bool negative, const char* digits, int count, int exponent,
             char* p) {
  constexpr int kMinPoint = -4;        // exclusive
  constexpr int kMaxPoint = 15;        // std::numeric_limits<double>::digits10
  const int point = count + exponent;  // position of the decimal point
  if (negative) *p++ = '-';
  if (count <= point && point <= kMaxPoint) {
    std::memcpy(p, digits, count);
    p += count;
    std::memset(p, '0', point - count);
    p += point - count;
  } else if (0 < point && point <= kMaxPoint) {
    std::memcpy(p, digits, point);
    p += point;
    *p++ = '.';
    std::memcpy(p, digits + point, count - point);
    p += count - point;
  } else if (kMinPoint < point && point <= 0) {
    *p++ = '0';
    *p++ = '.';
    std::memset(p, '0', -point);
    p += -point;
    std::memcpy(p, digits, count);
    p += count;
  } else {
    *p++ = digits[0];
    if (count > 1) {
      *p++ = '.';
      std::memcpy(p, digits + 1, count - 1);
      p += count - 1;
    }
    int e = point - 1;
    *p++ = 'e';
    *p++ = e < 0 ? '-' : '+';
    if (e < 0) e = -e;
    if (e >= 100) *p++ = static_cast<char>('0' + e / 100);
    *p++ = static_cast<char>('0' + e / 10 % 10);
    *p++ = static_cast<char>('0' + e % 10);
  }
  return p;
}

char* Copy(const char* s, char* p) {
  const size_t n = std::strlen(s);
  std::memcpy(p, s, n);
  return p + n;
}

char* NonFinite(double v, char* p) {
  if (std::isnan(v)) return Copy("nan", p);
  return Copy(v < 0 ? "-inf" : "inf", p);
}

std::string AsString(char* (*write)(double, char*), double v) {
  char buf[kMaxNumber];
  return std::string(buf, write(v, buf));
}

}  // namespace

char* WriteShortestDouble(double v, char* p) {
  if (!std::isfinite(v)) return NonFinite(v, p);
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  const bool negative = (bits >> 63) != 0;
  if ((bits << 1) == 0) return Copy(negative ? "-0" : "0", p);
  const Interval in = IntervalOf((bits >> 52) & 0x7FF,
                                 bits & ((uint64_t{1} << 52) - 1), 53, 1075);
  char digits[32];
  int count;
  int exponent;
  Grisu2(in, digits, &count, &exponent);
  return Layout(negative, digits, count, exponent, p);
}

char* WriteShortestFloat(float v, char* p) {
  if (!std::isfinite(v)) return NonFinite(v, p);
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  const bool negative = (bits >> 31) != 0;
  if ((bits << 1) == 0) return Copy(negative ? "-0" : "0", p);
  const Interval in = IntervalOf((bits >> 23) & 0xFF,
                                 bits & ((uint32_t{1} << 23) - 1), 24, 150);
  char digits[32];
  int count;
  int exponent;
  Grisu2(in, digits, &count, &exponent);
  return Layout(negative, digits, count, exponent, p);
}

char* WriteGodot4Real(double v, char* p) {
  if (v == 0) {  // also -0
    *p = '0';
    return p + 1;
  }
  if (std::isnan(v)) return Copy("nan", p);
  if (std::isinf(v)) return Copy(v < 0 ? "inf_neg" : "inf", p);
  const float f = static_cast<float>(v);
  if (static_cast<double>(f) == v) return WriteShortestFloat(f, p);
  return WriteShortestDouble(v, p);
}

char* WriteFormatG(double v, char* p) {
  if (std::isnan(v)) return Copy(std::signbit(v) ? "-nan" : "nan", p);
  if (std::isinf(v)) return Copy(v < 0 ? "-inf" : "inf", p);
  const auto r = std::to_chars(p, p + kMaxNumber, v, std::chars_format::general,
                               6);  // 6 digits: at most "-1.23457e-308"
  return r.ptr;
}

std::string ShortestDouble(double v) {
  return AsString(WriteShortestDouble, v);
}

std::string ShortestFloat(float v) {
  char buf[kMaxNumber];
  return std::string(buf, WriteShortestFloat(v, buf));
}

std::string Godot4Real(double v) { return AsString(WriteGodot4Real, v); }

std::string FormatG(double v) { return AsString(WriteFormatG, v); }

}  // namespace internal
}  // namespace text
}  // namespace gdwire
