// Copyright 2026 The gdwire Authors.
//
// server/server.h: a Godot 4 multiplayer server in C++. Godot clients that
// use ENetMultiplayerPeer.create_client and the default SceneMultiplayer
// (`@rpc`, send_bytes) join it as they would join a Godot server: it is
// multiplayer id 1, speaks ENet 1.3 through Debian's libenet (the protocol
// Godot's bundled ENet speaks), and runs server/core.h on what arrives.
//
//   class Echo : public gdwire::server::Handler {
//    public:
//     gdwire::server::Server* server = nullptr;
//     void OnCall(const gdwire::server::IncomingCall& c) override {
//       if (c.method && *c.method == "echo")
//         server->core().Reply(c, "echo_reply").IgnoreError();
//     }
//   };
//
//   absl::StatusOr<std::unique_ptr<gdwire::multiplayer::FileManifest>> m =
//       gdwire::multiplayer::LoadManifest("game.manifest.json");
//   gdwire::server::ServerOptions options;
//   options.port = 7000;
//   options.core.manifest = m->get();
//   Echo echo;
//   absl::StatusOr<std::unique_ptr<gdwire::server::Server>> server =
//       gdwire::server::Server::Start(options, &echo);
//   if (!server.ok()) ...;
//   echo.server = server->get();
//   while (running) (*server)->Service(/*timeout_ms=*/100).IgnoreError();
//
// ENet as Godot's ENetMultiplayerPeer uses it: the client's multiplayer id
// is the data of its CONNECT (ids < 2 and ids in use are refused, as
// Godot refuses them); game channel 0 is ENet channel 0 (reliable) or 1
// (unreliable), game channel n ≥ 1 is ENet channel n + 1; reliable packets
// are sent reliable, unreliable ones unsequenced (unreliable fragments
// over the MTU), unreliable_ordered ones unreliable. The compression must
// be the clients' (ENetConnection.compress).
//
// One thread: Service and every Core call from the same thread.

#ifndef GDWIRE_SERVER_SERVER_H_
#define GDWIRE_SERVER_SERVER_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "codec/enet/compression.h"
#include "server/core.h"

typedef struct _ENetHost ENetHost;
typedef struct _ENetPeer ENetPeer;
typedef struct _ENetEvent ENetEvent;

namespace gdwire {
namespace server {

struct ServerOptions {
  // Address to listen on ("*": every address) and UDP port (0: any free
  // port; Server::port() tells which).
  std::string bind_address = "*";
  uint16_t port = 0;
  // ENet connections at once (ENet allocates them up front; at most 4095).
  size_t max_peers = 4095;
  // ENet channels accepted (0: ENet's maximum, 255, as Godot's
  // create_server with max_channels 0).
  size_t channel_limit = 0;
  // The clients' ENetConnection.compress: kNone, kRangeCoder, kFastLz
  // (received; sent uncompressed, which ENet allows), kZlib, kZstd.
  enet::Compression compression = enet::Compression::kNone;
  // Per peer: the largest packet ENet reassembles, and the bytes of
  // fragments and queued packets it may hold (libenet's
  // maximumPacketSize / maximumWaitingData; its defaults are 32 MiB each).
  size_t max_packet_size = size_t{4} << 20;
  size_t max_waiting_data = size_t{8} << 20;
  // The UDP socket's receive and send buffers (libenet asks for 256 KiB).
  // Hundreds of peers joining at once send more than that between two
  // Service calls: the kernel drops the rest and ENet backs off. Raised
  // past the system's net.core.rmem_max / wmem_max only where the process
  // may (CAP_NET_ADMIN); 0 keeps libenet's.
  size_t socket_buffer_bytes = size_t{4} << 20;
  CoreOptions core;
};

class Server {
 public:
  static absl::StatusOr<std::unique_ptr<Server>> Start(
      const ServerOptions& options, Handler* handler);
  ~Server();  // peers are dropped at once (disconnect now)
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  uint16_t port() const { return port_; }
  Core& core() { return *core_; }

  // Waits up to `timeout_ms` for network events, handles every event that
  // is ready, and sends what the handlers queued. Fails only when the
  // socket does.
  absl::Status Service(int timeout_ms);

  // ENet connections, admitted or not.
  size_t connection_count() const { return by_id_.size(); }
  // Connections refused (bad or duplicate id, compression mismatch is not
  // seen here: ENet drops such datagrams).
  uint64_t refused() const { return refused_; }
  // Packets ENet would not queue: a channel the peer did not open (a
  // client that asked for fewer channels than the game uses), a packet
  // over max_packet_size, a peer that is going.
  uint64_t send_failures() const { return send_failures_; }

 private:
  class EnetTransport;
  Server() = default;
  void Handle(const ENetEvent& event);

  std::unique_ptr<EnetTransport> transport_;
  std::unique_ptr<Core> core_;
  ENetHost* host_ = nullptr;
  uint16_t port_ = 0;
  std::map<int32_t, ENetPeer*> by_id_;
  uint64_t refused_ = 0;
  uint64_t send_failures_ = 0;
};

}  // namespace server
}  // namespace gdwire

#endif  // GDWIRE_SERVER_SERVER_H_
