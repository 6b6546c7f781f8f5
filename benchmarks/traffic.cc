// Copyright 2026 The gdwire Authors.

#include "benchmarks/traffic.h"

#include <random>

#include "absl/strings/str_cat.h"
#include "codec/frame/frame.h"
#include "codec/reference/encoder.h"
#include "codec/wire.h"

namespace gdwire {
namespace bench {
namespace {

Variant Player(std::mt19937* rng, int id) {
  std::uniform_real_distribution<float> pos(-500, 500);
  Dictionary d;
  d.Set(Variant::StringName("id"), Variant::Int(id));
  d.Set(Variant::StringName("name"),
        Variant::String(absl::StrCat("player_", id)));
  d.Set(Variant::StringName("pos"),
        Variant::Vector3(pos(*rng), pos(*rng), pos(*rng)));
  d.Set(Variant::StringName("vel"),
        Variant::Vector3(pos(*rng) / 100, 0, pos(*rng) / 100));
  const double q[4] = {0, 0.7071, 0, 0.7071};
  d.Set(Variant::StringName("rot"), Variant::Math(Type::kQuaternion, q));
  d.Set(Variant::StringName("hp"), Variant::Int((*rng)() % 100));
  d.Set(Variant::StringName("flags"), Variant::Int((*rng)() & 0xFF));
  d.Set(Variant::StringName("anim"), Variant::StringName("run"));
  return Variant::MakeDictionary(std::move(d));
}

Variant Message(std::mt19937* rng, int n) {
  Dictionary msg;
  msg.Set(Variant::StringName("type"), Variant::StringName("snapshot"));
  msg.Set(Variant::StringName("tick"), Variant::Int(n));
  Array players;
  for (int i = 0; i < 16; ++i) players.items.push_back(Player(rng, i));
  msg.Set(Variant::StringName("players"), Variant::MakeArray(players));
  if (n % 50 == 0) {
    std::vector<double> path;
    for (int i = 0; i < 64 * 3; ++i) path.push_back((*rng)() % 1000 / 8.0);
    msg.Set(Variant::StringName("path"),
            Variant::PackedRealVectors(Type::kPackedVector3Array, path));
    std::vector<uint8_t> blob(256);
    for (auto& b : blob) b = static_cast<uint8_t>((*rng)());
    msg.Set(Variant::StringName("voice"), Variant::PackedBytes(blob));
  }
  return Variant::MakeDictionary(std::move(msg));
}

}  // namespace

Traffic GameTraffic(size_t target_bytes, Framing framing) {
  std::mt19937 rng(42);
  Traffic t;
  FrameOptions f;
  f.framing = framing;
  for (int n = 0; t.bytes.size() < target_bytes; ++n) {
    Variant v = Message(&rng, n);
    auto enc = reference::Encode(v, EncodeOptions());
    t.offsets.push_back(t.bytes.size() + (framing == Framing::kNone ? 0 : 4));
    AppendFrame(*enc, f, &t.bytes);
    t.values.push_back(std::move(v));
  }
  return t;
}

std::string PackedFloats(size_t n) {
  std::string s;
  wire::AppendU32(&s, 32);  // PackedFloat32Array (godot4)
  wire::AppendU32(&s, static_cast<uint32_t>(n));
  for (size_t i = 0; i < n; ++i) wire::AppendF32(&s, static_cast<float>(i));
  return s;
}

}  // namespace bench
}  // namespace gdwire
