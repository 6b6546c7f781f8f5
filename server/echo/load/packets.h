// Copyright 2026 The gdwire Authors.
//
// server/echo/load/packets.h: what gdwire_load sends and checks, apart from
// the sockets: the remote calls of a healthy Godot 4 client (built with the
// multiplayer codec, codec/multiplayer/packet.h), the argument bytes of a
// call and of its reply, and the hostile packets and ENet datagrams
// (<enet/protocol.h>) of the abusive peers.

#ifndef GDWIRE_TOOLS_SERVE_LOAD_PACKETS_H_
#define GDWIRE_TOOLS_SERVE_LOAD_PACKETS_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"

namespace gdwire {
namespace load {

// How a game sends one @rpc method: Godot 4's ENetMultiplayerPeer puts game
// channel 0 on ENet channel 0 (reliable) or 1 (unreliable modes), game
// channel n >= 1 on ENet channel n + 1.
struct Delivery {
  uint8_t enet_channel = 0;
  uint32_t enet_flags = 0;  // ENET_PACKET_FLAG_*
  std::string mode;         // "reliable", "unreliable", "unreliable_ordered"
  int channel = 0;          // the game's
};
Delivery DeliveryFor(absl::string_view transfer_mode, int channel);

// The node and methods a healthy peer calls, from the manifest.
struct Target {
  std::string node;      // "Main/Rel0"
  std::string checksum;  // what SimplifyPath carries
  uint16_t method_id = 0;
  uint16_t reply_id = 0;
  Delivery call;   // the method's own config
  Delivery reply;  // the reply method's config (what the server should use)
};
absl::StatusOr<Target> ResolveTarget(const multiplayer::FileManifest& m,
                                     absl::string_view node,
                                     absl::string_view method,
                                     absl::string_view reply_method);

// Realistic argument values: ints of every width, floats, bools, strings
// (ASCII, UTF-8, long), Vector2/3, Color, a small Dictionary and Array, a
// PackedByteArray.
std::vector<multiplayer::Value> ValuePool(uint64_t seed);

// Sequence numbers start here: from 2^15 to 2^31 - 1 an int takes the
// 4-byte form in Godot's encoding as in ours.
constexpr uint32_t kFirstSeq = 0x10000;

// One prepared call: the packet's bytes with a 4-byte sequence number as
// its first argument (patched in place per call: SetSeq), built with
// MakeValue as the engine would encode it.
struct CallTemplate {
  std::string bytes;
  size_t seq_offset = 0;  // the 4 bytes of the sequence number
  size_t args_begin = 0;  // [argc][values...] in `bytes`
  size_t args_end = 0;
};
// `inline_path`: the node path in the packet (before the server confirms
// the peer's SimplifyPath); else cache id `cache_id`.
absl::StatusOr<CallTemplate> MakeCallTemplate(
    const Target& t, bool inline_path, uint32_t cache_id,
    const std::vector<multiplayer::Value>& extra_args);
void SetSeq(uint32_t seq, size_t offset, std::string* bytes);
uint32_t GetSeq(absl::string_view bytes, size_t offset);

// Sets of arguments (1 to 4 values of the pool each, seq excluded).
std::vector<std::vector<multiplayer::Value>> ArgumentSets(
    const std::vector<multiplayer::Value>& pool, size_t n, uint64_t seed);

// The argument bytes of a decoded remote call ([argc][values][args tail]
// or, byte-only, the raw argument), as they are in `packet`. Empty when
// the layout does not add up.
absl::string_view ArgsBytes(absl::string_view packet,
                            const multiplayer::RemoteCall& rc);

std::string EncodeOrDie(const multiplayer::Packet& p);
std::string SimplifyPathPacket(absl::string_view checksum, uint32_t cache_id,
                               absl::string_view path);
std::string ConfirmPathPacket(uint32_t cache_id, bool valid);

// A packet the codec rejects (random bytes, mostly with a real command in
// the low bits), never a valid SceneMultiplayer packet.
std::string GarbagePacket(std::mt19937_64* rng);
// A packet that decodes but that a server must refuse for this peer: a
// sys add/del peer notice from a client, a confirmation of a path the
// server never announced, a call on a cache id never announced.
std::string SemanticBadPacket(std::mt19937_64* rng);

// Abusive ENet datagrams for a connected peer, sent from its host's socket:
// `header_peer_id` is the peer's outgoingPeerID | outgoingSessionID << 12
// (what libenet puts in its header), `sent_time` the host's clock. `seq` is
// the reliable sequence number to use on `channel` (a channel the peer uses
// for nothing else). Kinds:
enum class FragmentAbuse : uint8_t {
  kHugeReassembly,   // SEND_FRAGMENT: 1M fragments, total 4 MiB
  kHugeTotal,        // total length 32 MiB (libenet's default bound)
  kTooLongTotal,     // total length 1 GiB (over any bound)
  kCountOverTotal,   // more fragments than bytes
  kNumberPastCount,  // fragment number >= fragment count
  kOffsetPastTotal,  // fragment offset >= total length
  kLengthLies,       // data length longer than the datagram
  kUnreliableHuge,   // SEND_UNRELIABLE_FRAGMENT, 1M fragments, 4 MiB
  kFillSpread,       // one fragment of a pending huge packet, far in
  kRandomCommands,   // random command bytes after a valid header
  kCount,
};
const char* FragmentAbuseName(FragmentAbuse k);
std::string FragmentDatagram(FragmentAbuse kind, uint16_t header_peer_id,
                             uint16_t sent_time, uint8_t channel, uint16_t seq,
                             std::mt19937_64* rng);

// Datagrams from an unconnected socket that look like ENet: a CONNECT that
// is never acknowledged (a half-open connection), CONNECTs with values out
// of ENet's ranges, headers naming a peer that is not the sender's,
// truncated headers, a "compressed" header over garbage.
std::string StrayDatagram(std::mt19937_64* rng, uint32_t connect_data);

}  // namespace load
}  // namespace gdwire

#endif  // GDWIRE_TOOLS_SERVE_LOAD_PACKETS_H_
