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

template <bool kKeep>
absl::Status Run(absl::Span<const uint8_t> bytes, const FrameOptions& frame,
                 const DecodeOptions& decode, const ParallelOptions& options,
                 const std::function<absl::Status(Variant, uint64_t)>& fn,
                 uint64_t* values) {
  const int n = ResolveThreads(options);
  uint64_t delivered = 0;
  if (n <= 1 || frame.framing == Framing::kNone) {
    absl::Status st =
        DecodeFramedEach(bytes, frame, decode, [&](Variant v, uint64_t at) {
          ++delivered;
          return kKeep ? fn(std::move(v), at) : absl::OkStatus();
        });
    if (values != nullptr) *values = delivered;
    return st;
  }
  std::vector<Slice> slices;
  std::vector<SliceResult> results;
  std::vector<std::thread> threads;
  size_t pos = 0;
  uint64_t frame_index = 0;
  while (pos < bytes.size()) {
    uint64_t frames = 0;
    const size_t end = CutBatch(bytes, pos, frame, options.batch_bytes, n,
                                frame_index, &slices, &frames);
    results.assign(slices.size(), SliceResult());
    auto work = [&](size_t i) {
      const Slice& s = slices[i];
      SliceResult& r = results[i];
      r.status = DecodeFramedEach(bytes.subspan(s.begin, s.end - s.begin),
                                  frame, decode, [&](Variant v, uint64_t at) {
                                    ++r.count;
                                    if (kKeep)
                                      r.values.emplace_back(std::move(v),
                                                            at + s.begin);
                                    return absl::OkStatus();
                                  });
    };
    threads.clear();
    for (size_t i = 1; i < slices.size(); ++i) threads.emplace_back(work, i);
    work(0);
    for (std::thread& t : threads) t.join();
    for (size_t i = 0; i < slices.size(); ++i) {
      SliceResult& r = results[i];
      if (kKeep) {
        for (auto& [v, at] : r.values) {
          if (absl::Status st = fn(std::move(v), at); !st.ok()) {
            if (values != nullptr) *values = delivered;
            return st;
          }
          ++delivered;
        }
        r.values.clear();
      } else {
        delivered += r.count;
      }
      if (!r.status.ok()) {
        if (values != nullptr) *values = delivered;
        return Rebase(r.status, slices[i]);
      }
    }
    frame_index += frames;
    pos = end;
  }
  if (values != nullptr) *values = delivered;
  return absl::OkStatus();
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
