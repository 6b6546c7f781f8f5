// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/packet.h: one packet of Godot 4's SceneMultiplayer (the
// high-level multiplayer that `@rpc`, MultiplayerSpawner and
// MultiplayerSynchronizer speak over ENet or WebSocket), as a value:
// decoded from the bytes a MultiplayerPeer delivers, and encoded back to
// exactly the same bytes.
//
// Byte 0 holds the command in its low 3 bits and per-command flags in its
// high 4 (modules/multiplayer/scene_multiplayer.h). The layouts, read from
// the engine's source (scene_rpc_interface.cpp, scene_cache_interface.cpp,
// scene_replication_interface.cpp, scene_multiplayer.cpp,
// scene/main/multiplayer_api.cpp), are described at each struct below.
// Multi-byte integers are little-endian.
//
// Every valid packet round-trips byte for byte: fields keep the widths and
// forms the sender chose (node and method id widths, the short forms of
// bool and int arguments, a Variant's exact bytes, bytes the engine
// ignores). Every count, width and size read from the wire is checked
// against the bytes left before use; an error names the command, the
// absolute byte offset and the cause (codec/error.h), e.g.
//
//   remote_call.args[1]: truncated String at byte 14
//
//   absl::StatusOr<gdwire::multiplayer::Packet> p =
//       gdwire::multiplayer::Decode(bytes);          // from ENet, say
//   if (!p.ok()) { gdwire::Error e = gdwire::ErrorFromStatus(p.status()); }
//   if (auto* rpc = std::get_if<gdwire::multiplayer::RemoteCall>(&p->body)) {
//     for (const gdwire::multiplayer::Value& a : rpc->args) ...a.value...
//   }
//   absl::StatusOr<std::string> same = gdwire::multiplayer::Encode(*p);
//
// Building a packet to send (the engine's choices of forms and widths):
//
//   gdwire::multiplayer::RemoteCall call;
//   call.node_id = 3;                 // a path-cache id the peer confirmed
//   call.method_id = 1;               // index in the node's sorted @rpc names
//   call.args.push_back(gdwire::multiplayer::MakeValue(Variant::Int(7)));
//   gdwire::multiplayer::Packet p = gdwire::multiplayer::MakePacket(call);
//   absl::StatusOr<std::string> bytes = gdwire::multiplayer::Encode(p);

#ifndef GDWIRE_CODEC_MULTIPLAYER_PACKET_H_
#define GDWIRE_CODEC_MULTIPLAYER_PACKET_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace multiplayer {

// SceneMultiplayer::NetworkCommands.
enum class Command : uint8_t {
  kRemoteCall = 0,
  kSimplifyPath = 1,
  kConfirmPath = 2,
  kRaw = 3,
  kSpawn = 4,
  kDespawn = 5,
  kSync = 6,
  kSys = 7,
};
// "remote_call", "simplify_path", "confirm_path", "raw", "spawn", "despawn",
// "sync", "sys".
absl::string_view CommandName(Command c);

// How MultiplayerAPI::encode_and_compress_variant wrote a value: a header
// byte whose low 6 bits are the Variant type; a bool carries its value in
// bit 7, an int its width in bits 6-7 (then 1, 2, 4 or 8 bytes); any other
// type is the ordinary Variant encoding (its first byte is the type).
enum class ValueForm : uint8_t {
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kVariant
};

struct Value {
  Variant value;
  ValueForm form = ValueForm::kVariant;
  // kBool / kInt*: the header byte as on the wire (bits the engine ignores
  // included); 0 = the engine's (type | width, or type | value << 7).
  uint8_t meta = 0;
  // kVariant: the exact bytes read; empty = encode `value` (what a caller
  // building a packet leaves). Encode writes these when present.
  std::string wire;
};
// The form the engine picks for `v` (smallest int width).
Value MakeValue(Variant v);

// NETWORK_COMMAND_REMOTE_CALL. Byte 0: bits 4-5 node id width (0: 8, 1: 16,
// 2: 32 bits), bit 6 method id width (0: 8, 1: 16), bit 7
// BYTE_ONLY_OR_NO_ARGS. Then the node id, the method id, then either
//   * (bit 7 clear) a u8 argument count and the compressed arguments, or
//   * (bit 7 set) no arguments (nothing follows) or the bytes of a single
//     PackedByteArray argument (the rest of the packet).
// A 32-bit node id with bit 31 set is 0x80000000 | the offset of the node
// path (UTF-8 + NUL, relative to the multiplayer root) appended after the
// arguments: sent while the receiver has not confirmed the path cache.
// Otherwise the node id is a path-cache id of the sender (SimplifyPath).
struct RemoteCall {
  uint8_t node_id_bytes = 0;        // 1, 2 or 4; 0 = smallest that fits
  uint32_t node_id = 0;             // ignored on encode when `path` is set
  std::optional<std::string> path;  // inline path (node id bit 31)
  std::string path_tail = std::string(1, '\0');  // bytes after the path text
  uint8_t method_id_bytes = 0;  // 1 or 2; 0 = smallest that fits
  // Index in the node's RPC methods sorted by name; bit 15 marks a method
  // of the node's own (native) rpc config rather than its script's.
  uint16_t method_id = 0;
  // BYTE_ONLY_OR_NO_ARGS: `args` is empty and `raw_args` holds the bytes
  // of the one PackedByteArray argument (empty: a call without arguments).
  bool byte_only = false;
  std::string raw_args;
  std::vector<Value> args;  // at most 255
  // Bytes after the last counted argument that the engine ignores.
  std::string args_tail;
};

// NETWORK_COMMAND_SIMPLIFY_PATH: the sender announces cache id -> path.
// [cmd][32 hex chars: md5 of the node's concatenated RPC names][NUL]
// [u32 cache id][path UTF-8, NUL-terminated]. At least 38 bytes.
struct SimplifyPath {
  std::string checksum;      // 32 bytes
  uint8_t checksum_end = 0;  // the byte after it (the engine's NUL)
  uint32_t cache_id = 0;
  std::string path;  // up to the first NUL
  std::string path_tail = std::string(1, '\0');
};

// NETWORK_COMMAND_CONFIRM_PATH: the receiver's answer. Exactly 6 bytes:
// [cmd][u8 checksum valid][u32 cache id (the announcer's)].
struct ConfirmPath {
  uint8_t valid = 1;
  uint32_t cache_id = 0;
};

// NETWORK_COMMAND_RAW (SceneMultiplayer.send_bytes): [cmd][bytes], at least
// one byte.
struct Raw {
  std::string bytes;
};

// NETWORK_COMMAND_SPAWN: [cmd][u8 scene id][u32 spawner cache id]
// [u32 net id][u32 sync count][u32 name length (with its NUL)]
// [u32 sync net id x count][name][if scene id == 255 (custom spawn):
// u32 size, the compressed spawn argument in `size` bytes]
// [compressed spawn-state values to the end]. At least 18 bytes.
struct Spawn {
  static constexpr uint8_t kCustomScene = 255;
  uint8_t scene_id = 0;
  uint32_t spawner_cache_id = 0;  // a path-cache id of the sender
  uint32_t net_id = 0;
  std::vector<uint32_t> sync_net_ids;
  std::string name;  // up to the first NUL
  std::string name_tail = std::string(1, '\0');
  std::optional<Value> custom_arg;  // scene_id == kCustomScene
  std::string custom_arg_tail;      // bytes of its size left after the value
  std::vector<Value> state;
};

// NETWORK_COMMAND_DESPAWN: [cmd][u32 net id], at least 5 bytes.
struct Despawn {
  uint32_t net_id = 0;
  std::string tail;  // bytes after it (ignored by the engine)
};

// One synchronizer's values in a sync packet. A net id with bit 31 set is
// 0x80000000 | a path-cache id of the synchronizer; otherwise one of the
// sync net ids of a Spawn.
struct SyncBlock {
  uint32_t net_id = 0;
  uint64_t mask = 0;  // delta: bit i = sync property i is present
  std::vector<Value> values;
};

// NETWORK_COMMAND_SYNC, at least 11 bytes. Full (unreliable; flag bit 4
// clear): [cmd][u16 time] then blocks [u32 net id][u32 size][values] while
// more than 8 bytes are left. Delta (reliable; bit 4 set): [cmd] then
// blocks [u32 net id][u64 mask][u32 size][values] while more than 16 bytes
// are left. Values fill their block's size exactly.
struct Sync {
  bool delta = false;
  uint16_t time = 0;  // full only
  std::vector<SyncBlock> blocks;
  std::string tail;  // the bytes too few for another block
};

struct Packet;

// NETWORK_COMMAND_SYS: [cmd][u8 sys command] then
//   * auth: the bytes of send_auth (none: "authentication complete");
//   * add / remove peer (server -> client, relay mode): [i32 peer id];
//   * relay: [i32 peer][a nested packet, at least 1 byte]; the peer is the
//     target when a client sends it to the server (0: all, -n: all but n)
//     and the source when the server forwards it.
enum class SysCommand : uint8_t { kAuth = 0, kAddPeer, kDelPeer, kRelay };
absl::string_view SysCommandName(SysCommand c);  // "auth", "add_peer", ...

struct Sys {
  SysCommand sys = SysCommand::kAuth;
  int32_t peer = 0;  // not auth
  std::string data;  // auth: its bytes; add / remove peer: bytes after
  std::unique_ptr<Packet> relayed;  // relay: the nested packet (not a sys)

  Sys();
  ~Sys();
  Sys(const Sys& o);
  Sys& operator=(const Sys& o);
  Sys(Sys&& o) noexcept;
  Sys& operator=(Sys&& o) noexcept;
};

struct Packet {
  using Body = std::variant<RemoteCall, SimplifyPath, ConfirmPath, Raw, Spawn,
                            Despawn, Sync, Sys>;
  Body body;
  // Bits of byte 0 that the command gives no meaning (bit 3 always; bits
  // 4-7 unless used above), ORed in by Encode.
  uint8_t spare_bits = 0;

  Command command() const { return static_cast<Command>(body.index()); }
};

template <typename T>
Packet MakePacket(T body) {
  Packet p;
  p.body = std::move(body);
  return p;
}

struct PacketOptions {
  // Arguments and state values: dialect (kGodot4), allow_objects (off, as
  // SceneMultiplayer.allow_object_decoding), depth and size limits.
  DecodeOptions values;
  // Most values (arguments, spawn state, sync values) one packet may hold.
  size_t max_values = 4096;
  // Most sync blocks and spawn sync ids one packet may hold.
  size_t max_blocks = 4096;
  // false: values in the ordinary Variant encoding (kVariant) are checked
  // as fully as ever (the indexed document's parse: the same verdicts,
  // offsets and paths) but kept as their bytes alone (Value::wire; `value`
  // stays Nil), for a reader that parses them itself
  // (codec/document/document.h) or passes them on (a server's echo or
  // relay). Bools and ints in their short forms are still decoded.
  bool keep_values = true;
};

// Decodes one SceneMultiplayer packet (the whole of it).
absl::StatusOr<Packet> Decode(absl::Span<const uint8_t> bytes,
                              const PacketOptions& options = PacketOptions());
inline absl::StatusOr<Packet> Decode(
    absl::string_view bytes, const PacketOptions& options = PacketOptions()) {
  return Decode(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes.data()),
                          bytes.size()),
      options);
}

// The packet's bytes. Fails (kInvalidArgument / kUnsupported) for what the
// wire cannot carry: more than 255 arguments, a node id too wide for its
// width, an inline path with a narrow node id, a relay of a relay, ...
absl::StatusOr<std::string> Encode(const Packet& packet);
// Appends to *out; on error *out is unchanged.
absl::Status EncodeTo(const Packet& packet, std::string* out);

}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_PACKET_H_
