// Copyright 2026 The gdwire Authors.
//
// Proof that hostile input cannot make gdwire allocate more than the input
// justifies (docs/SECURITY.md). This binary replaces the global operator
// new / delete with counting ones, so every test measures what a decode
// really allocates: the peak of live bytes, the largest single block and
// the total.
//
//   * 12-byte messages declaring 2^31 elements (every counted type, every
//     dialect) fail at once and allocate next to nothing, in every API:
//     reference::Decode, DecodeFramed in every framing, the push parser
//     (whole and byte by byte), the lazy views, the gdwire CLI. Deep text
//     fails cleanly in the text parser.
//   * Long legal inputs of the most memory-hungry shapes decode within the
//     automatic budget (DecodeOptions::max_alloc_bytes = 0), and the
//     accounting is complete: what a decode allocates is never more than
//     what it charged.
//   * A smaller budget fails with kLimitExceeded, offset and path.
//   * Input crafted to make nested containers reserve against the same
//     bytes (the amplification the backed-count rule prevents) stays within
//     the budget.

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/options.h"
#include "codec/reference/decoder.h"
#include "codec/stream/value_reader.h"
#include "codec/text/parse.h"
#include "codec/types.h"
#include "codec/view/view.h"
#include "gtest/gtest.h"
#include "tests/corpus_util.h"

// ---- Counting allocator ---------------------------------------------------
// Each block carries a 16-byte header (requested size, base pointer), so
// delete knows the size whatever form of new made the block.

namespace {

struct AllocStats {
  uint64_t live = 0;
  uint64_t peak = 0;
  uint64_t largest = 0;
  uint64_t total = 0;
};
AllocStats g_stats;

void* CountedAlloc(size_t n, size_t align) {
  if (align < 16) align = 16;
  void* base = nullptr;
  if (posix_memalign(&base, align, n + align) != 0) return nullptr;
  char* p = static_cast<char*>(base) + align;
  reinterpret_cast<size_t*>(p)[-2] = n;
  reinterpret_cast<void**>(p)[-1] = base;
  g_stats.live += n;
  g_stats.total += n;
  if (g_stats.live > g_stats.peak) g_stats.peak = g_stats.live;
  if (n > g_stats.largest) g_stats.largest = n;
  return p;
}

void CountedFree(void* p) {
  if (p == nullptr) return;
  g_stats.live -= reinterpret_cast<size_t*>(p)[-2];
  std::free(reinterpret_cast<void**>(p)[-1]);
}

void* NewOrThrow(size_t n, size_t align) {
  void* p = CountedAlloc(n, align);
  if (p == nullptr) std::abort();  // no exceptions in this code base
  return p;
}

}  // namespace

void* operator new(size_t n) { return NewOrThrow(n, 16); }
void* operator new[](size_t n) { return NewOrThrow(n, 16); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  return CountedAlloc(n, 16);
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  return CountedAlloc(n, 16);
}
void* operator new(size_t n, std::align_val_t a) {
  return NewOrThrow(n, static_cast<size_t>(a));
}
void* operator new[](size_t n, std::align_val_t a) {
  return NewOrThrow(n, static_cast<size_t>(a));
}
void operator delete(void* p) noexcept { CountedFree(p); }
void operator delete[](void* p) noexcept { CountedFree(p); }
void operator delete(void* p, size_t) noexcept { CountedFree(p); }
void operator delete[](void* p, size_t) noexcept { CountedFree(p); }
void operator delete(void* p, std::align_val_t) noexcept { CountedFree(p); }
void operator delete[](void* p, std::align_val_t) noexcept { CountedFree(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept {
  CountedFree(p);
}
void operator delete[](void* p, size_t, std::align_val_t) noexcept {
  CountedFree(p);
}

namespace gdwire {
namespace {

// Measures the allocations made while it is alive, relative to the live
// bytes when it started.
class Meter {
 public:
  Meter() : start_(g_stats) {
    g_stats.peak = g_stats.live;
    g_stats.largest = 0;
  }
  uint64_t peak() const { return g_stats.peak - start_.live; }
  uint64_t largest() const { return g_stats.largest; }
  uint64_t total() const { return g_stats.total - start_.total; }

 private:
  AllocStats start_;
};

constexpr uint64_t kSmall = 64 << 10;  // "nothing big": 64 KiB

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

void U32(std::string* s, uint32_t v) {
  for (int i = 0; i < 4; ++i) s->push_back(static_cast<char>(v >> (8 * i)));
}
std::string Words(std::initializer_list<uint32_t> words) {
  std::string s;
  for (uint32_t w : words) U32(&s, w);
  return s;
}
uint32_t Id(Dialect d, Type t) {
  uint32_t id = 0;
  EXPECT_TRUE(WireId(d, t, &id)) << TypeName(t);
  return id;
}

const Dialect kDialects[] = {Dialect::kGodot3, Dialect::kGodot4,
                             Dialect::kPandemonium};

// ---- 12-byte messages declaring 2^31 elements -----------------------------

struct Hostile {
  std::string name;
  Dialect dialect;
  bool allow_objects;
  std::string bytes;
};

std::vector<Hostile> HugeCountMessages() {
  std::vector<Hostile> out;
  for (Dialect d : kDialects) {
    const std::string dn(DialectName(d));
    auto add = [&](const std::string& name, std::string bytes,
                   bool objects = false) {
      out.push_back({dn + "_" + name, d, objects, std::move(bytes)});
    };
    // Containers: the count word's bit 31 is cleared, so 2^31 - 1.
    for (uint32_t count : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x40000000u}) {
      add(absl::StrCat("Array_", count),
          Words({Id(d, Type::kArray), count, 0}));
      add(absl::StrCat("Dictionary_", count),
          Words({Id(d, Type::kDictionary), count, 0}));
    }
    for (int t = 0; t < kTypeCount; ++t) {
      const Type type = static_cast<Type>(t);
      if (!IsPackedArray(type) || !DialectHasType(d, type)) continue;
      for (uint32_t count : {0x7FFFFFFFu, 0x40000000u, 0x80000000u}) {
        // A negative count is an empty PackedStringArray (spec §6).
        if (type == Type::kPackedStringArray && count == 0x80000000u) continue;
        add(absl::StrCat(TypeName(type), "_", count),
            Words({Id(d, type), count, 0}));
        // With the 64-bit flag (f64 components where the dialect has it).
        add(absl::StrCat(TypeName(type), "_f64_", count),
            Words({Id(d, type) | (1u << 16), count, 0}));
      }
    }
    for (uint32_t n : {0x7FFFFFFFu, 0x7FFFFFFCu, 0x80000000u}) {
      add(absl::StrCat("String_", n), Words({Id(d, Type::kString), n, 0}));
    }
    if (DialectHasType(d, Type::kStringName)) {
      add("StringName", Words({Id(d, Type::kStringName), 0x7FFFFFFF, 0}));
    }
    const uint32_t np = Id(d, Type::kNodePath);
    add("NodePath_names", Words({np, 0xFFFFFFFF, 0, 0}));
    add("NodePath_subnames", Words({np, 0x80000000, 0xFFFFFFFF, 0}));
    add("NodePath_both", Words({np, 0xFFFFFFFF, 0x7FFFFFFF, 2}));
    const uint32_t obj = Id(d, Type::kObject);
    add("Object_properties", Words({obj, 1, 0x41, 0x7FFFFFFF}), true);
    add("Object_class_name", Words({obj, 0x7FFFFFF0, 0}), true);
    // A packed string array whose elements are all empty strings.
    add("PackedStringArray_empties",
        Words({Id(d, Type::kPackedStringArray), 0x7FFFFFFF, 0}));
  }
  // Godot 4 typed containers with huge class-name strings.
  out.push_back({"godot4_typed_array_class", Dialect::kGodot4, true,
                 Words({28 | (2u << 16), 0x7FFFFFF0, 0})});
  out.push_back({"godot4_typed_dict_script", Dialect::kGodot4, true,
                 Words({27 | (3u << 16), 0x7FFFFFF0, 0})});
  return out;
}

void PrintTo(const Hostile& h, std::ostream* os) { *os << h.name; }

class HugeCountTest : public ::testing::TestWithParam<Hostile> {};

TEST_P(HugeCountTest, ReferenceDecodeFailsAtOnceAllocatingNothingBig) {
  const Hostile& h = GetParam();
  DecodeOptions o;
  o.dialect = h.dialect;
  o.allow_objects = h.allow_objects;
  const auto t0 = std::chrono::steady_clock::now();
  Meter m;
  {
    auto v = reference::Decode(Bytes(h.bytes), o);
    ASSERT_FALSE(v.ok()) << v->DebugString();
    const Error e = ErrorFromStatus(v.status());
    EXPECT_TRUE(e.kind == ErrorKind::kTruncated ||
                e.kind == ErrorKind::kInvalidLength ||
                e.kind == ErrorKind::kLimitExceeded)
        << v.status();
    EXPECT_LE(e.offset, h.bytes.size());
    EXPECT_NE(v.status().message().find(" at byte "), absl::string_view::npos);
  }
  EXPECT_LT(m.peak(), kSmall);
  EXPECT_LT(m.largest(), kSmall);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1));
}

TEST_P(HugeCountTest, DecodeFramedFailsAtOnceInEveryFraming) {
  const Hostile& h = GetParam();
  DecodeOptions o;
  o.dialect = h.dialect;
  o.allow_objects = h.allow_objects;
  for (Framing framing :
       {Framing::kNone, Framing::kStream, Framing::kPacketStream}) {
    for (bool be : {false, true}) {
      FrameOptions f;
      f.framing = framing;
      f.big_endian = be;
      std::string framed;
      AppendFrame(h.bytes, f, &framed);
      Meter m;
      {
        auto v = DecodeFramed(Bytes(framed), f, o);
        ASSERT_FALSE(v.ok());
        const Error e = ErrorFromStatus(v.status());
        EXPECT_NE(e.kind, ErrorKind::kOk);
        EXPECT_EQ(e.path.rfind("#0", 0), 0u) << v.status();
      }
      EXPECT_LT(m.peak(), kSmall) << static_cast<int>(framing);
      EXPECT_LT(m.largest(), kSmall);
    }
  }
}

// The push parser: the whole message in one piece and byte by byte, then
// Finish; nothing is reserved from a declared count.
TEST_P(HugeCountTest, StreamParserFailsAllocatingNothingBig) {
  const Hostile& h = GetParam();
  DecodeOptions o;
  o.dialect = h.dialect;
  o.allow_objects = h.allow_objects;
  Meter m;
  {
    auto v = stream::Decode(Bytes(h.bytes), o);
    ASSERT_FALSE(v.ok());
    const auto ref = reference::Decode(Bytes(h.bytes), o);
    EXPECT_EQ(ErrorFromStatus(v.status()).kind,
              ErrorFromStatus(ref.status()).kind)
        << v.status() << " / " << ref.status();
    for (Framing framing : {Framing::kNone, Framing::kStream}) {
      FrameOptions f;
      f.framing = framing;
      std::string framed;
      AppendFrame(h.bytes, f, &framed);
      stream::ValueReader reader(o, f);
      std::vector<Variant> values;
      absl::Status st;
      for (size_t i = 0; i < framed.size() && st.ok(); ++i) {
        st = reader.Feed(Bytes(framed).subspan(i, 1), &values);
      }
      if (st.ok()) st = reader.Finish(&values);
      EXPECT_FALSE(st.ok());
      EXPECT_TRUE(values.empty());
    }
  }
  EXPECT_LT(m.peak(), kSmall);
  EXPECT_LT(m.largest(), kSmall);
}

// The lazy views: open, validate, materialise, and walk the root.
TEST_P(HugeCountTest, ViewsFailAllocatingNothingBig) {
  const Hostile& h = GetParam();
  DecodeOptions o;
  o.dialect = h.dialect;
  o.allow_objects = h.allow_objects;
  Meter m;
  {
    auto doc = view::MessageView::Open(Bytes(h.bytes), o);
    if (doc.ok()) {
      EXPECT_FALSE(doc->Validate().ok());
      EXPECT_FALSE(doc->ToVariant().ok());
      const view::ValueView root = doc->root();
      if (root.type() == Type::kArray) {
        auto a = root.array();
        if (a.ok()) {
          auto c = a->cursor();
          view::ValueView e;
          while (c.Next(&e)) {
          }
        }
      } else if (IsPackedArray(root.type()) &&
                 root.type() != Type::kPackedStringArray) {
        EXPECT_FALSE(root.packed_array().ok());
      }
    }
  }
  EXPECT_LT(m.peak(), kSmall);
  EXPECT_LT(m.largest(), kSmall);
}

INSTANTIATE_TEST_SUITE_P(All, HugeCountTest,
                         ::testing::ValuesIn(HugeCountMessages()),
                         [](const ::testing::TestParamInfo<Hostile>& i) {
                           return i.param.name;
                         });

// The CLI, as a separate process: `gdwire validate` on each message exits 1
// at once with the error on stderr; its peak RSS stays small.
TEST(CliTest, ValidateRejectsHugeCountsWithSmallRss) {
  const std::string gdwire = testing::RunfilePath("tools/gdwire");
  if (access(gdwire.c_str(), X_OK) != 0) GTEST_SKIP() << "no " << gdwire;
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp != nullptr ? tmp : "/tmp";
  int checked = 0;
  for (const Hostile& h : HugeCountMessages()) {
    if (h.dialect != Dialect::kGodot4 && h.dialect != Dialect::kGodot3) {
      continue;
    }
    const std::string file = dir + "/huge.bin";
    const std::string err = dir + "/huge.err";
    {
      std::ofstream f(file, std::ios::binary);
      f << h.bytes;
    }
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      if (!std::freopen(err.c_str(), "w", stderr)) _exit(99);
      const std::string dialect =
          std::string("--dialect=") + std::string(DialectName(h.dialect));
      if (h.allow_objects) {
        execl(gdwire.c_str(), "gdwire", "validate", dialect.c_str(),
              "--allow-objects", file.c_str(), nullptr);
      } else {
        execl(gdwire.c_str(), "gdwire", "validate", dialect.c_str(),
              file.c_str(), nullptr);
      }
      _exit(98);
    }
    int status = 0;
    struct rusage ru {};
    ASSERT_EQ(wait4(pid, &status, 0, &ru), pid);
    ASSERT_TRUE(WIFEXITED(status)) << h.name;
    EXPECT_EQ(WEXITSTATUS(status), 1) << h.name;
    // ru_maxrss is in KiB; the CLI's own baseline (plus sanitizer runtimes)
    // is a few MiB, a 2^31-element allocation would be GiBs.
    EXPECT_LT(ru.ru_maxrss, 128 * 1024) << h.name;
    const std::string msg = testing::ReadFileOrDie(err);
    EXPECT_NE(msg.find(" at byte "), std::string::npos) << h.name << msg;
    ++checked;
  }
  EXPECT_GT(checked, 50);
}

// The text parser keeps its own stack: 100,000 open brackets fail cleanly
// (kTooDeep) with memory proportional to the text.
TEST(TextLimitsTest, DeepTextFailsWithoutGrowingTheStack) {
  for (const char* open : {"[", "{\"a\": ", "Array[int]([", "{["}) {
    std::string text;
    for (int i = 0; i < 100000; ++i) text += open;
    Meter m;
    {
      auto v = text::FromText(text, Dialect::kGodot4);
      ASSERT_FALSE(v.ok());
      EXPECT_EQ(ErrorFromStatus(v.status()).kind, ErrorKind::kTooDeep)
          << v.status();
    }
    EXPECT_LT(m.peak(), 64 * text.size() + kSmall) << open;
  }
}

// ---- Long legal inputs and the budget -------------------------------------

// The smallest max_alloc_bytes with which `bytes` decodes: what the decoder
// charges for it.
uint64_t Charged(const std::string& bytes, DecodeOptions o) {
  o.max_alloc_bytes = UINT64_MAX;
  Variant v;
  size_t used;
  if (!reference::DecodeValue(Bytes(bytes), o, &v, &used).ok()) return 0;
  uint64_t account = 0;
  o.alloc_account = &account;
  reference::DecodeValue(Bytes(bytes), o, &v, &used);
  return account;
}

struct Shape {
  std::string name;
  std::string bytes;
};

// The shapes that take the most memory per input byte (godot4), `n`
// elements each.
std::vector<Shape> HungryShapes(uint32_t n) {
  const uint32_t kNil = 0, kInt = 2, kStr = 4, kDict = 27, kArr = 28;
  std::vector<Shape> out;
  auto array_of = [&](const std::string& name, const std::string& elem) {
    std::string s = Words({kArr, n});
    for (uint32_t i = 0; i < n; ++i) s += elem;
    out.push_back({name, s});
  };
  array_of("array_of_nil", Words({kNil}));
  array_of("array_of_callable", Words({25}));
  array_of("array_of_empty_array", Words({kArr, 0}));
  array_of("array_of_empty_dict", Words({kDict, 0}));
  array_of("array_of_object_id", Words({24 | (1u << 16), 1, 0}));
  array_of("array_of_empty_string", Words({kStr, 0}));
  array_of("array_of_transform3d",
           Words({18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  array_of("array_of_projection",
           Words({19, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  array_of("array_of_empty_nodepath", Words({22, 0x80000000, 0, 0}));
  array_of("array_of_array_of_nil", Words({kArr, 1, kNil}));
  {
    std::string s = Words({kDict, n});
    for (uint32_t i = 0; i < n; ++i) s += Words({kInt, i, kDict, 0});
    out.push_back({"dict_int_to_empty_dict", s});
  }
  {
    std::string s = Words({kDict, n});
    for (uint32_t i = 0; i < n; ++i) s += Words({kDict, 0, kDict, 0});
    out.push_back({"dict_empty_dict_to_empty_dict", s});
  }
  {
    std::string s = Words({kDict, n});
    for (uint32_t i = 0; i < n; ++i) s += Words({kNil, kDict, 0});
    out.push_back({"dict_nil_to_empty_dict", s});
  }
  {
    std::string s = Words({kDict, n});
    for (uint32_t i = 0; i < n; ++i) s += Words({kInt, i, kNil});
    out.push_back({"dict_int_to_nil", s});
  }
  {
    std::string s = Words({kDict, n});
    for (uint32_t i = 0; i < n; ++i) s += Words({kNil, kNil});
    out.push_back({"dict_nil_to_nil", s});
  }
  {
    std::string s = Words({24, 4, 0x41, n});  // Object "A", n properties
    for (uint32_t i = 0; i < n; ++i) s += Words({0, kNil});
    out.push_back({"object_empty_names", s});
  }
  {
    std::string s = Words({34, n});
    for (uint32_t i = 0; i < n; ++i) s += Words({0});
    out.push_back({"packed_strings_empty", s});
  }
  {
    std::string s = Words({22, 0x80000000 | n, 0, 0});
    for (uint32_t i = 0; i < n; ++i) s += Words({0});
    out.push_back({"nodepath_empty_names", s});
  }
  {
    std::string s = Words({35, n});  // PackedVector2Array, f32 -> double
    for (uint32_t i = 0; i < n; ++i) s += Words({0, 0});
    out.push_back({"packed_vector2", s});
  }
  {
    // Array[StringName] of Strings: each is copied on conversion.
    std::string s = Words({kArr | (1u << 16), 21, n});
    for (uint32_t i = 0; i < n; ++i) {
      s += Words({kStr, 20, 0x61616161, 0x61616161, 0x61616161, 0x61616161,
                  0x61616161});
    }
    out.push_back({"typed_stringname_array_of_strings", s});
  }
  return out;
}

TEST(BudgetTest, LongLegalInputsDecodeWithinTheAutomaticBudget) {
  for (const Shape& s : HungryShapes(20000)) {
    DecodeOptions o;
    o.allow_objects = true;
    uint64_t total, peak;
    {
      Meter m;
      auto v = reference::Decode(Bytes(s.bytes), o);
      ASSERT_TRUE(v.ok()) << s.name << ": " << v.status();
      total = m.total();
      peak = m.peak();
    }
    const uint64_t budget = DecodeOptions::AutoAllocBudget(s.bytes.size());
    const uint64_t charged = Charged(s.bytes, o);
    EXPECT_LE(total, charged) << s.name;
    EXPECT_LE(charged, budget) << s.name;
    std::printf(
        "%-36s %8zu bytes: allocated %9llu (%.1f/byte), charged %9llu "
        "(%.1f/byte), peak %9llu\n",
        s.name.c_str(), s.bytes.size(), static_cast<unsigned long long>(total),
        double(total) / s.bytes.size(),
        static_cast<unsigned long long>(charged),
        double(charged) / s.bytes.size(),
        static_cast<unsigned long long>(peak));
  }
}

TEST(BudgetTest, OverBudgetFailsWithLimitExceededOffsetAndPath) {
  for (const Shape& s : HungryShapes(5000)) {
    DecodeOptions o;
    o.allow_objects = true;
    o.max_alloc_bytes = 16 << 10;
    Meter m;
    {
      auto v = reference::Decode(Bytes(s.bytes), o);
      ASSERT_FALSE(v.ok()) << s.name;
      const Error e = ErrorFromStatus(v.status());
      EXPECT_EQ(e.kind, ErrorKind::kLimitExceeded) << s.name << v.status();
      EXPECT_EQ(v.status().code(), absl::StatusCode::kResourceExhausted);
      EXPECT_LT(e.offset, s.bytes.size());
      EXPECT_EQ(e.path.rfind("$", 0), 0u);
      EXPECT_NE(e.detail.find("max_alloc_bytes"), std::string::npos);
    }
    // Error strings aside, nothing much beyond the budget was allocated.
    EXPECT_LT(m.peak(), (16 << 10) + 4096) << s.name;
  }
  // The path names the element that needed the memory.
  std::string nested = Words({28, 2, 28, 0, 28, 4000});
  for (int i = 0; i < 4000; ++i) nested += Words({0});
  DecodeOptions o;
  o.max_alloc_bytes = 2000;
  const Error e = ErrorFromStatus(reference::Decode(Bytes(nested), o).status());
  EXPECT_EQ(e.kind, ErrorKind::kLimitExceeded);
  EXPECT_EQ(e.path, "$[1]");
  EXPECT_EQ(e.offset, 20u);  // the count word of the second element
}

TEST(BudgetTest, DecodeFramedSharesOneBudgetAcrossItsValues) {
  // 400 frames of a 100-NIL array: fine by default, too much for 64 KiB
  // although each value alone (about 7.3 KiB) fits.
  std::string value = Words({28, 100});
  for (int i = 0; i < 100; ++i) value += Words({0});
  for (Framing framing :
       {Framing::kNone, Framing::kStream, Framing::kPacketStream}) {
    FrameOptions f;
    f.framing = framing;
    std::string framed;
    for (int i = 0; i < 400; ++i) AppendFrame(value, f, &framed);
    DecodeOptions o;
    {
      Meter m;
      auto v = DecodeFramed(Bytes(framed), f, o);
      ASSERT_TRUE(v.ok()) << v.status();
      EXPECT_EQ(v->size(), 400u);
      EXPECT_LE(m.peak(), DecodeOptions::AutoAllocBudget(framed.size()));
    }
    o.max_alloc_bytes = 64 << 10;
    Meter m;
    {
      auto v = DecodeFramed(Bytes(framed), f, o);
      ASSERT_FALSE(v.ok());
      const Error e = ErrorFromStatus(v.status());
      EXPECT_EQ(e.kind, ErrorKind::kLimitExceeded) << v.status();
      EXPECT_EQ(e.path.rfind("#", 0), 0u) << v.status();
    }
    EXPECT_LT(m.peak(), (64 << 10) + 4096);
  }
}

// Containers nested at the front of the input, each declaring many
// elements: before the backed-count rule every level reserved storage for
// the whole rest of the input (1024 levels x rest / 4 x 72 bytes: 74 MB
// for 16 KiB of input).
TEST(BudgetTest, NestedCountsCannotReserveTheSameBytesTwice) {
  for (uint32_t count : {1000u, 0x7FFFFFFFu}) {
    for (uint32_t type : {27u, 28u, 34u}) {
      std::string s;
      for (int i = 0; i < 1024; ++i)
        s += Words({type == 34 ? 28 : type, count});
      if (type == 34) s += Words({34, count});
      for (int i = 0; i < 2000; ++i) s += Words({0});
      DecodeOptions o;
      Meter m;
      {
        auto v = reference::Decode(Bytes(s), o);
        EXPECT_FALSE(v.ok());
        EXPECT_NE(ErrorFromStatus(v.status()).kind, ErrorKind::kLimitExceeded)
            << v.status();
      }
      std::printf("nested type %u count %u: %zu bytes, peak %llu\n", type,
                  count, s.size(), static_cast<unsigned long long>(m.peak()));
      EXPECT_LE(m.peak(), DecodeOptions::AutoAllocBudget(s.size()));
    }
  }
}

// Every real-engine case: what the decoder allocates is covered by what it
// charges, and within the automatic budget.
TEST(BudgetTest, AccountingCoversEveryCorpusCase) {
  int n = 0;
  for (const char* corpus : {"godot3", "godot4"}) {
    for (const testing::CorpusCase& c : testing::LoadCorpus(corpus)) {
      DecodeOptions o;
      o.dialect = c.dialect;
      o.allow_objects = c.full_objects;
      const uint64_t charged = Charged(c.input, o);
      Variant v;
      size_t used;
      Meter m;
      const Error e = reference::DecodeValue(Bytes(c.input), o, &v, &used);
      const uint64_t total = m.total();
      v = Variant();
      if (!e.ok()) continue;
      EXPECT_LE(total, charged) << c.name;
      EXPECT_LE(charged, DecodeOptions::AutoAllocBudget(c.input.size()))
          << c.name;
      ++n;
    }
  }
  EXPECT_GT(n, 300);
}

}  // namespace
}  // namespace gdwire
