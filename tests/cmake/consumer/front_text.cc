// Copyright 2026 The gdwire Authors.
//
// tests/cmake/consumer/front_text.cc: an out-of-tree user of the installed
// gdwire's front door alone (gdwire::front, codec/gdwire.h). Decodes one
// value from a std::vector<char> (no cast), reads its root through the
// document, checks that Encode gives back bytes that decode to the same
// value, and prints the engine's text.
//
//   front_text godot3|godot4 FILE

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "codec/gdwire.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: front_text godot3|godot4 FILE\n");
    return 2;
  }
  std::ifstream in(argv[2], std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  gdwire::DecodeOptions opts;
  opts.dialect = std::string(argv[1]) == "godot3" ? gdwire::Dialect::kGodot3
                                                  : gdwire::Dialect::kGodot4;
  absl::StatusOr<gdwire::Variant> v = gdwire::Decode(bytes, opts);
  if (!v.ok()) {
    std::fprintf(stderr, "decode: %s\n", v.status().ToString().c_str());
    return 1;
  }
  gdwire::document::Parser parser;
  const gdwire::document::ParseResult r = parser.Parse(bytes, opts);
  if (!r.ok() || r.root.type() != v->type()) {
    std::fprintf(stderr, "document and Decode disagree\n");
    return 1;
  }
  gdwire::EncodeOptions eopts;
  eopts.dialect = opts.dialect;
  absl::StatusOr<std::string> enc = gdwire::Encode(*v, eopts);
  absl::StatusOr<gdwire::Variant> again =
      enc.ok() ? gdwire::Decode(*enc, opts) : enc.status();
  if (!again.ok() || !(*again == *v)) {
    std::fprintf(stderr, "Encode does not round-trip\n");
    return 1;
  }
  std::fputs(gdwire::text::ToText(*v, opts.dialect).c_str(), stdout);
  std::fputs("\n", stdout);
  return 0;
}
