// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/enet_flows.h: the UDP flows of a capture that are
// Godot's ENetMultiplayerPeer, read as the hosts at both ends read them:
// datagrams go through the passive ENet decoder (codec/enet), each packet an
// ENet host delivers through the SceneMultiplayer session of its server
// (codec/multiplayer: path caches, spawns and relays shared by every client
// of one server), and out as capture::NetEvents.
//
// Godot 4 (modules/enet/enet_multiplayer_peer.cpp): the server is
// multiplayer id 1, a client's id travels in its CONNECT's data; ENet
// channel 0 carries reliable packets of the user's channel 0, channel 1 the
// unreliable ones (unsequenced: TRANSFER_MODE_UNRELIABLE; sequenced:
// UNRELIABLE_ORDERED), and user channel n > 0 is ENet channel n + 1.
// Godot 3.x (Dialect::kGodot3; networked_multiplayer_enet.cpp): channel 0
// carries the server's add / remove peer notices, 1 reliable and 2
// unreliable packets, 3 and up the game's channels (NetEvent::channel is
// then the ENet channel), each packet behind an 8-byte [source][target]
// header; a client-to-client packet is forwarded by the server unchanged.

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_ENET_FLOWS_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_ENET_FLOWS_H_

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "absl/types/span.h"
#include "codec/capture/capture.h"
#include "codec/enet/session.h"
#include "codec/multiplayer/godot3_session.h"
#include "codec/multiplayer/session.h"

namespace gdwire {
namespace capture {
namespace internal {

class EnetFlows {
 public:
  // Problems go to `on_problem` with the flow's addresses; counts to
  // `*stats`.
  EnetFlows(const CaptureOptions& options, ProblemFn on_problem,
            CaptureStats* stats);
  ~EnetFlows();

  // Whether a UDP flow whose first datagram (in the capture) is `payload`,
  // between `src` and `dst`, is to be read as ENet.
  bool Claims(const Endpoint& src, const Endpoint& dst,
              absl::Span<const uint8_t> payload) const;

  // A datagram of a claimed flow: `connection` is the capture's flow
  // number, `transport_bytes` what link, IP and UDP headers took.
  void Datagram(const Timestamp& time, uint64_t connection, const Endpoint& src,
                const Endpoint& dst, absl::Span<const uint8_t> payload,
                uint64_t transport_bytes);
  void Finish(const Timestamp& time);

  // WebSocketMultiplayerPeer: the server's first message, the client's id
  // (`client` and `server` the two ends)...
  void WebSocketPeerId(const Timestamp& time, uint64_t connection,
                       const Endpoint& client, const Endpoint& server,
                       uint32_t client_id, uint64_t wire_bytes);
  // ... then each binary message, one SceneMultiplayer packet.
  void WebSocketMessage(const Timestamp& time, uint64_t connection,
                        const Endpoint& client, const Endpoint& server,
                        bool from_client, uint32_t client_id,
                        absl::Span<const uint8_t> message, uint64_t wire_bytes);

 private:
  struct Flow {
    uint64_t connection = 0;
    int32_t client_id = 0;  // 0: not known (no CONNECT seen)
    uint64_t index[2] = {0, 0};
  };
  void OnEvent(const enet::Event& e);
  void Emit(NetEvent* ne, Flow& flow, bool up);
  // A Godot 4 SceneMultiplayer packet / a Godot 3 NetworkedMultiplayerENet
  // one (8-byte header, configuration channel) into *ne; false when it did
  // not decode (reported).
  bool Godot4Packet(const Endpoint& server, int enet_channel,
                    absl::Span<const uint8_t> packet, bool up, Flow& flow,
                    NetEvent* ne);
  bool Godot3Packet(const Endpoint& server, int enet_channel,
                    absl::Span<const uint8_t> packet, bool up, Flow& flow,
                    NetEvent* ne);
  // Reports a packet that did not decode; it keeps its number in `flow`.
  void PacketProblem(int enet_channel, bool up, const absl::Status& st,
                     const NetEvent& ne, Flow& flow);
  std::string Text(const Variant& v) const;
  // `v`'s text (and the value, with net_variants) into `group`.
  void AddValue(NetEvent::Values* group, const Variant& v) const;
  // The wire layout the events are read with, and the engine it was
  // checked against: printed with each connection's first event.
  absl::string_view WireVersion() const;
  void CheckChecksum(const multiplayer::SimplifyPath& sp, const NetEvent& ne);
  void OnProblem(const enet::Problem& p);
  Flow& FlowOf(uint64_t enet_flow);
  multiplayer::Session& SessionOf(const Endpoint& server);
  multiplayer::godot3::Session& Godot3SessionOf(const Endpoint& server);

  CaptureOptions options_;
  ProblemFn on_problem_;
  CaptureStats* stats_;
  std::unique_ptr<enet::Decoder> decoder_;
  std::map<uint64_t, Flow> flows_;     // by the ENet decoder's flow number
  std::map<uint64_t, Flow> ws_flows_;  // by the capture's connection number
  std::map<Endpoint, std::unique_ptr<multiplayer::Session>> sessions_;
  std::map<Endpoint, std::unique_ptr<multiplayer::godot3::Session>>
      godot3_sessions_;
  // The datagram being decoded.
  Timestamp now_;
  uint64_t current_connection_ = 0;
  Endpoint current_src_, current_dst_;
  uint64_t pending_transport_ = 0;  // its link/IP/UDP bytes, not yet charged
  std::set<std::string> checksum_reported_;  // node paths
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_ENET_FLOWS_H_
