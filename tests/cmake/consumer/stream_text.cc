// Copyright 2026 The gdwire Authors.
//
// tests/cmake/consumer/stream_text.cc: an out-of-tree user of the installed
// gdwire (gdwire::stream + gdwire::text). Decodes one encoded value with the
// streaming parser, fed in 7-byte pieces, and prints the engine's text.
//
//   stream_text godot3|godot4 FILE

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codec/options.h"
#include "codec/stream/value_reader.h"
#include "codec/text/text.h"
#include "codec/types.h"
#include "codec/variant.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: stream_text godot3|godot4 FILE\n");
    return 2;
  }
  const std::string dialect = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) return 2;
  gdwire::DecodeOptions opts;
  opts.dialect =
      dialect == "godot3" ? gdwire::Dialect::kGodot3 : gdwire::Dialect::kGodot4;
  gdwire::stream::ValueReader reader(opts);
  std::vector<gdwire::Variant> values;
  for (size_t at = 0; at < bytes.size(); at += 7) {
    const size_t n = std::min<size_t>(7, bytes.size() - at);
    absl::Status st =
        reader.Feed(absl::MakeConstSpan(bytes.data() + at, n), &values);
    if (!st.ok()) {
      std::fprintf(stderr, "decode: %s\n", st.ToString().c_str());
      return 1;
    }
  }
  absl::Status end = reader.Finish();
  if (!end.ok() || values.size() != 1) {
    std::fprintf(stderr, "finish: %s, %zu values\n", end.ToString().c_str(),
                 values.size());
    return 1;
  }
  std::fputs(gdwire::text::ToText(values[0], opts.dialect).c_str(), stdout);
  std::fputs("\n", stdout);
  return 0;
}
