// Copyright 2026 The gdwire Authors.
//
// Packed arrays: every CopyTo conversion against element access, SoA
// against AoS, the range check of i64 -> i32, f64 vector data (flag bit
// 16), refused conversions, and O(1) opening shown by construction: the
// data of a 2^24-element array lies in pages that cannot be read at all,
// and opening, size(), skipping and validating it still work.

#include "codec/view/packed_view.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/view/view.h"
#include "codec/wire.h"
#include "gtest/gtest.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace view {
namespace {

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

template <typename T>
uint64_t BitsOf(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

bool IsIntVectors(Type t) {
  return t == Type::kPackedVector2iArray || t == Type::kPackedVector3iArray ||
         t == Type::kPackedVector4iArray;
}
bool IsReal(Type t) {
  return t == Type::kPackedFloat32Array || t == Type::kPackedFloat64Array ||
         t == Type::kPackedVector2Array || t == Type::kPackedVector3Array ||
         t == Type::kPackedVector4Array || t == Type::kPackedColorArray;
}

// Checks every destination type for one packed array.
void CheckAllConversions(const PackedArrayView& p) {
  const Type t = p.type();
  const size_t n = p.size() * p.components();
  SCOPED_TRACE(absl::StrCat(TypeName(t), " of ", p.size(), " width ",
                            p.component_width()));
  ASSERT_EQ(p.wire_data().size(), n * p.component_width());
  auto at = [&](size_t k) {
    return std::make_pair(k / p.components(),
                          static_cast<int>(k % p.components()));
  };
  // uint8
  {
    std::vector<uint8_t> d(n);
    absl::Status st = p.CopyTo(absl::MakeSpan(d));
    ASSERT_EQ(st.ok(), t == Type::kPackedByteArray) << st;
    if (st.ok()) {
      for (size_t k = 0; k < n; ++k) ASSERT_EQ(d[k], p.int_at(k));
    } else {
      EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
    }
  }
  // int32 and int64
  {
    const bool i32_ok = t == Type::kPackedInt32Array || IsIntVectors(t);
    std::vector<int32_t> d(n);
    absl::Status st = p.CopyTo(absl::MakeSpan(d));
    if (t == Type::kPackedInt64Array) {
      bool fits = true;
      for (size_t k = 0; k < n; ++k) {
        fits &= p.int_at(k) >= INT32_MIN && p.int_at(k) <= INT32_MAX;
      }
      ASSERT_EQ(st.ok(), fits) << st;
    } else {
      ASSERT_EQ(st.ok(), i32_ok) << st;
    }
    if (st.ok()) {
      for (size_t k = 0; k < n; ++k) {
        ASSERT_EQ(d[k], p.int_at(at(k).first, at(k).second));
      }
    }
    std::vector<int64_t> e(n);
    st = p.CopyTo(absl::MakeSpan(e));
    ASSERT_EQ(st.ok(), i32_ok || t == Type::kPackedInt64Array) << st;
    if (st.ok()) {
      for (size_t k = 0; k < n; ++k) {
        ASSERT_EQ(e[k], p.int_at(at(k).first, at(k).second));
      }
    }
  }
  // float and double, AoS
  {
    std::vector<float> f(n);
    std::vector<double> d(n);
    absl::Status sf = p.CopyTo(absl::MakeSpan(f));
    absl::Status sd = p.CopyTo(absl::MakeSpan(d));
    ASSERT_EQ(sf.ok(), IsReal(t)) << sf;
    ASSERT_EQ(sd.ok(), IsReal(t)) << sd;
    if (IsReal(t)) {
      for (size_t k = 0; k < n; ++k) {
        const double want = p.real_at(at(k).first, at(k).second);
        ASSERT_EQ(BitsOf(d[k]), BitsOf(want)) << k;
        ASSERT_EQ(BitsOf(f[k]), BitsOf(NarrowF64ToF32(want))) << k;
      }
    }
  }
  // SoA: every component array equals the AoS copy.
  const int c = p.components();
  if (c >= 2) {
    std::vector<float> fa(n), fs[4];
    std::vector<double> da(n), ds[4];
    std::vector<int32_t> ia(n), is[4];
    for (int k = 0; k < 4; ++k) {
      fs[k].assign(k < c ? p.size() : 0, 0);
      ds[k].assign(k < c ? p.size() : 0, 0);
      is[k].assign(k < c ? p.size() : 0, 0);
    }
    absl::Status sf =
        p.CopyComponentsTo(absl::MakeSpan(fs[0]), absl::MakeSpan(fs[1]),
                           absl::MakeSpan(fs[2]), absl::MakeSpan(fs[3]));
    absl::Status sd =
        p.CopyComponentsTo(absl::MakeSpan(ds[0]), absl::MakeSpan(ds[1]),
                           absl::MakeSpan(ds[2]), absl::MakeSpan(ds[3]));
    absl::Status si =
        p.CopyComponentsTo(absl::MakeSpan(is[0]), absl::MakeSpan(is[1]),
                           absl::MakeSpan(is[2]), absl::MakeSpan(is[3]));
    ASSERT_EQ(sf.ok(), IsReal(t)) << sf;
    ASSERT_EQ(sd.ok(), IsReal(t)) << sd;
    ASSERT_EQ(si.ok(), IsIntVectors(t)) << si;
    if (IsReal(t)) {
      ASSERT_TRUE(p.CopyTo(absl::MakeSpan(fa)).ok());
      ASSERT_TRUE(p.CopyTo(absl::MakeSpan(da)).ok());
    } else {
      ASSERT_TRUE(p.CopyTo(absl::MakeSpan(ia)).ok());
    }
    for (size_t i = 0; i < p.size(); ++i) {
      for (int k = 0; k < c; ++k) {
        if (IsReal(t)) {
          ASSERT_EQ(BitsOf(fs[k][i]), BitsOf(fa[i * c + k]));
          ASSERT_EQ(BitsOf(ds[k][i]), BitsOf(da[i * c + k]));
        } else {
          ASSERT_EQ(is[k][i], ia[i * c + k]);
        }
      }
    }
    if (p.size() > 0 && IsReal(t)) {
      // Too few components, a component too short: refused.
      std::vector<float> shorter(p.size() - 1);
      EXPECT_FALSE(
          p.CopyComponentsTo(absl::MakeSpan(fs[0]), absl::MakeSpan(shorter),
                             absl::MakeSpan(fs[2]), absl::MakeSpan(fs[3]))
              .ok());
      if (c < 4) {
        std::vector<float> extra(p.size());
        EXPECT_FALSE(p.CopyComponentsTo(absl::MakeSpan(fs[0]),
                                        absl::MakeSpan(fs[1]),
                                        c == 3 ? absl::MakeSpan(fs[2])
                                               : absl::MakeSpan(extra),
                                        absl::MakeSpan(extra))
                         .ok());
      }
    }
  }
  // A destination that is too small is refused.
  if (n > 0 && IsReal(t)) {
    std::vector<double> small(n - 1);
    EXPECT_EQ(p.CopyTo(absl::MakeSpan(small)).code(),
              absl::StatusCode::kInvalidArgument);
  }
}

struct Config {
  Dialect dialect;
  bool real_is_double;
};

class PackedConversions : public ::testing::TestWithParam<Config> {};

TEST_P(PackedConversions, EveryTypeEveryDestination) {
  const Config cfg = GetParam();
  testing::RandomVariant gen(3 + static_cast<int>(cfg.dialect) * 10 +
                             cfg.real_is_double);
  testing::RandomOptions ro;
  ro.dialect = cfg.dialect;
  ro.real_is_double = cfg.real_is_double;
  ro.max_packed = 50;
  EncodeOptions eo;
  eo.dialect = cfg.dialect;
  eo.real_is_double = cfg.real_is_double;
  DecodeOptions o;
  o.dialect = cfg.dialect;
  o.real_is_double = cfg.real_is_double;
  int checked = 0;
  for (int k = 0; k < kTypeCount; ++k) {
    const Type t = static_cast<Type>(k);
    if (!IsPackedArray(t) || t == Type::kPackedStringArray ||
        !DialectHasType(cfg.dialect, t)) {
      continue;
    }
    for (int i = 0; i < 40; ++i) {
      const Variant v = gen.OfType(t, ro);
      auto bytes = reference::Encode(v, eo);
      ASSERT_TRUE(bytes.ok()) << bytes.status();
      auto doc = MessageView::Open(Bytes(*bytes), o);
      ASSERT_TRUE(doc.ok()) << doc.status();
      auto p = doc->root().packed_array();
      ASSERT_TRUE(p.ok()) << p.status();
      EXPECT_EQ(p->size(), v.packed_size());
      CheckAllConversions(*p);
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
}

INSTANTIATE_TEST_SUITE_P(Dialects, PackedConversions,
                         ::testing::Values(Config{Dialect::kGodot4, false},
                                           Config{Dialect::kGodot4, true},
                                           Config{Dialect::kGodot3, false},
                                           Config{Dialect::kPandemonium,
                                                  false}),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return absl::StrCat(
                               DialectName(info.param.dialect),
                               info.param.real_is_double ? "_double" : "");
                         });

std::string PackedInt64(const std::vector<int64_t>& v) {
  std::string b;
  wire::AppendU32(&b, 31);
  wire::AppendU32(&b, static_cast<uint32_t>(v.size()));
  for (int64_t x : v) wire::AppendU64(&b, static_cast<uint64_t>(x));
  return b;
}

TEST(PackedArrayView, Int64ToInt32RangeCheck) {
  const std::string ok = PackedInt64({0, -1, INT32_MAX, INT32_MIN});
  auto doc = MessageView::Open(Bytes(ok));
  ASSERT_TRUE(doc.ok());
  auto p = doc->root().packed_array();
  ASSERT_TRUE(p.ok());
  std::vector<int32_t> out(4);
  ASSERT_TRUE(p->CopyTo(absl::MakeSpan(out)).ok());
  EXPECT_EQ(out, (std::vector<int32_t>{0, -1, INT32_MAX, INT32_MIN}));

  for (int64_t bad :
       {int64_t{INT32_MAX} + 1, int64_t{INT32_MIN} - 1, int64_t{1} << 40}) {
    const std::string b = PackedInt64({5, 6, bad, 7});
    auto d = MessageView::Open(Bytes(b), DecodeOptions(), /*base_offset=*/100);
    ASSERT_TRUE(d.ok());
    auto q = d->root().packed_array();
    ASSERT_TRUE(q.ok());
    absl::Status st = q->CopyTo(absl::MakeSpan(out));
    ASSERT_FALSE(st.ok()) << bad;
    const Error e = ErrorFromStatus(st);
    EXPECT_EQ(e.kind, ErrorKind::kInvalidArgument);
    EXPECT_EQ(e.offset, 100u + 8 + 2 * 8);  // element 2's bytes
    EXPECT_EQ(e.path, "$[2]");
    // int64 destinations take every value.
    std::vector<int64_t> wide(4);
    ASSERT_TRUE(q->CopyTo(absl::MakeSpan(wide)).ok());
    EXPECT_EQ(wide[2], bad);
  }
}

TEST(PackedArrayView, F64VectorsFromADoublePrecisionPeer) {
  // PackedVector2Array([Vector2(0.1, 1e300)]) with f64 components.
  std::string b;
  wire::AppendU32(&b, 35 | wire::kFlag64);
  wire::AppendU32(&b, 1);
  wire::AppendF64(&b, 0.1);
  wire::AppendF64(&b, 1e300);
  for (bool real_is_double : {false, true}) {
    DecodeOptions o;
    o.real_is_double = real_is_double;
    auto doc = MessageView::Open(Bytes(b), o);
    ASSERT_TRUE(doc.ok());
    EXPECT_TRUE(doc->root().is_wide());
    auto p = doc->root().packed_array();
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p->component_width(), 8);
    EXPECT_EQ(p->real_at(0, 0), 0.1);  // the wire value
    double d[2];
    float f[2];
    ASSERT_TRUE(p->CopyTo(absl::MakeSpan(d)).ok());
    ASSERT_TRUE(p->CopyTo(absl::MakeSpan(f)).ok());
    EXPECT_EQ(d[0], 0.1);
    EXPECT_EQ(d[1], 1e300);
    EXPECT_EQ(f[0], 0.1f);
    EXPECT_EQ(f[1], std::numeric_limits<float>::infinity());
    // ToVariant holds what the engine holds: narrowed unless double.
    auto v = doc->ToVariant();
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(v->packed_reals()[0], real_is_double ? 0.1 : double(0.1f));
    auto ref = reference::Decode(Bytes(b), o);
    ASSERT_TRUE(ref.ok());
    EXPECT_EQ(*v, *ref);
  }
}

TEST(PackedArrayView, RefusesStringsAndWrongTypes) {
  std::string b;
  wire::AppendU32(&b, 34);  // PackedStringArray
  wire::AppendU32(&b, 0);
  auto doc = MessageView::Open(Bytes(b));
  ASSERT_TRUE(doc.ok());
  EXPECT_FALSE(doc->root().packed_array().ok());
  EXPECT_TRUE(doc->root().packed_string_array().ok());
  PackedArrayView empty;
  std::vector<float> f(1);
  EXPECT_FALSE(empty.CopyTo(absl::MakeSpan(f)).ok());
}

// ---- O(1) open, by construction ----------------------------------------

// A buffer whose middle pages cannot be read: `prefix` ends where the
// unreadable data begins, `suffix` starts the readable page after it.
class GuardedBuffer {
 public:
  // REQUIRES: `hole` is a multiple of the page size.
  GuardedBuffer(const std::string& prefix, size_t hole,
                const std::string& suffix) {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    if (hole % page_ != 0) return;
    size_ = page_ + hole + page_;
    void* m = mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return;
    base_ = static_cast<uint8_t*>(m);
    begin_ = page_ - prefix.size();
    std::memcpy(base_ + begin_, prefix.data(), prefix.size());
    std::memcpy(base_ + page_ + hole, suffix.data(), suffix.size());
    end_ = page_ + hole + suffix.size();
    ok_ = mprotect(base_ + page_, hole, PROT_NONE) == 0;
  }
  ~GuardedBuffer() {
    if (base_ != nullptr) munmap(base_, size_);
  }
  bool ok() const { return ok_; }
  absl::Span<const uint8_t> span() const {
    return absl::MakeConstSpan(base_ + begin_, end_ - begin_);
  }

 private:
  uint8_t* base_ = nullptr;
  size_t page_ = 0, size_ = 0, begin_ = 0, end_ = 0;
  bool ok_ = false;
};

TEST(PackedArrayView, OpeningAHugeArrayDoesNotTouchItsData) {
  constexpr uint32_t kCount = 1u << 24;
  // The data must be page-aligned for the hole to hold exactly it: every
  // size below is a multiple of the page size.
  struct Case {
    uint32_t header;
    size_t bytes;
  } cases[] = {
      {30, size_t{kCount} * 4},                   // PackedInt32Array, 64 MB
      {36 | wire::kFlag64, size_t{kCount} * 24},  // f64 PackedVector3Array
      {29, size_t{kCount}},                       // PackedByteArray
  };
  for (const Case& c : cases) {
    // [Array of 2: the packed array, then int 7]
    std::string prefix;
    wire::AppendU32(&prefix, 28);
    wire::AppendU32(&prefix, 2);
    wire::AppendU32(&prefix, c.header);
    wire::AppendU32(&prefix, kCount);
    std::string suffix;
    wire::AppendU32(&suffix, 2);
    wire::AppendU32(&suffix, 7);
    GuardedBuffer buf(prefix, c.bytes, suffix);
    ASSERT_TRUE(buf.ok());
    auto doc = MessageView::Open(buf.span());
    ASSERT_TRUE(doc.ok()) << doc.status();
    auto arr = doc->root().array();
    ASSERT_TRUE(arr.ok());
    ArrayCursor cur = arr->cursor();
    ValueView packed, seven;
    ASSERT_TRUE(cur.Next(&packed));
    auto p = packed.packed_array();  // would fault if it read the data
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(p->size(), kCount);
    EXPECT_EQ(p->wire_data().size(), c.bytes);
    EXPECT_EQ(p->data_offset(), 16u);
    // The data really is unreadable: touching it kills the process.
    EXPECT_DEATH(
        std::printf("%f", p->int_at(kCount / 2) + p->real_at(kCount / 2)), "");
    // Skipping it (the cursor) and validating touch no data either.
    ASSERT_TRUE(cur.Next(&seven)) << cur.status();
    auto seven_value = seven.as_int();
    ASSERT_TRUE(seven_value.ok());
    EXPECT_EQ(*seven_value, 7);
    EXPECT_FALSE(cur.Next(&seven));
    EXPECT_TRUE(cur.status().ok());
    EXPECT_TRUE(doc->Validate().ok());
    auto size = doc->root().EncodedSize();
    ASSERT_TRUE(size.ok());
    EXPECT_EQ(*size, buf.span().size());
  }
}

}  // namespace
}  // namespace view
}  // namespace gdwire
