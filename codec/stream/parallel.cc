// Copyright 2026 The gdwire Authors.

#include "codec/stream/parallel.h"

#include <algorithm>
#include <condition_variable>  // NOLINT: std::condition_variable
#include <mutex>               // NOLINT: std::mutex
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

// Cuts the next slice at pos: whole frames until it holds at least
// `target` bytes (at least one frame). A frame that cannot be read ends the
// stream's slicing: the rest of the buffer joins this slice, whose decoder
// meets the error in order (*last is then true, as at the end).
Slice CutSlice(absl::Span<const uint8_t> bytes, size_t pos,
               const FrameOptions& f, size_t target, uint64_t first_frame,
               uint64_t* frames, bool* last) {
  Slice s{pos, pos, first_frame};
  *frames = 0;
  while (s.end < bytes.size() && (s.end - pos < target || *frames == 0)) {
    const int64_t len = FrameAt(bytes, s.end, f);
    if (len < 0) {
      s.end = bytes.size();
      break;
    }
    s.end += static_cast<size_t>(len);
    ++*frames;
  }
  *last = s.end >= bytes.size();
  return s;
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

// Decodes one slice. The push parser's DOM decode (stream::ValueReader)
// goes first: where it accepts, its values and offsets are DecodeFramedEach's
// (stream_fuzzer and parallel_fuzzer hold it to that). Where it rejects, or
// where the options ask for what only the read core reckons as the oracle
// does (a caller's allocation budget or account, rejected trailing bytes),
// the slice is decoded by DecodeFramedEach itself (the read core), which
// gives the exact verdict and the values before it.
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

// The threads of one call: each takes the next slice (cut under the lock),
// decodes it on its own, then waits for its turn and hands the slice's
// values over in stream order. The callback thus runs on any of the
// threads, one call at a time, and the values are freed (if the callback
// drops them) by the thread that built them.
template <bool kKeep>
class Pool {
 public:
  Pool(absl::Span<const uint8_t> bytes, const FrameOptions& frame,
       const DecodeOptions& decode, const ParallelOptions& options,
       const std::function<absl::Status(Variant, uint64_t)>& fn)
      : bytes_(bytes),
        frame_(frame),
        decode_(decode),
        options_(options),
        fn_(fn) {}

  absl::Status Run(int n, uint64_t* values) {
    std::vector<std::thread> threads;
    for (int i = 1; i < n; ++i) threads.emplace_back([this] { Work(); });
    Work();
    for (std::thread& t : threads) t.join();
    if (values != nullptr) *values = delivered_;
    return status_;
  }

 private:
  void Work() {
    SliceResult r;
    while (true) {
      Slice s;
      uint64_t turn;
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stop_ || cut_done_) return;
        uint64_t frames;
        bool last;
        s = CutSlice(bytes_, pos_, frame_,
                     std::max<size_t>(1, options_.batch_bytes), frame_index_,
                     &frames, &last);
        pos_ = s.end;
        frame_index_ += frames;
        cut_done_ = last;
        turn = cut_++;
      }
      r = SliceResult();
      DecodeSlice<kKeep>(bytes_, s, frame_, decode_, &r);
      std::unique_lock<std::mutex> lock(mu_);
      turn_cv_.wait(lock, [&] { return stop_ || delivering_ == turn; });
      if (stop_) return;
      lock.unlock();  // only this thread's turn now: deliver unlocked
      absl::Status st;
      uint64_t done = 0;
      if (kKeep) {
        for (auto& [v, at] : r.values) {
          st = fn_(std::move(v), at);
          if (!st.ok()) break;
          ++done;
        }
        r.values.clear();
      } else {
        done = r.count;
      }
      if (st.ok() && !r.status.ok()) st = Rebase(r.status, s);
      lock.lock();
      delivered_ += done;
      if (!st.ok()) {
        status_ = st;
        stop_ = true;
      }
      ++delivering_;
      lock.unlock();
      turn_cv_.notify_all();
    }
  }

  const absl::Span<const uint8_t> bytes_;
  const FrameOptions& frame_;
  const DecodeOptions& decode_;
  const ParallelOptions& options_;
  const std::function<absl::Status(Variant, uint64_t)>& fn_;

  std::mutex mu_;
  std::condition_variable turn_cv_;
  size_t pos_ = 0;            // where the next slice starts
  uint64_t frame_index_ = 0;  // its first frame's number
  uint64_t cut_ = 0;          // slices cut so far
  bool cut_done_ = false;     // the last slice is cut
  uint64_t delivering_ = 0;   // the slice whose turn it is
  uint64_t delivered_ = 0;    // values handed over
  bool stop_ = false;         // an error: no more slices, no more turns
  absl::Status status_;
};

template <bool kKeep>
absl::Status Run(absl::Span<const uint8_t> bytes, const FrameOptions& frame,
                 const DecodeOptions& decode, const ParallelOptions& options,
                 const std::function<absl::Status(Variant, uint64_t)>& fn,
                 uint64_t* values) {
  if (frame.framing == Framing::kNone) {
    uint64_t delivered = 0;
    absl::Status st =
        DecodeFramedEach(bytes, frame, decode, [&](Variant v, uint64_t at) {
          ++delivered;
          return kKeep ? fn(std::move(v), at) : absl::OkStatus();
        });
    if (values != nullptr) *values = delivered;
    return st;
  }
  // A caller's allocation account is one counter: one thread updates it.
  const int n = decode.alloc_account != nullptr ? 1 : ResolveThreads(options);
  if (bytes.empty()) {
    if (values != nullptr) *values = 0;
    return absl::OkStatus();
  }
  Pool<kKeep> pool(bytes, frame, decode, options, fn);
  return pool.Run(n, values);
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
