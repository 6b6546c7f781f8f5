// Copyright 2026 The gdwire Authors.
//
// benchmarks/traffic.h: realistic test data for the decode benchmarks —
// game-state traffic as a server sees it (many small Dictionaries of player
// state with Vector3s, StringNames, ints, a few packed arrays) and large
// packed arrays — encoded with the reference encoder.
//
//   gdwire::bench::Traffic t = gdwire::bench::GameTraffic(1 << 20);
//   // t.bytes: ~1 MiB of values back to back; t.offsets: where each starts

#ifndef GDWIRE_BENCHMARKS_TRAFFIC_H_
#define GDWIRE_BENCHMARKS_TRAFFIC_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codec/frame/framing.h"
#include "codec/variant.h"

namespace gdwire {
namespace bench {

struct Traffic {
  std::string bytes;            // values back to back (or framed)
  std::vector<size_t> offsets;  // first byte of each value
  std::vector<Variant> values;
};

// About `target_bytes` of godot4 game traffic: player snapshots (16 players
// a message), input batches and, every 50th message, a PackedVector3Array
// path of 64 points and a PackedByteArray of 256 bytes. Deterministic.
Traffic GameTraffic(size_t target_bytes, Framing framing = Framing::kNone);

// One godot4 PackedFloat32Array of `n` elements.
std::string PackedFloats(size_t n);

}  // namespace bench
}  // namespace gdwire

#endif  // GDWIRE_BENCHMARKS_TRAFFIC_H_
