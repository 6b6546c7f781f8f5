// Copyright 2026 The gdwire Authors.
//
// The sending half of the server core (server/core.h): remote calls with
// the server's own path cache, replies, raw packets, authentication, and
// the targets they go to. Each step names the engine function it follows
// (Godot 4.6, modules/multiplayer/).

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "server/core.h"
#include "server/internal/core_state.h"

namespace gdwire {
namespace server {

using internal::Bytes;
using internal::Excluded;
using internal::kCmdRaw;
using internal::kCmdSys;
using internal::kNoChecksum;
using internal::kReliable0;
using internal::kSysAuth;

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
