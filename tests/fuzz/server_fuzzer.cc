// Copyright 2026 The gdwire Authors.
//
// Fuzzes the multiplayer server's core (server/core.h) as hostile clients
// would: the input is the multiplayer fuzzer's (its seeds are shared).
// Mode byte (the first): bit 0 clear: the rest is one packet from peer 2;
// bit 0 set: hops [u8 from][u8 op][u8 channel][u16 length LE][packet]:
// `from` picks peer 2..7; op 0xFE connects it, 0xFF disconnects it, 0xFD
// has the server call RPCs and send bytes to it, anything else is the
// packet received from it (channel: bits 2-3 the game channel, bits 0-1
// the mode). Peers 2, 3 and 4 start connected; bit 1 holds new peers in
// authentication, bit 2 turns tracing on (events for every packet), bit 3
// drops a peer after 3 errors. Small bounds: 8 paths, 256 path bytes per
// peer.
//
// Checks: no crash / UB / leak; every error names its peer and packet and
// has a kind and an offset inside the packet; every packet the server
// sends decodes with the codec and goes to a connected peer; the caches
// stay within their bounds.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "server/core.h"
#include "server/testing/test_manifest.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;
namespace mp = gdwire::multiplayer;
namespace sv = gdwire::server;

namespace {

class Transport : public sv::Transport {
 public:
  sv::Core* core = nullptr;
  std::set<int32_t> dropped;
  void Send(int32_t peer, const sv::Delivery& d,
            absl::Span<const uint8_t> b) override {
    Check(core->HasPeer(peer), "a packet to a peer that is not there");
    Check(d.channel >= 0 && d.channel < 256, "channel out of range");
    absl::StatusOr<mp::Packet> p = mp::Decode(b);
    Check(p.ok(), "the server sent a packet that does not decode",
          p.ok() ? "" : p.status().ToString());
  }
  void Disconnect(int32_t peer) override { dropped.insert(peer); }
};

class Handler : public sv::Handler {
 public:
  sv::Core* core = nullptr;
  void OnCall(const sv::IncomingCall& c) override {
    Check(!c.node_path.empty(), "a call to no node");
    if (c.method != nullptr && *c.method == "echo") {
      core->Reply(c, "echo_reply").IgnoreError();
    }
  }
  void OnRaw(int32_t from, const sv::Delivery& d,
             absl::string_view b) override {
    core->SendBytes(from, b, d).IgnoreError();
  }
  void OnAuth(int32_t peer, absl::string_view data) override {
    if (!data.empty() && data[0] == 'n') {
      core->SendAuth(peer, "no").IgnoreError();
    } else {
      core->CompleteAuth(peer).IgnoreError();
    }
  }
  void OnPeerError(const sv::PeerError& e) override {
    Check(e.peer >= 2 && e.packet >= 1, "error without its peer or packet");
    Check(e.error.kind != gdwire::ErrorKind::kOk, "error without a kind");
    Check(e.error.offset <= last_size, "error offset past the packet",
          e.error.ToString());
  }
  void OnPacket(bool, int32_t, const sv::Delivery&, const mp::Event&) override {
  }
  size_t last_size = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const mp::FileManifest* manifest =
      sv::testing::TestManifest().release();
  const uint8_t mode = data[0];
  sv::CoreOptions o;
  o.manifest = manifest;
  o.authenticate = (mode & 2) != 0;
  o.trace = (mode & 4) != 0;
  o.max_errors_per_peer = (mode & 8) != 0 ? 3 : 0;
  o.max_paths_per_peer = 8;
  o.max_path_bytes_per_peer = 256;
  o.max_server_paths = 16;
  o.packet.values.max_depth = 64;
  o.packet.max_values = 256;
  o.packet.max_blocks = 64;
  Transport t;
  Handler h;
  sv::Core core(o, &t, &h);
  t.core = &core;
  h.core = &core;
  for (int32_t p : {2, 3, 4}) core.PeerConnected(p);
  auto rest = absl::MakeConstSpan(data + 1, size - 1);
  auto check_bounds = [&] {
    for (int32_t p = 2; p < 8; ++p) {
      std::optional<sv::PeerStats> s = core.Stats(p);
      if (!s) continue;
      Check(s->paths <= o.max_paths_per_peer, "peer paths over the bound");
      Check(s->path_bytes <= o.max_path_bytes_per_peer,
            "peer path bytes over the bound");
    }
  };
  if (!(mode & 1)) {
    h.last_size = rest.size();
    core.Receive(2, {}, rest);
    check_bounds();
    return 0;
  }
  size_t pos = 0;
  while (rest.size() - pos >= 5) {
    const int32_t from = 2 + rest[pos] % 6;
    const uint8_t op = rest[pos + 1];
    const uint8_t ch = rest[pos + 2];
    size_t len = rest[pos + 3] | rest[pos + 4] << 8;
    pos += 5;
    if (len > rest.size() - pos) len = rest.size() - pos;
    const auto packet = rest.subspan(pos, len);
    pos += len;
    sv::Delivery d;
    d.channel = (ch >> 2) & 3;
    d.mode = static_cast<sv::TransferMode>((ch & 3) % 3);
    if (op == 0xFE) {
      core.PeerConnected(from);
    } else if (op == 0xFF) {
      core.PeerDisconnected(from);
    } else if (op == 0xFD) {
      core.Rpc(from, "Main", "echo_reply", {gdwire::Variant::Int(len)})
          .IgnoreError();
      core.Rpc(0, packet.empty() ? "Main" : "Main/X", "echo_reply", {})
          .IgnoreError();
      core.SendBytes(
              -from,
              absl::string_view(reinterpret_cast<const char*>(packet.data()),
                                packet.size()),
              d)
          .IgnoreError();
    } else {
      h.last_size = packet.size();
      core.Receive(from, d, packet);
    }
    check_bounds();
  }
  return 0;
}
