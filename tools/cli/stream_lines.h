// Copyright 2026 The gdwire Authors.
//
// tools/cli/stream_lines.h: `gdwire decode`'s lines of a stream read in
// pieces (standard input, a pipe, --chunk=N), with no Variants built.
//
// The push parser (codec/stream/parser.h) runs over every piece with a
// handler that keeps nothing: it finds where each value ends (framed or
// back to back) and gives every verdict — the same kinds, offsets and paths
// as stream::ValueReader, which builds the values, since the CLI sets no
// allocation budget (the only thing the value builder adds). The bytes of a
// value that spans pieces are carried over until its last byte arrives; a
// whole value is then parsed as an indexed document and its line written
// from the document (codec/text/element_text.h, element_json.h: the bytes
// text::ToText / ToJson write for its Variant). Where the document does not
// decide (Pandemonium's engine defects) or rejects, the value is built
// (stream::Decode, the push parser's own DOM decode) and printed as before.
//
//   StreamLines lines(decode_options, frame_options, /*json=*/true);
//   std::string out;
//   while (n = read(...)) {
//     absl::Status st = lines.Feed(piece, &out);  // the lines it completes
//     write(out); out.clear();
//     if (!st.ok()) break;                         // after those lines
//   }
//   absl::Status st = lines.Finish(&out);

#ifndef GDWIRE_TOOLS_CLI_STREAM_LINES_H_
#define GDWIRE_TOOLS_CLI_STREAM_LINES_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "codec/bytes.h"
#include "codec/document/document.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/stream/parser.h"

namespace gdwire {
namespace cli {

class StreamLines {
 public:
  StreamLines(const DecodeOptions& options, const FrameOptions& framing,
              bool json);
  StreamLines(const StreamLines&) = delete;
  StreamLines& operator=(const StreamLines&) = delete;

  // The next piece: appends the line of every value it completes to *out,
  // then returns the parser's verdict (an error after the values before it).
  absl::Status Feed(ByteView piece, std::string* out);
  // The end of the stream (a value cut off: its error).
  absl::Status Finish(std::string* out);
  // Values completed so far (for naming an unframed error "#3$...").
  uint64_t values() const { return parser_.values(); }

 private:
  // Notes where each value ends.
  struct Ends : stream::SkipHandler {
    std::vector<std::pair<uint64_t, uint64_t>> done;  // [begin, end)
    bool ValueDone(uint64_t begin, uint64_t end) {
      done.emplace_back(begin, end);
      return true;
    }
  };
  // Lines of the values in ends_.done; `piece` the bytes from `start` on.
  absl::Status Emit(ByteView piece, uint64_t start, std::string* out);
  absl::Status AppendLine(ByteView value, std::string* out);

  const DecodeOptions options_;
  const bool json_;
  const bool document_decides_;
  Ends ends_;
  stream::Parser<Ends> parser_;
  document::Parser document_;
  uint64_t fed_ = 0;       // stream bytes fed so far
  uint64_t last_end_ = 0;  // the end of the last value completed
  std::string carry_;      // stream bytes [carry_at_, fed_)
  uint64_t carry_at_ = 0;
  std::string joined_;  // a value that spans pieces
};

}  // namespace cli
}  // namespace gdwire

#endif  // GDWIRE_TOOLS_CLI_STREAM_LINES_H_
