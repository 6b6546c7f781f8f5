// Copyright 2026 The gdwire Authors.
//
// wireshark/multiplayer.h: Godot's high-level multiplayer (SceneMultiplayer
// over ENet or WebSocketMultiplayerPeer) in Wireshark, protocol `godotmp`.
//
// The packets of a multiplayer connection only make sense in order (node
// paths are cached per peer, reliable packets are delivered in sequence,
// a relay names its sender), so the plugin keeps one gdwire
// capture::NetReader per capture file (the decoding `gdwire capture` does)
// and feeds it each datagram and WebSocket message on Wireshark's first,
// in-order pass. The events each frame completes are kept with the frame
// and shown whenever it is dissected again (a click, a filter).
//
//   if (!PINFO_FD_VISITED(pinfo)) FeedEnet(pinfo, flow, payload, headers);
//   ShowEvents(tvb, pinfo, tree);   // the frame's events, once per frame

#ifndef GDWIRE_WIRESHARK_MULTIPLAYER_H_
#define GDWIRE_WIRESHARK_MULTIPLAYER_H_

#include <cstdint>

#include "absl/types/span.h"
#include "wireshark/ws.h"

namespace gdwire {
namespace wireshark {

void RegisterMultiplayer();

// Whether a UDP flow whose first datagram is this one is Godot's ENet
// (a CONNECT, or a port of the `enet` protocol's preference).
bool EnetClaims(const packet_info* pinfo, absl::Span<const uint8_t> payload);
// Sets the ports on which UDP flows are ENet without their handshake.
void SetEnetPorts(range_t* ports);

// First pass only (no-ops when the frame was seen): a datagram of an ENet
// flow (`flow`: Wireshark's UDP stream number + 1), a WebSocketMultiplayer
// connection's id message and its other messages (`server_port`: which side
// is the server).
void FeedEnet(packet_info* pinfo, uint64_t flow,
              absl::Span<const uint8_t> payload, uint64_t header_bytes);
//
// A WebSocket connection is WebSocketMultiplayerPeer only when the message
// after the id is a SceneMultiplayer packet (IsMultiplayerPacket): the id
// message is fed when it comes (FeedWsPeerId returns its frame's events),
// and its events are shown with the confirming message (MoveEvents: tshark
// prints a frame as soon as it is dissected) or forgotten (DropEvents).
void* FeedWsPeerId(packet_info* pinfo, uint64_t connection, uint32_t client_id,
                   uint64_t wire_bytes);
void MoveEvents(void* from, packet_info* to);
void DropEvents(void* from);
bool IsMultiplayerPacket(absl::Span<const uint8_t> message);
void FeedWsMessage(packet_info* pinfo, uint64_t connection, bool from_client,
                   uint32_t client_id, absl::Span<const uint8_t> message,
                   uint64_t wire_bytes);

// Adds the frame's multiplayer events (and the problems found in it) under
// `tree` and to the Info column; once per frame and pass.
void ShowEvents(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree);

}  // namespace wireshark
}  // namespace gdwire

#endif  // GDWIRE_WIRESHARK_MULTIPLAYER_H_
