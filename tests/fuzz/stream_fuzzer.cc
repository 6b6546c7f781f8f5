// Copyright 2026 The gdwire Authors.
//
// Fuzzes the push parser (codec/stream) fed in fuzz-chosen pieces against
// the reference decoder on the whole buffer. Input: mode byte (dialect =
// DialectFromMode(mode), bit 2 allow objects, bits 4-5 framing: none, stream,
// packet-stream, 3 = stream, bit 6 big-endian), one byte that seeds the
// piece sizes, then the stream.
//
// Checks: no crash / UB; the values read by stream::ValueReader equal
// DecodeFramed's; unframed, the verdicts are the same (kind and offset of
// the first error; DecodeFramed's paths start with the value's number);
// framed, both accept or both reject (the parser
// reports an error inside a frame that is cut off later, DecodeFramed the
// cut: parser.h). stream::Decode of the whole buffer equals
// reference::Decode, errors with the same kind, offset and path.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codec/frame/frame.h"
#include "codec/reference/decoder.h"
#include "codec/stream/value_reader.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t mode = data[0];
  uint32_t rng = data[1] * 2654435761u + 1;
  const gdwire::DecodeOptions d = gdwire::fuzz::OptionsFromMode(mode);
  gdwire::FrameOptions f;
  const int framing = (mode >> 4) & 3;
  f.framing = framing == 0   ? gdwire::Framing::kNone
              : framing == 2 ? gdwire::Framing::kPacketStream
                             : gdwire::Framing::kStream;
  f.big_endian = (mode & 64) != 0;
  const auto bytes = absl::MakeConstSpan(data + 2, size - 2);

  gdwire::stream::ValueReader reader(d, f);
  std::vector<gdwire::Variant> values;
  absl::Status st;
  size_t pos = 0;
  while (st.ok() && pos < bytes.size()) {
    rng = rng * 1103515245u + 12345u;
    // Mostly small pieces (every split point gets exercised), some large.
    size_t n = (rng >> 16) % 9;
    if ((rng >> 28) == 0) n = (rng >> 8) % 512;
    n = std::min(n, bytes.size() - pos);
    st = reader.Feed(bytes.subspan(pos, n), &values);
    pos += n;
  }
  if (st.ok()) st = reader.Finish(&values);

  // An empty buffer: DecodeFramed (kNone) decodes one value from it and
  // fails; a stream that ends at once holds no values.
  if (bytes.empty()) return 0;
  const auto ref = gdwire::DecodeFramed(bytes, f, d);
  if (ref.ok()) {
    Check(st.ok(), "the stream rejects what the reference accepts",
          std::string(st.message()));
  }
  if (st.ok()) {
    Check(ref.ok(), "the stream accepts what the reference rejects",
          std::string(ref.status().message()));
    Check(values.size() == ref->size(), "value counts differ",
          std::to_string(values.size()) + " / " + std::to_string(ref->size()));
    for (size_t i = 0; i < values.size(); ++i) {
      Check(values[i] == (*ref)[i], "values differ",
            values[i].DebugString() + " / " + (*ref)[i].DebugString());
    }
  } else {
    const gdwire::Error a = gdwire::ErrorFromStatus(st);
    gdwire::fuzz::CheckError(a, bytes.size());
    if (f.framing == gdwire::Framing::kNone) {
      const gdwire::Error b = gdwire::ErrorFromStatus(ref.status());
      Check(a.kind == b.kind && a.offset == b.offset,
            "stream and reference errors differ",
            a.ToString() + " / " + b.ToString());
    }
  }

  // One value from the whole buffer.
  const auto sv = gdwire::stream::Decode(bytes, d);
  const auto rv = gdwire::reference::Decode(bytes, d);
  Check(sv.ok() == rv.ok(), "stream::Decode and reference::Decode disagree",
        std::string(sv.ok() ? rv.status().message() : sv.status().message()));
  if (sv.ok()) {
    Check(*sv == *rv, "stream::Decode value differs");
  } else {
    const gdwire::Error a = gdwire::ErrorFromStatus(sv.status());
    const gdwire::Error b = gdwire::ErrorFromStatus(rv.status());
    Check(a.kind == b.kind && a.offset == b.offset && a.path == b.path,
          "stream::Decode and reference::Decode errors differ",
          a.ToString() + " / " + b.ToString());
  }
  return 0;
}
