// Copyright 2026 The gdwire Authors.
//
// Fuzzes `gdwire capture`'s decoding (codec/capture/capture.h). Mode byte:
// bit 0 clear: the rest is a capture file (pcap or pcapng) read by libpcap
// from memory (DecodeBytes); set: the rest is frames fed to the Decoder
// directly, each as [link type index][u16 LE length][bytes] (link types:
// Ethernet, SLL, SLL2, NULL, LOOP, raw, IPv4, IPv6). Bit 1: a small
// reorder buffer (512 bytes); bit 2: messages up to 256 bytes; bit 3:
// godot3; bit 4: at most 4 flows at once; bit 5: allow objects.
//
// Checks: no crash, hang or leak; memory bounded (the libFuzzer limits);
// every message and problem names a connection that exists; the stats
// count what the callbacks saw.

#include <cstddef>
#include <cstdint>
#include <string>

#include "codec/capture/capture.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  gdwire::capture::CaptureOptions opts;
  if (mode & 2) opts.max_reorder_bytes = 512;
  if (mode & 4) opts.max_message_bytes = 256;
  if (mode & 8) opts.decode.dialect = gdwire::Dialect::kGodot3;
  if (mode & 16) opts.max_flows = 4;
  opts.decode.allow_objects = (mode & 32) != 0;
  uint64_t messages = 0, problems = 0, max_conn = 0;
  auto on_message = [&](const gdwire::capture::Message& m) {
    ++messages;
    Check(m.connection >= 1, "message without a connection");
    max_conn = std::max(max_conn, m.connection);
  };
  auto on_problem = [&](const gdwire::capture::Problem& p) {
    ++problems;
    Check(!p.text.empty(), "problem without a text");
    max_conn = std::max(max_conn, p.connection);
  };
  gdwire::capture::CaptureStats stats;
  if ((mode & 1) == 0) {
    const absl::Status st = gdwire::capture::DecodeBytes(
        absl::string_view(reinterpret_cast<const char*>(data + 1), size - 1),
        opts, on_message, on_problem, &stats);
    if (!st.ok()) return 0;
  } else {
    static constexpr int kLinks[] = {1, 113, 276, 0, 108, 12, 228, 229};
    gdwire::capture::Decoder d(opts, on_message, on_problem);
    size_t at = 1;
    int64_t t = 0;
    while (at + 3 <= size) {
      const int link = kLinks[data[at] & 7];
      const size_t n = data[at + 1] | size_t{data[at + 2]} << 8;
      at += 3;
      const size_t k = std::min(n, size - at);
      d.Packet(gdwire::capture::Timestamp{t++, 0}, link,
               absl::MakeConstSpan(data + at, k), static_cast<uint32_t>(n));
      at += k;
    }
    d.Finish();
    stats = d.stats();
  }
  Check(stats.messages == messages, "stats.messages differs");
  Check(stats.problems == problems || (mode & 1) == 0,
        "stats.problems differs");
  Check(max_conn <= stats.connections, "a connection number past the count");
  return 0;
}
