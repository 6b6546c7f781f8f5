// Copyright 2026 The gdwire Authors.
//
// codec/stream/internal/wire_text.h: incremental checking of a wire
// string's bytes as they arrive in pieces (spec §7.4), for the push parser.
//
// The steps are simd/utf8_rules.h's (the one home of the rules, shared
// with codec/core/text.h); the reference decoder (codec/reference/utf8.cc)
// is the check: one leading BOM is dropped when the string has at least 3
// bytes, the text ends at the first NUL (the rest is not checked), godot4
// demands strict UTF-8 and godot3 / pandemonium Godot 3's lenient rules. The
// verdict and the index of the offending byte are those of the reference,
// whatever the split: a multi-byte sequence is judged only once it is whole
// or cut by a NUL or the end of the string.
//
// A string of at most kPatch bytes cut by a piece's end (the common case
// when a stream comes in network-sized pieces) is not checked sequence by
// sequence: its first piece's bytes are copied into a patch buffer, and
// when the rest comes whole in the next piece the whole string is checked
// there at once by the read core's rules (core::CheckText, the fast path's
// check). The text passed on and the verdict are the same; were the rest
// to come in more than one piece, the copy is scanned as above first.
//
//   WireTextScanner s;
//   s.Begin(n, Dialect::kGodot4);
//   WireTextScanner::Text t = s.Consume(p, k);  // any number of times,
//   // t.held / [t.begin, t.end) of p are text to pass on; when all n bytes
//   // were consumed: s.failed(), s.bad_index(), s.canonical().

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_WIRE_TEXT_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_WIRE_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "codec/types.h"

namespace gdwire {
namespace stream {
namespace internal {

class WireTextScanner {
 public:
  struct Text {
    // Bytes held back from earlier pieces (a possible BOM) that turned out
    // to be text; they come before [begin, end).
    absl::string_view held;
    size_t begin = 0;  // text within the consumed piece
    size_t end = 0;
  };

  void Begin(uint32_t n, Dialect dialect);
  // A passing verdict, for a string checked without the scanner.
  void Pass(bool canonical) {
    failed_ = false;
    canonical_ = canonical;
  }
  // Consumes the next `k` bytes of the string (k <= remaining()).
  Text Consume(const uint8_t* p, size_t k);

  uint32_t remaining() const { return n_ - index_; }
  // The longest string whose first piece is kept for one check at its end.
  static constexpr uint32_t kPatch = 256;
  // Valid once remaining() == 0.
  bool failed() const { return failed_; }
  uint32_t bad_index() const { return bad_; }
  bool canonical() const { return canonical_; }

 private:
  // A first piece of a short string kept for one check at its end
  // (patch_), and the last piece that completes it.
  Text KeepFirst(const uint8_t* p, size_t k);
  Text CheckWhole(const uint8_t* p, size_t k);
  // Scans the kept first piece as Consume would have (then Consume goes on).
  void Replay();
  // Consume's work, sequence by sequence.
  Text Scan(const uint8_t* p, size_t k);
  // Checks text bytes p[0, k) which sit at string index `at`.
  void Check(const uint8_t* p, size_t k, uint32_t at);
  void Sequence();
  void EndText(uint32_t at);
  void Fail(uint32_t at) {
    if (!failed_) {
      failed_ = true;
      bad_ = at;
    }
  }

  bool strict_ = true;
  Dialect dialect_ = Dialect::kGodot4;
  // patch_ holds the string's first index_ bytes, unchecked; kept_nul_:
  // a NUL among them ended the text.
  bool kept_ = false;
  bool kept_nul_ = false;
  uint32_t n_ = 0;
  uint32_t index_ = 0;  // string bytes consumed so far
  bool bom_pending_ = false;
  bool text_ended_ = false;
  bool failed_ = false;
  bool canonical_ = true;
  uint32_t bad_ = 0;
  uint8_t bom_[3] = {};
  // A multi-byte sequence being collected.
  uint8_t seq_[6] = {};
  int seq_len_ = 0;
  int seq_need_ = 0;
  uint32_t seq_start_ = 0;
  // Slop after kPatch: the check may load vectors past the string's end
  // (core::CheckText's `readable`; none of those bytes is looked at).
  uint8_t patch_[kPatch + 64] = {};
};

}  // namespace internal
}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_WIRE_TEXT_H_
