// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/godot3.h: Godot 3.x high-level multiplayer on the
// wire, as the 3.2 branch writes it (core/io/multiplayer_api.cpp,
// modules/enet/networked_multiplayer_enet.cpp):
//
//   * NetworkedMultiplayerENet puts an 8-byte header [u32 source]
//     [i32 target] before every packet on its data channels (1 reliable,
//     2 unreliable, 3+ ordered), and sends peer add / remove notices to
//     clients on channel 0 (SYSCH_CONFIG): [u32 0 add | 1 remove][u32 id].
//   * MultiplayerAPI packets (byte 0 is the whole command; names travel as
//     text; values are plain Variants, Dialect::kGodot3):
//       remote call  [0][u32 node][method name\0][u8 argc][argc Variants]
//       remote set   [1][u32 node][property name\0][one Variant]
//       simplify     [2][u32 cache id][path\0]
//       confirm      [3][path\0]
//       raw          [4][bytes]
//     A node with bit 31 set is 0x80000000 | the offset of the node path
//     (UTF-8 + NUL, relative to the root node) appended after the values.
//
//   absl::StatusOr<gdwire::multiplayer::godot3::EnetFrame> f =
//       gdwire::multiplayer::godot3::SplitEnet(channel, enet_payload);
//   if (f.ok() && !f->config) {
//     absl::StatusOr<gdwire::multiplayer::godot3::Packet> p =
//         gdwire::multiplayer::godot3::Decode(f->payload);
//     ... f->source, f->target, p->body ...
//   }
//
// Encode(Decode(bytes)) == bytes for every packet Decode accepts.

#ifndef GDWIRE_CODEC_MULTIPLAYER_GODOT3_H_
#define GDWIRE_CODEC_MULTIPLAYER_GODOT3_H_

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/multiplayer/packet.h"

namespace gdwire {
namespace multiplayer {
namespace godot3 {

enum class Command : uint8_t {
  kRemoteCall = 0,
  kRemoteSet = 1,
  kSimplifyPath = 2,
  kConfirmPath = 3,
  kRaw = 4,
};
// "remote_call", "remote_set", "simplify_path", "confirm_path", "raw".
absl::string_view CommandName(Command c);

// The node of a remote call / set: a cache id, or an inline path.
struct Target {
  uint32_t node_id = 0;             // ignored on encode when path is set
  std::optional<std::string> path;  // node id bit 31
  std::string path_tail = std::string(1, '\0');
};

struct RemoteCall {
  Target target;
  std::string method;       // the bytes before its NUL
  std::vector<Value> args;  // kVariant values, at most 255
  std::string args_tail;    // bytes after them the engine ignores
};

struct RemoteSet {
  Target target;
  std::string property;
  Value value;
  std::string tail;
};

struct SimplifyPath {
  uint32_t cache_id = 0;
  std::string path;
  std::string path_tail = std::string(1, '\0');
};

struct ConfirmPath {
  std::string path;
  std::string path_tail = std::string(1, '\0');
};

struct Raw {
  std::string bytes;
};

struct Packet {
  std::variant<RemoteCall, RemoteSet, SimplifyPath, ConfirmPath, Raw> body;
  Command command() const { return static_cast<Command>(body.index()); }
};

// options.values.dialect is taken as Dialect::kGodot3 whatever it says.
absl::StatusOr<Packet> Decode(absl::Span<const uint8_t> bytes,
                              const PacketOptions& options = PacketOptions());
inline absl::StatusOr<Packet> Decode(
    absl::string_view bytes, const PacketOptions& options = PacketOptions()) {
  return godot3::Decode(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes.data()),
                          bytes.size()),
      options);
}
absl::StatusOr<std::string> Encode(const Packet& packet);

// One ENet packet of NetworkedMultiplayerENet.
struct EnetFrame {
  // Channel 0: a configuration notice.
  bool config = false;
  enum ConfigMessage : uint32_t { kAddPeer = 0, kRemovePeer = 1 };
  uint32_t message = 0;  // config
  uint32_t peer = 0;     // config: the peer added / removed
  // Data channels: the header and the MultiplayerAPI packet after it.
  uint32_t source = 0;
  int32_t target = 0;  // 0: all, -n: all but n
  absl::Span<const uint8_t> payload;
};
// `bytes` must outlive the frame's payload.
absl::StatusOr<EnetFrame> SplitEnet(int channel,
                                    absl::Span<const uint8_t> bytes);
std::string JoinEnet(const EnetFrame& frame);

// One line for humans, as codec/multiplayer/text.h: `rpc Player.set_pos(...)`,
// `rset Player.hp = 3`, `simplify_path 1 = Player`, `confirm_path Player`,
// `raw 3 bytes 0a0b0c`; a cached node id this function cannot resolve
// prints as <cache N> unless `node_path` is given.
std::string ToText(const Packet& packet, absl::string_view node_path = "");

}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_GODOT3_H_
