// Copyright 2026 The gdwire Authors.
//
// Fuzzes the SceneMultiplayer codec (codec/multiplayer/). Mode byte (the
// first): bit 0 clear: the rest is one packet; bit 0 set: the rest is a
// sequence of hops [u8 from][u8 to][u8 channel][u16 length LE][packet]
// fed to one Session with small bounds (8 paths, 256 path bytes, 8
// spawns), so floods of path announcements, spawns and nested relays
// reach the evictions. Bit 1: allow objects. Bit 2: Godot 3.x instead
// (codec/multiplayer/godot3.h): the packet is an ENet payload of
// NetworkedMultiplayerENet on channel (mode >> 4) & 3, and the hops feed a
// godot3::Session.
//
// Checks: no crash / UB; every error has a kind, a path and an offset
// inside the packet; every packet that decodes re-encodes to exactly its
// bytes and decodes again; decoding with keep_values off gives the same
// verdict (kind, offset, path) and re-encodes to the same bytes; the session
// stays within its bounds; every event has a text and a JSON form.

#include <cstddef>
#include <cstdint>
#include <string>

#include "codec/multiplayer/godot3.h"
#include "codec/multiplayer/godot3_session.h"
#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/session.h"
#include "codec/multiplayer/text.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;
namespace mp = gdwire::multiplayer;

namespace {

void CheckPacket(absl::Span<const uint8_t> bytes, const mp::PacketOptions& o) {
  absl::StatusOr<mp::Packet> p = mp::Decode(bytes, o);
  // Kept as bytes only (PacketOptions::keep_values): the same verdict, and
  // the same bytes back.
  mp::PacketOptions lean = o;
  lean.keep_values = false;
  absl::StatusOr<mp::Packet> q = mp::Decode(bytes, lean);
  Check(p.ok() == q.ok(), "keep_values changes the verdict",
        p.ok() ? q.status().ToString() : p.status().ToString());
  if (!p.ok()) {
    const gdwire::Error a = gdwire::ErrorFromStatus(p.status());
    const gdwire::Error b = gdwire::ErrorFromStatus(q.status());
    Check(a.kind == b.kind && a.offset == b.offset && a.path == b.path,
          "keep_values changes the error", a.ToString() + " / " + b.ToString());
    gdwire::fuzz::CheckError(a, bytes.size());
    return;
  }
  absl::StatusOr<std::string> lean_back = mp::Encode(*q);
  Check(
      lean_back.ok() &&
          *lean_back == std::string(reinterpret_cast<const char*>(bytes.data()),
                                    bytes.size()),
      "a packet kept as bytes does not encode to its bytes");
  absl::StatusOr<std::string> back = mp::Encode(*p);
  Check(back.ok(), "a decoded packet does not encode",
        back.ok() ? "" : back.status().ToString());
  Check(*back == std::string(reinterpret_cast<const char*>(bytes.data()),
                             bytes.size()),
        "re-encoded bytes differ");
  Check(mp::Decode(*back, o).ok(), "re-encoded packet does not decode");
}

void CheckGodot3(int channel, absl::Span<const uint8_t> bytes,
                 const mp::PacketOptions& o) {
  absl::StatusOr<mp::godot3::EnetFrame> f =
      mp::godot3::SplitEnet(channel, bytes);
  if (!f.ok()) {
    gdwire::fuzz::CheckError(gdwire::ErrorFromStatus(f.status()), bytes.size());
    return;
  }
  Check(mp::godot3::JoinEnet(*f) ==
            std::string(reinterpret_cast<const char*>(bytes.data()),
                        bytes.size()),
        "godot3: ENet frame does not join back");
  if (f->config) return;
  absl::StatusOr<mp::godot3::Packet> p = mp::godot3::Decode(f->payload, o);
  if (!p.ok()) {
    gdwire::fuzz::CheckError(gdwire::ErrorFromStatus(p.status()),
                             f->payload.size());
    return;
  }
  absl::StatusOr<std::string> back = mp::godot3::Encode(*p);
  Check(back.ok(), "godot3: a decoded packet does not encode");
  Check(*back == std::string(reinterpret_cast<const char*>(f->payload.data()),
                             f->payload.size()),
        "godot3: re-encoded bytes differ");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  mp::SessionOptions so;
  so.packet.values.allow_objects = (mode & 2) != 0;
  so.packet.values.max_depth = 64;
  so.packet.max_values = 256;
  so.packet.max_blocks = 64;
  auto rest = absl::MakeConstSpan(data + 1, size - 1);
  const bool godot3 = (mode & 4) != 0;
  const int g3_channel = (mode >> 4) & 3;
  if (godot3 && !(mode & 1)) {
    CheckGodot3(g3_channel, rest, so.packet);
    mp::godot3::Session s(so);
    mp::godot3::Event ev;
    if (s.FeedEnet(2, 1, g3_channel, rest, &ev).ok()) {
      Check(!mp::godot3::ToText(ev).empty() && !mp::godot3::ToJson(ev).empty(),
            "no text");
    }
    return 0;
  }
  if (!(mode & 1)) {
    CheckPacket(rest, so.packet);
    mp::Session s(so);
    mp::Event ev;
    if (s.Feed(2, 1, 0, rest, &ev).ok()) {
      Check(!mp::ToText(ev).empty() && !mp::ToJson(ev).empty(), "no text");
    }
    return 0;
  }
  so.max_paths = 8;
  so.max_path_bytes = 256;
  so.max_spawns = 8;
  so.max_spawn_syncs = 32;
  mp::StaticManifest manifest;
  manifest.AddRpcMethods("a", {"x", "y"});
  manifest.AddSyncProperties("a", {"p"}, {"q", "r"});
  mp::Session s(so, &manifest);
  mp::godot3::Session s3(so);
  size_t pos = 0;
  while (rest.size() - pos >= 5) {
    const int from = rest[pos] % 5;
    const int to = rest[pos + 1] % 5;
    const int channel = rest[pos + 2] % 4;
    size_t len = rest[pos + 3] | rest[pos + 4] << 8;
    pos += 5;
    if (len > rest.size() - pos) len = rest.size() - pos;
    const auto packet = rest.subspan(pos, len);
    pos += len;
    if (godot3) {
      CheckGodot3(channel, packet, so.packet);
      mp::godot3::Event ev;
      if (s3.FeedEnet(from, to, channel, packet, &ev).ok()) {
        Check(
            !mp::godot3::ToText(ev).empty() && !mp::godot3::ToJson(ev).empty(),
            "no text");
      }
      Check(s3.path_count() <= so.max_paths, "godot3 paths over the bound");
      continue;
    }
    CheckPacket(packet, so.packet);
    mp::Event ev;
    if (s.Feed(from, to, channel, packet, &ev).ok()) {
      Check(!mp::ToText(ev).empty() && !mp::ToJson(ev).empty(), "no text");
    }
    Check(s.path_count() <= so.max_paths, "path cache over its bound");
    Check(s.path_bytes() <= so.max_path_bytes, "path bytes over the bound");
    Check(s.spawn_count() <= so.max_spawns, "spawn table over its bound");
    Check(s.spawn_sync_count() <= so.max_spawn_syncs,
          "spawn synchronizers over their bound");
    if (from == 4) s.ForgetPeer(to);
  }
  return 0;
}
