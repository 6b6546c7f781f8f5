// Copyright 2026 The gdwire Authors.
//
// tests/cmake/consumer/view_text.cc: an out-of-tree user of the installed
// gdwire (gdwire::gdwire). Opens one encoded value as a lazy view, takes it
// as a Variant, checks that the fast encoder and the reference decoder agree
// with it, and prints the engine's text.
//
//   view_text godot3|godot4 FILE

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "codec/encode/encoder.h"
#include "codec/options.h"
#include "codec/reference/decoder.h"
#include "codec/text/text.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/view/view.h"
#include "simd/target.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: view_text godot3|godot4 FILE\n");
    return 2;
  }
  const std::string dialect = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
  gdwire::DecodeOptions opts;
  opts.dialect =
      dialect == "godot3" ? gdwire::Dialect::kGodot3 : gdwire::Dialect::kGodot4;
  absl::StatusOr<gdwire::view::MessageView> doc =
      gdwire::view::MessageView::Open(absl::MakeConstSpan(bytes), opts);
  if (!doc.ok()) {
    std::fprintf(stderr, "open: %s\n", doc.status().ToString().c_str());
    return 1;
  }
  absl::StatusOr<gdwire::Variant> v = doc->ToVariant();
  absl::StatusOr<gdwire::Variant> ref =
      gdwire::reference::Decode(absl::MakeConstSpan(bytes), opts);
  if (!v.ok() || !ref.ok() || !(*v == *ref)) {
    std::fprintf(stderr, "view and reference disagree\n");
    return 1;
  }
  gdwire::EncodeOptions eopts;
  eopts.dialect = opts.dialect;
  absl::StatusOr<std::string> enc = gdwire::encode::Encode(*v, eopts);
  if (!enc.ok()) {
    std::fprintf(stderr, "encode: %s\n", enc.status().ToString().c_str());
    return 1;
  }
  std::fprintf(stderr, "view_text: %zu bytes in, %zu re-encoded, SIMD %s\n",
               bytes.size(), enc->size(), gdwire::simd::TargetName());
  std::fputs(gdwire::text::ToText(*v, opts.dialect).c_str(), stdout);
  std::fputs("\n", stdout);
  return 0;
}
