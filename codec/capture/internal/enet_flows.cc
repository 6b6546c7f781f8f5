// Copyright 2026 The gdwire Authors.

#include "codec/capture/internal/enet_flows.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/enet/datagram.h"
#include "codec/error.h"
#include "codec/multiplayer/text.h"
#include "codec/text/text.h"

namespace gdwire {
namespace capture {
namespace internal {

namespace {

constexpr int32_t kServerId = 1;
// Godot 4's ENetMultiplayerPeer: SYSCH_RELIABLE, SYSCH_UNRELIABLE, then the
// user's channels 1, 2, ...
constexpr int kSystemChannels = 2;

// The ENet decoder's time: only handed back, never compared, so a capture
// time past what nanoseconds in 64 bits hold (a hostile pcap's) is clamped.
int64_t Nanos(const Timestamp& t) {
  constexpr int64_t kMaxSec = INT64_MAX / 1000000000LL - 1;
  const int64_t sec = std::min(std::max(t.sec, -kMaxSec), kMaxSec);
  return sec * 1000000000LL + static_cast<int64_t>(t.nsec % 1000000000u);
}

// The user's channel (as @rpc names it) of an ENet channel.
int UserChannel(int enet_channel) {
  return enet_channel < kSystemChannels ? 0
                                        : enet_channel - kSystemChannels + 1;
}

// The transfer mode (as @rpc names it) of a packet's ENet delivery.
absl::string_view TransferMode(const enet::Event& e) {
  switch (e.delivery) {
    case enet::Delivery::kReliable:
      return "reliable";
    case enet::Delivery::kUnsequenced:
      return "unreliable";
    case enet::Delivery::kUnreliable:
      // UNRELIABLE and UNRELIABLE_ORDERED both send large packets as
      // unreliable fragments (sequenced): only unfragmented ones tell.
      return e.fragmented ? "unreliable" : "unreliable_ordered";
    case enet::Delivery::kNone:
      break;
  }
  return "";
}

ProblemKind KindOf(enet::ProblemKind k) {
  switch (k) {
    case enet::ProblemKind::kDecompress:
      return ProblemKind::kDecode;
    case enet::ProblemKind::kDtls:
      return ProblemKind::kProtocol;
    case enet::ProblemKind::kLimit:
      return ProblemKind::kLimit;
    case enet::ProblemKind::kGap:
      return ProblemKind::kGap;
    case enet::ProblemKind::kMalformed:
    case enet::ProblemKind::kPeer:
    case enet::ProblemKind::kChannel:
    case enet::ProblemKind::kFragment:
      break;
  }
  return ProblemKind::kFraming;
}

}  // namespace

absl::string_view EnetFlows::WireVersion() const {
  // The engine versions each layout was checked against (docs/MULTIPLAYER.md).
  return options_.decode.dialect == Dialect::kGodot3
             ? "Godot 3.2 NetworkedMultiplayerENet + MultiplayerAPI (checked: "
               "3.2.3)"
             : "Godot 4.6 SceneMultiplayer (checked: 4.6.3)";
}

EnetFlows::EnetFlows(const CaptureOptions& options, ProblemFn on_problem,
                     CaptureStats* stats)
    : options_(options), on_problem_(std::move(on_problem)), stats_(stats) {
  enet::DecoderOptions eo;
  eo.ports = options.enet_ports;
  eo.max_packet_bytes = options.max_message_bytes;
  eo.max_pending_bytes_per_session = options.max_reorder_bytes;
  eo.max_pending_bytes_total = options.max_reorder_bytes_total;
  eo.max_sessions = options.max_flows;
  decoder_ = std::make_unique<enet::Decoder>(
      eo, [this](const enet::Event& e) { OnEvent(e); },
      [this](const enet::Problem& p) { OnProblem(p); });
}

EnetFlows::~EnetFlows() = default;

bool EnetFlows::Claims(const Endpoint& src, const Endpoint& dst,
                       absl::Span<const uint8_t> payload) const {
  const auto& ports = options_.enet_ports;
  if (std::find(ports.begin(), ports.end(), src.port) != ports.end() ||
      std::find(ports.begin(), ports.end(), dst.port) != ports.end()) {
    return true;
  }
  return options_.detect_enet && enet::LooksLikeEnetConnect(payload);
}

void EnetFlows::Datagram(const Timestamp& time, uint64_t connection,
                         const Endpoint& src, const Endpoint& dst,
                         absl::Span<const uint8_t> payload,
                         uint64_t transport_bytes) {
  now_ = time;
  current_connection_ = connection;
  current_src_ = src;
  current_dst_ = dst;
  pending_transport_ = transport_bytes;
  ++stats_->enet_datagrams;
  stats_->enet_bytes += payload.size();
  stats_->enet_transport_bytes += transport_bytes;
  decoder_->Datagram(Nanos(time), src, dst, payload);
  current_connection_ = 0;
}

void EnetFlows::Finish(const Timestamp& time) {
  now_ = time;
  pending_transport_ = 0;
  decoder_->Finish();
}

EnetFlows::Flow& EnetFlows::FlowOf(uint64_t enet_flow) {
  auto it = flows_.find(enet_flow);
  if (it != flows_.end()) return it->second;
  Flow& f = flows_[enet_flow];
  f.connection = current_connection_;
  return f;
}

multiplayer::Session& EnetFlows::SessionOf(const Endpoint& server) {
  std::unique_ptr<multiplayer::Session>& s = sessions_[server];
  if (s == nullptr) {
    multiplayer::SessionOptions so;
    so.packet.values = options_.decode;
    s = std::make_unique<multiplayer::Session>(so, options_.manifest);
  }
  return *s;
}

void EnetFlows::CheckChecksum(const multiplayer::SimplifyPath& sp,
                              const NetEvent& ne) {
  multiplayer::FileManifest& m = *options_.manifest;
  const std::optional<std::string> want = m.ChecksumFor(sp.path);
  m.NoteChecksum(sp.path, sp.checksum);
  if (m.MethodsForChecksum(sp.checksum) != nullptr) return;
  if (!checksum_reported_.insert(sp.path).second) return;
  ++stats_->problems;
  if (!on_problem_) return;
  on_problem_(Problem{
      now_, ProblemKind::kProtocol, Transport::kEnet, ne.src, ne.dst,
      ne.connection, 0,
      absl::StrCat("node ", sp.path, ": RPC checksum ", sp.checksum,
                   " is none of the manifest's",
                   want.has_value()
                       ? absl::StrCat(" (its ", sp.path, " has ", *want, ")")
                       : std::string(),
                   ": the peer runs other code than the manifest's project; "
                   "its methods are printed by number")});
}

std::string EnetFlows::Text(const Variant& v) const {
  return text::ToText(v, options_.decode.dialect);
}

void EnetFlows::AddValue(NetEvent::Values* group, const Variant& v) const {
  group->texts.push_back(Text(v));
  if (options_.net_variants) group->variants.push_back(v);
}

void EnetFlows::OnEvent(const enet::Event& e) {
  Flow& flow = FlowOf(e.flow);
  const bool up = e.direction == enet::Direction::kClientToServer;
  NetEvent ne;
  ne.time = now_;
  ne.transport = Transport::kEnet;
  ne.src = up ? e.client : e.server;
  ne.dst = up ? e.server : e.client;
  ne.connection = flow.connection;
  ne.src_peer = static_cast<uint32_t>(up ? flow.client_id : kServerId);
  ne.dst_peer = static_cast<uint32_t>(up ? kServerId : flow.client_id);
  switch (e.kind) {
    case enet::EventKind::kConnect:
      if (e.connect != nullptr) {
        flow.client_id = static_cast<int32_t>(e.connect->data);
        ne.src_peer = e.connect->data;
        ne.kind = "connect";
        ne.text =
            absl::StrCat("connect peer ", e.connect->data, " (",
                         e.connect->channel_count, " channels, mtu ",
                         e.connect->mtu, "; read as ", WireVersion(), ")");
      }
      break;
    case enet::EventKind::kVerifyConnect:
      if (e.connect != nullptr) {
        ne.dst_peer = static_cast<uint32_t>(flow.client_id);
        ne.kind = "accept";
        ne.text = absl::StrCat("accept peer ", flow.client_id, " (",
                               e.connect->channel_count, " channels, mtu ",
                               e.connect->mtu, ")");
      }
      break;
    case enet::EventKind::kDisconnect:
      ne.kind = "disconnect";
      ne.text = absl::StrCat("disconnect peer ", flow.client_id,
                             up ? "" : " (by the server)");
      SessionOf(e.server).ForgetPeer(flow.client_id);
      break;
    case enet::EventKind::kPacket:
      break;
    default:
      return;  // pings, acknowledgements, bandwidth: counted by ENet only
  }
  if (e.kind == enet::EventKind::kPacket) {
    ne.enet_channel = e.channel;
    ne.delivery = TransferMode(e);
    ne.payload_bytes = e.packet.size();
    ne.enet_bytes = e.overhead_bytes;
    ne.transport_bytes = pending_transport_;
    pending_transport_ = 0;
    const bool ok =
        options_.decode.dialect == Dialect::kGodot3
            ? Godot3Packet(e.server, e.channel, e.packet, up, flow, &ne)
            : Godot4Packet(e.server, e.channel, e.packet, up, flow, &ne);
    if (!ok) return;
  }
  Emit(&ne, flow, up);
}

void EnetFlows::Emit(NetEvent* ne, Flow& flow, bool up) {
  ne->index = flow.index[up ? 0 : 1]++;
  ++stats_->net_events;
  if (options_.on_net_event) options_.on_net_event(*ne);
}

void EnetFlows::WebSocketPeerId(const Timestamp& time, uint64_t connection,
                                const Endpoint& client, const Endpoint& server,
                                uint32_t client_id, uint64_t wire_bytes) {
  now_ = time;
  Flow& flow = ws_flows_[connection];
  flow.connection = connection;
  flow.client_id = static_cast<int32_t>(client_id);
  NetEvent ne;
  ne.time = time;
  ne.transport = Transport::kWebSocket;
  ne.src = server;
  ne.dst = client;
  ne.connection = connection;
  ne.src_peer = kServerId;
  ne.dst_peer = client_id;
  ne.kind = "peer_id";
  ne.transport_bytes = wire_bytes;
  if (options_.net_text) {
    ne.text = absl::StrCat("peer_id ", client_id,
                           " (the server names the client: "
                           "WebSocketMultiplayerPeer; read as ",
                           WireVersion(), ")");
  }
  Emit(&ne, flow, false);
}

void EnetFlows::WebSocketMessage(const Timestamp& time, uint64_t connection,
                                 const Endpoint& client, const Endpoint& server,
                                 bool from_client, uint32_t client_id,
                                 absl::Span<const uint8_t> message,
                                 uint64_t wire_bytes) {
  now_ = time;
  Flow& flow = ws_flows_[connection];
  flow.connection = connection;
  flow.client_id = static_cast<int32_t>(client_id);
  NetEvent ne;
  ne.time = time;
  ne.transport = Transport::kWebSocket;
  ne.src = from_client ? client : server;
  ne.dst = from_client ? server : client;
  ne.connection = connection;
  ne.src_peer = from_client ? client_id : kServerId;
  ne.dst_peer = from_client ? kServerId : client_id;
  // One ordered, reliable stream: transfer modes and channels leave no
  // trace on the wire.
  ne.delivery = "reliable";
  ne.payload_bytes = message.size();
  ne.transport_bytes =
      wire_bytes > message.size() ? wire_bytes - message.size() : 0;
  // The packet as ENet's channel 0 would carry it (the game's channel 0).
  if (!Godot4Packet(server, 0, message, from_client, flow, &ne)) return;
  Emit(&ne, flow, from_client);
}

bool EnetFlows::Godot4Packet(const Endpoint& server, int enet_channel,
                             absl::Span<const uint8_t> packet, bool up,
                             Flow& flow, NetEvent* out) {
  NetEvent& ne = *out;
  ne.channel = UserChannel(enet_channel);
  multiplayer::Event me;
  absl::Status st = SessionOf(server).Feed(static_cast<int32_t>(ne.src_peer),
                                           static_cast<int32_t>(ne.dst_peer),
                                           ne.channel, packet, &me);
  if (!st.ok()) {
    PacketProblem(enet_channel, up, st, ne, flow);
    return false;
  }
  const multiplayer::Packet& p = me.payload();
  if (options_.manifest != nullptr &&
      p.command() == multiplayer::Command::kSimplifyPath) {
    CheckChecksum(std::get<multiplayer::SimplifyPath>(p.body), ne);
  }
  ne.kind = std::string(multiplayer::CommandName(p.command()));
  if (p.command() == multiplayer::Command::kRemoteCall) ne.kind = "rpc";
  if (p.command() == multiplayer::Command::kSys &&
      std::get<multiplayer::Sys>(p.body).sys !=
          multiplayer::SysCommand::kRelay) {
    ne.kind = absl::StrCat("sys_", multiplayer::SysCommandName(
                                       std::get<multiplayer::Sys>(p.body).sys));
  }
  ne.node = me.node.path;
  const bool texts = options_.net_values;
  // The values' texts, made once for both the values and the line.
  std::unordered_map<const Variant*, std::string> made;
  if (p.command() == multiplayer::Command::kRemoteCall) {
    const auto& rc = std::get<multiplayer::RemoteCall>(p.body);
    ne.method =
        me.method.has_value() ? *me.method : absl::StrCat("#", rc.method_id);
  }
  if (texts && p.command() == multiplayer::Command::kRemoteCall) {
    const auto& rc = std::get<multiplayer::RemoteCall>(p.body);
    ne.values.emplace_back();
    for (const multiplayer::Value& a : rc.args) {
      AddValue(&ne.values.back(), a.value);
      made[&a.value] = ne.values.back().texts.back();
    }
    if (rc.byte_only && !rc.raw_args.empty()) {
      // BYTE_ONLY_OR_NO_ARGS: one PackedByteArray argument, its bytes.
      AddValue(&ne.values.back(), Variant::PackedBytes(std::vector<uint8_t>(
                                      rc.raw_args.begin(), rc.raw_args.end())));
    }
  }
  if (texts && p.command() == multiplayer::Command::kSpawn) {
    const auto& sp = std::get<multiplayer::Spawn>(p.body);
    ne.values.push_back({sp.name, {}});
    for (const multiplayer::Value& a : sp.state) {
      AddValue(&ne.values.back(), a.value);
      made[&a.value] = ne.values.back().texts.back();
    }
  }
  if (texts && p.command() == multiplayer::Command::kSync) {
    const auto& sy = std::get<multiplayer::Sync>(p.body);
    for (size_t i = 0; i < sy.blocks.size(); ++i) {
      ne.values.push_back(
          {i < me.sync_nodes.size() ? me.sync_nodes[i].path : "", {}});
      for (const multiplayer::Value& a : sy.blocks[i].values) {
        AddValue(&ne.values.back(), a.value);
        made[&a.value] = ne.values.back().texts.back();
      }
    }
  }
  if (texts && p.command() == multiplayer::Command::kDespawn) {
    ne.values.push_back({me.spawned_name, {}});
  }
  if (p.command() == multiplayer::Command::kSync && !me.sync_nodes.empty()) {
    ne.node = me.sync_nodes.front().path;
  }
  if (options_.net_text) {
    multiplayer::TextOptions to;
    to.value_texts = &made;
    ne.text = multiplayer::ToText(me, to);
  }
  if (options_.net_json) ne.json = multiplayer::ToJson(me);
  return true;
}

void EnetFlows::PacketProblem(int enet_channel, bool up, const absl::Status& st,
                              const NetEvent& ne, Flow& flow) {
  // The packet keeps its number in the direction's count.
  const uint64_t index = flow.index[up ? 0 : 1]++;
  ++stats_->problems;
  if (!on_problem_) return;
  Error err = ErrorFromStatus(st);
  on_problem_(Problem{now_, ProblemKind::kDecode, ne.transport, ne.src, ne.dst,
                      ne.connection, err.offset,
                      absl::StrCat("packet #", index, " on channel ",
                                   enet_channel, ": ", err.ToString())});
}

multiplayer::godot3::Session& EnetFlows::Godot3SessionOf(
    const Endpoint& server) {
  std::unique_ptr<multiplayer::godot3::Session>& s = godot3_sessions_[server];
  if (s == nullptr) {
    multiplayer::SessionOptions so;
    so.packet.values = options_.decode;
    s = std::make_unique<multiplayer::godot3::Session>(so);
  }
  return *s;
}

bool EnetFlows::Godot3Packet(const Endpoint& server, int enet_channel,
                             absl::Span<const uint8_t> packet, bool up,
                             Flow& flow, NetEvent* out) {
  namespace g3 = multiplayer::godot3;
  NetEvent& ne = *out;
  ne.channel = enet_channel;
  g3::Event ev;
  absl::Status st = Godot3SessionOf(server).FeedEnet(
      static_cast<int32_t>(ne.src_peer), static_cast<int32_t>(ne.dst_peer),
      enet_channel, packet, &ev);
  if (!st.ok()) {
    PacketProblem(enet_channel, up, st, ne, flow);
    return false;
  }
  if (options_.net_text) ne.text = g3::ToText(ev);
  if (options_.net_json) ne.json = g3::ToJson(ev);
  if (ev.config) {
    ne.kind = ev.config_message == 0 ? "config_add_peer" : "config_remove_peer";
    return true;
  }
  if (!ev.packet.has_value()) return true;
  const g3::Packet& p = *ev.packet;
  ne.node = ev.node.path;
  switch (p.command()) {
    case g3::Command::kRemoteCall: {
      const auto& rc = std::get<g3::RemoteCall>(p.body);
      ne.kind = "rpc";
      ne.method = rc.method;
      if (options_.net_values) {
        ne.values.emplace_back();
        for (const multiplayer::Value& a : rc.args) {
          AddValue(&ne.values.back(), a.value);
        }
      }
      break;
    }
    case g3::Command::kRemoteSet: {
      const auto& rs = std::get<g3::RemoteSet>(p.body);
      ne.kind = "rset";
      ne.method = rs.property;
      if (options_.net_values) {
        ne.values.emplace_back();
        AddValue(&ne.values.back(), rs.value.value);
      }
      break;
    }
    default:
      ne.kind = std::string(g3::CommandName(p.command()));
  }
  return true;
}

void EnetFlows::OnProblem(const enet::Problem& p) {
  ++stats_->problems;
  if (!on_problem_) return;
  Problem pr;
  pr.time = now_;
  pr.kind = KindOf(p.kind);
  pr.transport = Transport::kEnet;
  pr.offset = p.offset;
  pr.text = p.text;
  auto it = flows_.find(p.flow);
  if (it != flows_.end()) {
    pr.connection = it->second.connection;
  } else {
    pr.connection = current_connection_;
  }
  pr.src = current_src_;
  pr.dst = current_dst_;
  on_problem_(pr);
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire
