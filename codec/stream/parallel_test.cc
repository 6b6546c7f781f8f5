// Copyright 2026 The gdwire Authors.
//
// The parallel decode of a framed stream gives exactly what the serial
// DecodeFramedEach gives: the same values at the same offsets in the same
// order, and the same first error, for any thread count and batch size,
// on whole, cut and corrupted streams.

#include "codec/stream/parallel.h"

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/reference/encoder.h"
#include "codec/text/element_json.h"
#include "codec/text/json.h"
#include "gtest/gtest.h"
#include "tests/random_variant.h"

namespace gdwire {
namespace {

struct Outcome {
  std::vector<std::pair<Variant, uint64_t>> values;
  absl::Status status;
};

Outcome Serial(absl::Span<const uint8_t> b, const FrameOptions& f,
               const DecodeOptions& d) {
  Outcome o;
  o.status = DecodeFramedEach(b, f, d, [&](Variant v, uint64_t at) {
    o.values.emplace_back(std::move(v), at);
    return absl::OkStatus();
  });
  return o;
}

Outcome Parallel(absl::Span<const uint8_t> b, const FrameOptions& f,
                 const DecodeOptions& d, const ParallelOptions& p) {
  Outcome o;
  o.status = DecodeFramedParallel(b, f, d, p, [&](Variant v, uint64_t at) {
    o.values.emplace_back(std::move(v), at);
    return absl::OkStatus();
  });
  return o;
}

// The same verdict: both OK, or the same error (kind, offset, path, detail).
void ExpectSameStatus(const absl::Status& want, const absl::Status& got,
                      const std::string& what) {
  ASSERT_EQ(want.ok(), got.ok()) << what << " " << got;
  if (!want.ok()) {
    const Error a = ErrorFromStatus(want);
    const Error b = ErrorFromStatus(got);
    EXPECT_EQ(a.kind, b.kind) << what;
    EXPECT_EQ(a.offset, b.offset) << what;
    EXPECT_EQ(a.path, b.path) << what;
    EXPECT_EQ(a.detail, b.detail) << what;
  }
}

void ExpectSame(const Outcome& want, const Outcome& got,
                const std::string& what) {
  ASSERT_EQ(want.values.size(), got.values.size()) << what;
  for (size_t i = 0; i < want.values.size(); ++i) {
    ASSERT_EQ(want.values[i].second, got.values[i].second) << what << " #" << i;
    ASSERT_EQ(want.values[i].first, got.values[i].first) << what << " #" << i;
  }
  ExpectSameStatus(want.status, got.status, what);
}

// A framed stream of n random values.
std::string Stream(int n, uint64_t seed, const FrameOptions& f) {
  testing::RandomVariant gen(seed);
  testing::RandomOptions ro;
  ro.objects = false;
  ro.max_depth = 3;
  std::string out;
  for (int i = 0; i < n; ++i) {
    auto enc = reference::Encode(gen.Make(ro), EncodeOptions());
    EXPECT_TRUE(enc.ok());
    AppendFrame(*enc, f, &out);
  }
  return out;
}

absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

std::vector<FrameOptions> Framings() {
  std::vector<FrameOptions> fs(3);
  fs[0].framing = Framing::kStream;
  fs[1].framing = Framing::kStream;
  fs[1].big_endian = true;
  fs[2].framing = Framing::kPacketStream;
  return fs;
}

TEST(ParallelDecode, WholeStreamsEveryThreadCountAndBatch) {
  for (const FrameOptions& f : Framings()) {
    const std::string s = Stream(300, 7, f);
    const Outcome want = Serial(Bytes(s), f, DecodeOptions());
    ASSERT_TRUE(want.status.ok()) << want.status;
    ASSERT_EQ(want.values.size(), 300u);
    for (int threads : {1, 2, 3, 4, 8}) {
      for (size_t batch : {size_t{1}, size_t{100}, size_t{4096}, s.size()}) {
        ParallelOptions p;
        p.threads = threads;
        p.batch_bytes = batch;
        ExpectSame(want, Parallel(Bytes(s), f, DecodeOptions(), p),
                   absl::StrCat("threads ", threads, " batch ", batch));
      }
    }
  }
}

TEST(ParallelDecode, EveryCutGivesTheSerialError) {
  FrameOptions f;
  f.framing = Framing::kStream;
  const std::string s = Stream(12, 11, f);
  for (size_t cut = 0; cut <= s.size(); ++cut) {
    const auto b = Bytes(s).subspan(0, cut);
    const Outcome want = Serial(b, f, DecodeOptions());
    for (int threads : {2, 3}) {
      ParallelOptions p;
      p.threads = threads;
      p.batch_bytes = 64;
      ExpectSame(want, Parallel(b, f, DecodeOptions(), p),
                 absl::StrCat("cut ", cut, " threads ", threads));
    }
  }
}

TEST(ParallelDecode, CorruptedStreamsGiveTheSerialVerdict) {
  FrameOptions f;
  f.framing = Framing::kStream;
  DecodeOptions strict;
  strict.reject_trailing_bytes = true;
  std::mt19937_64 rng(3);
  for (int round = 0; round < 400; ++round) {
    std::string s = Stream(20, 100 + round, f);
    const int flips = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < flips; ++i) {
      s[rng() % s.size()] = static_cast<char>(rng());
    }
    for (const DecodeOptions& d : {DecodeOptions(), strict}) {
      const Outcome want = Serial(Bytes(s), f, d);
      ParallelOptions p;
      p.threads = 2 + round % 3;
      p.batch_bytes = 1 + rng() % 2000;
      ExpectSame(want, Parallel(Bytes(s), f, d, p),
                 absl::StrCat("round ", round));
    }
  }
}

TEST(ParallelDecode, ValidateCountsValuesBeforeTheError) {
  FrameOptions f;
  f.framing = Framing::kPacketStream;
  std::string s = Stream(50, 5, f);
  ParallelOptions p;
  p.threads = 4;
  p.batch_bytes = 512;
  uint64_t n = 0;
  EXPECT_TRUE(ValidateFramedParallel(Bytes(s), f, DecodeOptions(), p, &n).ok());
  EXPECT_EQ(n, 50u);
  s.resize(s.size() - 1);  // the last frame is cut
  const absl::Status st =
      ValidateFramedParallel(Bytes(s), f, DecodeOptions(), p, &n);
  EXPECT_EQ(ErrorFromStatus(st).kind, ErrorKind::kBadFrame) << st;
  EXPECT_EQ(n, 49u);
}

TEST(ParallelDecode, CallbackErrorStops) {
  FrameOptions f;
  f.framing = Framing::kStream;
  const std::string s = Stream(40, 9, f);
  ParallelOptions p;
  p.threads = 2;
  int seen = 0;
  const absl::Status st = DecodeFramedParallel(
      Bytes(s), f, DecodeOptions(), p, [&](Variant, uint64_t) {
        return ++seen == 10 ? absl::CancelledError("enough") : absl::OkStatus();
      });
  EXPECT_TRUE(absl::IsCancelled(st));
  EXPECT_EQ(seen, 10);
}

// What FormatFramedParallel writes, and its status: the bytes of each
// value (JSON lines, then the index and offset), in order.
struct Written {
  std::string bytes;
  absl::Status status;
};

std::string Line(const Variant& v, uint64_t offset, uint64_t index) {
  return absl::StrCat(text::ToJson(v), " #", index, " @", offset, "\n");
}

// The serial answer: DecodeFramedEach's values formatted one by one.
Written SerialWritten(absl::Span<const uint8_t> b, const FrameOptions& f,
                      const DecodeOptions& d) {
  Written w;
  uint64_t index = 0;
  w.status = DecodeFramedEach(b, f, d, [&](Variant v, uint64_t at) {
    w.bytes += Line(v, at, index++);
    return absl::OkStatus();
  });
  return w;
}

Written ParallelWritten(absl::Span<const uint8_t> b, const FrameOptions& f,
                        const DecodeOptions& d, const ParallelOptions& p,
                        bool elements) {
  Written w;
  int writes = 0;
  w.status = FormatFramedParallel(
      b, f, d, p,
      [](const Variant& v, uint64_t at, uint64_t index, std::string* out) {
        out->append(Line(v, at, index));
        return absl::OkStatus();
      },
      [&](absl::string_view bytes) {
        EXPECT_FALSE(bytes.empty());
        w.bytes.append(bytes.data(), bytes.size());
        ++writes;
        return absl::OkStatus();
      },
      elements ? ElementFormatFn([](const document::Element& root, uint64_t at,
                                    uint64_t index, std::string* out) {
        std::string json;
        text::AppendJson(root, &json);
        out->append(absl::StrCat(json, " #", index, " @", at, "\n"));
        return absl::OkStatus();
      })
               : ElementFormatFn());
  return w;
}

void ExpectSameWritten(const Written& want, const Written& got,
                       const std::string& what) {
  ASSERT_EQ(want.bytes, got.bytes) << what;
  ExpectSameStatus(want.status, got.status, what);
}

// Formatted on the threads (from values or from documents), written in
// order: the bytes of the serial decode, and its error after them, whole,
// cut anywhere and corrupted, at every thread count and batch size.
TEST(ParallelFormat, SameBytesAsSerialEveryThreadCount) {
  for (const FrameOptions& f : Framings()) {
    const std::string s = Stream(120, 21, f);
    const Written want = SerialWritten(Bytes(s), f, DecodeOptions());
    ASSERT_TRUE(want.status.ok()) << want.status;
    for (int threads : {1, 2, 3, 8}) {
      for (size_t batch : {size_t{1}, size_t{300}, s.size()}) {
        for (bool elements : {false, true}) {
          ParallelOptions p;
          p.threads = threads;
          p.batch_bytes = batch;
          ExpectSameWritten(
              want, ParallelWritten(Bytes(s), f, DecodeOptions(), p, elements),
              absl::StrCat("threads ", threads, " batch ", batch, " elements ",
                           elements));
        }
      }
    }
  }
}

TEST(ParallelFormat, CutAndCorruptedStreams) {
  FrameOptions f;
  f.framing = Framing::kStream;
  const std::string s = Stream(10, 13, f);
  for (size_t cut = 0; cut <= s.size(); cut += 3) {
    const auto b = Bytes(s).subspan(0, cut);
    const Written want = SerialWritten(b, f, DecodeOptions());
    for (int threads : {1, 2}) {
      ParallelOptions p;
      p.threads = threads;
      p.batch_bytes = 64;
      ExpectSameWritten(want, ParallelWritten(b, f, DecodeOptions(), p, true),
                        absl::StrCat("cut ", cut, " threads ", threads));
    }
  }
  DecodeOptions strict;
  strict.reject_trailing_bytes = true;
  std::mt19937_64 rng(17);
  for (int round = 0; round < 300; ++round) {
    std::string c = Stream(12, 500 + round, f);
    c[rng() % c.size()] = static_cast<char>(rng());
    for (const DecodeOptions& d : {DecodeOptions(), strict}) {
      ParallelOptions p;
      p.threads = 1 + round % 3;
      p.batch_bytes = 1 + rng() % 1500;
      ExpectSameWritten(SerialWritten(Bytes(c), f, d),
                        ParallelWritten(Bytes(c), f, d, p, round % 2 == 0),
                        absl::StrCat("round ", round));
      // Validation (no values built) agrees too: verdict and count.
      uint64_t n = 0, want_n = 0;
      const absl::Status want =
          DecodeFramedEach(Bytes(c), f, d, [&](Variant, uint64_t) {
            ++want_n;
            return absl::OkStatus();
          });
      const absl::Status got = ValidateFramedParallel(Bytes(c), f, d, p, &n);
      ExpectSameStatus(want, got, absl::StrCat("validate round ", round));
      EXPECT_EQ(n, want_n) << round;
    }
  }
}

TEST(ParallelFormat, FormatErrorStopsInOrder) {
  FrameOptions f;
  f.framing = Framing::kPacketStream;
  const std::string s = Stream(60, 23, f);
  for (int threads : {1, 2, 4}) {
    ParallelOptions p;
    p.threads = threads;
    p.batch_bytes = 100;
    std::string written;
    const absl::Status st = FormatFramedParallel(
        Bytes(s), f, DecodeOptions(), p,
        [](const Variant&, uint64_t, uint64_t index, std::string* out) {
          if (index == 37) return absl::CancelledError("value 37");
          absl::StrAppend(out, index, ",");
          return absl::OkStatus();
        },
        [&](absl::string_view b) {
          written.append(b.data(), b.size());
          return absl::OkStatus();
        });
    EXPECT_TRUE(absl::IsCancelled(st)) << st;
    std::string want;
    for (int i = 0; i < 37; ++i) absl::StrAppend(&want, i, ",");
    EXPECT_EQ(written, want) << threads;
  }
}

// A failed write stops everything: nothing is written after it, and its
// error is the result, however far ahead the other threads were (they park
// finished slices; the first write error ends the hand-over).
TEST(ParallelFormat, WriteErrorStopsTheWrites) {
  FrameOptions f;
  f.framing = Framing::kStream;
  const std::string s = Stream(400, 29, f);
  for (int threads : {1, 2, 3, 8}) {
    for (bool elements : {false, true}) {
      ParallelOptions p;
      p.threads = threads;
      p.batch_bytes = 64;
      int writes = 0;
      std::string written;
      const absl::Status st = FormatFramedParallel(
          Bytes(s), f, DecodeOptions(), p,
          [](const Variant&, uint64_t, uint64_t index, std::string* out) {
            absl::StrAppend(out, index, ",");
            return absl::OkStatus();
          },
          [&](absl::string_view b) {
            written.append(b.data(), b.size());
            return ++writes == 5 ? absl::DataLossError("disk full")
                                 : absl::OkStatus();
          },
          elements ? ElementFormatFn([](const document::Element&, uint64_t,
                                        uint64_t index, std::string* out) {
            absl::StrAppend(out, index, ",");
            return absl::OkStatus();
          })
                   : ElementFormatFn());
      EXPECT_TRUE(absl::IsDataLoss(st)) << st;
      EXPECT_EQ(writes, 5) << threads;
      // What was written is a prefix of the whole stream's bytes.
      std::string all;
      for (int i = 0; i < 400; ++i) absl::StrAppend(&all, i, ",");
      EXPECT_EQ(all.substr(0, written.size()), written) << threads;
    }
  }
}

TEST(ParallelFormat, RawValuesOnOneThread) {
  FrameOptions f;  // kNone: values back to back
  const std::string s = Stream(30, 29, f);
  ParallelOptions p;
  p.threads = 4;
  ExpectSameWritten(SerialWritten(Bytes(s), f, DecodeOptions()),
                    ParallelWritten(Bytes(s), f, DecodeOptions(), p, false),
                    "raw");
  uint64_t n = 0;
  EXPECT_TRUE(ValidateFramedParallel(Bytes(s), f, DecodeOptions(), p, &n).ok());
  EXPECT_EQ(n, 30u);
}

TEST(ParallelDecode, ResolvesThreads) {
  ParallelOptions p;
  EXPECT_GE(ResolveThreads(p), 1);
  p.threads = 3;
  EXPECT_EQ(ResolveThreads(p), 3);
}

}  // namespace
}  // namespace gdwire
