// Copyright 2026 The gdwire Authors.
//
// The scalar conversions against an independent statement of their rules
// (gdwire::WidenF32Exact / NarrowF64ToF32 from codec/variant.h, plain
// casts for integers) on every class of value: NaNs (quiet, signalling,
// payloads, signs), infinities, zeros, subnormals, extremes, random bits.
// A SIMD replacement of convert.cc must pass this unchanged.

#include "codec/core/convert.h"

#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "codec/variant.h"
#include "codec/wire.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace core {
namespace {

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
uint64_t Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}
float F32(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
double F64(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

std::vector<uint32_t> F32Cases() {
  std::vector<uint32_t> v = {0x00000000, 0x80000000, 0x7f800000, 0xff800000,
                             0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001,
                             0x7fbfffff, 0x7fa00000, 0x7fc12345, 0x00000001,
                             0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff,
                             0x3f800000, 0xbf800000, 0x3eaaaaab};
  std::mt19937 rng(5);
  for (int i = 0; i < 2000; ++i) v.push_back(rng());
  return v;
}

std::vector<uint64_t> F64Cases() {
  std::vector<uint64_t> v = {0,
                             0x8000000000000000ull,
                             0x7ff0000000000000ull,
                             0xfff0000000000000ull,
                             0x7ff8000000000000ull,
                             0x7ff0000000000001ull,
                             0x7ff4000000000000ull,
                             0xfff0000020000000ull,
                             0x7ff00000e0000000ull,
                             0x7ff0000000000fffull,
                             0x7ff7ffffe0000000ull,
                             0x0000000000000001ull,
                             0x3ff0000000000000ull,
                             0x47efffffe0000000ull,
                             0x47efffffffffffffull,
                             0x47f0000000000000ull,
                             0x3810000000000000ull,
                             0x36a0000000000000ull,
                             0x3fb999999999999aull};
  std::mt19937_64 rng(6);
  for (int i = 0; i < 2000; ++i) v.push_back(rng());
  return v;
}

template <typename T>
std::string Wire(const std::vector<T>& v) {
  std::string s;
  for (T x : v) {
    if (sizeof(T) == 4) {
      wire::AppendU32(&s, static_cast<uint32_t>(x));
    } else {
      wire::AppendU64(&s, static_cast<uint64_t>(x));
    }
  }
  return s;
}

const uint8_t* P(const std::string& s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}

TEST(ConvertTest, SameWidth) {
  const std::vector<uint32_t> a = F32Cases();
  const std::vector<uint64_t> b = F64Cases();
  const std::string wa = Wire(a), wb = Wire(b);
  std::vector<int32_t> i32(a.size());
  std::vector<float> f32(a.size());
  std::vector<int64_t> i64(b.size());
  std::vector<double> f64(b.size());
  LoadI32(P(wa), i32.data(), a.size());
  LoadF32(P(wa), f32.data(), a.size());
  LoadI64(P(wb), i64.data(), b.size());
  LoadF64(P(wb), f64.data(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(i32[i], static_cast<int32_t>(a[i]));
    EXPECT_EQ(Bits(f32[i]), a[i]);
  }
  for (size_t i = 0; i < b.size(); ++i) {
    EXPECT_EQ(i64[i], static_cast<int64_t>(b[i]));
    EXPECT_EQ(Bits(f64[i]), b[i]);
  }
  const std::string bytes("\x01\x02\xff\x00\x7f", 5);
  uint8_t out[5];
  LoadU8(P(bytes), out, 5);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(out), 5), bytes);
}

TEST(ConvertTest, FloatWidthChanges) {
  const std::vector<uint32_t> a = F32Cases();
  const std::vector<uint64_t> b = F64Cases();
  const std::string wa = Wire(a), wb = Wire(b);
  std::vector<double> widened(a.size());
  std::vector<float> narrowed(b.size());
  LoadF32ToF64(P(wa), widened.data(), a.size());
  LoadF64ToF32(P(wb), narrowed.data(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(Bits(widened[i]), Bits(WidenF32Exact(F32(a[i])))) << a[i];
    EXPECT_EQ(Bits(WidenF32(a[i])), Bits(widened[i]));
  }
  for (size_t i = 0; i < b.size(); ++i) {
    const float want = NarrowF64ToF32(F64(b[i]));
    EXPECT_EQ(Bits(narrowed[i]), Bits(want)) << std::hex << b[i];
    EXPECT_EQ(Bits(NarrowF64(b[i])), Bits(want));
  }
  // The rules on named cases: a signalling NaN stays signalling when
  // widened; f64 -> f32 rounds to nearest even.
  EXPECT_EQ(Bits(WidenF32(0x7f800001)), 0x7ff0000020000000ull);
  EXPECT_EQ(Bits(NarrowF64(0x3fb999999999999aull)), Bits(0.1f));
}

TEST(ConvertTest, IntegerWidthChanges) {
  const std::vector<uint32_t> a = F32Cases();
  const std::string wa = Wire(a);
  std::vector<int64_t> wide(a.size());
  LoadI32ToI64(P(wa), wide.data(), a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(wide[i], static_cast<int32_t>(a[i]));
  }
  const std::vector<int64_t> ok = {0, -1, INT32_MAX, INT32_MIN, 12345};
  const std::string wok = Wire(ok);
  std::vector<int32_t> out(ok.size());
  size_t bad = 99;
  ASSERT_TRUE(LoadI64ToI32(P(wok), out.data(), ok.size(), &bad));
  for (size_t i = 0; i < ok.size(); ++i) EXPECT_EQ(out[i], ok[i]);
  EXPECT_EQ(bad, 99u);
  for (int64_t v : {int64_t{INT32_MAX} + 1, int64_t{INT32_MIN} - 1,
                    std::numeric_limits<int64_t>::min(),
                    std::numeric_limits<int64_t>::max()}) {
    const std::vector<int64_t> in = {7, 8, v, 9};
    const std::string w = Wire(in);
    std::vector<int32_t> o(in.size());
    ASSERT_FALSE(LoadI64ToI32(P(w), o.data(), in.size(), &bad)) << v;
    EXPECT_EQ(bad, 2u);
    EXPECT_EQ(o[0], 7);
    EXPECT_EQ(o[1], 8);
  }
}

TEST(ConvertTest, DeinterleaveEqualsFlatLoads) {
  const std::vector<uint32_t> a = F32Cases();  // 2019 values
  const std::vector<uint64_t> b = F64Cases();
  const std::string wa = Wire(a), wb = Wire(b);
  for (int comps = 2; comps <= 4; ++comps) {
    const size_t n = a.size() / comps, m = b.size() / comps;
    std::vector<float> f(a.size()), fx[4];
    std::vector<double> d(a.size()), dx[4];
    std::vector<int32_t> i32(a.size()), ix[4];
    std::vector<double> e(b.size()), ex[4];
    std::vector<float> g(b.size()), gx[4];
    LoadF32(P(wa), f.data(), a.size());
    LoadF32ToF64(P(wa), d.data(), a.size());
    LoadI32(P(wa), i32.data(), a.size());
    LoadF64(P(wb), e.data(), b.size());
    LoadF64ToF32(P(wb), g.data(), b.size());
    for (int k = 0; k < 4; ++k) {
      fx[k].assign(n, 0);
      dx[k].assign(n, 0);
      ix[k].assign(n, 0);
      ex[k].assign(m, 0);
      gx[k].assign(m, 0);
    }
    switch (comps) {
      case 2:
        DeinterleaveF32x2(P(wa), n, fx[0].data(), fx[1].data());
        DeinterleaveF32x2ToF64(P(wa), n, dx[0].data(), dx[1].data());
        DeinterleaveI32x2(P(wa), n, ix[0].data(), ix[1].data());
        DeinterleaveF64x2(P(wb), m, ex[0].data(), ex[1].data());
        DeinterleaveF64x2ToF32(P(wb), m, gx[0].data(), gx[1].data());
        break;
      case 3:
        DeinterleaveF32x3(P(wa), n, fx[0].data(), fx[1].data(), fx[2].data());
        DeinterleaveF32x3ToF64(P(wa), n, dx[0].data(), dx[1].data(),
                               dx[2].data());
        DeinterleaveI32x3(P(wa), n, ix[0].data(), ix[1].data(), ix[2].data());
        DeinterleaveF64x3(P(wb), m, ex[0].data(), ex[1].data(), ex[2].data());
        DeinterleaveF64x3ToF32(P(wb), m, gx[0].data(), gx[1].data(),
                               gx[2].data());
        break;
      default:
        DeinterleaveF32x4(P(wa), n, fx[0].data(), fx[1].data(), fx[2].data(),
                          fx[3].data());
        DeinterleaveF32x4ToF64(P(wa), n, dx[0].data(), dx[1].data(),
                               dx[2].data(), dx[3].data());
        DeinterleaveI32x4(P(wa), n, ix[0].data(), ix[1].data(), ix[2].data(),
                          ix[3].data());
        DeinterleaveF64x4(P(wb), m, ex[0].data(), ex[1].data(), ex[2].data(),
                          ex[3].data());
        DeinterleaveF64x4ToF32(P(wb), m, gx[0].data(), gx[1].data(),
                               gx[2].data(), gx[3].data());
        break;
    }
    for (int k = 0; k < comps; ++k) {
      for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(Bits(fx[k][i]), Bits(f[i * comps + k])) << comps << k << i;
        ASSERT_EQ(Bits(dx[k][i]), Bits(d[i * comps + k])) << comps << k << i;
        ASSERT_EQ(ix[k][i], i32[i * comps + k]) << comps << k << i;
      }
      for (size_t i = 0; i < m; ++i) {
        ASSERT_EQ(Bits(ex[k][i]), Bits(e[i * comps + k])) << comps << k << i;
        ASSERT_EQ(Bits(gx[k][i]), Bits(g[i * comps + k])) << comps << k << i;
      }
    }
  }
}

TEST(ConvertTest, UnalignedSourcesAndEmptyInputs) {
  const std::vector<uint32_t> a = {0x3f800000, 0x40000000, 0x40400000};
  std::string w = "x" + Wire(a);
  float out[3];
  LoadF32(P(w) + 1, out, 3);
  EXPECT_EQ(out[0], 1.0f);
  EXPECT_EQ(out[2], 3.0f);
  LoadF32(nullptr, nullptr, 0);
  LoadU8(nullptr, nullptr, 0);
  size_t bad = 0;
  EXPECT_TRUE(LoadI64ToI32(nullptr, nullptr, 0, &bad));
}

}  // namespace
}  // namespace core
}  // namespace gdwire
