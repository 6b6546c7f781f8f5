// Copyright 2026 The gdwire Authors.
//
// tests/cmake/consumer/frames_text.cc: an out-of-tree user of the installed
// gdwire (gdwire::frame + gdwire::text). Decodes a StreamPeer.put_var
// recording (u32 length before each value) on two threads and prints each
// value's engine text, one per line.
//
//   frames_text godot3|godot4 FILE

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/stream/parallel.h"
#include "codec/text/text.h"
#include "codec/types.h"
#include "codec/variant.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: frames_text godot3|godot4 FILE\n");
    return 2;
  }
  const std::string dialect = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
  gdwire::DecodeOptions opts;
  opts.dialect =
      dialect == "godot3" ? gdwire::Dialect::kGodot3 : gdwire::Dialect::kGodot4;
  gdwire::FrameOptions frame;
  frame.framing = gdwire::Framing::kStream;
  gdwire::ParallelOptions parallel;
  parallel.threads = 2;
  parallel.batch_bytes = 64;  // several rounds even on a small file
  size_t n = 0;
  absl::Status st = gdwire::DecodeFramedParallel(
      absl::MakeConstSpan(bytes), frame, opts, parallel,
      [&](gdwire::Variant v, uint64_t) {
        std::fputs(gdwire::text::ToText(v, opts.dialect).c_str(), stdout);
        std::fputs("\n", stdout);
        ++n;
        return absl::OkStatus();
      });
  if (!st.ok()) {
    std::fprintf(stderr, "decode: %s\n", st.ToString().c_str());
    return 1;
  }
  std::fprintf(stderr, "frames_text: %zu values on %d threads\n", n,
               parallel.threads);
  return 0;
}
