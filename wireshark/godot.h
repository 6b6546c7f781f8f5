// Copyright 2026 The gdwire Authors.
//
// wireshark/godot.h: protocol `godot`, Godot's put_var values in Wireshark:
//
//   * TCP, StreamPeer framing (StreamPeerTCP.put_var: a u32 length, then
//     the value), reassembled by Wireshark's TCP (tcp_dissect_pdus): a value
//     split over segments, several values in one segment;
//   * UDP (PacketPeerUDP.put_var): one value per datagram;
//   * WebSocket binary messages (WebSocketPeer.put_var), through
//     Wireshark's WebSocket dissector; a WebSocketMultiplayerPeer connection
//     (its server's first message is the client's 4-byte id) goes to
//     `godotmp` instead, as `gdwire capture` reads it.
//
// Which traffic: the ports of the preferences (godot.tcp.port,
// godot.udp.port, godot.ws.port), "Decode As", and heuristics that claim a
// connection only when its first message is a whole valid value (TCP: a
// length prefix that is a multiple of 4 under 16 MiB, whose bytes so far
// decode; UDP: the datagram is exactly one value; WebSocket: the message
// is). The dialect, Objects and big-endian prefixes are preferences.
//
// Each value: godot.text (the engine's var_to_str text, also in the Info
// column), godot.length, the value tree (wireshark/value_tree.h), and an
// error as expert info with godot.error.kind, .offset (in the value) and
// .path.

#ifndef GDWIRE_WIRESHARK_GODOT_H_
#define GDWIRE_WIRESHARK_GODOT_H_

namespace gdwire {
namespace wireshark {

void RegisterGodot();
void HandoffGodot();

}  // namespace wireshark
}  // namespace gdwire

#endif  // GDWIRE_WIRESHARK_GODOT_H_
