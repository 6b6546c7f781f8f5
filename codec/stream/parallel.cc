// Copyright 2026 The gdwire Authors.

#include "codec/stream/parallel.h"

#include <algorithm>
#include <condition_variable>  // NOLINT: std::condition_variable
#include <memory>
#include <mutex>  // NOLINT: std::mutex
#include <string>
#include <thread>  // NOLINT: std::thread
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/frame/internal/prefix.h"
#include "codec/stream/events.h"
#include "codec/stream/parser.h"
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

// What the threads do with a slice's values: hand them to the caller in
// order (kDeliver), only count them (kCount: validation, no values built),
// or turn them into bytes on the thread and hand those over (kFormat).
enum class Mode { kDeliver, kCount, kFormat };

// What one thread made of its slice.
struct SliceResult {
  std::vector<std::pair<Variant, uint64_t>> values;  // kDeliver
  std::string text;                                  // kFormat
  uint64_t count = 0;      // values decoded (kFormat: formatted)
  absl::Status status;     // the decode error, as in `rest` alone
  absl::Status formatted;  // kFormat: the format error (stream-wide)
  Slice rest;              // the part `status` is relative to
};

// Where the fast readers' verdicts are the exact one: where the indexed
// document (one frame at a time) or the push parser accepts, the values
// and offsets are DecodeFramedEach's (the document's verdict is the
// reference decoder's on each message; stream_fuzzer and parallel_fuzzer
// hold the push parser to it). A caller's allocation budget or account or
// rejected trailing bytes are reckoned by the read core as the oracle
// does, and only the reference decoder emulates Pandemonium's defects:
// there, and from where a fast reader rejects, the slice is decoded by
// DecodeFramedEach itself, which gives the exact verdict and the values
// before it.
bool FastPathDecides(const DecodeOptions& decode) {
  return decode.max_alloc_bytes == 0 && decode.alloc_account == nullptr &&
         !decode.reject_trailing_bytes && !decode.pandemonium_engine_defects;
}

// One thread's reusable decoders (their storage stays warm across slices).
struct Workspace {
  Workspace(const DecodeOptions& decode, const FrameOptions& frame)
      : reader(decode, frame) {}
  document::Parser document;   // kCount, kFormat with elements
  stream::ValueReader reader;  // kDeliver, kFormat
  std::vector<Variant> values;
  std::vector<uint64_t> offsets;
};

// Decodes one slice (see FastPathDecides), its values into *values with
// their absolute offsets; returns the decode status (relative to the slice).
// kCount builds no values: it only counts them into *count.
template <Mode kMode>
absl::Status DecodeSlice(absl::Span<const uint8_t> bytes, const Slice& s,
                         const FrameOptions& frame, const DecodeOptions& decode,
                         Workspace* w, uint64_t* count) {
  const auto part = bytes.subspan(s.begin, s.end - s.begin);
  w->values.clear();
  w->offsets.clear();
  *count = 0;
  if (FastPathDecides(decode)) {
    if (kMode != Mode::kCount) {
      w->reader.Reset();
      absl::Status st = w->reader.Feed(part, &w->values, &w->offsets);
      if (st.ok()) st = w->reader.Finish(&w->values);
      if (st.ok() && w->values.size() == w->offsets.size()) {
        *count = w->values.size();
        for (uint64_t& at : w->offsets) at += s.begin;
        return st;
      }
    }
    w->values.clear();
    w->offsets.clear();
  }
  return DecodeFramedEach(part, frame, decode, [&](Variant v, uint64_t at) {
    ++*count;
    if (kMode != Mode::kCount) {
      w->values.push_back(std::move(v));
      w->offsets.push_back(at + s.begin);
    }
    return absl::OkStatus();
  });
}

// The threads of one call: each takes the next slice (cut under the lock),
// decodes it on its own (kFormat: and formats it), then waits for its turn
// and hands the slice's values (or bytes) over in stream order. The
// callbacks thus run on any of the threads, one call at a time, and the
// values are freed (if the callback drops them) by the thread that built
// them.
template <Mode kMode>
class Pool {
 public:
  Pool(absl::Span<const uint8_t> bytes, const FrameOptions& frame,
       const DecodeOptions& decode, const ParallelOptions& options,
       const std::function<absl::Status(Variant, uint64_t)>* fn,
       const FormatFn* format, const WriteFn* write,
       const ElementFormatFn* format_element)
      : bytes_(bytes),
        frame_(frame),
        decode_(decode),
        options_(options),
        fn_(fn),
        format_(format),
        write_(write),
        format_element_(format_element != nullptr && *format_element
                            ? format_element
                            : nullptr) {}

  absl::Status Run(int n, uint64_t* values) {
    ahead_ = 2 * static_cast<uint64_t>(n) + 2;
    parked_.resize(ahead_);
    std::vector<std::thread> threads;
    for (int i = 1; i < n; ++i) threads.emplace_back([this] { Work(); });
    Work();
    for (std::thread& t : threads) t.join();
    if (values != nullptr) *values = delivered_;
    return status_;
  }

 private:
  // kFormat: the slice's values as bytes, up to the first format error.
  void Format(const Slice& s, Workspace* w, SliceResult* r) {
    for (size_t i = 0; i < w->values.size(); ++i) {
      if (!r->formatted.ok()) break;
      r->formatted =
          (*format_)(w->values[i], w->offsets[i], s.first_frame + i, &r->text);
      if (!r->formatted.ok()) break;
      ++r->count;
    }
    w->values.clear();  // freed here, by the thread that built them
  }

  // In the slice's turn: hands its values or bytes over; the first error.
  absl::Status Deliver(const Slice& s, Workspace* w, SliceResult* r,
                       uint64_t* done) {
    absl::Status st;
    if (kMode == Mode::kDeliver) {
      for (size_t i = 0; i < w->values.size(); ++i) {
        st = (*fn_)(std::move(w->values[i]), w->offsets[i]);
        if (!st.ok()) break;
        ++*done;
      }
      w->values.clear();
    } else {
      *done = r->count;
      if (kMode == Mode::kFormat && !r->text.empty()) {
        st = (*write_)(r->text);
      }
      if (st.ok()) st = r->formatted;
    }
    if (st.ok() && !r->status.ok()) st = Rebase(r->status, r->rest);
    return st;
  }

  // Each frame of the slice parsed as a document, no values built: kCount
  // counts them, kFormat (with an element formatter) formats their roots.
  // From the first frame the document rejects (or that is not whole in the
  // slice) on, the rest of the slice takes the exact path (values built by
  // the push parser, or by the read core where it rejects), which gives the
  // verdict.
  void Documents(const Slice& s, Workspace* w, SliceResult* r) {
    size_t pos = s.begin;
    uint64_t index = s.first_frame;
    while (pos < s.end) {
      const int64_t len = FrameAt(bytes_, pos, frame_);
      if (len < 4 || pos + static_cast<size_t>(len) > s.end) break;
      const auto payload =
          bytes_.subspan(pos + 4, static_cast<size_t>(len) - 4);
      const document::ParseResult p =
          kMode == Mode::kCount ? w->document.Check(payload, decode_, pos + 4)
                                : w->document.Parse(payload, decode_, pos + 4);
      if (!p.ok()) break;
      if (kMode == Mode::kFormat) {
        r->formatted = (*format_element_)(p.root, pos + 4, index, &r->text);
        if (!r->formatted.ok()) return;
      }
      ++r->count;
      ++index;
      pos += static_cast<size_t>(len);
    }
    if (pos >= s.end) return;
    r->rest = Slice{pos, s.end, index};
    uint64_t decoded = 0;
    r->status =
        DecodeSlice<kMode>(bytes_, r->rest, frame_, decode_, w, &decoded);
    if (kMode == Mode::kCount) r->count += decoded;
    if (kMode == Mode::kFormat) Format(r->rest, w, r);  // counts on
  }

  // Cuts the next slice (under mu_); false when there is none to take.
  // A thread that would run more than ahead_ slices ahead of the one being
  // delivered waits first, which bounds the results held at once.
  bool Take(Slice* s, uint64_t* turn) {
    std::unique_lock<std::mutex> lock(mu_);
    room_cv_.wait(lock, [&] {
      return stop_ || cut_done_ || cut_ - delivering_ < ahead_;
    });
    if (stop_ || cut_done_) return false;
    uint64_t frames;
    bool last;
    *s = CutSlice(bytes_, pos_, frame_,
                  std::max<size_t>(1, options_.batch_bytes), frame_index_,
                  &frames, &last);
    pos_ = s->end;
    frame_index_ += frames;
    cut_done_ = last;
    *turn = cut_++;
    return true;
  }

  // Reads slice s into *r (kCount: counts, kFormat: formats, kDeliver:
  // leaves the values in *w).
  void Process(const Slice& s, Workspace* w, SliceResult* r) {
    r->text.clear();
    r->count = 0;
    r->formatted = absl::OkStatus();
    r->status = absl::OkStatus();
    r->rest = s;
    if ((kMode == Mode::kCount ||
         (kMode == Mode::kFormat && format_element_ != nullptr)) &&
        FastPathDecides(decode_)) {
      Documents(s, w, r);
    } else {
      uint64_t decoded = 0;
      r->status = DecodeSlice<kMode>(bytes_, s, frame_, decode_, w, &decoded);
      if (kMode == Mode::kCount) r->count = decoded;
      if (kMode == Mode::kFormat) Format(s, w, r);
    }
  }

  void Work() {
    Workspace w(decode_, frame_);
    if (kMode == Mode::kDeliver) {
      WorkInTurn(&w);
    } else {
      WorkAhead(&w);
    }
  }

  // kDeliver: the values are handed over by the thread that built them
  // (and freed there), so a thread waits for its slice's turn before it
  // takes the next one.
  void WorkInTurn(Workspace* w) {
    SliceResult r;
    Slice s;
    uint64_t turn;
    while (Take(&s, &turn)) {
      Process(s, w, &r);
      std::unique_lock<std::mutex> lock(mu_);
      turn_cv_.wait(lock, [&] { return stop_ || delivering_ == turn; });
      if (stop_) return;
      lock.unlock();  // only this thread's turn now: deliver unlocked
      uint64_t done = 0;
      const absl::Status st = Deliver(s, w, &r, &done);
      lock.lock();
      Delivered(done, st);
    }
  }

  // kCount, kFormat: a slice's result (a count, bytes) does not need the
  // thread that made it, so no thread waits for its turn: a finished
  // result is parked, and the thread that finishes the slice whose turn it
  // is writes it and every parked one that follows it, in order, while
  // the others go on to the next slice.
  void WorkAhead(Workspace* w) {
    Slice s;
    uint64_t turn;
    std::unique_ptr<Parked> mine = std::make_unique<Parked>();
    while (Take(&s, &turn)) {
      Process(s, w, &mine->r);
      mine->s = s;
      std::unique_lock<std::mutex> lock(mu_);
      if (stop_) return;
      parked_[turn % ahead_] = std::move(mine);
      mine = Spare();          // for the next slice
      if (writing_) continue;  // the writer will find it
      writing_ = true;
      while (!stop_ && parked_[delivering_ % ahead_] != nullptr) {
        std::unique_ptr<Parked> next = std::move(parked_[delivering_ % ahead_]);
        lock.unlock();  // the one writer: write unlocked
        uint64_t done = 0;
        const absl::Status st = Deliver(next->s, w, &next->r, &done);
        lock.lock();
        spare_.push_back(std::move(next));
        Delivered(done, st);
      }
      writing_ = false;
    }
  }

  // Under mu_: a slice was handed over (`done` values; its status).
  void Delivered(uint64_t done, const absl::Status& st) {
    delivered_ += done;
    if (!st.ok()) {
      status_ = st;
      stop_ = true;
    }
    ++delivering_;
    turn_cv_.notify_all();
    room_cv_.notify_all();
  }

  // A finished slice waiting for its turn (kCount, kFormat).
  struct Parked {
    Slice s;
    SliceResult r;
  };
  // Under mu_: storage a written slice left, or new.
  std::unique_ptr<Parked> Spare() {
    if (spare_.empty()) return std::make_unique<Parked>();
    std::unique_ptr<Parked> p = std::move(spare_.back());
    spare_.pop_back();
    return p;
  }

  const absl::Span<const uint8_t> bytes_;
  const FrameOptions& frame_;
  const DecodeOptions& decode_;
  const ParallelOptions& options_;
  const std::function<absl::Status(Variant, uint64_t)>* fn_;
  const FormatFn* format_;
  const WriteFn* write_;
  const ElementFormatFn* format_element_;  // null: values built

  std::mutex mu_;
  std::condition_variable turn_cv_;  // kDeliver: a turn came
  std::condition_variable room_cv_;  // a slice was handed over
  uint64_t ahead_ = 1;  // slices cut and not yet handed over, at most
  std::vector<std::unique_ptr<Parked>> parked_;  // by turn % ahead_
  std::vector<std::unique_ptr<Parked>> spare_;   // storage to reuse
  bool writing_ = false;                         // a thread is writing
  size_t pos_ = 0;                               // where the next slice starts
  uint64_t frame_index_ = 0;                     // its first frame's number
  uint64_t cut_ = 0;                             // slices cut so far
  bool cut_done_ = false;                        // the last slice is cut
  uint64_t delivering_ = 0;                      // the slice whose turn it is
  uint64_t delivered_ = 0;                       // values handed over
  bool stop_ = false;  // an error: no more slices, no more turns
  absl::Status status_;
};

// Framing::kNone (no boundaries to cut at): DecodeFramedEach on the calling
// thread; kFormat writes the bytes in pieces of about kWritePiece.
constexpr size_t kWritePiece = size_t{256} << 10;

template <Mode kMode>
absl::Status Serial(absl::Span<const uint8_t> bytes, const FrameOptions& frame,
                    const DecodeOptions& decode,
                    const std::function<absl::Status(Variant, uint64_t)>* fn,
                    const FormatFn* format, const WriteFn* write,
                    uint64_t* values) {
  if (kMode == Mode::kCount && FastPathDecides(decode)) {
    stream::SkipHandler skip;
    stream::Parser<stream::SkipHandler> checker(&skip, decode, frame);
    absl::Status st = checker.Feed(bytes);
    if (st.ok()) st = checker.Finish();
    if (st.ok()) {
      if (values != nullptr) *values = checker.values();
      return st;
    }
  }
  uint64_t delivered = 0;
  std::string text;
  absl::Status st =
      DecodeFramedEach(bytes, frame, decode, [&](Variant v, uint64_t at) {
        absl::Status s;
        if (kMode == Mode::kDeliver) s = (*fn)(std::move(v), at);
        if (kMode == Mode::kFormat) {
          s = (*format)(v, at, delivered, &text);
          if (s.ok() && text.size() >= kWritePiece) {
            s = (*write)(text);
            text.clear();
          }
        }
        if (s.ok()) ++delivered;
        return s;
      });
  if (kMode == Mode::kFormat && !text.empty()) {
    const absl::Status w = (*write)(text);
    if (st.ok()) st = w;
  }
  if (values != nullptr) *values = delivered;
  return st;
}

template <Mode kMode>
absl::Status Run(absl::Span<const uint8_t> bytes, const FrameOptions& frame,
                 const DecodeOptions& decode, const ParallelOptions& options,
                 const std::function<absl::Status(Variant, uint64_t)>* fn,
                 const FormatFn* format, const WriteFn* write,
                 const ElementFormatFn* format_element, uint64_t* values) {
  if (frame.framing == Framing::kNone) {
    return Serial<kMode>(bytes, frame, decode, fn, format, write, values);
  }
  // A caller's allocation account is one counter: one thread updates it.
  const int n = decode.alloc_account != nullptr ? 1 : ResolveThreads(options);
  if (bytes.empty()) {
    if (values != nullptr) *values = 0;
    return absl::OkStatus();
  }
  Pool<kMode> pool(bytes, frame, decode, options, fn, format, write,
                   format_element);
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
  return Run<Mode::kDeliver>(bytes, frame, decode, options, &fn, nullptr,
                             nullptr, nullptr, nullptr);
}

absl::Status FormatFramedParallel(absl::Span<const uint8_t> bytes,
                                  const FrameOptions& frame,
                                  const DecodeOptions& decode,
                                  const ParallelOptions& options,
                                  const FormatFn& format, const WriteFn& write,
                                  const ElementFormatFn& format_element) {
  return Run<Mode::kFormat>(bytes, frame, decode, options, nullptr, &format,
                            &write, &format_element, nullptr);
}

absl::Status ValidateFramedParallel(absl::Span<const uint8_t> bytes,
                                    const FrameOptions& frame,
                                    const DecodeOptions& decode,
                                    const ParallelOptions& options,
                                    uint64_t* values) {
  return Run<Mode::kCount>(bytes, frame, decode, options, nullptr, nullptr,
                           nullptr, nullptr, values);
}

}  // namespace gdwire
