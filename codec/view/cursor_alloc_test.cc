// Copyright 2026 The gdwire Authors.
//
// Walking a document with the cursors and accessors allocates nothing per
// element: a counting global operator new watches iterations over large
// Arrays, Dictionaries, Objects and PackedStringArrays of mixed values
// (nested less than 8 levels deep; deeper skips allocate one stack).

#include <cstdlib>
#include <new>
#include <string>

#include "codec/view/view.h"
#include "codec/wire.h"
#include "gtest/gtest.h"

namespace {
size_t g_allocations = 0;
}  // namespace

void* operator new(size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace gdwire {
namespace view {
namespace {

// One element of each shape: int, string, nested array, dictionary,
// packed floats, Vector3.
void AppendMixed(std::string* b, int i) {
  switch (i % 6) {
    case 0:
      wire::AppendU32(b, 2);
      wire::AppendU32(b, i);
      break;
    case 1:
      wire::AppendU32(b, 4);
      wire::AppendU32(b, 5);
      *b += "hello";
      wire::AppendPad4(b, 5);
      break;
    case 2:  // [[i]]
      wire::AppendU32(b, 28);
      wire::AppendU32(b, 1);
      wire::AppendU32(b, 28);
      wire::AppendU32(b, 1);
      wire::AppendU32(b, 2);
      wire::AppendU32(b, i);
      break;
    case 3:  // {i: null}
      wire::AppendU32(b, 27);
      wire::AppendU32(b, 1);
      wire::AppendU32(b, 2);
      wire::AppendU32(b, i);
      wire::AppendU32(b, 0);
      break;
    case 4:
      wire::AppendU32(b, 32);
      wire::AppendU32(b, 3);
      for (int k = 0; k < 3; ++k) wire::AppendF32(b, 1.0f * k);
      break;
    default:
      wire::AppendU32(b, 9);
      for (int k = 0; k < 3; ++k) wire::AppendF32(b, 1.0f * k);
      break;
  }
}

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

// Reads every scalar of a value without building anything.
void Touch(const ValueView& v, double* sum) {
  switch (v.type()) {
    case Type::kInt:
      *sum += *v.as_int();
      break;
    case Type::kString:
      *sum += v.as_string_view()->size();
      break;
    case Type::kPackedFloat32Array:
      *sum += v.packed_array()->real_at(2);
      break;
    case Type::kVector3: {
      double r[3];
      if (v.reals(absl::MakeSpan(r)).ok()) *sum += r[2];
      break;
    }
    case Type::kArray:
      *sum += v.array()->size();
      break;
    case Type::kDictionary:
      *sum += v.dictionary()->size();
      break;
    default:
      break;
  }
}

TEST(CursorAllocations, NonePerElement) {
  constexpr int kCount = 6000;
  std::string arr, dict, obj, strs;
  wire::AppendU32(&arr, 28);
  wire::AppendU32(&arr, kCount);
  wire::AppendU32(&dict, 27);
  wire::AppendU32(&dict, kCount);
  wire::AppendU32(&obj, 24);
  wire::AppendU32(&obj, 4);
  obj += "Node";
  wire::AppendU32(&obj, kCount);
  wire::AppendU32(&strs, 34);
  wire::AppendU32(&strs, kCount);
  for (int i = 0; i < kCount; ++i) {
    AppendMixed(&arr, i);
    AppendMixed(&dict, i);      // key
    AppendMixed(&dict, i + 1);  // value
    wire::AppendU32(&obj, 1);
    obj += "p";
    wire::AppendPad4(&obj, 1);
    AppendMixed(&obj, i);
    wire::AppendU32(&strs, 3);
    strs += std::string("ab\0\0", 4);
  }
  DecodeOptions o;
  o.allow_objects = true;
  auto da = MessageView::Open(Bytes(arr), o);
  auto dd = MessageView::Open(Bytes(dict), o);
  auto dob = MessageView::Open(Bytes(obj), o);
  auto ds = MessageView::Open(Bytes(strs), o);
  ASSERT_TRUE(da.ok() && dd.ok() && dob.ok() && ds.ok());
  double sum = 0;
  int seen = 0;

  const size_t before = g_allocations;
  {
    auto a = da->root().array();
    ASSERT_TRUE(a.ok());
    ArrayCursor cur = a->cursor();
    ValueView e;
    while (cur.Next(&e)) {
      Touch(e, &sum);
      ++seen;
    }
    ASSERT_TRUE(cur.status().ok());
  }
  {
    auto d = dd->root().dictionary();
    ASSERT_TRUE(d.ok());
    DictionaryCursor cur = d->cursor();
    DictionaryView::Entry e;
    while (cur.Next(&e)) {
      Touch(e.key, &sum);
      Touch(e.value, &sum);
      ++seen;
    }
    ASSERT_TRUE(cur.status().ok());
  }
  {
    auto ob = dob->root().object();
    ASSERT_TRUE(ob.ok());
    PropertyCursor cur = ob->properties();
    PropertyCursor::Property p;
    while (cur.Next(&p)) {
      Touch(p.value, &sum);
      ++seen;
    }
    ASSERT_TRUE(cur.status().ok());
  }
  {
    auto s = ds->root().packed_string_array();
    ASSERT_TRUE(s.ok());
    PackedStringCursor cur = s->cursor();
    TextView t;
    while (cur.Next(&t)) {
      sum += t.view().size();
      ++seen;
    }
    ASSERT_TRUE(cur.status().ok());
  }
  // Skipping whole values and validating without a budget allocate
  // nothing either.
  ASSERT_TRUE(da->Validate().ok());
  ASSERT_TRUE(dd->root().EncodedSize().ok());
  const size_t during = g_allocations - before;

  EXPECT_EQ(seen, 4 * kCount);
  EXPECT_GT(sum, 0);
  EXPECT_EQ(during, 0u);
  // The counter works: materialising allocates.
  const size_t b2 = g_allocations;
  ASSERT_TRUE(da->ToVariant().ok());
  EXPECT_GT(g_allocations - b2, size_t{kCount});
}

}  // namespace
}  // namespace view
}  // namespace gdwire
