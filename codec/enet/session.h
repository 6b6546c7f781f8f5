// Copyright 2026 The gdwire Authors.
//
// codec/enet/session.h: passive ENet 1.3 decoding of captured UDP flows.
// Give the Decoder every UDP datagram of the capture in capture order (lost,
// duplicated, reordered, truncated or hostile ones included); per flow
// (client endpoint <-> server endpoint) it follows the connection as each
// side's ENet host would and calls back with what that host delivers:
//
//   * the handshake: CONNECT (the client's channel count, MTU, window size,
//     and its `data`: Godot 4 sends the client's multiplayer id there),
//     VERIFY_CONNECT (the server's answer: peer ids, session ids, the
//     channel count both then use), DISCONNECT;
//   * packets, per direction and channel: reliable ones in reliable
//     sequence order (retransmissions and duplicates dropped, early ones
//     held, up to bounds), unreliable ones sequenced (older ones dropped, as
//     ENet does), unsequenced ones once each (ENet's unsequenced window);
//     fragments (SEND_FRAGMENT, SEND_UNRELIABLE_FRAGMENT) put back together
//     with their count, total length and offsets checked;
//   * PING, ACKNOWLEDGE, BANDWIDTH_LIMIT, THROTTLE_CONFIGURE as events too.
//
// A flow starts at a datagram that LooksLikeEnetConnect (the client is its
// sender), or mid-connection at any datagram to or from one of
// `options.ports` (that side is the server; channels then start at the first
// sequence number seen). Compressed datagrams are decompressed in
// `options.compression`'s mode, kAuto: detected at the first compressed
// datagram (Event::compression says which). DTLS-wrapped ENet is reported
// ("DTLS-encrypted ENet, not decodable"), never misread. Everything from the
// wire is checked before it is used; memory is bounded by the options (per
// flow and in total), and a reliable gap that the capture never fills is
// skipped (reported) when the held packets pass the bounds, or at Finish.
//
//   gdwire::enet::DecoderOptions opts;
//   opts.ports = {7777};
//   gdwire::enet::Decoder d(opts,
//       [](const gdwire::enet::Event& e) {
//         if (e.kind == gdwire::enet::EventKind::kPacket) ...e.packet...
//       },
//       [](const gdwire::enet::Problem& p) { ...p.text... });
//   d.Datagram(time, src, dst, udp_payload);   // every UDP datagram
//   d.Finish();
//   d.stats().packets;

#ifndef GDWIRE_CODEC_ENET_SESSION_H_
#define GDWIRE_CODEC_ENET_SESSION_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/enet/compression.h"
#include "codec/enet/datagram.h"
#include "codec/net/endpoint.h"

namespace gdwire {
namespace enet {

using net::Endpoint;

enum class Direction : uint8_t { kClientToServer, kServerToClient };

enum class EventKind : uint8_t {
  kConnect,        // connect: the CONNECT's fields (data: connect.data)
  kVerifyConnect,  // connect: the VERIFY_CONNECT's fields
  kDisconnect,     // data: the DISCONNECT's data
  kPacket,         // packet, channel, delivery
  kPing,
  kAcknowledge,        // only with DecoderOptions::acknowledge_events
  kBandwidthLimit,     // data: incoming bandwidth, data2: outgoing
  kThrottleConfigure,  // data: interval
};
absl::string_view EventKindName(EventKind k);

enum class Delivery : uint8_t { kNone, kReliable, kUnreliable, kUnsequenced };
absl::string_view DeliveryName(Delivery d);

struct Event {
  int64_t time = 0;   // the caller's time of the datagram that completed it
  uint64_t flow = 0;  // 1, 2, ...: in the order flows were seen
  Endpoint client, server;
  Direction direction = Direction::kClientToServer;
  EventKind kind = EventKind::kPacket;
  uint8_t channel = 0;
  Delivery delivery = Delivery::kNone;
  bool fragmented = false;
  // The packet's bytes: valid during the callback only.
  absl::Span<const uint8_t> packet;
  uint32_t data = 0;
  uint32_t data2 = 0;
  const ConnectInfo* connect = nullptr;          // kConnect, kVerifyConnect
  Compression compression = Compression::kNone;  // of the flow, when known
  // Byte accounting (a bandwidth profile): the size of the datagram that
  // completed the event, and the ENet bytes that carried it besides the
  // packet: the command headers of its commands (every fragment's), plus the
  // datagram header for the first packet of each datagram.
  uint64_t datagram_bytes = 0;
  uint64_t overhead_bytes = 0;
};

enum class ProblemKind : uint8_t {
  kMalformed,   // a header or command that does not read
  kDecompress,  // a compressed datagram no mode decompresses
  kDtls,        // DTLS-encrypted ENet, not decodable
  kPeer,        // wrong peer id or session id, or no connection
  kChannel,     // a channel id beyond the channel count
  kFragment,    // fragment fields inconsistent
  kLimit,       // a memory bound of the options was reached
  kGap,         // reliable packets the capture lacks (skipped)
};
absl::string_view ProblemKindName(ProblemKind k);

struct Problem {
  int64_t time = 0;
  uint64_t flow = 0;  // 0 when about no flow
  Direction direction = Direction::kClientToServer;
  ProblemKind kind = ProblemKind::kMalformed;
  uint64_t offset = 0;  // byte of the (decompressed) datagram
  std::string text;
};

struct DecoderOptions {
  // Ports on which a flow is ENet without its handshake in the capture (the
  // side with the port is the server).
  std::vector<uint16_t> ports;
  Compression compression = Compression::kAuto;
  Checksum checksum = Checksum::kAuto;
  // Bounds: one packet (a fragmented one's total length), the bytes held
  // per flow (out-of-order reliable packets, unfinished fragments), the
  // bytes held over all flows, the flows followed at once.
  uint32_t max_packet_bytes = 32 * 1024 * 1024;
  size_t max_pending_bytes_per_session = 64 * 1024 * 1024;
  size_t max_pending_bytes_total = 256 * 1024 * 1024;
  size_t max_sessions = 4096;
  // Packets held per channel and direction waiting for a missing reliable
  // one (reliable packets after it; unreliable ones sent after it), and
  // unfinished unreliable fragmented packets, before the missing one is
  // declared lost in the capture and skipped (reported as kGap).
  size_t max_held_reliable = 4096;
  // Also an event per ACKNOWLEDGE command (data: the acknowledged reliable
  // sequence number, data2: its sent time); they are always counted.
  bool acknowledge_events = false;
};

struct DecoderStats {
  uint64_t datagrams = 0;
  uint64_t datagram_bytes = 0;
  uint64_t not_enet = 0;    // datagrams of no ENet flow (ignored)
  uint64_t compressed = 0;  // datagrams with the compressed flag
  uint64_t dropped = 0;     // datagrams dropped (malformed, wrong peer...)
  uint64_t commands = 0;
  uint64_t header_bytes = 0;  // ENet headers (+ checksums)
  uint64_t command_header_bytes = 0;
  uint64_t duplicates = 0;  // commands already seen (retransmissions...)
  uint64_t packets = 0;     // delivered
  uint64_t packet_bytes = 0;
  uint64_t fragments = 0;  // fragment commands accepted
  uint64_t acknowledgements = 0;
  uint64_t pings = 0;
  uint64_t problems = 0;
  uint64_t flows = 0;
  size_t pending_bytes = 0;  // held now
  size_t peak_pending_bytes = 0;
};

class Session;

class Decoder {
 public:
  using EventFn = std::function<void(const Event&)>;
  using ProblemFn = std::function<void(const Problem&)>;

  Decoder(DecoderOptions options, EventFn on_event, ProblemFn on_problem);
  ~Decoder();
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  // One UDP datagram's payload, src -> dst, at the caller's `time`.
  void Datagram(int64_t time, const Endpoint& src, const Endpoint& dst,
                absl::Span<const uint8_t> payload);
  // Delivers what is held past gaps (reported), ends every flow.
  void Finish();

  const DecoderStats& stats() const { return stats_; }

 private:
  friend class Session;
  void Report(int64_t time, uint64_t flow, Direction dir, ProblemKind kind,
              uint64_t offset, std::string text);

  DecoderOptions options_;
  EventFn on_event_;
  ProblemFn on_problem_;
  DecoderStats stats_;
  // Keyed by (lower endpoint, higher endpoint).
  std::map<std::pair<Endpoint, Endpoint>, std::unique_ptr<Session>> flows_;
  uint64_t next_flow_ = 1;
  bool finished_ = false;
};

}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_SESSION_H_
