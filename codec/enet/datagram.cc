// Copyright 2026 The gdwire Authors.

#include "codec/enet/datagram.h"

#include <arpa/inet.h>
#include <enet/enet.h>
#include <enet/protocol.h>

#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace enet {
namespace {

// ENet decompresses into host->packetData[1], ENET_PROTOCOL_MAXIMUM_MTU
// bytes, the header included.
constexpr size_t kMaxDatagram = ENET_PROTOCOL_MAXIMUM_MTU;

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
uint16_t U16(uint16_t net) { return ntohs(net); }
uint32_t U32(uint32_t net) { return ntohl(net); }

void ReadConnect(const uint8_t* p, bool verify, ConnectInfo* c) {
  // VERIFY_CONNECT is CONNECT without the trailing data.
  const auto s = Load<ENetProtocolConnect>(p);
  c->outgoing_peer_id = U16(s.outgoingPeerID);
  c->incoming_session_id = s.incomingSessionID;
  c->outgoing_session_id = s.outgoingSessionID;
  c->mtu = U32(s.mtu);
  c->window_size = U32(s.windowSize);
  c->channel_count = U32(s.channelCount);
  c->incoming_bandwidth = U32(s.incomingBandwidth);
  c->outgoing_bandwidth = U32(s.outgoingBandwidth);
  c->throttle_interval = U32(s.packetThrottleInterval);
  c->throttle_acceleration = U32(s.packetThrottleAcceleration);
  c->throttle_deceleration = U32(s.packetThrottleDeceleration);
  c->connect_id = s.connectID;
  c->data = verify ? 0 : U32(s.data);
}

// The fixed size of the command at d[at, end); 0 when the commands end
// there: zero padding, or (with *tail set) a command that does not read.
size_t CommandSize(const uint8_t* d, size_t at, size_t end, Error* tail) {
  if (end - at < sizeof(ENetProtocolCommandHeader)) {
    *tail = Error(
        ErrorKind::kTruncated, at, "",
        absl::StrCat("truncated command header (", end - at, " bytes left)"));
    return 0;
  }
  const uint8_t number = d[at] & ENET_PROTOCOL_COMMAND_MASK;
  if (number == ENET_PROTOCOL_COMMAND_NONE) {
    // Godot's FastLZ pads blocks under 16 bytes with zeros: ENet stops
    // here silently. Anything else after it is reported.
    bool zeros = true;
    for (size_t i = at; i < end; ++i) zeros = zeros && d[i] == 0;
    if (!zeros) {
      *tail = Error(ErrorKind::kInvalidType, at, "",
                    "command number 0 (NONE) before the end");
    }
    return 0;
  }
  if (number >= ENET_PROTOCOL_COMMAND_COUNT) {
    *tail = Error(ErrorKind::kInvalidType, at, "",
                  absl::StrCat("unknown command number ", number));
    return 0;
  }
  const size_t size = enet_protocol_command_size(number);
  if (end - at < size) {
    *tail =
        Error(ErrorKind::kTruncated, at, "",
              absl::StrCat("truncated ",
                           CommandTypeName(static_cast<CommandType>(number)),
                           " command (", size, " bytes, ", end - at, " left)"));
    return 0;
  }
  return size;
}

// The fields of the command at p (its header read into *c) that follow the
// header; returns the length of the data after the command.
size_t ReadCommandFields(const uint8_t* p, Command* c) {
  size_t data_length = 0;
  switch (c->type) {
    case CommandType::kAcknowledge: {
      const auto s = Load<ENetProtocolAcknowledge>(p);
      c->ack_reliable_seq = U16(s.receivedReliableSequenceNumber);
      c->ack_sent_time = U16(s.receivedSentTime);
      break;
    }
    case CommandType::kConnect:
      ReadConnect(p, false, &c->connect);
      break;
    case CommandType::kVerifyConnect: {
      uint8_t buf[sizeof(ENetProtocolConnect)] = {};
      std::memcpy(buf, p, sizeof(ENetProtocolVerifyConnect));
      ReadConnect(buf, true, &c->connect);
      break;
    }
    case CommandType::kDisconnect:
      c->value[0] = U32(Load<ENetProtocolDisconnect>(p).data);
      break;
    case CommandType::kPing:
      break;
    case CommandType::kSendReliable:
      data_length = U16(Load<ENetProtocolSendReliable>(p).dataLength);
      break;
    case CommandType::kSendUnreliable: {
      const auto s = Load<ENetProtocolSendUnreliable>(p);
      c->sequence = U16(s.unreliableSequenceNumber);
      data_length = U16(s.dataLength);
      break;
    }
    case CommandType::kSendUnsequenced: {
      const auto s = Load<ENetProtocolSendUnsequenced>(p);
      c->sequence = U16(s.unsequencedGroup);
      data_length = U16(s.dataLength);
      break;
    }
    case CommandType::kSendFragment:
    case CommandType::kSendUnreliableFragment: {
      const auto s = Load<ENetProtocolSendFragment>(p);
      c->sequence = U16(s.startSequenceNumber);
      data_length = U16(s.dataLength);
      c->fragment_count = U32(s.fragmentCount);
      c->fragment_number = U32(s.fragmentNumber);
      c->total_length = U32(s.totalLength);
      c->fragment_offset = U32(s.fragmentOffset);
      break;
    }
    case CommandType::kBandwidthLimit: {
      const auto s = Load<ENetProtocolBandwidthLimit>(p);
      c->value[0] = U32(s.incomingBandwidth);
      c->value[1] = U32(s.outgoingBandwidth);
      break;
    }
    case CommandType::kThrottleConfigure: {
      const auto s = Load<ENetProtocolThrottleConfigure>(p);
      c->value[0] = U32(s.packetThrottleInterval);
      c->value[1] = U32(s.packetThrottleAcceleration);
      c->value[2] = U32(s.packetThrottleDeceleration);
      break;
    }
    case CommandType::kNone:
      break;
  }
  return data_length;
}

// Reads the commands of d[begin, end) into out->commands; stops at the
// first that does not read (out->tail), as ENet does.
void ReadCommands(const uint8_t* d, size_t begin, size_t end,
                  const ParseOptions& options, Datagram* out) {
  size_t at = begin;
  out->commands.clear();
  out->tail = Error();
  while (at < end) {
    const size_t size = CommandSize(d, at, end, &out->tail);
    if (size == 0) return;
    const uint8_t* p = d + at;
    const auto h = Load<ENetProtocolCommandHeader>(p);
    Command c;
    c.type = static_cast<CommandType>(d[at] & ENET_PROTOCOL_COMMAND_MASK);
    c.acknowledge = (h.command & ENET_PROTOCOL_COMMAND_FLAG_ACKNOWLEDGE) != 0;
    c.unsequenced = (h.command & ENET_PROTOCOL_COMMAND_FLAG_UNSEQUENCED) != 0;
    c.channel = h.channelID;
    c.reliable_seq = U16(h.reliableSequenceNumber);
    c.offset = at;
    const size_t data_length = ReadCommandFields(p, &c);
    if (data_length > end - at - size) {
      out->tail = Error(ErrorKind::kTruncated, at, "",
                        absl::StrCat(CommandTypeName(c.type), " data length ",
                                     data_length, " runs past the datagram (",
                                     end - at - size, " bytes left)"));
      return;
    }
    if (data_length > options.max_packet_bytes) {
      out->tail = Error(
          ErrorKind::kLimitExceeded, at, "",
          absl::StrCat("data length ", data_length, " over max_packet_bytes"));
      return;
    }
    c.data = absl::MakeConstSpan(p + size, data_length);
    c.size = size + data_length;
    at += c.size;
    out->commands.push_back(c);
  }
}

uint32_t Crc(const uint8_t* d, size_t n) {
  ENetBuffer b;
  b.data = const_cast<uint8_t*>(d);
  b.dataLength = n;
  return enet_crc32(&b, 1);
}

// ENet's CRC32 of the (decompressed) datagram d[0, n) with the checksum
// field (the 4 bytes before d + hs) holding the connect id (0 for a
// datagram to no peer).
bool ChecksumMatches(const uint8_t* d, size_t n, size_t hs, uint16_t peer_id,
                     uint32_t want, const ParseOptions& options) {
  std::vector<uint8_t> copy(d, d + n);
  const uint32_t id = peer_id == kNoPeerId ? 0 : options.connect_id;
  std::memcpy(copy.data() + hs - 4, &id, 4);
  return Crc(copy.data(), n) == want;
}

// What ENet sends: control commands on channel 0xFF, packets on others.
bool Plausible(const Datagram& d) {
  for (const Command& c : d.commands) {
    switch (c.type) {
      case CommandType::kSendReliable:
      case CommandType::kSendUnreliable:
      case CommandType::kSendFragment:
      case CommandType::kSendUnsequenced:
      case CommandType::kSendUnreliableFragment:
        if (c.channel == 0xFF) return false;
        break;
      case CommandType::kAcknowledge:
        break;
      default:
        if (c.channel != 0xFF) return false;
    }
  }
  return !d.commands.empty();
}

// Parses the datagram assuming `checksum`; the bytes read are `bytes`.
absl::Status ParseAs(absl::Span<const uint8_t> bytes, bool checksum,
                     const ParseOptions& options, Datagram* out) {
  const uint8_t* d = bytes.data();
  const size_t n = bytes.size();
  const uint16_t word = static_cast<uint16_t>(d[0] << 8 | d[1]);
  out->size = n;
  out->peer_id = word & ~(ENET_PROTOCOL_HEADER_FLAG_MASK |
                          ENET_PROTOCOL_HEADER_SESSION_MASK);
  out->session_id = (word & ENET_PROTOCOL_HEADER_SESSION_MASK) >>
                    ENET_PROTOCOL_HEADER_SESSION_SHIFT;
  out->compressed = (word & ENET_PROTOCOL_HEADER_FLAG_COMPRESSED) != 0;
  out->has_sent_time = (word & ENET_PROTOCOL_HEADER_FLAG_SENT_TIME) != 0;
  size_t hs = out->has_sent_time ? sizeof(ENetProtocolHeader) : 2;
  if (out->has_sent_time) {
    if (n < hs) {
      return Error(ErrorKind::kTruncated, n, "",
                   "truncated header (sent time flag, no sent time)")
          .ToStatus();
    }
    out->sent_time = static_cast<uint16_t>(d[2] << 8 | d[3]);
  } else {
    out->sent_time = 0;
  }
  out->has_checksum = checksum;
  out->checksum = 0;
  if (checksum) {
    if (n < hs + 4) {
      return Error(ErrorKind::kTruncated, n, "", "truncated checksum")
          .ToStatus();
    }
    out->checksum = Load<uint32_t>(d + hs);
    hs += 4;
  }
  out->header_size = hs;
  out->compression = Compression::kNone;
  const uint8_t* area = d;
  size_t total = n;
  if (out->compressed) {
    out->storage.resize(kMaxDatagram);
    if (hs >= kMaxDatagram) {
      return Error(ErrorKind::kBadFrame, hs, "", "header too long").ToStatus();
    }
    std::memcpy(out->storage.data(), d, hs);
    const absl::Span<const uint8_t> block = bytes.subspan(hs);
    absl::Status last;
    Compression tried[4];
    size_t ntried = 0;
    if (options.compression == Compression::kAuto) {
      for (Compression c : DetectOrder()) tried[ntried++] = c;
    } else {
      tried[ntried++] = options.compression;
    }
    bool done = false;
    for (size_t i = 0; i < ntried && !done; ++i) {
      if (tried[i] == Compression::kNone) {
        last = Error(ErrorKind::kBadFrame, hs, "",
                     "compressed flag set, compression mode none")
                   .ToStatus();
        continue;
      }
      absl::StatusOr<size_t> m = Decompress(
          tried[i], block, out->storage.data() + hs, kMaxDatagram - hs);
      if (!m.ok()) {
        last = m.status();
        continue;
      }
      if (checksum && !ChecksumMatches(out->storage.data(), hs + *m, hs,
                                       out->peer_id, out->checksum, options)) {
        last = Error(ErrorKind::kBadFrame, hs - 4, "",
                     absl::StrCat("checksum mismatch after ",
                                  CompressionName(tried[i])))
                   .ToStatus();
        continue;
      }
      if (ntried > 1) {
        // Detecting: keep the first output that reads as ENet's commands to
        // its end.
        ReadCommands(out->storage.data(), hs, hs + *m, options, out);
        if (!out->tail.ok() || !Plausible(*out)) {
          last = Error(ErrorKind::kBadFrame, hs, "",
                       absl::StrCat(CompressionName(tried[i]),
                                    " output does not read as commands"))
                     .ToStatus();
          continue;
        }
      }
      out->compression = tried[i];
      total = hs + *m;
      done = true;
    }
    if (!done) {
      Error e = ErrorFromStatus(last);
      return Error(ErrorKind::kBadFrame, hs, "",
                   absl::StrCat("compressed command area (",
                                options.compression == Compression::kAuto
                                    ? "no mode fits"
                                    : CompressionName(options.compression),
                                "): ", e.detail))
          .ToStatus();
    }
    area = out->storage.data();
  }
  out->decompressed_size = total;
  if (checksum && !out->compressed &&
      !ChecksumMatches(area, total, hs, out->peer_id, out->checksum, options)) {
    return Error(ErrorKind::kBadFrame, hs - 4, "", "checksum mismatch")
        .ToStatus();
  }
  ReadCommands(area, hs, total, options, out);
  return absl::OkStatus();
}

}  // namespace

absl::string_view CommandTypeName(CommandType t) {
  switch (t) {
    case CommandType::kNone:
      return "NONE";
    case CommandType::kAcknowledge:
      return "ACKNOWLEDGE";
    case CommandType::kConnect:
      return "CONNECT";
    case CommandType::kVerifyConnect:
      return "VERIFY_CONNECT";
    case CommandType::kDisconnect:
      return "DISCONNECT";
    case CommandType::kPing:
      return "PING";
    case CommandType::kSendReliable:
      return "SEND_RELIABLE";
    case CommandType::kSendUnreliable:
      return "SEND_UNRELIABLE";
    case CommandType::kSendFragment:
      return "SEND_FRAGMENT";
    case CommandType::kSendUnsequenced:
      return "SEND_UNSEQUENCED";
    case CommandType::kBandwidthLimit:
      return "BANDWIDTH_LIMIT";
    case CommandType::kThrottleConfigure:
      return "THROTTLE_CONFIGURE";
    case CommandType::kSendUnreliableFragment:
      return "SEND_UNRELIABLE_FRAGMENT";
  }
  return "?";
}

bool IsDtlsRecord(absl::Span<const uint8_t> bytes) {
  // DTLS record header: type, version (2), epoch (2), sequence (6), length.
  if (bytes.size() < 13) return false;
  if (bytes[0] < 20 || bytes[0] > 23) return false;
  if (bytes[1] != 0xFE || (bytes[2] != 0xFD && bytes[2] != 0xFF)) return false;
  const size_t length = size_t{bytes[11]} << 8 | bytes[12];
  return length <= bytes.size() - 13;
}

absl::Status ParseDatagram(absl::Span<const uint8_t> bytes,
                           const ParseOptions& options, Datagram* out) {
  out->commands.clear();
  out->tail = Error();
  if (bytes.size() < 2) {
    return Error(ErrorKind::kTruncated, bytes.size(), "",
                 "datagram shorter than an ENet header")
        .ToStatus();
  }
  if (IsDtlsRecord(bytes)) {
    return Error(ErrorKind::kUnsupported, 0, "",
                 "DTLS-encrypted ENet, not decodable")
        .ToStatus();
  }
  const bool can_crc = options.connect_id_known ||
                       ((bytes[0] << 8 | bytes[1]) & 0xFFF) == kNoPeerId;
  switch (options.checksum) {
    case Checksum::kOff:
      return ParseAs(bytes, false, options, out);
    case Checksum::kOn:
      return ParseAs(bytes, true, options, out);
    case Checksum::kAuto:
      break;
  }
  // A CRC32 that verifies is the stronger signal: tried first.
  if (can_crc && ParseAs(bytes, true, options, out).ok()) {
    return absl::OkStatus();
  }
  return ParseAs(bytes, false, options, out);
}

bool LooksLikeEnetConnect(absl::Span<const uint8_t> bytes) {
  if (bytes.size() < 2) return false;
  if (((bytes[0] << 8 | bytes[1]) & 0xFFF) != kNoPeerId) return false;
  ParseOptions options;
  Datagram d;
  if (!ParseDatagram(bytes, options, &d).ok()) return false;
  if (!d.tail.ok() || d.commands.size() != 1) return false;
  const Command& c = d.commands[0];
  if (c.type != CommandType::kConnect || !c.acknowledge || c.unsequenced ||
      c.channel != 0xFF) {
    return false;
  }
  const ConnectInfo& i = c.connect;
  return i.channel_count >= ENET_PROTOCOL_MINIMUM_CHANNEL_COUNT &&
         i.channel_count <= ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT &&
         i.mtu >= ENET_PROTOCOL_MINIMUM_MTU &&
         i.mtu <= ENET_PROTOCOL_MAXIMUM_MTU &&
         i.window_size >= ENET_PROTOCOL_MINIMUM_WINDOW_SIZE &&
         i.window_size <= ENET_PROTOCOL_MAXIMUM_WINDOW_SIZE &&
         i.outgoing_peer_id < kNoPeerId;
}

}  // namespace enet
}  // namespace gdwire
