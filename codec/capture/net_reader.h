// Copyright 2026 The gdwire Authors.
//
// codec/capture/net_reader.h: Godot's high-level multiplayer traffic read
// from datagrams and WebSocket messages that the caller has already taken
// out of the packets (a Wireshark dissector, a proxy, a test), with the
// same decoding `gdwire capture` applies to whole captures: ENet flows
// (codec/enet) followed as each host delivers, their packets through the
// SceneMultiplayer session of their server (path caches, spawns, relays),
// and out as capture::NetEvents through CaptureOptions::on_net_event.
//
//   gdwire::capture::CaptureOptions opts;
//   opts.on_net_event = [](const gdwire::capture::NetEvent& e) { ...e.text...
//   }; gdwire::capture::NetReader r(opts, on_problem);
//   // per UDP flow, at its first datagram:
//   bool enet = r.ClaimsDatagram(src, dst, payload);
//   // then every datagram of a claimed flow, in capture order:
//   r.Datagram(time, flow_number, src, dst, payload, header_bytes);
//   // WebSocketMultiplayerPeer: the server's first message (the client's
//   // id), then each binary message:
//   r.WebSocketPeerId(time, conn, client, server, id, wire_bytes);
//   r.WebSocketMessage(time, conn, client, server, from_client, id, msg, n);
//   r.Finish(time);   // the capture ended: packets still held are reported
//
// Events come out during the call that completes them (a packet held for an
// earlier reliable one comes out with the datagram that fills the hole).

#ifndef GDWIRE_CODEC_CAPTURE_NET_READER_H_
#define GDWIRE_CODEC_CAPTURE_NET_READER_H_

#include <cstdint>
#include <memory>

#include "absl/types/span.h"
#include "codec/capture/capture.h"

namespace gdwire {
namespace capture {
namespace internal {
class EnetFlows;
}  // namespace internal

class NetReader {
 public:
  NetReader(const CaptureOptions& options, ProblemFn on_problem);
  ~NetReader();
  NetReader(const NetReader&) = delete;
  NetReader& operator=(const NetReader&) = delete;

  // Whether a UDP flow whose first datagram is `payload` (from `src` to
  // `dst`) is ENet: an ENet CONNECT, or a port of CaptureOptions::enet_ports
  // (false with detect_enet off).
  bool ClaimsDatagram(const Endpoint& src, const Endpoint& dst,
                      absl::Span<const uint8_t> payload) const;
  // A datagram of a claimed flow. `flow`: the caller's number of the UDP
  // flow (1, 2, ...; NetEvent::connection); `transport_bytes`: the link,
  // IP and UDP header bytes around it (bandwidth accounting).
  void Datagram(const Timestamp& time, uint64_t flow, const Endpoint& src,
                const Endpoint& dst, absl::Span<const uint8_t> payload,
                uint64_t transport_bytes);
  // WebSocketMultiplayerPeer (Godot 4): a connection whose server's first
  // binary message is 4 bytes, a u32 from 2 to 2^31 - 1 (the client's id:
  // IsWebSocketPeerId), then every binary message of the connection.
  static bool IsWebSocketPeerId(absl::Span<const uint8_t> message,
                                uint32_t* id);
  void WebSocketPeerId(const Timestamp& time, uint64_t connection,
                       const Endpoint& client, const Endpoint& server,
                       uint32_t client_id, uint64_t wire_bytes);
  void WebSocketMessage(const Timestamp& time, uint64_t connection,
                        const Endpoint& client, const Endpoint& server,
                        bool from_client, uint32_t client_id,
                        absl::Span<const uint8_t> message, uint64_t wire_bytes);
  void Finish(const Timestamp& time);

  const CaptureStats& stats() const { return stats_; }

 private:
  CaptureStats stats_;
  std::unique_ptr<internal::EnetFlows> flows_;
};

}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_NET_READER_H_
