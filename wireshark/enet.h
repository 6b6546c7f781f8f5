// Copyright 2026 The gdwire Authors.
//
// wireshark/enet.h: protocol `enet`, ENet 1.3 as Godot's ENetConnection
// sends it: the protocol header (peer id, session id, sent time, checksum),
// the commands with their fields (acknowledgements, the CONNECT /
// VERIFY_CONNECT handshake, pings, reliable, unreliable and unsequenced
// sends, bandwidth and throttle settings, disconnects), compressed
// datagrams decompressed (range coder, FastLZ, zlib, zstd: a new data
// source "Decompressed ENet"), and fragments reassembled by Wireshark's
// reassembly (enet.fragments, "Reassembled in"). The packets it delivers
// are Godot's SceneMultiplayer: `godotmp` (wireshark/multiplayer.h).
//
// Which flows: a UDP flow whose first datagram is an ENet CONNECT (a
// heuristic as strict as gdwire capture's), the ports of the preference
// enet.udp.port (then also mid-connection), and "Decode As".

#ifndef GDWIRE_WIRESHARK_ENET_H_
#define GDWIRE_WIRESHARK_ENET_H_

namespace gdwire {
namespace wireshark {

void RegisterEnet();
void HandoffEnet();

}  // namespace wireshark
}  // namespace gdwire

#endif  // GDWIRE_WIRESHARK_ENET_H_
