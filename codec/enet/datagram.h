// Copyright 2026 The gdwire Authors.
//
// codec/enet/datagram.h: one ENet 1.3 datagram (a UDP payload) parsed,
// statelessly: the protocol header (peer id, session id, flags, sent time),
// the optional CRC32 checksum, and the commands with their fields and data.
// When the header's compressed flag is set the command area is decompressed
// first, with the connection's compression mode (Godot's ENetConnection
// modes: ENet's range coder, FastLZ, zlib, zstd; kAuto tries each).
//
// ENet itself stops at the first command it cannot read and keeps those
// before it; so does ParseDatagram: the commands read so far are in
// `commands` and `tail` says why and where the rest was not read. Only a
// datagram without any readable header (too short, DTLS, undecompressable)
// is an error.
//
//   gdwire::enet::ParseOptions opts;            // kAuto compression, checksum
//   gdwire::enet::Datagram d;
//   absl::Status st = gdwire::enet::ParseDatagram(udp_payload, opts, &d);
//   if (st.ok()) {
//     for (const gdwire::enet::Command& c : d.commands) {
//       if (c.type == gdwire::enet::CommandType::kSendReliable) ...c.data...
//     }
//     if (!d.tail.ok()) ...d.tail.ToString()...  // byte offset and cause
//   }
//   gdwire::enet::LooksLikeEnetConnect(udp_payload);   // strict handshake test
//
// Offsets (Command::offset, Error::offset) are bytes of the datagram; for a
// compressed datagram they count in the decompressed datagram (header, then
// the decompressed command area). Command::data points into the caller's
// bytes, or into `Datagram::storage` when decompressed: valid while both live
// and the Datagram is not parsed into again.

#ifndef GDWIRE_CODEC_ENET_DATAGRAM_H_
#define GDWIRE_CODEC_ENET_DATAGRAM_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/enet/compression.h"
#include "codec/error.h"

namespace gdwire {
namespace enet {

// ENet's command numbers (ENetProtocolCommand).
enum class CommandType : uint8_t {
  kNone = 0,
  kAcknowledge = 1,
  kConnect = 2,
  kVerifyConnect = 3,
  kDisconnect = 4,
  kPing = 5,
  kSendReliable = 6,
  kSendUnreliable = 7,
  kSendFragment = 8,
  kSendUnsequenced = 9,
  kBandwidthLimit = 10,
  kThrottleConfigure = 11,
  kSendUnreliableFragment = 12,
};
absl::string_view CommandTypeName(CommandType t);

enum class Checksum : uint8_t {
  kAuto,  // none, unless the datagram only reads with a valid CRC32
  kOn,    // every datagram carries ENet's CRC32 after the header
  kOff,   // never (Godot's default)
};

// The peer id in a header that names no peer yet (a CONNECT).
inline constexpr uint16_t kNoPeerId = 0xFFF;

// CONNECT and VERIFY_CONNECT fields (host order). `data` is CONNECT only:
// Godot 4 sends the client's multiplayer id there.
struct ConnectInfo {
  uint16_t outgoing_peer_id = 0;
  uint8_t incoming_session_id = 0;
  uint8_t outgoing_session_id = 0;
  uint32_t mtu = 0;
  uint32_t window_size = 0;
  uint32_t channel_count = 0;
  uint32_t incoming_bandwidth = 0;
  uint32_t outgoing_bandwidth = 0;
  uint32_t throttle_interval = 0;
  uint32_t throttle_acceleration = 0;
  uint32_t throttle_deceleration = 0;
  uint32_t connect_id = 0;  // as on the wire (ENet never swaps it)
  uint32_t data = 0;
};

struct Command {
  CommandType type = CommandType::kNone;
  bool acknowledge = false;  // ENET_PROTOCOL_COMMAND_FLAG_ACKNOWLEDGE
  bool unsequenced = false;  // ENET_PROTOCOL_COMMAND_FLAG_UNSEQUENCED
  uint8_t channel = 0;       // 0xFF: the peer's control channel
  uint16_t reliable_seq = 0;
  size_t offset = 0;  // of the command header in the (decompressed) datagram
  size_t size = 0;    // command header + data

  // kAcknowledge.
  uint16_t ack_reliable_seq = 0;
  uint16_t ack_sent_time = 0;
  // kConnect, kVerifyConnect.
  ConnectInfo connect;
  // kDisconnect: its data; kBandwidthLimit: incoming, outgoing;
  // kThrottleConfigure: interval, acceleration, deceleration.
  uint32_t value[3] = {0, 0, 0};
  // kSendUnreliable: the unreliable sequence number; kSendUnsequenced: the
  // unsequenced group; fragments: the start sequence number.
  uint16_t sequence = 0;
  // Fragments.
  uint32_t fragment_count = 0;
  uint32_t fragment_number = 0;
  uint32_t total_length = 0;
  uint32_t fragment_offset = 0;
  // The packet bytes (or fragment bytes) of a send command.
  absl::Span<const uint8_t> data;
};

struct ParseOptions {
  // How a datagram with the compressed flag is decompressed.
  Compression compression = Compression::kAuto;
  Checksum checksum = Checksum::kAuto;
  // The connection's connect id as on the wire (ConnectInfo::connect_id),
  // which ENet puts in the checksum field while computing the CRC; a
  // datagram to no peer (kNoPeerId) uses 0. Unknown: checksums of such
  // datagrams cannot be verified (kAuto then reads none).
  bool connect_id_known = false;
  uint32_t connect_id = 0;
  // ENet's host->maximumPacketSize: longer data lengths are malformed.
  uint32_t max_packet_bytes = 32 * 1024 * 1024;
};

struct Datagram {
  uint16_t peer_id = 0;  // 12 bits; kNoPeerId when to no peer
  uint8_t session_id = 0;
  bool compressed = false;
  bool has_sent_time = false;
  uint16_t sent_time = 0;
  bool has_checksum = false;
  uint32_t checksum = 0;         // as on the wire
  size_t header_size = 0;        // 2 or 4, plus 4 with a checksum
  size_t size = 0;               // of the datagram as received
  size_t decompressed_size = 0;  // header + command area after decompression
  Compression compression = Compression::kNone;  // what decompressed it
  std::vector<Command> commands;
  Error tail;  // why commands stopped before the end (ok() when they did not)
  std::vector<uint8_t> storage;  // the decompressed datagram
};

// Parses `bytes` into `*out` (reusing its buffers). Errors (kind, offset,
// cause as an Error status, see codec/error.h): shorter than a header
// (kTruncated), a DTLS record (kUnsupported: "DTLS-encrypted ENet, not
// decodable"), a compressed command area no mode decompresses (kBadFrame).
absl::Status ParseDatagram(absl::Span<const uint8_t> bytes,
                           const ParseOptions& options, Datagram* out);

// True when `bytes` starts like a DTLS record (content type 20..23, version
// 0xFEFD or 0xFEFF, a length that fits): DTLS-wrapped ENet.
bool IsDtlsRecord(absl::Span<const uint8_t> bytes);

// Strict test for the first datagram of an ENet connection: a header to no
// peer, uncompressed, and exactly one CONNECT command (acknowledge flag,
// channel 0xFF) with an MTU, window size and channel count in ENet's ranges.
bool LooksLikeEnetConnect(absl::Span<const uint8_t> bytes);

}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_DATAGRAM_H_
