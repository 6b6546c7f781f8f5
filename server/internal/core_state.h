// Copyright 2026 The gdwire Authors.
//
// server/internal/core_state.h: what server/core.cc (receiving, peers) and
// server/core_send.cc (sending) share: the wire constants of
// SceneMultiplayer's system messages and a peer's state.

#ifndef GDWIRE_SERVER_INTERNAL_CORE_STATE_H_
#define GDWIRE_SERVER_INTERNAL_CORE_STATE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/session.h"
#include "server/core.h"

namespace gdwire {
namespace server {
namespace internal {

inline constexpr uint8_t kCmdSys =
    static_cast<uint8_t>(multiplayer::Command::kSys);
inline constexpr uint8_t kCmdRaw =
    static_cast<uint8_t>(multiplayer::Command::kRaw);
inline constexpr uint8_t kSysAuth =
    static_cast<uint8_t>(multiplayer::SysCommand::kAuth);
inline constexpr uint8_t kSysAddPeer =
    static_cast<uint8_t>(multiplayer::SysCommand::kAddPeer);
inline constexpr uint8_t kSysDelPeer =
    static_cast<uint8_t>(multiplayer::SysCommand::kDelPeer);
inline constexpr uint8_t kSysRelay =
    static_cast<uint8_t>(multiplayer::SysCommand::kRelay);
inline constexpr size_t kSysCmdSize = 6;  // SceneMultiplayer::SYS_CMD_SIZE
// The checksum sent for a node neither the manifest nor a client names.
inline constexpr char kNoChecksum[] = "00000000000000000000000000000000";

inline constexpr Delivery kReliable0{0, TransferMode::kReliable};

inline void PutU32(uint32_t v, uint8_t* p) {
  p[0] = v & 0xFF;
  p[1] = (v >> 8) & 0xFF;
  p[2] = (v >> 16) & 0xFF;
  p[3] = (v >> 24) & 0xFF;
}

// Target -n means "all but n" (INT32_MIN excludes no one: there is no such
// peer, and negating it would overflow).
inline bool Excluded(int32_t peer, int32_t target) {
  return target < 0 && int64_t{peer} == -int64_t{target};
}

inline absl::Span<const uint8_t> Bytes(absl::string_view s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

}  // namespace internal

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

}  // namespace server
}  // namespace gdwire

#endif  // GDWIRE_SERVER_INTERNAL_CORE_STATE_H_
