// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/packet.h"

#include <memory>

namespace gdwire {
namespace multiplayer {

absl::string_view CommandName(Command c) {
  switch (c) {
    case Command::kRemoteCall:
      return "remote_call";
    case Command::kSimplifyPath:
      return "simplify_path";
    case Command::kConfirmPath:
      return "confirm_path";
    case Command::kRaw:
      return "raw";
    case Command::kSpawn:
      return "spawn";
    case Command::kDespawn:
      return "despawn";
    case Command::kSync:
      return "sync";
    case Command::kSys:
      return "sys";
  }
  return "unknown";
}

absl::string_view SysCommandName(SysCommand c) {
  switch (c) {
    case SysCommand::kAuth:
      return "auth";
    case SysCommand::kAddPeer:
      return "add_peer";
    case SysCommand::kDelPeer:
      return "remove_peer";
    case SysCommand::kRelay:
      return "relay";
  }
  return "unknown";
}

Sys::Sys() = default;
Sys::~Sys() = default;
Sys::Sys(Sys&& o) noexcept = default;
Sys& Sys::operator=(Sys&& o) noexcept = default;

Sys::Sys(const Sys& o)
    : sys(o.sys),
      peer(o.peer),
      data(o.data),
      relayed(o.relayed ? std::make_unique<Packet>(*o.relayed) : nullptr) {}

Sys& Sys::operator=(const Sys& o) {
  if (this != &o) *this = Sys(o);
  return *this;
}

}  // namespace multiplayer
}  // namespace gdwire
