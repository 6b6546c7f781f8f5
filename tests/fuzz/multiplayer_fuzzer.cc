// Copyright 2026 The gdwire Authors.
//
// Fuzzes the SceneMultiplayer codec (codec/multiplayer/). Mode byte (the
// first): bit 0 clear: the rest is one packet; bit 0 set: the rest is a
// sequence of hops [u8 from][u8 to][u8 channel][u16 length LE][packet]
// fed to one Session with small bounds (8 paths, 256 path bytes, 8
// spawns), so floods of path announcements, spawns and nested relays
// reach the evictions. Bit 1: allow objects.
//
// Checks: no crash / UB; every error has a kind, a path and an offset
// inside the packet; every packet that decodes re-encodes to exactly its
// bytes and decodes again; the session stays within its bounds; every
// event has a text and a JSON form.

#include <cstddef>
#include <cstdint>
#include <string>

#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/session.h"
#include "codec/multiplayer/text.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;
namespace mp = gdwire::multiplayer;

namespace {

void CheckPacket(absl::Span<const uint8_t> bytes,
                 const mp::PacketOptions& o) {
  absl::StatusOr<mp::Packet> p = mp::Decode(bytes, o);
  if (!p.ok()) {
    gdwire::fuzz::CheckError(gdwire::ErrorFromStatus(p.status()),
                             bytes.size());
    return;
  }
  absl::StatusOr<std::string> back = mp::Encode(*p);
  Check(back.ok(), "a decoded packet does not encode",
        back.ok() ? "" : back.status().ToString());
  Check(*back == std::string(reinterpret_cast<const char*>(bytes.data()),
                             bytes.size()),
        "re-encoded bytes differ");
  Check(mp::Decode(*back, o).ok(), "re-encoded packet does not decode");
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
  mp::StaticManifest manifest;
  manifest.AddRpcMethods("a", {"x", "y"});
  manifest.AddSyncProperties("a", {"p"}, {"q", "r"});
  mp::Session s(so, &manifest);
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
    CheckPacket(packet, so.packet);
    mp::Event ev;
    if (s.Feed(from, to, channel, packet, &ev).ok()) {
      Check(!mp::ToText(ev).empty() && !mp::ToJson(ev).empty(), "no text");
    }
    Check(s.path_count() <= so.max_paths, "path cache over its bound");
    Check(s.path_bytes() <= so.max_path_bytes, "path bytes over the bound");
    Check(s.spawn_count() <= so.max_spawns, "spawn table over its bound");
    if (from == 4) s.ForgetPeer(to);
  }
  return 0;
}
