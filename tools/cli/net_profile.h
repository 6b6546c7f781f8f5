// Copyright 2026 The gdwire Authors.
//
// tools/cli/net_profile.h: the bandwidth profile of `gdwire capture
// --profile`: bytes and packets of Godot's high-level multiplayer traffic
// per RPC method, per node, per synchronizer and per peer pair, with what
// ENet and UDP/IP/link add shown apart from the SceneMultiplayer payload
// (the engine's own network profiler counts the payload only).
//
//   NetProfile profile;
//   ... profile.Add(event) for every capture::NetEvent ...
//   std::string table = profile.Text();   // or profile.Json()

#ifndef GDWIRE_TOOLS_CLI_NET_PROFILE_H_
#define GDWIRE_TOOLS_CLI_NET_PROFILE_H_

#include <cstdint>
#include <map>
#include <string>

#include "codec/capture/capture.h"

namespace gdwire {
namespace cli {

class NetProfile {
 public:
  struct Row {
    uint64_t packets = 0;
    uint64_t payload = 0;    // SceneMultiplayer bytes
    uint64_t enet = 0;       // ENet header and command bytes
    uint64_t transport = 0;  // UDP, IP and link-layer bytes
    uint64_t total() const { return payload + enet + transport; }
  };

  void Add(const capture::NetEvent& e);
  // Everything the ENet flows carried (capture::CaptureStats): what the
  // packets do not account for is ENet's own traffic (acknowledgements,
  // pings, the handshake, retransmissions), shown as its own row.
  void SetWire(uint64_t datagrams, uint64_t udp_payload_bytes,
               uint64_t transport_bytes);

  // Tables, one per grouping, largest total first.
  std::string Text() const;
  // {"total": {...}, "by_method": {"<node>.<method>": {...}}, ...}
  std::string Json() const;

 private:
  using Table = std::map<std::string, Row>;
  Row total_;
  Row control_;
  bool wire_known_ = false;
  Table by_kind_, by_method_, by_node_, by_sync_, by_peer_;
};

}  // namespace cli
}  // namespace gdwire

#endif  // GDWIRE_TOOLS_CLI_NET_PROFILE_H_
