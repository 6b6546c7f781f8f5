// Copyright 2026 The gdwire Authors.
//
// server/core.h: the server side of Godot 4's SceneMultiplayer, without the
// network: what Godot's own server (multiplayer id 1, server_relay on) does
// with each packet a client sends, written against a Transport that carries
// the bytes (server/server.h puts it on ENet; tests and benchmarks feed it
// directly). It
//
//   * admits peers (SYS add_peer notices to the others, as Godot's
//     SceneMultiplayer::_admit_peer sends them), or holds them in
//     authentication first (SYS auth messages, send_auth / complete_auth);
//   * keeps each peer's path cache (SimplifyPath -> ConfirmPath, with the
//     manifest's checksum) and the server's own (it announces a node to a
//     peer before it names it by cache id, and names it inline until the
//     peer confirms);
//   * turns every remote call into Handler::OnCall with the node path, the
//     method name from the manifest and the arguments (owned values and
//     their exact bytes), and raw packets into OnRaw;
//   * relays client-to-client packets as Godot's server does (to one peer,
//     to all but the sender, to all but one; the server handles a broadcast
//     itself as from the sender), with the packet's own transfer mode and
//     channel;
//   * sends remote calls, raw packets and disconnects.
//
// Every malformed packet is an error for its peer alone
// (Handler::OnPeerError: kind, byte offset, the peer's packet number) and
// changes nothing; the caches are bounded per peer.
//
//   class Echo : public gdwire::server::Handler {
//    public:
//     gdwire::server::Core* core = nullptr;
//     void OnCall(const gdwire::server::IncomingCall& c) override {
//       if (c.method && *c.method == "echo")
//         core->Reply(c, "echo_reply");   // the same argument bytes back
//     }
//   };
//   Echo echo;
//   gdwire::server::Core core(options, &transport, &echo);
//   echo.core = &core;
//   core.PeerConnected(2);                       // from the transport
//   core.Receive(2, {0, TransferMode::kReliable}, bytes);
//
// Not done (yet): spawn, despawn and sync packets from clients are decoded
// and reported (Handler::OnPacket) but not replicated; the server has no
// scene tree, so it answers any node path (see CoreOptions).

#ifndef GDWIRE_SERVER_CORE_H_
#define GDWIRE_SERVER_CORE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/session.h"
#include "codec/variant.h"

namespace gdwire {
namespace server {

// MultiplayerPeer::TransferMode.
enum class TransferMode : uint8_t {
  kReliable,
  kUnreliable,
  kUnreliableOrdered
};
// "reliable", "unreliable", "unreliable_ordered".
absl::string_view TransferModeName(TransferMode m);
std::optional<TransferMode> ParseTransferMode(absl::string_view name);

// How a packet travels: the game's channel (0 = the default) and mode.
struct Delivery {
  int channel = 0;
  TransferMode mode = TransferMode::kReliable;
};

// What the core sends through. Targets are single connected peers.
class Transport {
 public:
  virtual ~Transport() = default;
  virtual void Send(int32_t peer, const Delivery& delivery,
                    absl::Span<const uint8_t> packet) = 0;
  // Drops the connection (the core has already forgotten the peer).
  virtual void Disconnect(int32_t peer) = 0;
};

struct IncomingCall {
  int32_t from = 0;  // the caller (for a relayed broadcast: its origin)
  Delivery delivery;
  std::string node_path;  // relative to the multiplayer root
  uint16_t method_id = 0;
  const std::string* method = nullptr;  // the manifest's name, or null
  const multiplayer::ManifestRpc* rpc = nullptr;  // its configuration
  bool broadcast = false;  // a relay to everyone that the server runs too
  // args[i].value (owned; Nil with packet.keep_values off, except short-form
  // bools and ints) and args[i].wire (the exact bytes of a value in the
  // ordinary Variant encoding); byte_only / raw_args for the byte-only form.
  const multiplayer::RemoteCall* call = nullptr;
};

struct PeerError {
  int32_t peer = 0;
  uint64_t packet = 0;  // the peer's packet number, from 1
  Error error;          // kind, offset in that packet, what
};

class Handler {
 public:
  virtual ~Handler() = default;
  // A peer was admitted (after authentication, when on).
  virtual void OnPeerConnected(int32_t peer) {}
  virtual void OnPeerDisconnected(int32_t peer) {}
  // Authentication data from a peer held in authentication
  // (CoreOptions::authenticate); answer with SendAuth / CompleteAuth.
  virtual void OnAuth(int32_t peer, absl::string_view data) {}
  virtual void OnCall(const IncomingCall& call) {}
  virtual void OnRaw(int32_t from, const Delivery& delivery,
                     absl::string_view bytes) {}
  virtual void OnPeerError(const PeerError& error) {}
  // Every packet received from (incoming) or sent to `peer`, decoded, as
  // gdwire capture shows it (multiplayer/text.h); only when
  // CoreOptions::trace is set.
  virtual void OnPacket(bool incoming, int32_t peer, const Delivery& delivery,
                        const multiplayer::Event& event) {}
};

struct CoreOptions {
  // Arguments: dialect godot4, objects off (allow_object_decoding), limits;
  // packet.keep_values false hands the handler each argument as its exact
  // bytes only (checked as fully; Value::wire, for codec/document), which
  // is faster when the server only passes them on or parses them itself.
  multiplayer::PacketOptions packet;
  // RPC names, configurations and node checksums (null: none).
  const multiplayer::FileManifest* manifest = nullptr;
  // SceneMultiplayer.server_relay: add/remove peer notices and relays.
  bool server_relay = true;
  // Hold new peers in authentication (SceneMultiplayer.auth_callback set).
  bool authenticate = false;
  // Answer a SimplifyPath for a path the manifest does not know (the
  // server has no scene tree). Godot's server ignores a path it has no node
  // for; off does the same.
  bool accept_unknown_paths = true;
  // Refuse calls the manifest's rpc_mode forbids: "disabled", and
  // "authority" unless `authority` names the caller (Godot's process_rpc).
  bool enforce_rpc_mode = true;
  // The multiplayer authority of a node (default: the server, 1).
  std::function<int32_t(absl::string_view node_path)> authority;
  // Per peer: path-cache entries and their path bytes.
  size_t max_paths_per_peer = 4096;
  size_t max_path_bytes_per_peer = size_t{256} << 10;
  // Nodes the server itself announces (its own path cache).
  size_t max_server_paths = 65536;
  // Disconnect a peer after this many errors (0: never).
  size_t max_errors_per_peer = 0;
  // Build an Event for every packet in and out (Handler::OnPacket).
  bool trace = false;
};

struct PeerStats {
  uint64_t packets = 0;  // received
  uint64_t errors = 0;
  size_t paths = 0;  // its path cache
  size_t path_bytes = 0;
  size_t announced = 0;  // server paths sent to it
  bool authenticating = false;
};

class Core {
 public:
  Core(const CoreOptions& options, Transport* transport, Handler* handler);
  ~Core();
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  // --- from the transport ----------------------------------------------
  // A peer connected with this id (the transport refuses ids < 2 and ids
  // already connected: HasPeer).
  void PeerConnected(int32_t peer);
  void PeerDisconnected(int32_t peer);
  // One packet from `peer`.
  void Receive(int32_t peer, const Delivery& delivery,
               absl::Span<const uint8_t> packet);

  // --- to the peers ------------------------------------------------------
  // Targets: a peer id, 0 = every peer, -n = every peer but n.
  //
  // Calls `method` on the node at `node_path` (relative to the
  // multiplayer root) of the targets: the method id, transfer mode and
  // channel come from the manifest (`delivery` overrides the latter).
  absl::Status Rpc(int32_t target, absl::string_view node_path,
                   absl::string_view method, absl::Span<const Variant> args,
                   std::optional<Delivery> delivery = std::nullopt);
  // The same with the method id and arguments as the codec holds them
  // (their exact bytes are sent when present).
  absl::Status RpcId(int32_t target, absl::string_view node_path,
                     uint16_t method_id,
                     absl::Span<const multiplayer::Value> args,
                     const Delivery& delivery);
  // Calls `method` on the caller's node with the call's own argument
  // bytes (an echo), with `method`'s manifest mode and channel.
  absl::Status Reply(const IncomingCall& call, absl::string_view method);
  // SceneMultiplayer.send_bytes.
  absl::Status SendBytes(int32_t target, absl::string_view bytes,
                         const Delivery& delivery);
  // SceneMultiplayer.send_auth / complete_auth.
  absl::Status SendAuth(int32_t peer, absl::string_view data);
  absl::Status CompleteAuth(int32_t peer);
  // SceneMultiplayer.disconnect_peer: the others are told, then the
  // transport drops it.
  absl::Status DisconnectPeer(int32_t peer);

  bool HasPeer(int32_t peer) const;    // connected or authenticating
  std::vector<int32_t> Peers() const;  // admitted, ascending
  std::optional<PeerStats> Stats(int32_t peer) const;
  // Memory the per-peer state holds (caches, counters), all peers.
  size_t StateBytes() const;

 private:
  struct Peer;
  struct Announced {
    uint32_t id;
    std::string checksum;
  };

  Peer* Find(int32_t peer);
  const Peer* Find(int32_t peer) const;
  void Admit(int32_t id);
  void Forget(int32_t id);
  void Fail(int32_t peer, Peer* p, Error error);
  // Handles a decoded packet from `from` (a relayed broadcast: the origin,
  // the hop's sender).
  void Process(int32_t from, Peer* p, const Delivery& d,
               const multiplayer::Packet& packet, bool broadcast);
  void ProcessRemoteCall(int32_t from, Peer* p, const Delivery& d,
                         const multiplayer::RemoteCall& rc, bool broadcast);
  bool CallNodePath(int32_t from, Peer* p, const multiplayer::RemoteCall& rc,
                    std::string* out);
  bool CallRpc(int32_t from, Peer* p, const multiplayer::RemoteCall& rc,
               IncomingCall* call);
  void ProcessSimplifyPath(int32_t from, Peer* p,
                           const multiplayer::SimplifyPath& sp);
  void ProcessConfirmPath(int32_t from, Peer* p,
                          const multiplayer::ConfirmPath& cp);
  void Relay(int32_t from, const Delivery& d, int32_t target,
             absl::Span<const uint8_t> nested);
  void SendTo(int32_t peer, const Delivery& d, absl::Span<const uint8_t> bytes);
  std::vector<int32_t> Targets(int32_t target) const;
  absl::Status CheckTarget(int32_t target) const;
  std::string ChecksumFor(absl::string_view path) const;
  // The RPC methods (id order) of the node at `path`: the manifest's, by
  // the checksum it or a client gives for the path; remembered.
  const std::vector<multiplayer::ManifestRpc>* MethodsFor(
      absl::string_view path);
  // Handler::OnPacket, through the peer's Session (CoreOptions::trace).
  void Trace(bool incoming, int32_t peer, const Delivery& d,
             absl::Span<const uint8_t> bytes);

  CoreOptions options_;
  Transport* transport_;
  Handler* handler_;
  std::map<int32_t, std::unique_ptr<Peer>> peers_;
  // The server's own path cache: node path -> its id and checksum.
  std::map<std::string, Announced, std::less<>> announced_;
  uint32_t next_id_ = 1;
  // Checksums clients announced, by path (used when the manifest has none).
  std::map<std::string, std::string, std::less<>> client_checksums_;
  std::map<std::string, const std::vector<multiplayer::ManifestRpc>*,
           std::less<>>
      methods_;
  std::string scratch_;
};

}  // namespace server
}  // namespace gdwire

#endif  // GDWIRE_SERVER_CORE_H_
