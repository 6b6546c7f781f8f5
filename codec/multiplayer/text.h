// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/text.h: a Session's events for humans (one line each)
// and as JSON (one object per line, stable field names). Values are
// written as the engine's var_to_str (codec/text/text.h) in text, and in
// gdwire's lossless JSON (codec/text/json.h, docs/JSON.md) in JSON.
//
//   rpc Main/Player2.set_pos(Vector3(1, 2, 3))
//   rpc Main/Player2.method #3(1, "a")             (no name in the manifest)
//   rpc <cache 5>.method #0()                       (path never announced)
//   simplify_path 1 = Main/Player2 (checksum 80ffc684...)
//   confirm_path 1 Main/Player2 valid
//   raw 3 bytes 0a0b0c
//   spawn Bot7 net 1 by Main/Spawner custom(7) syncs [2] state(Vector2(7, 14),
//   0.5) despawn net 1 Main/Spawner/Bot7 sync time 5 [Main/Spawner/Bot7 net 2:
//   position=Vector2(10, 20)] sync delta [Main/Spawner/Bot7 net 2 mask 0x3:
//   0.5, true] sys add_peer 3 relay 2 -> 3: rpc Main/Player2.method #0("via",
//   "relay")
//
//   std::string line = gdwire::multiplayer::ToText(event);
//   std::string json = gdwire::multiplayer::ToJson(event);
//
// JSON fields: "from", "to", "channel", "command" (CommandName), then per
// command: remote_call: "node", "method_id", "method" (when known),
// "args" (array of values) or "raw_args" (hex); simplify_path: "cache_id",
// "path", "checksum"; confirm_path: "cache_id", "valid", "node";
// raw: "bytes" (hex); spawn: "spawner", "scene_id", "net_id", "name",
// "sync_net_ids", "custom_arg" (when custom), "state"; despawn: "net_id",
// "node"; sync: "delta", "time" (full), "blocks" [{"net_id", "mask"
// (delta), "node", "values", "properties" (when known)}]; sys: "sys"
// (SysCommandName), "peer", "data" (hex), and for a relay "origin",
// "target" and "relayed" (the nested packet's fields, with "command").
// A node is {"source": NodeSourceName, "path", "cache_id" / "net_id"}.

#ifndef GDWIRE_CODEC_MULTIPLAYER_TEXT_H_
#define GDWIRE_CODEC_MULTIPLAYER_TEXT_H_

#include <string>
#include <unordered_map>

#include "codec/multiplayer/session.h"
#include "codec/variant.h"

namespace gdwire {
namespace multiplayer {

struct TextOptions {
  // Prefix each line with the hop: "2 -> 1 ch 0: ".
  bool hop = false;
  // Most bytes of raw data shown in hex before "..." (0: all).
  size_t max_hex_bytes = 64;
  // var_to_str texts the caller already made for some of the packet's
  // values, by the address of the Variant in the Event's packet: used
  // instead of writing those values again (a capture that prints both the
  // line and each value's text writes each value once).
  const std::unordered_map<const Variant*, std::string>* value_texts = nullptr;
};

std::string ToText(const Event& event, const TextOptions& options = {});
// One line of JSON (no newline).
std::string ToJson(const Event& event);

}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_TEXT_H_
