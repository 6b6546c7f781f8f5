// Copyright 2026 The gdwire Authors.
//
// The Variant's storage: what lives inline (no heap block), what a move
// costs, f32/f64 storage read alike, and the Dictionary's O(1) index.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "codec/types.h"
#include "codec/variant.h"
#include "gtest/gtest.h"

namespace {
// Heap blocks handed out while `counting` is set.
thread_local bool counting = false;
thread_local uint64_t allocations = 0;
}  // namespace

void* operator new(size_t n) {
  if (counting) ++allocations;
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace gdwire {
namespace {

// Counts the heap blocks `f` takes.
template <typename F>
uint64_t Allocations(F f) {
  allocations = 0;
  counting = true;
  f();
  counting = false;
  return allocations;
}

float SignallingNan() {
  const uint32_t bits = 0x7f800001u;  // payload 1, quiet bit clear
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint64_t Bits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

TEST(VariantStorage, SizeIsOneCacheLinePlusTag) {
  EXPECT_LE(sizeof(Variant), 72u);
}

TEST(VariantStorage, ScalarsMathAndShortStringsTakeNoHeap) {
  const float proj[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const double t2d[6] = {1, 2, 3, 4, 5, 6};
  const int32_t r2i[4] = {1, 2, 3, 4};
  EXPECT_EQ(Allocations([&] {
              std::vector<Variant> keep;
              Variant a = Variant::Int(7);
              Variant b = Variant::Float(0.5);
              Variant c = Variant::Math32(Type::kProjection, proj);
              Variant d = Variant::Math(Type::kTransform2D, t2d);
              Variant e = Variant::IntMath(Type::kRect2i, r2i);
              Variant f = Variant::StringName("position");
              Variant g = Variant::Vector3(1, 2, 3);
              Variant h = Variant::Bool(true);
              Variant i = Variant::Rid(9);
              Variant moved = std::move(c);
              Variant copied = moved;  // an f32 Projection copies inline
              (void)copied;
            }),
            0u);
}

TEST(VariantStorage, MovingContainersMovesOnePointer) {
  Variant dict = Variant::MakeDictionary();
  for (int i = 0; i < 100; ++i) {
    dict.mutable_dictionary().Set(Variant::Int(i), Variant::String("x"));
  }
  Variant arr = Variant::MakeArray();
  arr.mutable_array().Append(std::move(dict));
  EXPECT_EQ(Allocations([&] {
              Variant a = std::move(arr);
              Variant b;
              b = std::move(a);
              arr = std::move(b);
            }),
            0u);
  EXPECT_TRUE(dict.is_nil());  // moved from
  ASSERT_EQ(arr.array().size(), 1u);
  EXPECT_EQ(arr.array().items[0].dictionary().size(), 100u);
}

TEST(VariantStorage, DoublePrecisionBigMathTakesOneBlock) {
  double c[16];
  for (int i = 0; i < 16; ++i) c[i] = i + 0.1;
  Variant v;
  EXPECT_EQ(Allocations([&] { v = Variant::Math(Type::kProjection, c); }), 1u);
  EXPECT_TRUE(v.reals().wide());
  EXPECT_EQ(v.reals()[15], 15.1);
  Variant w;
  EXPECT_EQ(Allocations([&] { w = v; }), 1u);  // deep copy
  EXPECT_EQ(v, w);
}

TEST(VariantStorage, F32AndF64StorageReadAndCompareAlike) {
  const float f[3] = {0.1f, -0.0f, SignallingNan()};
  Variant narrow = Variant::Math32(Type::kVector3, f);
  Variant wide = Variant::Vector3(double(0.1f), -0.0, WidenF32Exact(f[2]));
  EXPECT_FALSE(narrow.reals().wide());
  EXPECT_TRUE(wide.reals().wide());
  EXPECT_EQ(narrow, wide);
  // The signalling NaN's payload survives the widening read.
  EXPECT_EQ(Bits(narrow.reals()[2]), Bits(WidenF32Exact(SignallingNan())));
  EXPECT_EQ(Bits(narrow.reals()[2]) & 0x0008000000000000ull, 0u);
  // -0 and 0 differ bit for bit.
  EXPECT_NE(narrow, Variant::Vector3(double(0.1f), 0.0, WidenF32Exact(f[2])));
  std::vector<double> it(narrow.reals().begin(), narrow.reals().end());
  ASSERT_EQ(it.size(), 3u);
  EXPECT_EQ(it[0], double(0.1f));
}

TEST(VariantStorage, PackedRealVectorsKeepTheirElementType) {
  Variant f32 = Variant::PackedRealVectors32(Type::kPackedVector3Array,
                                             {1.5f, 2, 3, 4, 5, 6});
  Variant f64 = Variant::PackedRealVectors(Type::kPackedVector3Array,
                                           {1.5, 2, 3, 4, 5, 6});
  EXPECT_FALSE(f32.packed_wide());
  EXPECT_TRUE(f64.packed_wide());
  EXPECT_EQ(f32.packed_size(), 2u);
  EXPECT_EQ(f64.packed_size(), 2u);
  EXPECT_EQ(f32.packed_float32().size(), 6u);
  EXPECT_EQ(f32, f64);
  EXPECT_EQ(f32.packed_reals()[0], 1.5);
  EXPECT_EQ(KeyHash(f32), KeyHash(f64));
  Variant other = Variant::PackedRealVectors32(Type::kPackedVector3Array,
                                               {1.5f, 2, 3, 4, 5, 7});
  EXPECT_NE(f32, other);
  // A PackedFloat32Array is not a PackedVector array of the same floats.
  EXPECT_NE(Variant::PackedFloat32({1, 2, 3}),
            Variant::PackedRealVectors32(Type::kPackedVector3Array, {1, 2, 3}));
}

TEST(VariantStorage, CopiesAreDeepAndMovesLeaveNil) {
  Variant a = Variant::MakeArray();
  a.mutable_array().Append(Variant::String("a long string, longer than SSO"));
  Variant b = a;
  b.mutable_array().items[0] = Variant::Int(1);
  EXPECT_EQ(a.array().items[0].as_string(), "a long string, longer than SSO");
  Variant c = std::move(a);
  EXPECT_TRUE(a.is_nil());
  EXPECT_EQ(c.array().items[0].type(), Type::kString);
  Variant s = Variant::String(std::string(100, 'x'));
  Variant t = std::move(s);
  EXPECT_TRUE(s.is_nil());
  EXPECT_EQ(t.as_string().size(), 100u);
  t = t;  // self-assignment keeps the value
  EXPECT_EQ(t.as_string().size(), 100u);
}

TEST(VariantStorageDeathTest, WrongAccessorAborts) {
  Variant v = Variant::Int(1);
  EXPECT_DEATH((void)v.as_string(), "wrong accessor");
  EXPECT_DEATH((void)v.reals(), "wrong accessor");
}

TEST(DictionaryIndex, SetFindEraseAcrossTheLinearThreshold) {
  Dictionary d;
  for (int n = 0; n < 1000; ++n) {
    d.Set(Variant::Int(n), Variant::Int(n * 10));
    ASSERT_EQ(d.size(), size_t(n) + 1);
    // Every key so far is found, a new one is not.
    for (int k : {0, n / 2, n}) {
      const Variant* v = d.Find(Variant::Int(k));
      ASSERT_NE(v, nullptr) << n << " " << k;
      EXPECT_EQ(v->as_int(), k * 10);
    }
    ASSERT_EQ(d.Find(Variant::Int(n + 1)), nullptr);
  }
  // Overwriting keeps the first position (insertion order).
  d.Set(Variant::Int(3), Variant::String("three"));
  EXPECT_EQ(d.entries[3].second.as_string(), "three");
  EXPECT_EQ(d.size(), 1000u);
  // Erase moves later entries up and the index follows.
  EXPECT_TRUE(d.Erase(Variant::Int(500)));
  EXPECT_FALSE(d.Erase(Variant::Int(500)));
  EXPECT_EQ(d.size(), 999u);
  EXPECT_EQ(d.entries[500].first.as_int(), 501);
  EXPECT_EQ(d.Find(Variant::Int(999))->as_int(), 9990);
  EXPECT_EQ(d.Find(Variant::Int(500)), nullptr);
  // Direct appends (decoders that checked the key) are indexed lazily.
  d.entries.emplace_back(Variant::Int(5000), Variant::Int(1));
  ASSERT_NE(d.Find(Variant::Int(5000)), nullptr);
  // Copies carry their own index.
  Dictionary copy = d;
  copy.Set(Variant::Int(6000), Variant::Nil());
  EXPECT_EQ(d.Find(Variant::Int(6000)), nullptr);
  EXPECT_NE(copy.Find(Variant::Int(6000)), nullptr);
  d.Clear();
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(d.Find(Variant::Int(1)), nullptr);
}

TEST(DictionaryIndex, GodotKeyIdentity) {
  for (int size : {2, 50}) {  // linear search and hash index alike
    Dictionary d;
    for (int i = 0; i < size; ++i) d.Set(Variant::Int(1000 + i), Variant());
    d.Set(Variant::String("name"), Variant::Int(1));
    d.Set(Variant::StringName("name"), Variant::Int(2));  // the same key
    d.Set(Variant::Float(0.0), Variant::Int(3));
    d.Set(Variant::Float(-0.0), Variant::Int(4));  // -0 == 0
    d.Set(Variant::Float(std::nan("1")), Variant::Int(5));
    d.Set(Variant::Float(-std::numeric_limits<double>::quiet_NaN()),
          Variant::Int(6));                   // every NaN is one key
    d.Set(Variant::Int(0), Variant::Int(7));  // an int is not a float
    EXPECT_EQ(d.size(), size_t(size) + 4) << size;
    EXPECT_EQ(d.Find(Variant::StringName("name"))->as_int(), 2);
    EXPECT_EQ(d.Find(Variant::String("name"))->as_int(), 2);
    EXPECT_EQ(d.Find(Variant::Float(0.0))->as_int(), 4);
    EXPECT_EQ(d.Find(Variant::Float(std::nan("2")))->as_int(), 6);
    EXPECT_EQ(d.Find(Variant::Int(0))->as_int(), 7);
    const float v[2] = {0.0f, 1.0f};
    d.Set(Variant::Math32(Type::kVector2, v), Variant::Int(8));
    EXPECT_EQ(d.Find(Variant::Vector2(-0.0, 1.0))->as_int(), 8);
  }
}

// Full Objects of one class that differ in a property are different keys
// with different hashes (KeyHash covers the properties), so a Dictionary of
// many of them does not degrade into comparing every pair.
TEST(DictionaryIndex, SameClassObjectKeysHashApart) {
  auto obj = [](int i) {
    Object o;
    o.kind = Object::Kind::kFull;
    o.class_name = "Node2D";
    o.properties.emplace_back("position", Variant::Vector2(i, 0));
    return Variant::MakeObject(std::move(o));
  };
  EXPECT_NE(KeyHash(obj(1)), KeyHash(obj(2)));
  EXPECT_EQ(KeyHash(obj(3)), KeyHash(obj(3)));
  Dictionary d;
  for (int i = 0; i < 2000; ++i) d.Set(obj(i), Variant::Int(i));
  d.Set(obj(7), Variant::Int(-7));  // the same key: overwritten
  EXPECT_EQ(d.size(), 2000u);
  EXPECT_EQ(d.Find(obj(7))->as_int(), -7);
  EXPECT_EQ(d.Find(obj(1999))->as_int(), 1999);
}

}  // namespace
}  // namespace gdwire
