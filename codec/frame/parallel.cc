// Copyright 2026 The gdwire Authors.

#include "codec/frame/parallel.h"

#include <algorithm>
#include <string>
#include <thread>  // NOLINT: std::thread
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/frame/internal/prefix.h"
#include "codec/stream/value_reader.h"

namespace gdwire {
namespace {

// A run of whole frames: bytes [begin, end), the first of them frame
// number `first_frame` of the stream.
struct Slice {
  size_t begin = 0;
  size_t end = 0;
  uint64_t first_frame = 0;
};

// The bytes of the frame at pos (prefix included), or -1 when it is not a
// frame that lies whole in the buffer (the slice decoder reports it).
int64_t FrameAt(absl::Span<const uint8_t> bytes, size_t pos,
                const FrameOptions& f) {
  uint32_t len = 0;
  if (frame_internal::ReadPrefix(bytes, pos, f, &len) !=
      frame_internal::Prefix::kWhole) {
    return -1;
  }
  return 4 + int64_t{len};
}

// Cuts [pos, end of the next batch) into at most n slices of about equal
// bytes. A frame that cannot be read ends the batch: the rest of the
// buffer goes to the last slice, whose decoder meets the error in order.
// Returns the end of the batch; *frames counts its whole frames.
size_t CutBatch(absl::Span<const uint8_t> bytes, size_t pos,
                const FrameOptions& f, size_t batch_bytes, int n,
                uint64_t first_frame, std::vector<Slice>* slices,
                uint64_t* frames) {
  slices->clear();
  std::vector<size_t> starts;  // frame starts in the batch
  size_t end = pos;
  bool bad = false;
  while (end < bytes.size() && (end - pos < batch_bytes || starts.empty())) {
    const int64_t len = FrameAt(bytes, end, f);
    if (len < 0) {
      bad = true;
      break;
    }
    starts.push_back(end);
    end += static_cast<size_t>(len);
  }
  *frames = starts.size();
  if (bad) {
    starts.push_back(end);  // the unreadable rest, decoded last
    end = bytes.size();
  }
  const size_t total = end - pos;
  const size_t target = std::max<size_t>(1, total / n);
  Slice cur{pos, pos, first_frame};
  uint64_t frame = first_frame;
  for (size_t i = 0; i < starts.size(); ++i, ++frame) {
    if (cur.end > cur.begin && cur.end - cur.begin >= target &&
        static_cast<int>(slices->size()) < n - 1) {
      slices->push_back(cur);
      cur = Slice{starts[i], starts[i], frame};
    }
    cur.end = i + 1 < starts.size() ? starts[i + 1] : end;
  }
  if (cur.end > cur.begin) slices->push_back(cur);
  return end;
}

// An error of a slice decoded on its own, moved to where it lies in the
// whole stream: offset + the slice's start, frame index in the path +
// the slice's first frame.
absl::Status Rebase(const absl::Status& st, const Slice& s) {
  Error e = ErrorFromStatus(st);
  if (e.kind == ErrorKind::kOk) return st;  // not a codec error
  e.offset += s.begin;
  if (!e.path.empty() && e.path[0] == '#') {
    const size_t digits = e.path.find_first_not_of("0123456789", 1);
    uint64_t index;
    if (digits != 1 &&
        absl::SimpleAtoi(
            e.path.substr(1, digits == std::string::npos ? std::string::npos
                                                         : digits - 1),
            &index)) {
      e.path = absl::StrCat(
          "#", index + s.first_frame,
          digits == std::string::npos ? "" : e.path.substr(digits));
    }
  }
  return e.ToStatus();
}

// What one thread made of its slice.
struct SliceResult {
  std::vector<std::pair<Variant, uint64_t>> values;
  uint64_t count = 0;
  absl::Status status;
};

// One batch of slices, decoded by its own threads while the caller's
// thread hands over the batch before it.
struct Batch {
  std::vector<Slice> slices;
  std::vector<SliceResult> results;
  std::vector<std::thread> threads;
  uint64_t frames = 0;
  size_t end = 0;

  void Join() {
    for (std::thread& t : threads) t.join();
    threads.clear();
  }
};

// Decodes one slice. The push parser's DOM decode (stream::ValueReader)
// goes first: where it accepts, its values and offsets are DecodeFramedEach's
// (stream_fuzzer and parallel_fuzzer hold it to that). Where it rejects, or
// where the options ask for what only the reference reckons the same way (a
// caller's allocation budget or account, rejected trailing bytes), the slice
// is decoded by DecodeFramedEach itself, which gives the exact verdict and
// the values before it.
template <bool kKeep>
void DecodeSlice(absl::Span<const uint8_t> bytes, const Slice& s,
                 const FrameOptions& frame, const DecodeOptions& decode,
                 SliceResult* r) {
  const auto part = bytes.subspan(s.begin, s.end - s.begin);
  if (decode.max_alloc_bytes == 0 && decode.alloc_account == nullptr &&
      !decode.reject_trailing_bytes) {
    stream::ValueReader reader(decode, frame);
    std::vector<Variant> values;
    std::vector<uint64_t> offsets;
    absl::Status st = reader.Feed(part, &values, &offsets);
    if (st.ok()) st = reader.Finish(&values);
    if (st.ok() && values.size() == offsets.size()) {
      r->count = values.size();
      if (kKeep) {
        r->values.reserve(values.size());
        for (size_t i = 0; i < values.size(); ++i) {
          r->values.emplace_back(std::move(values[i]), offsets[i] + s.begin);
        }
      }
      return;
    }
  }
  r->values.clear();
  r->count = 0;
  r->status =
      DecodeFramedEach(part, frame, decode, [&](Variant v, uint64_t at) {
        ++r->count;
        if (kKeep) r->values.emplace_back(std::move(v), at + s.begin);
        return absl::OkStatus();
      });
}

template <bool kKeep>
absl::Status Run(absl::Span<const uint8_t> bytes, const FrameOptions& frame,
                 const DecodeOptions& decode, const ParallelOptions& options,
                 const std::function<absl::Status(Variant, uint64_t)>& fn,
                 uint64_t* values) {
  // A caller's allocation account is one counter: one thread updates it.
  const int n = decode.alloc_account != nullptr ? 1 : ResolveThreads(options);
  uint64_t delivered = 0;
  auto done = [&](absl::Status st) {
    if (values != nullptr) *values = delivered;
    return st;
  };
  if (frame.framing == Framing::kNone) {
    return done(
        DecodeFramedEach(bytes, frame, decode, [&](Variant v, uint64_t at) {
          ++delivered;
          return kKeep ? fn(std::move(v), at) : absl::OkStatus();
        }));
  }
  // Batch k + 1 is decoded (on n threads) while batch k is handed over on
  // the calling thread, so the callback's work (and the freeing of what it
  // drops) overlaps the decoding. With one thread, everything runs on the
  // caller's thread, batch after batch.
  Batch batches[2];
  auto start = [&](Batch* b, size_t pos, uint64_t first_frame) {
    b->end = CutBatch(bytes, pos, frame, options.batch_bytes, n, first_frame,
                      &b->slices, &b->frames);
    b->results.assign(b->slices.size(), SliceResult());
    for (size_t i = 0; i < b->slices.size(); ++i) {
      if (n <= 1) {
        DecodeSlice<kKeep>(bytes, b->slices[i], frame, decode, &b->results[i]);
      } else {
        b->threads.emplace_back([&bytes, &frame, &decode, b, i] {
          DecodeSlice<kKeep>(bytes, b->slices[i], frame, decode,
                             &b->results[i]);
        });
      }
    }
  };
  if (bytes.empty()) return done(absl::OkStatus());
  Batch* cur = &batches[0];
  Batch* next = &batches[1];
  start(cur, 0, 0);
  uint64_t frame_index = 0;
  while (true) {
    cur->Join();
    bool failed = false;
    for (const SliceResult& r : cur->results) failed |= !r.status.ok();
    const bool more = cur->end < bytes.size() && !failed;
    if (more && n > 1) start(next, cur->end, frame_index + cur->frames);
    for (size_t i = 0; i < cur->slices.size(); ++i) {
      SliceResult& r = cur->results[i];
      if (kKeep) {
        for (auto& [v, at] : r.values) {
          if (absl::Status st = fn(std::move(v), at); !st.ok()) {
            next->Join();
            return done(st);
          }
          ++delivered;
        }
        r.values.clear();
      } else {
        delivered += r.count;
      }
      if (!r.status.ok()) {
        next->Join();
        return done(Rebase(r.status, cur->slices[i]));
      }
    }
    if (!more) return done(absl::OkStatus());
    frame_index += cur->frames;
    if (n <= 1) start(next, cur->end, frame_index);
    std::swap(cur, next);
  }
}

}  // namespace

int ResolveThreads(const ParallelOptions& options) {
  if (options.threads > 0) return options.threads;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

absl::Status DecodeFramedParallel(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode, const ParallelOptions& options,
    const std::function<absl::Status(Variant, uint64_t)>& fn) {
  return Run<true>(bytes, frame, decode, options, fn, nullptr);
}

absl::Status ValidateFramedParallel(absl::Span<const uint8_t> bytes,
                                    const FrameOptions& frame,
                                    const DecodeOptions& decode,
                                    const ParallelOptions& options,
                                    uint64_t* values) {
  return Run<false>(bytes, frame, decode, options, nullptr, values);
}

}  // namespace gdwire
