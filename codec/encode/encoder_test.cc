// Copyright 2026 The gdwire Authors.
//
// The fast encoder against the reference encoder (the oracle): the same
// bytes, or the same error (kind, offset, path), for the real-engine corpus
// values, for random values of every dialect and option set, and for
// hand-made packed arrays full of special floats (NaN payloads, -0, inf,
// subnormals) at every length up to 70.

#include "codec/encode/encoder.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "simd/convert.h"
#include "tests/corpus_util.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace {

std::string Describe(const EncodeOptions& o) {
  return absl::StrCat(
      "{", DialectName(o.dialect), " full_objects=", o.full_objects,
      " real_is_double=", o.real_is_double, " max_depth=", o.max_depth, "}");
}

// Encodes `v` with both encoders, appending to a non-empty buffer, and
// checks that they agree. Returns true if the reference accepted it.
bool ExpectSame(const Variant& v, const EncodeOptions& o,
                const std::string& what) {
  const std::string prefix = "pre";  // EncodeTo appends
  std::string ref = prefix, fast = prefix;
  const Error re = reference::EncodeTo(v, o, &ref);
  const Error fe = encode::EncodeTo(v, o, &fast);
  SCOPED_TRACE(absl::StrCat(what, " ", Describe(o), " ", v.DebugString()));
  EXPECT_EQ(static_cast<int>(fe.kind), static_cast<int>(re.kind))
      << "fast: " << fe.ToString() << "\nreference: " << re.ToString();
  EXPECT_EQ(fe.offset, re.offset) << fe.ToString() << " / " << re.ToString();
  EXPECT_EQ(fe.path, re.path);
  EXPECT_EQ(fe.detail, re.detail);
  if (ref != fast) {
    ADD_FAILURE() << "bytes differ (" << fast.size() << " vs " << ref.size()
                  << ")\nfast: " << absl::BytesToHexString(fast.substr(0, 256))
                  << "\nref:  " << absl::BytesToHexString(ref.substr(0, 256));
  }
  // Encode() too.
  const auto rs = reference::Encode(v, o);
  const auto fs = encode::Encode(v, o);
  EXPECT_EQ(fs.ok(), rs.ok());
  if (fs.ok() && rs.ok()) {
    EXPECT_TRUE(*fs == *rs);
  } else if (!fs.ok() && !rs.ok()) {
    EXPECT_EQ(static_cast<int>(ErrorFromStatus(fs.status()).kind),
              static_cast<int>(ErrorFromStatus(rs.status()).kind));
    EXPECT_EQ(fs.status(), rs.status());
  }
  return re.ok();
}

// Every option set worth trying on a value.
std::vector<EncodeOptions> AllOptions() {
  std::vector<EncodeOptions> out;
  for (Dialect d : {Dialect::kGodot3, Dialect::kGodot4, Dialect::kPandemonium,
                    Dialect::kPandemonium4}) {
    for (bool full : {false, true}) {
      for (bool dbl : {false, true}) {
        EncodeOptions o;
        o.dialect = d;
        o.full_objects = full;
        o.real_is_double = dbl;
        out.push_back(o);
      }
    }
  }
  return out;
}

// ---- (a) the real-engine corpus ---------------------------------------------

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

TEST(FastEncoderTest, CorpusValuesEncodeAsTheReference) {
  size_t values = 0, accepted = 0;
  for (const char* dir : {"godot3", "godot4", "pandemonium", "pandemonium4",
                          "pandemonium_typed"}) {
    const std::vector<testing::CorpusCase> cases = testing::LoadCorpus(dir);
    ASSERT_FALSE(cases.empty()) << dir;
    for (const testing::CorpusCase& c : cases) {
      if (c.kind == "frame") continue;
      DecodeOptions dopts;
      dopts.dialect = c.dialect;
      dopts.allow_objects = true;
      size_t used = 0;
      auto v = reference::Decode(Bytes(c.input), dopts, &used);
      if (!v.ok()) continue;
      ++values;
      // The case's own options first: these must encode.
      EncodeOptions own;
      own.dialect = c.dialect;
      own.full_objects = c.full_objects;
      if (ExpectSame(*v, own, c.name)) ++accepted;
      for (const EncodeOptions& o : AllOptions()) ExpectSame(*v, o, c.name);
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(values, 200u);
  EXPECT_GT(accepted, 200u);
}

// ---- (b) random values ------------------------------------------------------

struct RandomConfig {
  Dialect dialect;
  bool real_is_double;
  bool objects;  // full objects in the values
};

class FastEncoderRandomTest : public ::testing::TestWithParam<RandomConfig> {};

TEST_P(FastEncoderRandomTest, RandomValuesEncodeAsTheReference) {
  const RandomConfig cfg = GetParam();
  testing::RandomOptions ro;
  ro.dialect = cfg.dialect;
  ro.real_is_double = cfg.real_is_double;
  ro.objects = cfg.objects;
  testing::RandomVariant gen(77 + static_cast<int>(cfg.dialect) * 13 +
                             cfg.real_is_double * 5 + cfg.objects);
  int accepted = 0;
  for (int i = 0; i < 1500; ++i) {
    const Variant v = gen.Make(ro);
    EncodeOptions o;
    o.dialect = cfg.dialect;
    o.real_is_double = cfg.real_is_double;
    for (bool full : {false, true}) {
      o.full_objects = full;
      if (ExpectSame(v, o, absl::StrCat("value #", i))) ++accepted;
    }
    // Now and then: shallow depth limits and the other dialects.
    if (i % 10 == 0) {
      for (int depth : {0, 1, 2, 3}) {
        EncodeOptions shallow = o;
        shallow.max_depth = depth;
        ExpectSame(v, shallow, absl::StrCat("value #", i));
      }
      for (const EncodeOptions& other : AllOptions()) {
        ExpectSame(v, other, absl::StrCat("value #", i));
      }
    }
    if (::testing::Test::HasFailure()) return;
  }
  // The generator's values encode under their own options (full objects).
  EXPECT_GE(accepted, 1500);
}

INSTANTIATE_TEST_SUITE_P(
    Dialects, FastEncoderRandomTest,
    ::testing::Values(RandomConfig{Dialect::kGodot4, false, true},
                      RandomConfig{Dialect::kGodot4, false, false},
                      RandomConfig{Dialect::kGodot4, true, true},
                      RandomConfig{Dialect::kGodot4, true, false},
                      RandomConfig{Dialect::kGodot3, false, true},
                      RandomConfig{Dialect::kGodot3, false, false},
                      RandomConfig{Dialect::kPandemonium, false, true},
                      RandomConfig{Dialect::kPandemonium, false, false},
                      RandomConfig{Dialect::kPandemonium4, false, true}),
    [](const ::testing::TestParamInfo<RandomConfig>& info) {
      return absl::StrCat(DialectName(info.param.dialect),
                          info.param.real_is_double ? "_double" : "",
                          info.param.objects ? "_objects" : "");
    });

// ---- (c) hand-made packed arrays
// ----------------------------------------------

double F64(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}
float F32(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

std::vector<double> SpecialDoubles() {
  return {
      F64(0x7ff8000000000000ull),  // default quiet NaN
      F64(0xfff8000000000000ull),  // negative quiet NaN
      F64(0x7ff8000000000001ull),  // quiet, payload only in the low bits
      F64(0x7ff0000000000001ull),  // signalling, low payload only
      F64(0x7ff4000000000000ull),  // signalling, high payload
      F64(0x7ff4000020000000ull),  // signalling, payload at bit 29
      F64(0xfff7ffffffffffffull),  // negative signalling, all payload
      F64(0xfff0000100000000ull),  // negative signalling, kept by the wire
      F64(0x7ffc0000e0000001ull),  // quiet, high and low payload
      F64(0x7ff0000000000000ull),  // +inf
      F64(0xfff0000000000000ull),  // -inf
      -0.0,
      0.0,
      F64(0x0000000000000001ull),          // smallest f64 subnormal
      F64(0x800fffffffffffffull),          // largest negative f64 subnormal
      1e-40,                               // f32 subnormal
      -1.4e-45,                            // smallest f32 subnormal
      std::numeric_limits<double>::max(),  // overflows f32
      3.4028235677973366e38,               // rounds to FLT_MAX... or inf
      1.0 + std::ldexp(1.0, -24),          // a tie: rounds to even
      0.1,
      -2.5,
  };
}

std::vector<float> SpecialFloats() {
  return {
      F32(0x7fc00000u),
      F32(0xffc00000u),
      F32(0x7fc00001u),
      F32(0x7f800001u),  // signalling
      F32(0xff800123u),  // negative signalling
      F32(0x7fbfffffu),
      F32(0x7f800000u),
      F32(0xff800000u),
      -0.0f,
      0.0f,
      F32(0x00000001u),
      F32(0x807fffffu),
      1.5f,
      -3.25e7f,
  };
}

template <typename T>
std::vector<T> Mix(const std::vector<T>& specials, size_t n, uint64_t seed,
                   std::mt19937_64* rng) {
  std::vector<T> out(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = (*rng)();
    if ((r & 3) != 0 || seed % 3 == 0) {
      out[i] = specials[(i * 7 + seed) % specials.size()];
    } else {
      out[i] = static_cast<T>(static_cast<int64_t>(r >> 20) - (1ll << 42)) /
               static_cast<T>(1024);
    }
  }
  return out;
}

// The test data must reach the NaN fix-up: the SIMD narrowing alone (a
// cast) would give other bytes than the reference for the signalling NaNs
// whose payload survives in f32 (the reference keeps them signalling).
TEST(FastEncoderTest, SpecialNaNsNeedTheExactNarrowing) {
  const std::vector<double> s = SpecialDoubles();
  std::vector<uint8_t> wire(4 * s.size());
  simd::NarrowF64ToF32Wire(s.data(), s.size(), wire.data());
  int differ = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const float exact = NarrowF64ToF32(s[i]);
    if (std::memcmp(&exact, &wire[4 * i], 4) != 0) ++differ;
  }
  EXPECT_GE(differ, 3);
}

TEST(FastEncoderTest, PackedArraysOfEveryTypeAndLength) {
  std::mt19937_64 rng(42);
  const std::vector<double> sd = SpecialDoubles();
  const std::vector<float> sf = SpecialFloats();
  size_t checked = 0;
  for (size_t len = 0; len <= 70; ++len) {
    for (uint64_t seed = 0; seed < 3; ++seed) {
      std::vector<Variant> values;
      {
        std::vector<uint8_t> b(len);
        for (auto& x : b) x = static_cast<uint8_t>(rng());
        values.push_back(Variant::PackedBytes(std::move(b)));
      }
      {
        std::vector<int32_t> a(len);
        for (auto& x : a) x = static_cast<int32_t>(rng());
        values.push_back(Variant::PackedInt32(a));
        for (Type t : {Type::kPackedVector2iArray, Type::kPackedVector3iArray,
                       Type::kPackedVector4iArray}) {
          const int k = t == Type::kPackedVector2iArray   ? 2
                        : t == Type::kPackedVector3iArray ? 3
                                                          : 4;
          std::vector<int32_t> flat(len * k);
          for (auto& x : flat) x = static_cast<int32_t>(rng());
          values.push_back(Variant::PackedIntVectors(t, std::move(flat)));
        }
      }
      {
        std::vector<int64_t> a(len);
        for (auto& x : a) x = static_cast<int64_t>(rng());
        values.push_back(Variant::PackedInt64(std::move(a)));
      }
      values.push_back(Variant::PackedFloat32(Mix(sf, len, seed, &rng)));
      values.push_back(Variant::PackedColors(Mix(sf, 4 * len, seed, &rng)));
      values.push_back(Variant::PackedFloat64(Mix(sd, len, seed, &rng)));
      for (Type t : {Type::kPackedVector2Array, Type::kPackedVector3Array,
                     Type::kPackedVector4Array}) {
        const size_t k = t == Type::kPackedVector2Array   ? 2
                         : t == Type::kPackedVector3Array ? 3
                                                          : 4;
        values.push_back(
            Variant::PackedRealVectors(t, Mix(sd, k * len, seed, &rng)));
      }
      {
        std::vector<std::string> strings(len);
        for (size_t i = 0; i < len; ++i) {
          strings[i] = std::string((i * 5 + seed) % 37, 'a' + i % 26);
          if (i % 9 == 4) strings[i] += "\xC3\xA9\xE2\x82\xAC";  // é€
        }
        values.push_back(Variant::PackedStrings(strings));
        // An element the dialects cannot carry: the same error, at the
        // same offset and path.
        if (len > 0) {
          std::vector<std::string> bad = strings;
          bad[(seed * 31) % len] += seed == 0   ? std::string("\xFF")
                                    : seed == 1 ? std::string(1, '\0')
                                                : std::string("\xED\xA0\x80");
          values.push_back(Variant::PackedStrings(std::move(bad)));
        }
      }
      {
        std::string s((len * 3 + seed) % 71, 'x');
        values.push_back(Variant::String(s));
        values.push_back(Variant::StringName(s + "\xF0\x9F\x98\x80"));
      }
      for (const Variant& v : values) {
        for (const EncodeOptions& o : AllOptions()) {
          ExpectSame(v, o, absl::StrCat("length ", len, " seed ", seed));
          ++checked;
        }
        // Inside a container, after an odd-sized prefix.
        Variant arr = Variant::MakeArray();
        arr.mutable_array().items.push_back(Variant::String("abcde"));
        arr.mutable_array().items.push_back(v);
        EncodeOptions o;
        ExpectSame(arr, o, absl::StrCat("in array, length ", len));
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  EXPECT_GT(checked, 10000u);
}

// Math values with NaN payloads go through the same exact narrowing.
TEST(FastEncoderTest, MathValuesWithSpecialComponents) {
  const std::vector<double> sd = SpecialDoubles();
  for (size_t i = 0; i < sd.size(); ++i) {
    for (const Variant& v :
         {Variant::Vector3(sd[i], sd[(i + 1) % sd.size()], 1.0),
          Variant::Color(sd[i], 0.5, sd[(i + 3) % sd.size()], 1.0),
          Variant::Float(sd[i])}) {
      for (const EncodeOptions& o : AllOptions()) ExpectSame(v, o, "math");
    }
  }
}

// Deep nesting: kTooDeep at the same place.
TEST(FastEncoderTest, DepthLimit) {
  Variant v = Variant::Int(7);
  for (int i = 0; i < 40; ++i) {
    Variant a = Variant::MakeArray();
    a.mutable_array().items.push_back(Variant::Int(i));
    a.mutable_array().items.push_back(std::move(v));
    v = std::move(a);
  }
  for (int depth : {0, 1, 5, 39, 40, 41, 1024}) {
    EncodeOptions o;
    o.max_depth = depth;
    ExpectSame(v, o, "nested");
  }
}

}  // namespace
}  // namespace gdwire
