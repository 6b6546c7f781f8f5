// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/session.h: what an observer of a SceneMultiplayer
// connection (a capture tool, or a server written outside Godot) must
// remember to make sense of its packets:
//
//   * path caches: SimplifyPath announces "cache id N of sender S means
//     node path P"; later RemoteCalls, Spawns and Syncs name the node by N
//     alone. Kept per (sender, receiver), bounded in entries and bytes
//     (oldest forgotten first);
//   * the spawn table: a Spawn's net id -> its spawner and name, and its
//     synchronizers' net ids (removed by Despawn), bounded;
//   * relays: a client's packet to another client travels inside a sys
//     relay through the server; the event names the relayed packet's real
//     origin and target, and resolves it like a direct one.
//
// Feed it each packet a MultiplayerPeer delivered, with the multiplayer
// ids of both ends (1 = server) and the channel; each becomes one Event.
//
//   gdwire::multiplayer::Session session(gdwire::multiplayer::SessionOptions(),
//                                        &manifest);  // manifest optional
//   gdwire::multiplayer::Event ev;
//   absl::Status st = session.Feed(from_id, to_id, channel, bytes, &ev);
//   if (!st.ok()) ...;   // undecodable: gdwire::ErrorFromStatus(st)
//   std::cout << gdwire::multiplayer::ToText(ev) << "\n";
//                // rpc Main/Player2.set_pos(Vector3(1, 2, 3))
//
// A packet that fails to decode changes nothing.

#ifndef GDWIRE_CODEC_MULTIPLAYER_SESSION_H_
#define GDWIRE_CODEC_MULTIPLAYER_SESSION_H_

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/multiplayer/manifest.h"
#include "codec/multiplayer/packet.h"

namespace gdwire {
namespace multiplayer {

struct SessionOptions {
  PacketOptions packet;
  // Path-cache entries kept over all senders, and their path bytes.
  size_t max_paths = 4096;
  size_t max_path_bytes = size_t{1} << 20;
  // Spawned nodes kept over all senders, and their synchronizers' net ids
  // (a spawn may list thousands: the oldest spawns go first past this).
  size_t max_spawns = 16384;
  size_t max_spawn_syncs = 65536;
};

// How a packet's node was named.
enum class NodeSource : uint8_t {
  kNone,        // the packet names no node
  kInline,      // the path travels in the packet (RemoteCall, SimplifyPath)
  kCache,       // a path-cache id, resolved
  kSpawned,     // a spawned node's synchronizer (sync net id), resolved
  kUnresolved,  // a cache id or net id this session has not seen
};
absl::string_view NodeSourceName(NodeSource s);  // "inline", "cache", ...

struct NodeRef {
  NodeSource source = NodeSource::kNone;
  std::string path;       // as on the wire (relative to the multiplayer root)
  uint32_t cache_id = 0;  // kCache / kUnresolved cache ids
  uint32_t net_id = 0;    // kSpawned / kUnresolved net ids
  // kSpawned: the spawned node (name) and its spawner's path; `path` is
  // "SPAWNER_PATH/NAME" (the spawner's spawn_path is not on the wire).
  std::string spawned_name;
};

struct Event {
  // The hop: multiplayer ids of both ends and the channel.
  int32_t from = 0;
  int32_t to = 0;
  int channel = 0;
  Packet packet;  // as decoded
  // Who sent the (relayed) packet and to whom: for a relay from a client,
  // origin = from and target = the relay's peer field (0: all, -n: all but
  // n); from the server, origin = the peer field and target = to.
  int32_t origin = 0;
  int32_t target = 0;
  // The packet the rest describes: packet.body's relayed packet for a
  // relay, else `packet` itself.
  const Packet& payload() const;

  // RemoteCall: the node; SimplifyPath: the announced path; ConfirmPath:
  // the confirmed one; Spawn: the spawner; Despawn: the spawned node.
  NodeRef node;
  std::optional<std::string> method;  // RemoteCall, from the manifest
  // Spawn / Despawn: the spawned node's name (Despawn: when known).
  std::string spawned_name;
  // Sync: per block, the synchronizer, and the property names the manifest
  // gives (per value; empty where unknown).
  std::vector<NodeRef> sync_nodes;
  std::vector<std::vector<std::string>> sync_properties;
};

class Session {
 public:
  explicit Session(const SessionOptions& options = SessionOptions(),
                   const Manifest* manifest = nullptr);

  // Decodes `bytes` (one packet from `from` to `to` on `channel`) into
  // *event and updates the caches. On error *event is unspecified and the
  // state unchanged.
  absl::Status Feed(int32_t from, int32_t to, int channel,
                    absl::Span<const uint8_t> bytes, Event* event);
  absl::Status Feed(int32_t from, int32_t to, int channel,
                    absl::string_view bytes, Event* event) {
    return Feed(
        from, to, channel,
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes.data()),
                            bytes.size()),
        event);
  }

  // Forgets everything a peer announced (it disconnected).
  void ForgetPeer(int32_t peer);

  size_t path_count() const { return paths_.size(); }
  size_t path_bytes() const { return path_bytes_; }
  size_t spawn_count() const { return spawns_.size(); }
  size_t spawn_sync_count() const { return sync_owner_.size(); }

 private:
  using PathKey = std::tuple<int32_t, int32_t, uint32_t>;  // from, to, id
  using NetKey = std::pair<int32_t, uint32_t>;             // from, id
  struct PathEntry {
    std::string path;
    uint64_t seq;
  };
  struct SpawnEntry {
    std::string spawner_path;
    std::string name;
    std::vector<uint32_t> sync_net_ids;
    uint64_t seq;
  };

  void Resolve(Event* ev);
  NodeRef LookupCache(int32_t sender, int32_t receiver, uint32_t id) const;
  NodeRef LookupSync(int32_t sender, int32_t receiver, uint32_t net_id) const;
  void AddPath(int32_t sender, int32_t receiver, uint32_t id,
               const std::string& path);
  void AddSpawn(int32_t sender, int32_t receiver, const Spawn& s,
                const NodeRef& spawner);
  void RemoveSpawn(const PathKey& key);

  SessionOptions options_;
  const Manifest* manifest_;
  uint64_t seq_ = 0;
  std::map<PathKey, PathEntry> paths_;
  std::deque<std::pair<PathKey, uint64_t>> path_order_;
  size_t path_bytes_ = 0;
  std::map<NetKey, PathKey> by_sender_;  // (from, id) -> latest key
  // Spawns and their synchronizers' net ids, per (from, to, net id): each
  // receiver is sent the spawn (and its despawn) separately.
  std::map<PathKey, SpawnEntry> spawns_;
  std::deque<std::pair<PathKey, uint64_t>> spawn_order_;
  std::map<PathKey, uint32_t> sync_owner_;  // sync net id -> spawn net id
};

}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_SESSION_H_
