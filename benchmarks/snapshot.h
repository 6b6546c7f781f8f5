// Copyright 2026 The gdwire Authors.
//
// benchmarks/snapshot.h: the traffic messages (benchmarks/traffic.h, and
// the Godot-written payload of benchmarks/compare) as the plain C++ structs
// a game server holds, and the encode::Writer calls that write them -- the
// writer benchmarks' "reply from structs".
//
//   std::vector<Snapshot> s;
//   for (const Variant& v : traffic.values) {
//     Snapshot x;
//     if (!SnapshotFromVariant(v, &x)) { /* not the traffic shape */ }
//     s.push_back(std::move(x));
//   }
//   w.Start(&out, Prefix::kStreamPeer);
//   WriteSnapshot(&w, s[i]);
//   w.Finish();

#ifndef GDWIRE_BENCHMARKS_SNAPSHOT_H_
#define GDWIRE_BENCHMARKS_SNAPSHOT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "codec/encode/writer.h"
#include "codec/variant.h"

namespace gdwire {
namespace bench {

struct PlayerState {
  int64_t id = 0;
  std::string name;
  float pos[3] = {}, vel[3] = {}, rot[4] = {};
  int64_t hp = 0, flags = 0;
  std::string anim;
  bool has_inventory = false;  // the Godot payload's players carry one
  std::vector<int64_t> inventory;
};

struct Snapshot {
  bool name_keys = true;    // StringName keys (traffic.cc) or String (Godot)
  bool name_values = true;  // type and anim: StringName, or String (Godot 3)
  std::string type;
  int64_t tick = 0;
  std::vector<PlayerState> players;
  bool has_extra = false;   // every 50th message: path and voice
  std::vector<float> path;  // PackedVector3Array components
  std::vector<uint8_t> voice;
};

// The struct of a decoded traffic message; false when `v` has another shape
// (keys in another order, other types).
bool SnapshotFromVariant(const Variant& v, Snapshot* s);

// Writes `s` with `w` (inside a message the caller started).
void WriteSnapshot(encode::Writer* w, const Snapshot& s);

}  // namespace bench
}  // namespace gdwire

#endif  // GDWIRE_BENCHMARKS_SNAPSHOT_H_
