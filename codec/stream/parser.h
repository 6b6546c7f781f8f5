// Copyright 2026 The gdwire Authors.
//
// codec/stream/parser.h: the incremental push parser. Feed it the bytes of
// a stream in pieces of any size, as they arrive; it calls its handler
// with events (codec/stream/events.h) as soon as each is complete and
// resumes at any byte boundary. It keeps an explicit stack (no recursion)
// and at most a few bytes of a field split across pieces (a string of up to
// 256 bytes cut by a piece's end: its first piece, in a fixed buffer, to be
// checked once whole): memory grows with the nesting depth, never with the
// size of a message.
//
//   struct Printer : gdwire::stream::SkipHandler {  // override what you need
//     bool Scalar(const gdwire::stream::ScalarEvent& e) { ...; return true; }
//   };
//   Printer h;
//   gdwire::DecodeOptions opts;             // godot4, objects off, depth 1024
//   gdwire::FrameOptions framing;           // kStream: StreamPeer.put_var
//   framing.framing = gdwire::Framing::kStream;
//   gdwire::stream::Parser<Printer> parser(&h, opts, framing);
//   while (int n = read(fd, buf, sizeof buf)) {
//     absl::Status st = parser.Feed(absl::MakeConstSpan(buf, n));
//     if (!st.ok()) { ... gdwire::ErrorFromStatus(st) ... }
//   }
//   absl::Status st = parser.Finish();      // kTruncated if a value was cut
//
// Verdicts equal the reference decoder's (codec/reference/decoder.h) on
// the same bytes: the same checks, the same error kind, the same absolute
// byte offset and path, the same limits (DecodeOptions). Truncation is only
// known at Finish(); every other error is reported by the Feed() that
// brings the offending byte (a wire string's UTF-8 verdict once its last
// padding byte has arrived, as in the reference, where a cut-off string
// is a truncation whatever its bytes).
//
// Values lie back to back (Framing::kNone), or each inside a length-prefixed
// frame (kStream, kPacketStream) parsed as it arrives, never buffered whole:
// an oversize or negative prefix is kBadFrame at once, a value that runs
// past its frame is kBadFrame, bytes after the value inside its frame are
// skipped (kBadFrame with DecodeOptions::reject_trailing_bytes). Unframed,
// reject_trailing_bytes allows one value only (kTrailingBytes after it).
// Error paths start with "$"; framed, with "#<value index>$" as
// DecodeFramed writes them. One difference from DecodeFramed, which sees a
// whole buffer: a value error inside a frame is reported when it arrives,
// even if the frame is cut off later (DecodeFramed checks the frame's
// length first).
//
// A handler returning false stops the parse: Feed() returns OK, stopped()
// is true and offset() tells how far it got. After an error or a stop,
// Feed() and Finish() return the same status until Reset().

#ifndef GDWIRE_CODEC_STREAM_PARSER_H_
#define GDWIRE_CODEC_STREAM_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/status/status.h"
#include "absl/strings/cord.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/core/wire_types.h"
#include "codec/error.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/stream/events.h"
#include "codec/stream/internal/wire_text.h"
#include "simd/utf8.h"

namespace gdwire {
namespace stream {
namespace internal {
struct WireType;
}  // namespace internal

template <typename H>
class Parser {
 public:
  // `handler` must outlive the parser. `options` and `framing` are copied.
  Parser(H* handler, const DecodeOptions& options,
         const FrameOptions& framing = FrameOptions());

  // Parses the next piece of the stream (any size, 0 included).
  absl::Status Feed(absl::Span<const uint8_t> bytes);
  absl::Status Feed(absl::string_view bytes) {
    return Feed(absl::MakeConstSpan(
        reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  }
  // Every chunk of a Cord in order (chunk chains, no flattening).
  absl::Status Feed(const absl::Cord& bytes);

  // The stream ended: OK at a value (or frame) boundary, else kTruncated
  // (kBadFrame for a cut-off frame). A top-level PackedByteArray may end
  // without its padding, as in the engine.
  absl::Status Finish();

  // Back to the start of a new stream (same handler and options).
  void Reset();

  // For a handler, during one of its calls: fail the parse with this error
  // (at the current offset and path) when the call returns false, instead
  // of stopping. (The DOM handler reports its memory budget this way.)
  void Abort(ErrorKind kind, std::string detail) {
    abort_kind_ = kind;
    abort_detail_ = std::move(detail);
  }

  bool stopped() const { return stopped_; }
  bool failed() const { return !error_.ok(); }
  const Error& error() const { return error_; }
  // Absolute bytes consumed so far.
  uint64_t offset() const { return consumed_; }
  // Outermost values completed so far.
  uint64_t values() const { return values_; }
  // True between values (or frames): Finish() would succeed.
  bool at_boundary() const;
  // A lower bound on the bytes still needed to complete the current value
  // (or frame); 0 at a boundary.
  uint64_t bytes_needed() const;

 private:
  enum State : uint8_t {
    kFramePrefix,
    kFrameSkip,
    kTrailing,
    kValueStart,
    kHeader,
    kFixed,
    kStrLen,
    kStrBody,
    kStrPad,
    kNodePathHead,
    kNodePathRest,
    kNodePathNext,
    kObjectCount,
    kSignalId,
    kDescNext,
    kDescId,
    kCount,
    kPackedCount,
    kPackedData,
    kPackedPad,
    kPackedStringsNext,
  };

  // An open Array, Dictionary or Object.
  struct Frame {
    Type type;
    bool in_items = false;    // the count has been read
    bool want_value = false;  // Dictionary: value next; Object: in a value
    uint8_t desc_stage = 0;   // typed-container descriptors read
    uint32_t header = 0;
    uint64_t count = 0;
    uint64_t index = 0;
    ContainerDesc desc[2];
    // The current key (Dictionary) or property name (Object), for paths.
    enum KeyKind : uint8_t { kOther, kText, kInt } key_kind = kOther;
    bool key_not_canonical = false;
    bool key_too_long = false;
    // A key that came whole in one piece is only pointed at (key_view);
    // Feed() copies it into key_text before the piece goes away.
    bool key_in_piece = false;
    int64_t key_int = 0;
    absl::string_view key_view;
    std::string key_text;
    absl::string_view key() const {
      return key_in_piece ? key_view : absl::string_view(key_text);
    }
    // A fresh frame (key_text keeps its buffer).
    void Reset() {
      type = Type::kNil;
      in_items = want_value = false;
      desc_stage = 0;
      header = 0;
      count = index = 0;
      desc[0] = desc[1] = ContainerDesc();
      key_kind = kOther;
      key_not_canonical = key_too_long = key_in_piece = false;
      key_int = 0;
      key_view = absl::string_view();
      key_text.clear();
    }
  };

  // The open containers, innermost last. Frames are kept when a container
  // closes and reused by the next (no construction per container).
  class FrameStack {
   public:
    bool empty() const { return n_ == 0; }
    size_t size() const { return n_; }
    Frame& back() { return v_[n_ - 1]; }
    const Frame& back() const { return v_[n_ - 1]; }
    void clear() { n_ = 0; }
    void pop_back() { --n_; }
    void emplace_back() {
      if (n_ == v_.size()) v_.emplace_back();
      v_[n_++].Reset();
    }
    Frame* begin() { return v_.data(); }
    Frame* end() { return v_.data() + n_; }
    const Frame* begin() const { return v_.data(); }
    const Frame* end() const { return v_.data() + n_; }

   private:
    std::vector<Frame> v_;
    size_t n_ = 0;
  };

  bool Run();
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline const uint8_t* Take(size_t n);
  size_t Avail() const {
    const size_t a = static_cast<size_t>(end_ - p_);
    return framed() && in_frame_ && frame_left_ < a
               ? static_cast<size_t>(frame_left_)
               : a;
  }
  void Advance(size_t k) {
    p_ += k;
    if (framed() && in_frame_) frame_left_ -= k;
  }
  uint64_t Pos() const {
    return chunk_base_ + static_cast<uint64_t>(p_ - begin_);
  }
  bool framed() const { return frame_.framing != Framing::kNone; }
  // The input has ended for the current value (Finish, or the frame's end).
  bool Ending() const {
    return ending_ || (framed() && in_frame_ && frame_left_ == 0);
  }

  ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool Header(const uint8_t* q);
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool FixedPayload(const uint8_t* q);
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline void FillScalar(uint32_t header,
                                                      const core::WireType& wt,
                                                      size_t len,
                                                      const uint8_t* q,
                                                      ScalarEvent* out) const;
  // Whole values read in place while they lie in the piece
  // (internal/parser_fast.h).
  bool FastValues();
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline size_t WholeString() const;
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline simd::WireText CheckWholeText(
      const uint8_t* text, uint32_t n) const;
  bool StartString(StringRole role);
  // A string's length `n` read and accepted: its text next.
  void BeginText(uint32_t n);
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool StringDone();
  bool EmitText(const uint8_t* p, size_t k);
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool EmitPart(absl::string_view text,
                                                    uint8_t flags);
  bool FramePrefix(const uint8_t* q);
  bool NodePathHead(const uint8_t* q);
  bool NodePathRest(const uint8_t* p);
  bool ObjectCount(const uint8_t* q);
  bool PackedCount(const uint8_t* p);
  bool PackedData();
  bool Count(const uint8_t* p);
  bool DescId(const uint8_t* p);
  bool DescNext();
  // Pandemonium 5's TypedArray / PackedTypedArray element type word and,
  // for Object elements, the class name's StringName header
  // (internal/pandemonium_desc.h).
  bool PandemoniumDescId(const uint8_t* q);
  ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool ValueComplete();
  bool PackedStringsRun();
  bool EndContainer();
  bool FrameDone();

  bool Stop() {
    if (abort_kind_ != ErrorKind::kOk) {
      const ErrorKind kind = abort_kind_;
      abort_kind_ = ErrorKind::kOk;
      return Fail(kind, Pos(), std::move(abort_detail_));
    }
    stopped_ = true;
    return false;
  }
  bool Fail(ErrorKind kind, uint64_t at, std::string detail,
            bool in_string = false);
  bool Truncated();
  std::string Path() const;

  H* h_;
  DecodeOptions opts_;
  FrameOptions frame_;
  const core::WireType* types_;  // the dialect's wire-id table

  // Input of the current Feed.
  const uint8_t* begin_ = nullptr;
  const uint8_t* p_ = nullptr;
  const uint8_t* end_ = nullptr;
  uint64_t chunk_base_ = 0;
  uint64_t consumed_ = 0;
  bool ending_ = false;

  State state_ = kValueStart;
  Error error_;
  absl::Status status_;
  ErrorKind abort_kind_ = ErrorKind::kOk;
  std::string abort_detail_;
  bool stopped_ = false;
  uint64_t values_ = 0;

  // A fixed-size field being collected across pieces.
  uint8_t carry_[128];
  size_t carry_len_ = 0;
  uint64_t field_start_ = 0;

  // Frames (framed streams).
  bool in_frame_ = false;
  uint64_t frame_left_ = 0;
  uint64_t frame_start_ = 0;
  uint32_t frame_len_ = 0;

  // The value being parsed.
  FrameStack stack_;
  uint64_t value_begin_ = 0;  // the outermost value's first byte
  uint64_t value_start_ = 0;  // the current value's header
  Type type_ = Type::kNil;
  uint32_t header_ = 0;
  size_t fixed_len_ = 0;

  // The wire string being parsed.
  StringRole str_role_ = StringRole::kString;
  uint64_t str_start_ = 0;
  uint32_t str_len_ = 0;
  uint32_t str_pad_left_ = 0;
  uint32_t str_parts_ = 0;
  uint64_t str_text_bytes_ = 0;
  bool str_capture_ = false;  // into stack_.back().key_text
  char script_prefix_[6];
  internal::WireTextScanner text_;

  // NodePath.
  uint32_t np_names_ = 0, np_total_ = 0, np_index_ = 0;
  uint64_t np_start_ = 0;

  // Packed arrays.
  uint64_t pk_start_ = 0;       // the count field
  uint64_t pk_data_start_ = 0;  // the first element
  uint64_t pk_count_ = 0;
  uint64_t pk_index_ = 0;  // elements delivered / strings read
  uint64_t pk_left_ = 0;   // data bytes still to come
  uint32_t pk_elem_ = 0;   // bytes per element
  bool pk_wide_ = false;
  uint8_t pk_carry_[32];
  size_t pk_carry_len_ = 0;
  uint32_t pk_pad_left_ = 0;
};

}  // namespace stream
}  // namespace gdwire

#include "codec/stream/internal/pandemonium_desc.h"  // IWYU pragma: export
#include "codec/stream/internal/parser_fast.h"       // IWYU pragma: export
#include "codec/stream/internal/parser_fields.h"     // IWYU pragma: export
#include "codec/stream/internal/parser_impl.h"       // IWYU pragma: export

#endif  // GDWIRE_CODEC_STREAM_PARSER_H_
