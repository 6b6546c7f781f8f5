// Copyright 2026 The gdwire Authors.
//
// The push parser's memory does not grow with the message: a 64 MiB
// PackedFloat32Array and a 64 MiB string stream through with a bounded
// peak of heap memory (no allocation that grows with the array), and a
// 12-byte message declaring 2^31 elements allocates nothing big. Heap use
// is measured with a counting global operator new in this binary.

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "codec/stream/parser.h"
#include "codec/stream/value_reader.h"
#include "gtest/gtest.h"

namespace {
std::atomic<int64_t> g_live{0};
std::atomic<int64_t> g_peak{0};
std::atomic<int64_t> g_largest{0};
}  // namespace

void* operator new(size_t n) {
  void* p = std::malloc(n + 16);
  if (p == nullptr) throw std::bad_alloc();
  *static_cast<size_t*>(p) = n;
  const int64_t live = g_live += static_cast<int64_t>(n);
  int64_t peak = g_peak.load();
  while (live > peak && !g_peak.compare_exchange_weak(peak, live)) {
  }
  int64_t largest = g_largest.load();
  while (static_cast<int64_t>(n) > largest &&
         !g_largest.compare_exchange_weak(largest, static_cast<int64_t>(n))) {
  }
  return static_cast<char*>(p) + 16;
}
void operator delete(void* p) noexcept {
  if (p == nullptr) return;
  char* base = static_cast<char*>(p) - 16;
  g_live -= static_cast<int64_t>(*reinterpret_cast<size_t*>(base));
  std::free(base);
}
void operator delete(void* p, size_t) noexcept { operator delete(p); }

namespace gdwire {
namespace stream {
namespace {

// Peak heap growth and largest single allocation while `fn` runs.
template <typename Fn>
std::pair<int64_t, int64_t> Measure(Fn fn) {
  const int64_t base = g_live.load();
  g_peak = base;
  g_largest = 0;
  fn();
  return {g_peak.load() - base, g_largest.load()};
}

constexpr size_t kPiece = 1400;  // a TCP segment's payload

TEST(StreamMemory, SixtyFourMegabytePackedArrayStreamsInBoundedMemory) {
  const uint32_t count = 16u << 20;  // 16 Mi floats = 64 MiB
  std::string head = absl::HexStringToBytes("20000000");
  head.append(reinterpret_cast<const char*>(&count), 4);
  std::vector<uint8_t> piece(kPiece, 0x3f);
  CountHandler h;
  Parser<CountHandler> p(&h, DecodeOptions());
  auto [peak, largest] = Measure([&] {
    ASSERT_TRUE(p.Feed(head).ok());
    uint64_t left = uint64_t{count} * 4;
    while (left > 0) {
      const size_t k = left < kPiece ? left : kPiece;
      ASSERT_TRUE(p.Feed(absl::MakeConstSpan(piece.data(), k)).ok());
      left -= k;
    }
    ASSERT_TRUE(p.Finish().ok());
  });
  EXPECT_EQ(h.elements, count);
  EXPECT_EQ(h.values, 1u);
  EXPECT_LT(peak, 4096) << "peak heap growth while streaming 64 MiB";
  EXPECT_LT(largest, 4096);
  std::printf(
      "64 MiB PackedFloat32Array in %zu-byte pieces: peak heap %lld "
      "bytes, largest block %lld bytes\n",
      kPiece, static_cast<long long>(peak), static_cast<long long>(largest));
}

TEST(StreamMemory, SixtyFourMegabyteStringStreamsInBoundedMemory) {
  const uint32_t n = 64u << 20;
  std::string head = absl::HexStringToBytes("04000000");
  head.append(reinterpret_cast<const char*>(&n), 4);
  std::vector<uint8_t> piece(kPiece, 'x');
  CountHandler h;
  Parser<CountHandler> p(&h, DecodeOptions());
  auto [peak, largest] = Measure([&] {
    ASSERT_TRUE(p.Feed(head).ok());
    for (uint64_t left = n; left > 0;) {
      const size_t k = left < kPiece ? left : kPiece;
      ASSERT_TRUE(p.Feed(absl::MakeConstSpan(piece.data(), k)).ok());
      left -= k;
    }
    ASSERT_TRUE(p.Finish().ok());
  });
  EXPECT_EQ(h.string_bytes, n);
  EXPECT_LT(peak, 4096);
}

TEST(StreamMemory, DeepNestingCostsMemoryByDepthOnly) {
  std::string in;
  for (int i = 0; i < 1024; ++i)
    in += absl::HexStringToBytes("1c00000001000000");
  in += absl::HexStringToBytes("00000000");
  CountHandler h;
  Parser<CountHandler> p(&h, DecodeOptions());
  auto [peak, largest] = Measure([&] { ASSERT_TRUE(p.Feed(in).ok()); });
  EXPECT_EQ(h.values, 1u);
  EXPECT_LT(peak, 1024 * 256) << "about 100 bytes of stack frame per level";
}

TEST(StreamMemory, HugeDeclaredCountsAllocateNothingBig) {
  // 12-byte messages declaring 2^31-1 elements (Array, Dictionary,
  // PackedByteArray, PackedStringArray) or a 2^31-5-byte string: the DOM
  // decode by the push parser fails (truncated) without a big allocation.
  for (const char* hex :
       {"1c000000ffffff7f00000000", "1b000000ffffff7f00000000",
        "1d000000ffffff7f00000000", "22000000ffffff7f00000000",
        "04000000fbffff7f00000000", "1600000001000080ffffffff"}) {
    const std::string in = absl::HexStringToBytes(hex);
    absl::StatusOr<Variant> v;
    auto [peak, largest] = Measure([&] {
      v = Decode(absl::MakeConstSpan(
                     reinterpret_cast<const uint8_t*>(in.data()), in.size()),
                 DecodeOptions());
    });
    EXPECT_FALSE(v.ok()) << hex;
    EXPECT_LT(largest, 4096) << hex;
    EXPECT_LT(peak, 16384) << hex;
  }
}

// Containers nested at the front of 16 KiB of input, each declaring 2^31-1
// elements, then nulls: the DOM handler reserves room from declared
// counts only as far as the bytes at hand back them, over every open
// container together, so the peak stays a small multiple of the input.
TEST(StreamMemory, NestedDeclaredCountsReserveOnlyWhatTheBytesBack) {
  for (const char* head : {"1c000000ffffff7f", "1b000000ffffff7f"}) {
    std::string in;
    for (int i = 0; i < 1000; ++i) in += absl::HexStringToBytes(head);
    while (in.size() < 16384) in += std::string(4, '\0');  // nulls
    absl::StatusOr<Variant> v;
    auto [peak, largest] = Measure([&] {
      v = Decode(absl::MakeConstSpan(
                     reinterpret_cast<const uint8_t*>(in.data()), in.size()),
                 DecodeOptions());
    });
    EXPECT_FALSE(v.ok()) << head;  // cut: the counts are not met
    // About 800 bytes a level (parser frame, open container) without any
    // reservation; reserving at each level from the bytes left, without
    // the shared bound, would take some 150 MB here.
    EXPECT_LT(peak, int64_t{1000} * 1024 + int64_t{20} * int64_t(in.size()))
        << head;
    std::printf("nested %s x1000, %zu bytes: peak heap %lld\n", head, in.size(),
                static_cast<long long>(peak));
  }
}

}  // namespace
}  // namespace stream
}  // namespace gdwire
