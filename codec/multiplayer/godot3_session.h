// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/godot3_session.h: a Godot 3.x connection as an
// observer sees it (codec/multiplayer/session.h is the Godot 4 one). Feed
// it every ENet packet NetworkedMultiplayerENet sent (channel 0: peer
// notices; other channels: the 8-byte [source][target] header and a
// MultiplayerAPI packet); it keeps the path caches (per sender and
// receiver, bounded, oldest forgotten first) and names each call's node.
//
//   gdwire::multiplayer::godot3::Session s;
//   gdwire::multiplayer::godot3::Event ev;
//   if (s.FeedEnet(from_id, to_id, channel, bytes, &ev).ok())
//     std::cout << gdwire::multiplayer::godot3::ToText(ev) << "\n";
//       // rpc Main.r10_one(Vector3( 1, 2, 3 ))
//       // relay 2 -> 3: rset Main.hp = 5       (forwarded by the server)
//       // config add_peer 3
//
// The server forwards a client-to-client packet unchanged: the hop client
// -> server is not processed there (Event::processed false) and the hop
// server -> client is.

#ifndef GDWIRE_CODEC_MULTIPLAYER_GODOT3_SESSION_H_
#define GDWIRE_CODEC_MULTIPLAYER_GODOT3_SESSION_H_

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "codec/multiplayer/godot3.h"
#include "codec/multiplayer/session.h"

namespace gdwire {
namespace multiplayer {
namespace godot3 {

struct Event {
  int32_t from = 0, to = 0;  // the hop
  int channel = 0;
  bool config = false;  // a channel-0 notice (then no packet)
  uint32_t config_message = 0, config_peer = 0;
  uint32_t source = 0;  // the header's (or `from` without one)
  int32_t target = 0;   // the header's (or `to`)
  std::optional<Packet> packet;
  // The hop's receiver acts on it (it is the target, or one of them).
  bool processed = false;
  NodeRef node;  // remote call / set / simplify: the node
};

class Session {
 public:
  explicit Session(const SessionOptions& options = SessionOptions());

  // One ENet packet of NetworkedMultiplayerENet (header included).
  absl::Status FeedEnet(int32_t from, int32_t to, int channel,
                        absl::Span<const uint8_t> bytes, Event* event);
  // One MultiplayerAPI packet from a transport without that header.
  absl::Status Feed(int32_t from, int32_t to, absl::Span<const uint8_t> bytes,
                    Event* event);

  size_t path_count() const { return paths_.size(); }

 private:
  using Key = std::tuple<uint32_t, int32_t, uint32_t>;  // source, to, id
  absl::Status Run(absl::Span<const uint8_t> packet, Event* event);
  void Resolve(Event* ev, const Target& t);

  SessionOptions options_;
  std::map<Key, std::pair<std::string, uint64_t>> paths_;
  std::deque<std::pair<Key, uint64_t>> order_;
  size_t path_bytes_ = 0;
  uint64_t seq_ = 0;
};

// One line (see the top of this file), and one JSON object: "from", "to",
// "channel", then "config" {"message": "add_peer" | "remove_peer", "peer"}
// or "source", "target", "processed", "command", "node" (as in text.h),
// "method" + "args" | "property" + "value" | "cache_id" + "path" | "path" |
// "bytes" (hex).
std::string ToText(const Event& event);
std::string ToJson(const Event& event);

}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_GODOT3_SESSION_H_
