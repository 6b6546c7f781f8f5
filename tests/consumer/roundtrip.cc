// Copyright 2026 The gdwire Authors.
//
// tests/consumer/roundtrip.cc: gdwire used as a Bazel dependency. Reads a
// file of Godot Variant bytes (one var_to_bytes value, or with --stream a
// StreamPeer.put_var stream), decodes every value with the reference decoder
// and with the streaming ValueReader, prints each as the engine's text,
// re-encodes it and checks the bytes are the input's.
//
//   roundtrip [--dialect=godot4|godot3] [--stream] FILE
//
// Exit status: 0 when every value decodes the same both ways and re-encodes
// to the input's bytes, 1 otherwise, 2 on usage.

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "codec/frame/frame.h"
#include "codec/options.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/stream/value_reader.h"
#include "codec/text/text.h"

int main(int argc, char** argv) {
  gdwire::DecodeOptions dopts;
  gdwire::FrameOptions frame;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--stream") {
      frame.framing = gdwire::Framing::kStream;
    } else if (a.rfind("--dialect=", 0) == 0) {
      if (!gdwire::ParseDialect(a.substr(10), &dopts.dialect)) return 2;
    } else {
      path = a;
    }
  }
  std::ifstream f(path, std::ios::binary);
  if (path.empty() || !f) {
    std::fprintf(stderr, "usage: roundtrip [--dialect=D] [--stream] FILE\n");
    return 2;
  }
  const std::string bytes((std::istreambuf_iterator<char>(f)),
                          std::istreambuf_iterator<char>());
  const auto span = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());

  absl::StatusOr<std::vector<gdwire::Variant>> values =
      gdwire::DecodeFramed(span, frame, dopts);
  if (!values.ok()) {
    std::fprintf(stderr, "decode: %s\n", values.status().ToString().c_str());
    return 1;
  }
  // The same bytes through the push parser, fed 3 bytes at a time.
  gdwire::stream::ValueReader reader(dopts, frame);
  std::vector<gdwire::Variant> streamed;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    absl::Status st = reader.Feed(span.subspan(i, 3), &streamed);
    if (!st.ok()) {
      std::fprintf(stderr, "stream: %s\n", st.ToString().c_str());
      return 1;
    }
  }
  if (!reader.Finish(&streamed).ok() || streamed != *values) {
    std::fprintf(stderr, "the push parser disagrees with the reference\n");
    return 1;
  }

  gdwire::EncodeOptions eopts;
  eopts.dialect = dopts.dialect;
  absl::StatusOr<std::string> again =
      gdwire::EncodeFramed(*values, frame, eopts);
  for (const gdwire::Variant& v : *values) {
    std::printf("%s\n", gdwire::text::ToText(v, dopts.dialect).c_str());
  }
  if (!again.ok() || *again != bytes) {
    std::fprintf(stderr, "re-encoding differs from the input\n");
    return 1;
  }
  std::printf("OK: %zu value(s), %zu bytes, re-encoded identically\n",
              values->size(), bytes.size());
  return 0;
}
