// Copyright 2026 The gdwire Authors.
//
// Fuzzes the passive ENet decoder (codec/enet/session.h, datagram.h). Input:
// a mode byte, then datagrams, each [route][u16 LE length][bytes]. Route
// bit 0: server -> client (else client -> server); bits 1-2: which of four
// clients (flows). Mode bits 0-2: the compression option (none, range
// coder, FastLZ, zlib, zstd, auto); bit 3: checksums on; bit 4: tiny memory
// bounds (and 2 flows at most); bit 5: port 7777 is ENet (mid-flow starts);
// bit 6: every datagram also parsed alone and its commands checked.
//
// Checks: no crash, hang or leak; held memory within the bounds and zero
// after Finish; events and problems name flows that exist; packets within
// max_packet_bytes; the stats count what the callbacks saw.

#include <cstddef>
#include <cstdint>
#include <string>

#include "codec/enet/datagram.h"
#include "codec/enet/session.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;
namespace enet = gdwire::enet;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  static constexpr enet::Compression kModes[] = {
      enet::Compression::kNone,   enet::Compression::kRangeCoder,
      enet::Compression::kFastLz, enet::Compression::kZlib,
      enet::Compression::kZstd,   enet::Compression::kAuto,
      enet::Compression::kAuto,   enet::Compression::kAuto};
  enet::DecoderOptions opts;
  opts.compression = kModes[mode & 7];
  opts.checksum = (mode & 8) ? enet::Checksum::kOn : enet::Checksum::kAuto;
  opts.max_packet_bytes = 1 << 20;
  opts.max_pending_bytes_per_session = 4 << 20;
  opts.max_pending_bytes_total = 8 << 20;
  if (mode & 16) {
    opts.max_packet_bytes = 4096;
    opts.max_pending_bytes_per_session = 16384;
    opts.max_pending_bytes_total = 24576;
    opts.max_sessions = 2;
    opts.max_held_reliable = 8;
  }
  if (mode & 32) opts.ports = {7777};
  uint64_t packets = 0, packet_bytes = 0, problems = 0, max_flow = 0;
  const size_t total_bound = opts.max_pending_bytes_total;
  enet::Decoder* self = nullptr;
  auto on_event = [&](const enet::Event& e) {
    Check(e.flow >= 1, "event without a flow");
    max_flow = std::max(max_flow, e.flow);
    if (e.kind == enet::EventKind::kPacket) {
      ++packets;
      packet_bytes += e.packet.size();
      Check(e.packet.size() <= opts.max_packet_bytes || !e.fragmented,
            "packet over max_packet_bytes");
      Check(e.delivery != enet::Delivery::kNone, "packet without delivery");
    }
    if (e.kind == enet::EventKind::kConnect ||
        e.kind == enet::EventKind::kVerifyConnect) {
      Check(e.connect != nullptr, "connect event without its fields");
    }
    Check(self->stats().pending_bytes <= total_bound, "pending over bound");
  };
  auto on_problem = [&](const enet::Problem& p) {
    ++problems;
    Check(!p.text.empty(), "problem without a text");
    max_flow = std::max(max_flow, p.flow);
  };
  enet::Decoder d(opts, on_event, on_problem);
  self = &d;
  gdwire::net::Endpoint server, clients[4];
  server.SetV4(0x7f000001);
  server.port = 7777;
  for (int i = 0; i < 4; ++i) {
    clients[i].SetV4(0x7f000002);
    clients[i].port = static_cast<uint16_t>(40000 + i);
  }
  size_t at = 1;
  int64_t t = 0;
  enet::Datagram parsed;
  while (at + 3 <= size) {
    const uint8_t route = data[at];
    const size_t n = data[at + 1] | size_t{data[at + 2]} << 8;
    at += 3;
    const size_t k = std::min(n, size - at);
    const absl::Span<const uint8_t> payload(data + at, k);
    at += k;
    const gdwire::net::Endpoint& c = clients[(route >> 1) & 3];
    if (route & 1) {
      d.Datagram(t++, server, c, payload);
    } else {
      d.Datagram(t++, c, server, payload);
    }
    if (mode & 64) {
      enet::ParseOptions po;
      po.compression = opts.compression;
      po.checksum = opts.checksum;
      if (enet::ParseDatagram(payload, po, &parsed).ok()) {
        const size_t end = parsed.decompressed_size;
        Check(end <= 4096 || !parsed.compressed, "decompressed too large");
        for (const enet::Command& cmd : parsed.commands) {
          Check(cmd.offset >= parsed.header_size, "command in the header");
          Check(cmd.offset + cmd.size <= std::max(end, payload.size()),
                "command past the datagram");
          Check(cmd.data.size() <= cmd.size, "data larger than its command");
        }
        Check(parsed.tail.ok() || parsed.tail.offset <= end, "tail offset");
      }
    }
  }
  d.Finish();
  const enet::DecoderStats& st = d.stats();
  Check(st.pending_bytes == 0, "bytes held after Finish");
  Check(st.peak_pending_bytes <= total_bound, "peak over the total bound");
  Check(st.packets == packets, "stats.packets differs from the events");
  Check(st.packet_bytes == packet_bytes, "stats.packet_bytes differs");
  Check(st.problems == problems, "stats.problems differs from the callbacks");
  Check(max_flow <= st.flows, "a flow number past the flows seen");
  return 0;
}
