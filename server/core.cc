// Copyright 2026 The gdwire Authors.
//
// The server side of SceneMultiplayer (server/core.h). Each step names the
// engine function it follows (Godot 4.6, modules/multiplayer/).

#include "server/core.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace server {
namespace {

using multiplayer::Command;
using multiplayer::Packet;
using multiplayer::SysCommand;

constexpr uint8_t kCmdSys = static_cast<uint8_t>(Command::kSys);
constexpr uint8_t kCmdRaw = static_cast<uint8_t>(Command::kRaw);
constexpr uint8_t kSysAuth = static_cast<uint8_t>(SysCommand::kAuth);
constexpr uint8_t kSysAddPeer = static_cast<uint8_t>(SysCommand::kAddPeer);
constexpr uint8_t kSysDelPeer = static_cast<uint8_t>(SysCommand::kDelPeer);
constexpr uint8_t kSysRelay = static_cast<uint8_t>(SysCommand::kRelay);
constexpr size_t kSysCmdSize = 6;  // SceneMultiplayer::SYS_CMD_SIZE
// The checksum sent for a node neither the manifest nor a client names.
constexpr char kNoChecksum[] = "00000000000000000000000000000000";

const Delivery kReliable0{0, TransferMode::kReliable};

void PutU32(uint32_t v, uint8_t* p) {
  p[0] = v & 0xFF;
  p[1] = (v >> 8) & 0xFF;
  p[2] = (v >> 16) & 0xFF;
  p[3] = (v >> 24) & 0xFF;
}

// Target -n means "all but n" (INT32_MIN excludes no one: there is no such
// peer, and negating it would overflow).
bool Excluded(int32_t peer, int32_t target) {
  return target < 0 && int64_t{peer} == -int64_t{target};
}

absl::Span<const uint8_t> Bytes(absl::string_view s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

}  // namespace

absl::string_view TransferModeName(TransferMode m) {
  switch (m) {
    case TransferMode::kReliable:
      return "reliable";
    case TransferMode::kUnreliable:
      return "unreliable";
    case TransferMode::kUnreliableOrdered:
      return "unreliable_ordered";
  }
  return "?";
}

std::optional<TransferMode> ParseTransferMode(absl::string_view name) {
  if (name == "reliable") return TransferMode::kReliable;
  if (name == "unreliable") return TransferMode::kUnreliable;
  if (name == "unreliable_ordered") return TransferMode::kUnreliableOrdered;
  return std::nullopt;
}

struct Core::Peer {
  bool admitted = false;
  bool auth_local = false;   // complete_auth called
  bool auth_remote = false;  // the peer said it is done
  // Its path cache: cache id -> node path (SceneCacheInterface recv_nodes).
  std::map<uint32_t, std::string> paths;
  size_t path_bytes = 0;
  // The server's cache ids it was sent -> confirmed (sent_nodes).
  std::map<uint32_t, bool> sent;
  uint64_t packets = 0;
  uint64_t errors = 0;
  // For Handler::OnPacket: the events as gdwire capture builds them.
  std::unique_ptr<multiplayer::Session> trace;
};

Core::Core(const CoreOptions& options, Transport* transport, Handler* handler)
    : options_(options), transport_(transport), handler_(handler) {}

Core::~Core() = default;

Core::Peer* Core::Find(int32_t peer) {
  auto it = peers_.find(peer);
  return it == peers_.end() ? nullptr : it->second.get();
}

const Core::Peer* Core::Find(int32_t peer) const {
  auto it = peers_.find(peer);
  return it == peers_.end() ? nullptr : it->second.get();
}

bool Core::HasPeer(int32_t peer) const { return Find(peer) != nullptr; }

std::vector<int32_t> Core::Peers() const {
  std::vector<int32_t> out;
  for (const auto& [id, p] : peers_) {
    if (p->admitted) out.push_back(id);
  }
  return out;
}

std::optional<PeerStats> Core::Stats(int32_t peer) const {
  const Peer* p = Find(peer);
  if (p == nullptr) return std::nullopt;
  PeerStats s;
  s.packets = p->packets;
  s.errors = p->errors;
  s.paths = p->paths.size();
  s.path_bytes = p->path_bytes;
  s.announced = p->sent.size();
  s.authenticating = !p->admitted;
  return s;
}

size_t Core::StateBytes() const {
  // A red-black tree node is about 48 bytes with its links.
  size_t n = 0;
  for (const auto& [id, p] : peers_) {
    n += sizeof(Peer) + 48 + p->paths.size() * (48 + sizeof(std::string)) +
         p->path_bytes + p->sent.size() * 48;
  }
  return n;
}

// --- peers ------------------------------------------------------------------

void Core::PeerConnected(int32_t peer) {
  if (peer < 2 || HasPeer(peer)) return;  // the transport refuses these
  auto p = std::make_unique<Peer>();
  if (options_.trace) {
    multiplayer::SessionOptions so;
    so.packet = options_.packet;
    so.max_paths = options_.max_paths_per_peer * 2;
    so.max_path_bytes = options_.max_path_bytes_per_peer * 2;
    so.max_spawns = 1024;
    so.max_spawn_syncs = 4096;
    p->trace = std::make_unique<multiplayer::Session>(so, options_.manifest);
  }
  peers_.emplace(peer, std::move(p));
  // SceneMultiplayer::_add_peer: held in authentication, or admitted.
  if (!options_.authenticate) Admit(peer);
}

void Core::Admit(int32_t id) {
  // SceneMultiplayer::_admit_peer: tell the others of the new peer and the
  // new peer of the others.
  Peer* p = Find(id);
  if (p == nullptr || p->admitted) return;
  if (options_.server_relay) {
    uint8_t buf[kSysCmdSize] = {kCmdSys, kSysAddPeer};
    for (const auto& [other, q] : peers_) {
      if (other == id || !q->admitted) continue;
      PutU32(static_cast<uint32_t>(id), buf + 2);
      SendTo(other, kReliable0, buf);
      PutU32(static_cast<uint32_t>(other), buf + 2);
      SendTo(id, kReliable0, buf);
    }
  }
  p->admitted = true;
  if (handler_ != nullptr) handler_->OnPeerConnected(id);
}

void Core::PeerDisconnected(int32_t peer) {
  Peer* p = Find(peer);
  if (p == nullptr) return;
  const bool admitted = p->admitted;
  Forget(peer);
  if (admitted && handler_ != nullptr) handler_->OnPeerDisconnected(peer);
}

void Core::Forget(int32_t id) {
  // SceneMultiplayer::_del_peer: the others are told.
  Peer* p = Find(id);
  if (p == nullptr) return;
  if (p->admitted && options_.server_relay) {
    uint8_t buf[kSysCmdSize] = {kCmdSys, kSysDelPeer};
    PutU32(static_cast<uint32_t>(id), buf + 2);
    for (const auto& [other, q] : peers_) {
      if (other != id && q->admitted) SendTo(other, kReliable0, buf);
    }
  }
  peers_.erase(id);
}

absl::Status Core::DisconnectPeer(int32_t peer) {
  if (!HasPeer(peer)) {
    return absl::NotFoundError(absl::StrCat("no peer ", peer));
  }
  Forget(peer);
  transport_->Disconnect(peer);
  return absl::OkStatus();
}

void Core::Fail(int32_t peer, Peer* p, Error error) {
  ++p->errors;
  if (handler_ != nullptr) {
    PeerError e;
    e.peer = peer;
    e.packet = p->packets;
    e.error = std::move(error);
    handler_->OnPeerError(e);
  }
  if (options_.max_errors_per_peer != 0 &&
      p->errors >= options_.max_errors_per_peer) {
    DisconnectPeer(peer).IgnoreError();
  }
}

// --- receiving --------------------------------------------------------------

void Core::Receive(int32_t peer, const Delivery& delivery,
                   absl::Span<const uint8_t> bytes) {
  Peer* p = Find(peer);
  if (p == nullptr) return;
  ++p->packets;
  const bool sys_auth =
      bytes.size() >= 2 && (bytes[0] & 7) == kCmdSys && bytes[1] == kSysAuth;
  if (!p->admitted) {
    // SceneMultiplayer::poll, a pending peer.
    if (p->auth_local) {
      // The server finished: the first packet admits the peer.
      Admit(peer);
    } else {
      if (!sys_auth) {
        Fail(peer, p,
             Error(ErrorKind::kInvalidArgument, 0, "",
                   "a packet other than sys auth during authentication"));
        return;
      }
      Trace(true, peer, delivery, bytes);
      if (bytes.size() > 2) {
        if (handler_ != nullptr) {
          handler_->OnAuth(
              peer,
              absl::string_view(reinterpret_cast<const char*>(bytes.data()) + 2,
                                bytes.size() - 2));
        }
      } else {
        p->auth_remote = true;  // the peer's "authentication complete"
      }
      return;
    }
  }
  if (sys_auth) {
    // Admitted already: only the 2-byte confirmation is valid.
    if (bytes.size() != 2) {
      Fail(peer, p,
           Error(ErrorKind::kInvalidLength, 2, "sys",
                 "authentication data after the peer was admitted"));
    }
    return;
  }
  absl::StatusOr<Packet> packet = multiplayer::Decode(bytes, options_.packet);
  if (!packet.ok()) {
    Fail(peer, p, ErrorFromStatus(packet.status()));
    return;
  }
  Trace(true, peer, delivery, bytes);
  if (auto* sys = std::get_if<multiplayer::Sys>(&packet->body)) {
    if (sys->sys != SysCommand::kRelay) {
      // SceneMultiplayer::_process_sys: add / remove peer come only from
      // the server.
      Fail(peer, p,
           Error(ErrorKind::kInvalidArgument, 1, "sys",
                 absl::StrCat("sys ", multiplayer::SysCommandName(sys->sys),
                              " from a client")));
      return;
    }
    if (!options_.server_relay) {
      Fail(peer, p,
           Error(ErrorKind::kUnsupported, 1, "sys",
                 "relay while the server relay is off"));
      return;
    }
    const int32_t target = sys->peer;
    // The target may have left while the packet was in transit.
    if (target > 0 && (Find(target) == nullptr || !Find(target)->admitted)) {
      return;
    }
    Relay(peer, delivery, target, bytes.subspan(kSysCmdSize));
    // A broadcast (0, or all but a client) includes the server, which runs
    // the packet as from its sender; -1 excludes the server.
    if (target <= 0 && target != -1 && sys->relayed != nullptr) {
      p = Find(peer);
      if (p != nullptr) {
        Process(peer, p, delivery, *sys->relayed, true);
      }
    }
    return;
  }
  Process(peer, p, delivery, *packet, false);
}

void Core::Relay(int32_t from, const Delivery& d, int32_t target,
                 absl::Span<const uint8_t> nested) {
  // [SYS][RELAY][i32 source][nested packet], in the packet's own mode and
  // channel.
  // The buffer is reused; taken out while in use (a handler may send).
  std::string out;
  out.swap(scratch_);
  out.assign(
      {static_cast<char>(kCmdSys), static_cast<char>(kSysRelay), 0, 0, 0, 0});
  PutU32(static_cast<uint32_t>(from), reinterpret_cast<uint8_t*>(&out[2]));
  out.append(reinterpret_cast<const char*>(nested.data()), nested.size());
  if (target > 0) {
    SendTo(target, d, Bytes(out));
  } else {
    for (const auto& [other, q] : peers_) {
      if (other == from || Excluded(other, target) || !q->admitted) continue;
      SendTo(other, d, Bytes(out));
    }
  }
  scratch_.swap(out);
}

void Core::Process(int32_t from, Peer* p, const Delivery& d,
                   const Packet& packet, bool broadcast) {
  switch (packet.command()) {
    case Command::kRemoteCall: {
      // SceneRPCInterface::process_rpc.
      const auto& rc = std::get<multiplayer::RemoteCall>(packet.body);
      IncomingCall call;
      call.from = from;
      call.delivery = d;
      call.method_id = rc.method_id;
      call.broadcast = broadcast;
      call.call = &rc;
      if (rc.path.has_value()) {
        if (rc.path->empty()) {
          // get_node(NodePath()) finds no node.
          Fail(from, p,
               Error(ErrorKind::kInvalidNodePath, 1, "remote_call.path",
                     "an empty inline node path"));
          return;
        }
        call.node_path = *rc.path;
      } else {
        auto it = p->paths.find(rc.node_id);
        if (it == p->paths.end()) {
          Fail(from, p,
               Error(ErrorKind::kInvalidArgument, 1, "remote_call.node_id",
                     absl::StrCat("unknown path-cache id ", rc.node_id)));
          return;
        }
        call.node_path = it->second;
      }
      if (options_.manifest != nullptr) {
        if (const auto* methods = MethodsFor(call.node_path)) {
          for (const multiplayer::ManifestRpc& m : *methods) {
            if (m.id == rc.method_id) {
              call.rpc = &m;
              call.method = &m.name;
              break;
            }
          }
          if (call.rpc == nullptr) {
            Fail(from, p,
                 Error(ErrorKind::kInvalidArgument, 1, "remote_call.method_id",
                       absl::StrCat("no RPC method #", rc.method_id,
                                    " on node ", call.node_path)));
            return;
          }
        }
      }
      if (options_.enforce_rpc_mode && call.rpc != nullptr) {
        const std::string& mode = call.rpc->rpc_mode;
        const int32_t authority =
            options_.authority ? options_.authority(call.node_path) : 1;
        if (mode == "disabled" || (mode == "authority" && from != authority)) {
          Fail(from, p,
               Error(ErrorKind::kInvalidArgument, 1, "remote_call",
                     absl::StrCat("RPC '", call.rpc->name,
                                  "' is not allowed on node ", call.node_path,
                                  " from: ", from, ". Mode is ", mode,
                                  ", authority is ", authority, ".")));
          return;
        }
      }
      if (handler_ != nullptr) handler_->OnCall(call);
      return;
    }
    case Command::kSimplifyPath: {
      // SceneCacheInterface::process_simplify_path.
      const auto& sp = std::get<multiplayer::SimplifyPath>(packet.body);
      if (sp.path.empty()) {
        Fail(from, p,
             Error(ErrorKind::kInvalidNodePath, 38, "simplify_path.path",
                   "an empty node path"));
        return;
      }
      std::optional<std::string> expected;
      if (options_.manifest != nullptr) {
        expected = options_.manifest->ChecksumFor(sp.path);
        if (!expected && !options_.accept_unknown_paths) return;
      }
      auto old = p->paths.find(sp.cache_id);
      const size_t old_bytes = old == p->paths.end() ? 0 : old->second.size();
      if ((old == p->paths.end() &&
           p->paths.size() >= options_.max_paths_per_peer) ||
          p->path_bytes - old_bytes + sp.path.size() >
              options_.max_path_bytes_per_peer) {
        Fail(from, p,
             Error(ErrorKind::kLimitExceeded, 38, "simplify_path",
                   absl::StrCat("path cache full (", p->paths.size(),
                                " paths, ", p->path_bytes, " bytes)")));
        return;
      }
      p->path_bytes = p->path_bytes - old_bytes + sp.path.size();
      p->paths[sp.cache_id] = sp.path;
      if (client_checksums_.size() < options_.max_server_paths ||
          client_checksums_.count(sp.path) != 0) {
        std::string& sum = client_checksums_[sp.path];
        if (sum != sp.checksum) {
          sum = sp.checksum;
          methods_.erase(sp.path);  // a path the manifest may not know
        }
      }
      const bool valid = !expected || *expected == sp.checksum;
      uint8_t buf[6] = {static_cast<uint8_t>(Command::kConfirmPath),
                        static_cast<uint8_t>(valid ? 1 : 0)};
      PutU32(sp.cache_id, buf + 2);
      SendTo(from, kReliable0, buf);
      return;
    }
    case Command::kConfirmPath: {
      // SceneCacheInterface::process_confirm_path.
      const auto& cp = std::get<multiplayer::ConfirmPath>(packet.body);
      auto it = p->sent.find(cp.cache_id);
      if (it == p->sent.end()) {
        Fail(from, p,
             Error(ErrorKind::kInvalidArgument, 2, "confirm_path",
                   absl::StrCat("confirms path-cache id ", cp.cache_id,
                                " that was never sent")));
        return;
      }
      it->second = true;
      return;
    }
    case Command::kRaw: {
      const auto& raw = std::get<multiplayer::Raw>(packet.body);
      if (handler_ != nullptr) handler_->OnRaw(from, d, raw.bytes);
      return;
    }
    case Command::kSys:  // a relayed sys packet does not decode
    case Command::kSpawn:
    case Command::kDespawn:
    case Command::kSync:
      return;  // reported through Handler::OnPacket only
  }
}

// --- sending ----------------------------------------------------------------

void Core::SendTo(int32_t peer, const Delivery& d,
                  absl::Span<const uint8_t> bytes) {
  transport_->Send(peer, d, bytes);
  Trace(false, peer, d, bytes);
}

void Core::Trace(bool incoming, int32_t peer, const Delivery& d,
                 absl::Span<const uint8_t> bytes) {
  if (!options_.trace || handler_ == nullptr) return;
  Peer* p = Find(peer);
  if (p == nullptr || p->trace == nullptr) return;
  multiplayer::Event ev;
  const absl::Status st = incoming
                              ? p->trace->Feed(peer, 1, d.channel, bytes, &ev)
                              : p->trace->Feed(1, peer, d.channel, bytes, &ev);
  if (st.ok()) handler_->OnPacket(incoming, peer, d, ev);
}

std::vector<int32_t> Core::Targets(int32_t target) const {
  std::vector<int32_t> out;
  if (target > 0) {
    const Peer* p = Find(target);
    if (p != nullptr && p->admitted) out.push_back(target);
    return out;
  }
  for (const auto& [id, p] : peers_) {
    if (p->admitted && !Excluded(id, target)) out.push_back(id);
  }
  return out;
}

absl::Status Core::CheckTarget(int32_t target) const {
  if (target == 1) {
    return absl::InvalidArgumentError("the server is peer 1: not a target");
  }
  if (target > 0) {
    const Peer* p = Find(target);
    if (p == nullptr || !p->admitted) {
      return absl::NotFoundError(absl::StrCat("no peer ", target));
    }
  }
  return absl::OkStatus();
}

std::string Core::ChecksumFor(absl::string_view path) const {
  if (options_.manifest != nullptr) {
    std::optional<std::string> sum = options_.manifest->ChecksumFor(path);
    if (sum) return *sum;
  }
  auto it = client_checksums_.find(path);
  if (it != client_checksums_.end()) return it->second;
  return kNoChecksum;
}

const std::vector<multiplayer::ManifestRpc>* Core::MethodsFor(
    absl::string_view path) {
  if (options_.manifest == nullptr) return nullptr;
  auto it = methods_.find(path);
  if (it != methods_.end()) return it->second;
  // The node's own configuration; else (a node the manifest cannot place)
  // the methods of the script whose checksum a client announced for it.
  const auto* m = options_.manifest->MethodsAt(path);
  if (m == nullptr) {
    m = options_.manifest->MethodsForChecksum(ChecksumFor(path));
  }
  if (methods_.size() >= options_.max_server_paths) methods_.clear();
  methods_.emplace(std::string(path), m);
  return m;
}

absl::Status Core::RpcId(int32_t target, absl::string_view node_path,
                         uint16_t method_id,
                         absl::Span<const multiplayer::Value> args,
                         const Delivery& delivery) {
  if (absl::Status st = CheckTarget(target); !st.ok()) return st;
  if (args.size() > 255) {
    return absl::InvalidArgumentError("more than 255 arguments");
  }
  const std::vector<int32_t> targets = Targets(target);
  if (targets.empty()) return absl::OkStatus();
  // SceneCacheInterface::send_object_cache: the node's id, announced to
  // each target that was never sent it.
  auto it = announced_.find(node_path);
  if (it == announced_.end()) {
    if (announced_.size() >= options_.max_server_paths) {
      return absl::ResourceExhaustedError("server path cache full");
    }
    it = announced_
             .emplace(std::string(node_path),
                      Announced{next_id_++, ChecksumFor(node_path)})
             .first;
  }
  const uint32_t id = it->second.id;
  bool has_all = true;
  for (int32_t t : targets) {
    Peer* p = Find(t);
    auto s = p->sent.find(id);
    if (s == p->sent.end()) {
      multiplayer::SimplifyPath sp;
      sp.checksum = it->second.checksum;
      sp.cache_id = id;
      sp.path = std::string(node_path);
      absl::StatusOr<std::string> b =
          multiplayer::Encode(multiplayer::MakePacket(std::move(sp)));
      if (!b.ok()) return b.status();
      p->sent.emplace(id, false);
      SendTo(t, kReliable0, Bytes(*b));
      has_all = false;
    } else if (!s->second) {
      has_all = false;
    }
  }
  // SceneRPCInterface::_send_rpc: the cache id when every target confirmed
  // it, else the path inline; no arguments or one PackedByteArray: the
  // byte-only form.
  multiplayer::RemoteCall rc;
  if (has_all) {
    rc.node_id = id;
  } else {
    rc.path = std::string(node_path);
  }
  rc.method_id = method_id;
  if (args.empty()) {
    rc.byte_only = true;
  } else if (args.size() == 1 &&
             args[0].value.type() == Type::kPackedByteArray) {
    rc.byte_only = true;
    const auto& pba = args[0].value.packed_bytes();
    rc.raw_args.assign(reinterpret_cast<const char*>(pba.data()), pba.size());
  } else {
    rc.args.assign(args.begin(), args.end());
  }
  std::string out;
  out.swap(scratch_);
  out.clear();
  absl::Status st =
      multiplayer::EncodeTo(multiplayer::MakePacket(std::move(rc)), &out);
  if (st.ok()) {
    for (int32_t t : targets) SendTo(t, delivery, Bytes(out));
  }
  scratch_.swap(out);
  return st;
}

absl::Status Core::Rpc(int32_t target, absl::string_view node_path,
                       absl::string_view method, absl::Span<const Variant> args,
                       std::optional<Delivery> delivery) {
  if (options_.manifest == nullptr) {
    return absl::FailedPreconditionError(
        "Rpc by name needs a manifest (RpcId takes the method id)");
  }
  const auto* methods = MethodsFor(node_path);
  const multiplayer::ManifestRpc* rpc = nullptr;
  if (methods != nullptr) {
    for (const auto& m : *methods) {
      if (m.name == method) rpc = &m;
    }
  }
  if (rpc == nullptr) {
    return absl::NotFoundError(absl::StrCat("no RPC method '", method,
                                            "' on node ", node_path,
                                            " in the manifest"));
  }
  Delivery d;
  d.channel = rpc->channel;
  d.mode =
      ParseTransferMode(rpc->transfer_mode).value_or(TransferMode::kReliable);
  if (delivery) d = *delivery;
  std::vector<multiplayer::Value> values;
  values.reserve(args.size());
  for (const Variant& v : args) values.push_back(multiplayer::MakeValue(v));
  return RpcId(target, node_path, rpc->id, values, d);
}

absl::Status Core::Reply(const IncomingCall& call, absl::string_view method) {
  if (options_.manifest == nullptr || call.call == nullptr) {
    return absl::FailedPreconditionError("Reply needs a manifest and a call");
  }
  const auto* methods = MethodsFor(call.node_path);
  const multiplayer::ManifestRpc* rpc = nullptr;
  if (methods != nullptr) {
    for (const auto& m : *methods) {
      if (m.name == method) rpc = &m;
    }
  }
  if (rpc == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("no RPC method '", method, "' on node ", call.node_path));
  }
  Delivery d;
  d.channel = rpc->channel;
  d.mode =
      ParseTransferMode(rpc->transfer_mode).value_or(TransferMode::kReliable);
  const multiplayer::RemoteCall& in = *call.call;
  if (in.byte_only) {
    // No arguments, or one PackedByteArray: send the same form back.
    std::vector<multiplayer::Value> one;
    if (!in.raw_args.empty()) {
      std::vector<uint8_t> b(in.raw_args.begin(), in.raw_args.end());
      one.push_back(multiplayer::MakeValue(Variant::PackedBytes(std::move(b))));
    }
    return RpcId(call.from, call.node_path, rpc->id, one, d);
  }
  return RpcId(call.from, call.node_path, rpc->id, in.args, d);
}

absl::Status Core::SendBytes(int32_t target, absl::string_view bytes,
                             const Delivery& delivery) {
  if (absl::Status st = CheckTarget(target); !st.ok()) return st;
  if (bytes.empty()) {
    return absl::InvalidArgumentError("an empty raw packet");
  }
  std::string out(1, static_cast<char>(kCmdRaw));
  out.append(bytes.data(), bytes.size());
  for (int32_t t : Targets(target)) SendTo(t, delivery, Bytes(out));
  return absl::OkStatus();
}

absl::Status Core::SendAuth(int32_t peer, absl::string_view data) {
  Peer* p = Find(peer);
  if (p == nullptr || p->admitted) {
    return absl::FailedPreconditionError(
        absl::StrCat("peer ", peer, " is not authenticating"));
  }
  if (data.empty()) return absl::InvalidArgumentError("empty auth data");
  if (p->auth_local || p->auth_remote) {
    return absl::FailedPreconditionError(
        "the authentication was marked complete: no more data");
  }
  std::string out = {static_cast<char>(kCmdSys), static_cast<char>(kSysAuth)};
  out.append(data.data(), data.size());
  SendTo(peer, kReliable0, Bytes(out));
  return absl::OkStatus();
}

absl::Status Core::CompleteAuth(int32_t peer) {
  Peer* p = Find(peer);
  if (p == nullptr || p->admitted) {
    return absl::FailedPreconditionError(
        absl::StrCat("peer ", peer, " is not authenticating"));
  }
  if (p->auth_local) {
    return absl::FailedPreconditionError("authentication already completed");
  }
  p->auth_local = true;
  const uint8_t buf[2] = {kCmdSys, kSysAuth};
  SendTo(peer, kReliable0, buf);
  if (p->auth_remote) Admit(peer);
  return absl::OkStatus();
}

}  // namespace server
}  // namespace gdwire
