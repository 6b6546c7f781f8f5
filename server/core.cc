// Copyright 2026 The gdwire Authors.
//
// The server side of SceneMultiplayer (server/core.h). Each step names the
// engine function it follows (Godot 4.6, modules/multiplayer/).

#include "server/core.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "server/internal/core_state.h"

namespace gdwire {
namespace server {
using internal::Bytes;
using internal::Excluded;
using internal::kCmdSys;
using internal::kReliable0;
using internal::kSysAddPeer;
using internal::kSysAuth;
using internal::kSysCmdSize;
using internal::kSysDelPeer;
using internal::kSysRelay;
using internal::PutU32;
using multiplayer::Command;
using multiplayer::Packet;
using multiplayer::SysCommand;

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
    so.packet.keep_values = true;  // the log shows the values
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
    case Command::kRemoteCall:
      return ProcessRemoteCall(from, p, d,
                               std::get<multiplayer::RemoteCall>(packet.body),
                               broadcast);
    case Command::kSimplifyPath:
      return ProcessSimplifyPath(
          from, p, std::get<multiplayer::SimplifyPath>(packet.body));
    case Command::kConfirmPath:
      return ProcessConfirmPath(
          from, p, std::get<multiplayer::ConfirmPath>(packet.body));
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

// SceneRPCInterface::process_rpc.
void Core::ProcessRemoteCall(int32_t from, Peer* p, const Delivery& d,
                             const multiplayer::RemoteCall& rc,
                             bool broadcast) {
  IncomingCall call;
  call.from = from;
  call.delivery = d;
  call.method_id = rc.method_id;
  call.broadcast = broadcast;
  call.call = &rc;
  if (!CallNodePath(from, p, rc, &call.node_path)) return;
  if (!CallRpc(from, p, rc, &call)) return;
  if (handler_ != nullptr) handler_->OnCall(call);
}

// The called node's path: inline, or from the peer's path cache. False
// when there is none (the peer failed).
bool Core::CallNodePath(int32_t from, Peer* p,
                        const multiplayer::RemoteCall& rc, std::string* out) {
  if (rc.path.has_value()) {
    if (rc.path->empty()) {
      // get_node(NodePath()) finds no node.
      Fail(from, p,
           Error(ErrorKind::kInvalidNodePath, 1, "remote_call.path",
                 "an empty inline node path"));
      return false;
    }
    *out = *rc.path;
    return true;
  }
  auto it = p->paths.find(rc.node_id);
  if (it == p->paths.end()) {
    Fail(from, p,
         Error(ErrorKind::kInvalidArgument, 1, "remote_call.node_id",
               absl::StrCat("unknown path-cache id ", rc.node_id)));
    return false;
  }
  *out = it->second;
  return true;
}

// With a manifest: the called method (an unknown id fails the peer), and
// with CoreOptions::enforce_rpc_mode its rpc_mode checked against the
// caller. False when the call is refused (the peer failed).
bool Core::CallRpc(int32_t from, Peer* p, const multiplayer::RemoteCall& rc,
                   IncomingCall* call) {
  if (options_.manifest != nullptr) {
    if (const auto* methods = MethodsFor(call->node_path)) {
      for (const multiplayer::ManifestRpc& m : *methods) {
        if (m.id == rc.method_id) {
          call->rpc = &m;
          call->method = &m.name;
          break;
        }
      }
      if (call->rpc == nullptr) {
        Fail(from, p,
             Error(ErrorKind::kInvalidArgument, 1, "remote_call.method_id",
                   absl::StrCat("no RPC method #", rc.method_id, " on node ",
                                call->node_path)));
        return false;
      }
    }
  }
  if (options_.enforce_rpc_mode && call->rpc != nullptr) {
    const std::string& mode = call->rpc->rpc_mode;
    const int32_t authority =
        options_.authority ? options_.authority(call->node_path) : 1;
    if (mode == "disabled" || (mode == "authority" && from != authority)) {
      Fail(from, p,
           Error(ErrorKind::kInvalidArgument, 1, "remote_call",
                 absl::StrCat("RPC '", call->rpc->name,
                              "' is not allowed on node ", call->node_path,
                              " from: ", from, ". Mode is ", mode,
                              ", authority is ", authority, ".")));
      return false;
    }
  }
  return true;
}

// SceneCacheInterface::process_simplify_path.
void Core::ProcessSimplifyPath(int32_t from, Peer* p,
                               const multiplayer::SimplifyPath& sp) {
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
               absl::StrCat("path cache full (", p->paths.size(), " paths, ",
                            p->path_bytes, " bytes)")));
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
}

// SceneCacheInterface::process_confirm_path.
void Core::ProcessConfirmPath(int32_t from, Peer* p,
                              const multiplayer::ConfirmPath& cp) {
  auto it = p->sent.find(cp.cache_id);
  if (it == p->sent.end()) {
    Fail(from, p,
         Error(ErrorKind::kInvalidArgument, 2, "confirm_path",
               absl::StrCat("confirms path-cache id ", cp.cache_id,
                            " that was never sent")));
    return;
  }
  it->second = true;
}

}  // namespace server
}  // namespace gdwire
