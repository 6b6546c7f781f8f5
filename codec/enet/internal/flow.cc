// Copyright 2026 The gdwire Authors.

#include "codec/enet/internal/flow.h"

#include <enet/enet.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace enet {
namespace {

constexpr size_t kControlMemory = 1024;  // control seqs remembered

Event MakeEvent(EventKind kind) {
  Event e;
  e.kind = kind;
  return e;
}

}  // namespace

Session::Session(Decoder* decoder, uint64_t flow, const Endpoint& client,
                 const Endpoint& server, bool handshake)
    : decoder_(decoder),
      flow_(flow),
      client_(client),
      server_(server),
      compression_(decoder->options_.compression),
      checksum_(decoder->options_.checksum) {
  for (int i = 0; i < 2; ++i) {
    sides_[i].session = this;
    sides_[i].dir = static_cast<Direction>(i);
    sides_[i].unsequenced_started = handshake;
  }
}

Session::~Session() {
  for (Side& s : sides_) {
    for (auto& c : s.channels) c.reset();
  }
  decoder_->stats_.pending_bytes -= pending_;
}

bool Session::IsNewConnection(absl::Span<const uint8_t> payload) const {
  if (!LooksLikeEnetConnect(payload)) return false;
  if (!have_connect_) return true;
  enet::Datagram d;
  if (!ParseDatagram(payload, ParseOptions(), &d).ok() || d.commands.empty()) {
    return false;
  }
  return d.commands[0].connect.connect_id != connect_.connect_id;
}

void Session::Problem(Direction dir, ProblemKind kind, uint64_t offset,
                      std::string text) {
  decoder_->Report(time_, flow_, dir, kind, offset, std::move(text));
}

void Session::Emit(Event* e) {
  e->time = time_;
  e->flow = flow_;
  e->client = client_;
  e->server = server_;
  e->compression =
      compression_ == Compression::kAuto ? Compression::kNone : compression_;
  e->datagram_bytes = datagram_bytes_;
  if (decoder_->on_event_) decoder_->on_event_(*e);
}

bool Session::Side::Reserve(size_t bytes) {
  Decoder* d = session->decoder_;
  const DecoderOptions& o = d->options_;
  if (bytes >
      o.max_pending_bytes_per_session -
          std::min(session->pending_, o.max_pending_bytes_per_session)) {
    Report(
        ProblemKind::kLimit, 0,
        absl::StrCat("holding ", bytes,
                     " more bytes would pass max_pending_bytes_per_session"));
    return false;
  }
  if (bytes > o.max_pending_bytes_total - std::min(d->stats_.pending_bytes,
                                                   o.max_pending_bytes_total)) {
    Report(ProblemKind::kLimit, 0,
           absl::StrCat("holding ", bytes,
                        " more bytes would pass max_pending_bytes_total"));
    return false;
  }
  session->pending_ += bytes;
  d->stats_.pending_bytes += bytes;
  d->stats_.peak_pending_bytes =
      std::max(d->stats_.peak_pending_bytes, d->stats_.pending_bytes);
  return true;
}

void Session::Side::Release(size_t bytes) {
  session->pending_ -= bytes;
  session->decoder_->stats_.pending_bytes -= bytes;
}

void Session::Side::Deliver(uint8_t channel, Delivery delivery, bool fragmented,
                            absl::Span<const uint8_t> packet,
                            uint64_t overhead) {
  Event e = MakeEvent(EventKind::kPacket);
  e.direction = dir;
  e.channel = channel;
  e.delivery = delivery;
  e.fragmented = fragmented;
  e.packet = packet;
  e.overhead_bytes = overhead;
  DecoderStats& st = session->decoder_->stats_;
  ++st.packets;
  st.packet_bytes += packet.size();
  session->Emit(&e);
}

void Session::Side::Report(ProblemKind kind, uint64_t offset,
                           std::string text) {
  session->Problem(dir, kind, offset, std::move(text));
}

void Session::Side::Duplicate(const Command&) {
  ++session->decoder_->stats_.duplicates;
}

void Session::Side::FragmentAccepted() {
  ++session->decoder_->stats_.fragments;
}

internal::Channel* Session::ChannelOf(Side* side, uint8_t id) {
  std::unique_ptr<internal::Channel>& c = side->channels[id];
  if (c == nullptr) {
    const DecoderOptions& o = decoder_->options_;
    c = std::make_unique<internal::Channel>(id, side, o.max_held_reliable,
                                            o.max_packet_bytes);
    if (have_connect_) c->StartAtZero();
  }
  return c.get();
}

bool Session::NewControl(Side* side, const enet::Command& c) {
  if (!c.acknowledge) return true;
  if (!side->control_seen.insert(c.reliable_seq).second) {
    ++decoder_->stats_.duplicates;
    return false;
  }
  side->control_order.push_back(c.reliable_seq);
  if (side->control_order.size() > kControlMemory) {
    side->control_seen.erase(side->control_order.front());
    side->control_order.pop_front();
  }
  return true;
}

// ENet's unsequenced window (enet_protocol_handle_send_unsequenced).
void Session::Unsequenced(Side* side, const enet::Command& c,
                          uint64_t overhead) {
  constexpr uint32_t kSize = ENET_PEER_UNSEQUENCED_WINDOW_SIZE;
  const uint32_t index = c.sequence % kSize;
  if (!side->unsequenced_started) {
    side->unsequenced_started = true;
    side->unsequenced_group = static_cast<uint16_t>(c.sequence - index);
  }
  uint32_t group = c.sequence;
  if (group < side->unsequenced_group) group += 0x10000;
  if (group >= uint32_t{side->unsequenced_group} +
                   ENET_PEER_FREE_UNSEQUENCED_WINDOWS * kSize) {
    ++decoder_->stats_.duplicates;
    return;
  }
  group &= 0xFFFF;
  if (group - index != side->unsequenced_group) {
    side->unsequenced_group = static_cast<uint16_t>(group - index);
    std::memset(side->unsequenced_window, 0, sizeof(side->unsequenced_window));
  } else if (side->unsequenced_window[index / 32] & (1u << (index % 32))) {
    ++decoder_->stats_.duplicates;
    return;
  }
  side->unsequenced_window[index / 32] |= 1u << (index % 32);
  side->Deliver(c.channel, Delivery::kUnsequenced, false, c.data, overhead);
}

bool Session::CheckPeer(Direction dir, const enet::Datagram& d) {
  if (d.peer_id == kNoPeerId) return true;
  uint32_t want_peer = kNoPeerId, want_session = 0xFF;
  if (dir == Direction::kClientToServer && have_verify_) {
    want_peer = verify_.outgoing_peer_id;
    want_session = verify_.outgoing_session_id;
  } else if (dir == Direction::kServerToClient && have_connect_) {
    want_peer = connect_.outgoing_peer_id;
    if (have_verify_) want_session = verify_.incoming_session_id;
  }
  if (want_peer != kNoPeerId && d.peer_id != want_peer) {
    Problem(dir, ProblemKind::kPeer, 0,
            absl::StrCat("peer id ", d.peer_id, ", the connection's is ",
                         want_peer, ": datagram dropped"));
    return false;
  }
  if (want_session != 0xFF && d.session_id != (want_session & 3)) {
    Problem(dir, ProblemKind::kPeer, 0,
            absl::StrCat("session id ", d.session_id, ", the connection's is ",
                         want_session & 3, ": datagram dropped"));
    return false;
  }
  return true;
}

void Session::Close() {
  closed_ = true;
  for (Side& s : sides_) {
    for (auto& c : s.channels) {
      if (c == nullptr) continue;
      // Held reliable packets mean the capture lacks one before them (the
      // receiver had it: it acknowledged and went on). An observer delivers
      // them past the gap, reported, rather than drop what it has.
      c->Flush();
    }
  }
}

bool Session::HandleCommand(Side* side, const enet::Command& c) {
  if (parsed_.peer_id == kNoPeerId && c.type != CommandType::kConnect) {
    Problem(side->dir, ProblemKind::kPeer, c.offset,
            absl::StrCat(CommandTypeName(c.type), " to no peer"));
    return false;
  }
  switch (c.type) {
    case CommandType::kNone:
      return false;
    case CommandType::kAcknowledge:
      return HandleAcknowledge(side->dir, c);
    case CommandType::kConnect:
    case CommandType::kVerifyConnect:
      return HandleConnect(side, c);
    case CommandType::kDisconnect:
      return HandleDisconnect(side, c);
    case CommandType::kPing:
    case CommandType::kBandwidthLimit:
    case CommandType::kThrottleConfigure:
      return HandleControl(side, c);
    case CommandType::kSendReliable:
    case CommandType::kSendUnreliable:
    case CommandType::kSendFragment:
    case CommandType::kSendUnsequenced:
    case CommandType::kSendUnreliableFragment:
      break;
  }
  return HandleSend(side, c);
}

bool Session::HandleAcknowledge(Direction dir, const enet::Command& c) {
  DecoderStats& st = decoder_->stats_;
  ++st.acknowledgements;
  if (!decoder_->options_.acknowledge_events) return true;
  Event e = MakeEvent(EventKind::kAcknowledge);
  e.direction = dir;
  e.channel = c.channel;
  e.data = c.ack_reliable_seq;
  e.data2 = c.ack_sent_time;
  Emit(&e);
  return true;
}

// CONNECT (client to server) and VERIFY_CONNECT (the answer): the
// connection's channel count and parameters.
bool Session::HandleConnect(Side* side, const enet::Command& c) {
  const Direction dir = side->dir;
  DecoderStats& st = decoder_->stats_;
  const bool connect = c.type == CommandType::kConnect;
  if (connect != (dir == Direction::kClientToServer) ||
      (connect && parsed_.peer_id != kNoPeerId)) {
    Problem(dir, ProblemKind::kPeer, c.offset,
            absl::StrCat(CommandTypeName(c.type), " in the wrong place"));
    return false;
  }
  if (c.connect.channel_count < ENET_PROTOCOL_MINIMUM_CHANNEL_COUNT ||
      c.connect.channel_count > ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT) {
    Problem(dir, ProblemKind::kMalformed, c.offset,
            absl::StrCat(CommandTypeName(c.type), " channel count ",
                         c.connect.channel_count));
    return false;
  }
  if (!NewControl(side, c)) return true;
  if (connect ? have_connect_ : have_verify_) {
    ++st.duplicates;
    return true;
  }
  if (connect) {
    have_connect_ = true;
    connect_ = c.connect;
    channel_count_ = c.connect.channel_count;
    for (Side& s : sides_) s.unsequenced_started = true;
  } else {
    have_verify_ = true;
    verify_ = c.connect;
    channel_count_ = std::min(channel_count_, c.connect.channel_count);
  }
  Event e =
      MakeEvent(connect ? EventKind::kConnect : EventKind::kVerifyConnect);
  e.direction = dir;
  e.channel = c.channel;
  e.data = c.connect.data;
  e.connect = connect ? &connect_ : &verify_;
  Emit(&e);
  return true;
}

bool Session::HandleDisconnect(Side* side, const enet::Command& c) {
  const Direction dir = side->dir;
  if (!NewControl(side, c) || closed_) return true;
  Close();
  Event e = MakeEvent(EventKind::kDisconnect);
  e.direction = dir;
  e.channel = c.channel;
  e.data = c.value[0];
  Emit(&e);
  return true;
}

// PING, BANDWIDTH_LIMIT and THROTTLE_CONFIGURE: events only.
bool Session::HandleControl(Side* side, const enet::Command& c) {
  const Direction dir = side->dir;
  DecoderStats& st = decoder_->stats_;
  if (!NewControl(side, c)) return true;
  EventKind kind = EventKind::kPing;
  if (c.type == CommandType::kPing) ++st.pings;
  if (c.type == CommandType::kBandwidthLimit) {
    kind = EventKind::kBandwidthLimit;
  }
  if (c.type == CommandType::kThrottleConfigure) {
    kind = EventKind::kThrottleConfigure;
  }
  Event e = MakeEvent(kind);
  e.direction = dir;
  e.channel = c.channel;
  e.data = c.value[0];
  e.data2 = c.value[1];
  Emit(&e);
  return true;
}

// The SEND_* commands: a packet (or fragment) on its channel.
bool Session::HandleSend(Side* side, const enet::Command& c) {
  const Direction dir = side->dir;
  if (closed_) return false;  // ENet: the peer is no longer connected
  if (c.channel >= channel_count_) {
    Problem(dir, ProblemKind::kChannel, c.offset,
            absl::StrCat(CommandTypeName(c.type), " on channel ", c.channel,
                         ", the connection has ", channel_count_));
    return false;
  }
  const uint64_t overhead = (c.size - c.data.size()) + header_overhead_;
  header_overhead_ = 0;
  internal::Channel* ch = ChannelOf(side, c.channel);
  switch (c.type) {
    case CommandType::kSendReliable:
      return ch->Reliable(c, overhead);
    case CommandType::kSendUnreliable:
      return ch->Unreliable(c, overhead);
    case CommandType::kSendFragment:
      return ch->Fragment(c, overhead);
    case CommandType::kSendUnreliableFragment:
      return ch->UnreliableFragment(c, overhead);
    case CommandType::kSendUnsequenced:
      Unsequenced(side, c, overhead);
      return true;
    default:
      return true;
  }
}

void Session::Datagram(int64_t time, Direction dir,
                       absl::Span<const uint8_t> payload) {
  time_ = time;
  datagram_bytes_ = payload.size();
  header_overhead_ = 0;
  DecoderStats& st = decoder_->stats_;
  const DecoderOptions& o = decoder_->options_;
  ParseOptions po;
  po.compression = compression_;
  po.checksum = checksum_;
  po.max_packet_bytes = o.max_packet_bytes;
  if (have_connect_) {
    po.connect_id_known = true;
    po.connect_id = connect_.connect_id;
  }
  absl::Status status = ParseDatagram(payload, po, &parsed_);
  if (!status.ok() && o.compression == Compression::kAuto &&
      compression_ != Compression::kAuto && parsed_.compressed) {
    po.compression = Compression::kAuto;  // the detected mode failed
    status = ParseDatagram(payload, po, &parsed_);
  }
  if (!status.ok()) {
    ++st.dropped;
    const Error e = ErrorFromStatus(status);
    ProblemKind kind = ProblemKind::kMalformed;
    if (e.kind == ErrorKind::kUnsupported) {
      kind = ProblemKind::kDtls;
      if (dtls_reported_) return;
      dtls_reported_ = true;
    } else if (parsed_.compressed && e.kind == ErrorKind::kBadFrame) {
      kind = ProblemKind::kDecompress;
    }
    Problem(dir, kind, e.offset, e.detail);
    return;
  }
  if (parsed_.compressed) {
    ++st.compressed;
    if (compression_ == Compression::kAuto) compression_ = parsed_.compression;
  }
  if (checksum_ == Checksum::kAuto) {
    // A connection has checksums on every datagram or on none.
    checksum_ = parsed_.has_checksum ? Checksum::kOn : Checksum::kOff;
  }
  if (!CheckPeer(dir, parsed_)) {
    ++st.dropped;
    return;
  }
  st.header_bytes += parsed_.header_size;
  header_overhead_ = parsed_.header_size;
  Side* side = &sides_[static_cast<int>(dir)];
  for (const enet::Command& c : parsed_.commands) {
    ++st.commands;
    st.command_header_bytes += c.size - c.data.size();
    if (!HandleCommand(side, c)) return;
  }
  if (!parsed_.tail.ok()) {
    Problem(dir, ProblemKind::kMalformed, parsed_.tail.offset,
            parsed_.tail.detail);
  }
}

void Session::Finish() {
  for (Side& s : sides_) {
    for (auto& c : s.channels) {
      if (c != nullptr) c->Flush();
    }
  }
}

}  // namespace enet
}  // namespace gdwire
