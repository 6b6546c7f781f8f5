// Copyright 2026 The gdwire Authors.
//
// Seed maker for the text fuzz targets: reads binary seeds (mode byte +
// encoded value) and writes, for each value that decodes, its JSON form
// (json_fuzzer's text mode) and its engine text (text_parse_fuzzer).
// Usage: text_seeds OUT_DIR SEED...

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "codec/reference/decoder.h"
#include "codec/text/json.h"
#include "codec/text/text.h"
#include "tests/fuzz/fuzz_util.h"

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const std::string out = argv[1];
  int n = 0;
  for (int i = 2; i < argc; ++i) {
    std::ifstream f(argv[i], std::ios::binary);
    const std::string s((std::istreambuf_iterator<char>(f)),
                        std::istreambuf_iterator<char>());
    if (s.empty()) continue;
    const uint8_t mode = static_cast<uint8_t>(s[0]);
    const gdwire::DecodeOptions d = gdwire::fuzz::OptionsFromMode(mode);
    auto v = gdwire::reference::Decode(gdwire::fuzz::Bytes(s).subspan(1), d);
    if (!v.ok()) continue;
    std::ofstream(out + "/json_" + std::to_string(n), std::ios::binary)
        << static_cast<char>(mode | 8) << gdwire::text::ToJson(*v);
    std::ofstream(out + "/text_" + std::to_string(n), std::ios::binary)
        << static_cast<char>(mode) << gdwire::text::ToText(*v, d.dialect);
    ++n;
  }
  std::printf("%d text seeds\n", n);
  return 0;
}
