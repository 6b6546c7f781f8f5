// Copyright 2026 The gdwire Authors.
//
// codec/capture/capture.h: Godot traffic decoded straight from packet
// captures (what `gdwire capture FILE.pcap` prints). Give the Decoder the
// captured frames in capture order; it puts TCP connections back in order
// (per connection and direction: retransmissions, overlaps and reordering
// handled, holes reported as gaps), and decodes
//
//   * TCP with StreamPeer framing (StreamPeerTCP.put_var: a u32 length,
//     then the value): the push parser is fed segment by segment, the
//     stream is never held whole;
//   * WebSocket (WebSocketPeer.put_var, as HTML5 exports talk): the HTTP
//     upgrade, then RFC 6455 frames (masking, fragmentation, control
//     frames); one binary message is one value;
//   * UDP (PacketPeerUDP.put_var): one value per datagram, no prefix
//     (IPv4 fragments of a large datagram put back together).
//
// A TCP direction whose first bytes are "GET " or "HTTP" is WebSocket,
// any other StreamPeer framing (or WebSocket on websocket_ports). A
// connection whose start is not in the capture is read from the first
// message start found (StreamPeer; message numbers then count from there).
// Every value comes out as a Message (time of the packet that completed it,
// transport, source -> destination, stream offset); everything wrong as a
// Problem naming the connection and the byte offset. A problem never stops the
// other connections; inside a connection a lost or undecodable message is
// skipped when its frame's length is known; when a StreamPeer framing is lost
// decoding starts again at the next segment from which two whole messages
// decode (internal/stream_peer.h), and a WebSocket direction whose framing
// is lost is skipped to its end (reported). Memory per direction is bounded
// (out-of-order bytes up to max_reorder_bytes, and max_reorder_bytes_total
// over all; one message up to max_message_bytes).
//
//   gdwire::capture::CaptureOptions opts;
//   opts.decode.dialect = gdwire::Dialect::kGodot3;
//   opts.ports = {9000};                                 // either side
//   absl::Status st = gdwire::capture::DecodeFile(
//       "game.pcapng", opts,
//       [](const gdwire::capture::Message& m) { ...m.value... },
//       [](const gdwire::capture::Problem& p) { ...p.text... });
//
// Or without libpcap (frames from anywhere):
//
//   gdwire::capture::Decoder d(opts, on_message, on_problem);
//   d.Packet(ts, link_type, frame_bytes, wire_length);   // DLT_* link type
//   d.Finish();

#ifndef GDWIRE_CODEC_CAPTURE_CAPTURE_H_
#define GDWIRE_CODEC_CAPTURE_CAPTURE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/capture/endpoint.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace capture {

enum class Transport : uint8_t { kTcp, kUdp, kWebSocket, kEnet };
// "tcp", "udp", "ws", "enet".
absl::string_view TransportName(Transport t);

// Capture time: seconds since the epoch and nanoseconds.
struct Timestamp {
  int64_t sec = 0;
  uint32_t nsec = 0;
};

struct Message {
  Timestamp time;  // the packet that brought the message's last byte
  Transport transport;
  Endpoint src, dst;
  uint64_t connection;  // 1, 2, ...: TCP connection or UDP flow, in order
  uint64_t index;       // message number in this direction, from 0
  uint64_t offset;      // TCP/WebSocket: stream byte of the message; UDP: 0
  Variant value;
};

enum class ProblemKind : uint8_t {
  kGap,        // bytes of a TCP stream never captured
  kDecode,     // a message that is not a valid value
  kFraming,    // a length prefix or WebSocket frame that cannot be followed
  kProtocol,   // HTTP upgrade refused, text message, unsupported extension
  kTruncated,  // the stream (or datagram, or capture file) ends mid-message
  kPacket,     // a captured frame that cannot be taken apart
  kLimit,      // too many connections, a message over max_message_bytes
};
absl::string_view ProblemKindName(ProblemKind k);

// A value's or event's text on one line, as `gdwire capture` prints it (and
// the Wireshark plugin's Info column shows it): newlines written as "\n".
std::string OneLine(absl::string_view text);

struct Problem {
  Timestamp time;
  ProblemKind kind;
  Transport transport;
  Endpoint src, dst;
  uint64_t connection;  // 0 when not about a connection (file, packet)
  uint64_t offset;      // stream byte (TCP/WebSocket), or capture file byte
  std::string text;     // "gap of 1448 bytes at byte 2896: message #3 lost"
};

// An event of Godot's high-level multiplayer (ENet + SceneMultiplayer) in
// a UDP flow recognised as ENet (its CONNECT handshake, or a port in
// CaptureOptions::enet_ports): peers connecting and leaving, and each
// SceneMultiplayer packet an ENet host delivered (remote calls with their
// node path and arguments, spawns, despawns, syncs, raw bytes, the system
// messages, relays), in the order the receiving host delivers them.
struct NetEvent {
  Timestamp time;  // the datagram that completed it
  Transport transport = Transport::kEnet;
  Endpoint src, dst;
  uint64_t connection = 0;  // the UDP flow (one ENet peer)
  uint64_t index = 0;       // event number in this direction, from 0
  // Multiplayer ids of the two ends (1: the server; 0: not known).
  uint32_t src_peer = 0, dst_peer = 0;
  // The channel as the game names it (@rpc's transfer_channel; -1: none)
  // and the ENet channel it travelled on (Godot 4: 0 and 1 are user
  // channel 0's reliable and unreliable packets, n + 1 is user channel n).
  int channel = -1;
  int enet_channel = -1;
  // The transfer mode as @rpc names it ("reliable", "unreliable",
  // "unreliable_ordered"), from ENet's delivery; "" for no packet.
  absl::string_view delivery;
  std::string kind;    // "connect", "disconnect", "rpc", "spawn", ...
  std::string node;    // node path (rpc, sync, spawn), "" when not known
  std::string method;  // method or property name, or "#3" without a manifest
  std::string text;    // one line: "rpc /root/Main.set_pos(Vector3(1, 2, 3))"
  // Values as the engine's var_to_str text, in groups: a remote call's
  // arguments (one group, node "": the call's node is `node`), a spawn's
  // state (node: the spawned node's name), or per sync block the
  // synchronizer's node and its values. For a relay, the relayed packet's.
  struct Values {
    std::string node;
    std::vector<std::string> texts;
    // The values themselves, beside their texts, with
    // CaptureOptions::net_variants (a value tree in a dissector).
    std::vector<Variant> variants;
  };
  std::vector<Values> values;
  std::string json;  // the same as one JSON object
  // Bandwidth accounting: the SceneMultiplayer packet's bytes, what ENet
  // added for it (protocol header and command share, fragments), and the
  // UDP/IP/link bytes of the datagrams it came in (shared out by size).
  uint64_t payload_bytes = 0, enet_bytes = 0, transport_bytes = 0;
};

using NetEventFn = std::function<void(const NetEvent&)>;

struct CaptureOptions {
  DecodeOptions decode;     // dialect, limits, allow_objects
  bool big_endian = false;  // StreamPeer.big_endian length prefixes
  // Filters (empty: everything). `ports`: either side's port; `to_ports`:
  // the destination port (one direction of a connection); `hosts`: either
  // side's address (port ignored).
  std::vector<uint16_t> ports;
  std::vector<uint16_t> to_ports;
  std::vector<Endpoint> hosts;
  // TCP connections on these ports (either side) are WebSocket even when
  // their HTTP upgrade is not in the capture (it began later).
  std::vector<uint16_t> websocket_ports;
  // Out-of-order bytes buffered per TCP direction before the oldest hole
  // is given up as a gap.
  size_t max_reorder_bytes = 4u << 20;
  // The same over all connections together: past it, the connection whose
  // buffer grows gives up its holes.
  size_t max_reorder_bytes_total = 256u << 20;
  // Largest message (StreamPeer frame, WebSocket message, datagram).
  uint32_t max_message_bytes = 64u << 20;
  // Connections and flows tracked at once; more are reported and skipped.
  size_t max_flows = 100000;
  // ENet (Godot's ENetMultiplayerPeer): a UDP flow that begins with an
  // ENet CONNECT is read as ENet + SceneMultiplayer, never as put_var
  // values; a flow on one of `enet_ports` (either side) is ENet even when
  // its handshake is not in the capture (then read from the first datagram
  // on, peer ids unknown until a packet names them).
  std::vector<uint16_t> enet_ports;
  bool detect_enet = true;
  // WebSocketMultiplayerPeer (Godot 4): a WebSocket connection whose
  // server sends a 4-byte multiplayer id as its first message is read as
  // SceneMultiplayer packets (one per binary message), never as put_var.
  bool detect_multiplayer_websocket = true;
  // Where ENet flows' events go (null: counted, not delivered), and which
  // of their renderings are made: NetEvent::text, ::json, ::values (each
  // costs a pass over the event's values; a profile needs none).
  NetEventFn on_net_event;
  bool net_text = true;
  bool net_json = true;
  bool net_values = true;
  // With net_values: NetEvent::Values::variants too (a copy of each value).
  bool net_variants = false;
  // The game project's manifest (`gdwire manifest`; not owned, outlives the
  // decoder): method and synchronized property names, and the RPC
  // checksums SimplifyPath packets must carry (a mismatch is reported once
  // per node path: the capture's game is not the manifest's project).
  multiplayer::FileManifest* manifest = nullptr;
};

struct CaptureStats {
  uint64_t packets = 0;   // frames seen
  uint64_t skipped = 0;   // frames that are not TCP/UDP over IP
  uint64_t filtered = 0;  // frames the filters left out
  uint64_t messages = 0;
  uint64_t problems = 0;
  uint64_t connections = 0;  // TCP connections and UDP flows
  uint64_t out_of_order = 0;
  uint64_t duplicates = 0;  // retransmitted segments (or parts)
  uint64_t gaps = 0;
  uint64_t net_events = 0;  // ENet / SceneMultiplayer events
  // The UDP flows read as ENet: datagrams, their UDP payload bytes, and
  // the UDP, IP and link-layer bytes around them.
  uint64_t enet_datagrams = 0;
  uint64_t enet_bytes = 0;
  uint64_t enet_transport_bytes = 0;
};

// The message is the decoder's own, dropped after the call: the callback may
// move its value out (`std::move(m.value)`), e.g. to format it on another
// thread, instead of copying it.
using MessageFn = std::function<void(Message&)>;
using ProblemFn = std::function<void(const Problem&)>;

class Decoder {
 public:
  Decoder(const CaptureOptions& options, MessageFn on_message,
          ProblemFn on_problem);
  ~Decoder();
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  // One captured frame: `link_type` as pcap_datalink() gives it (DLT_EN10MB,
  // DLT_LINUX_SLL, DLT_LINUX_SLL2, DLT_NULL, DLT_LOOP, DLT_RAW, ...),
  // `wire_length` its length on the wire (more than frame.size() when the
  // capture's snapshot length cut it).
  void Packet(const Timestamp& time, int link_type,
              absl::Span<const uint8_t> frame, uint32_t wire_length);
  // The capture ended: streams still open are finished (a message cut off
  // by the end of the capture is reported).
  void Finish();

  // True for the link types Packet() understands.
  static bool LinkTypeSupported(int link_type);
  CaptureStats stats() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// Progress of DecodeFile: bytes of the file read so far, of `total`.
using ProgressFn = std::function<void(uint64_t done, uint64_t total)>;

// Reads a pcap or pcapng file with libpcap (any link type it reports that
// Decoder understands) and decodes it; "-" reads standard input as it
// comes (`tcpdump -U -w - | ...`: messages as they are captured). A file that
// cannot be opened is the returned error; a file cut off mid-record is a
// Problem (kTruncated, the file offset), with everything before it decoded.
absl::Status DecodeFile(const std::string& path, const CaptureOptions& options,
                        MessageFn on_message, ProblemFn on_problem,
                        ProgressFn progress = nullptr,
                        CaptureStats* stats = nullptr);

// The same for a capture file's bytes in memory.
absl::Status DecodeBytes(absl::string_view capture,
                         const CaptureOptions& options, MessageFn on_message,
                         ProblemFn on_problem, CaptureStats* stats = nullptr);

}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_CAPTURE_H_
