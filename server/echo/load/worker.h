// Copyright 2026 The gdwire Authors.
//
// server/echo/load/worker.h: one thread of gdwire_load (load.cc): a libenet
// client host holding many peers (healthy and hostile, server/echo/load/
// README.md), what the threads share, and what each counts.

#ifndef GDWIRE_TOOLS_SERVE_LOAD_WORKER_H_
#define GDWIRE_TOOLS_SERVE_LOAD_WORKER_H_

#include <enet/enet.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "codec/multiplayer/packet.h"
#include "server/echo/load/packets.h"

namespace gdwire {
namespace load {

using Clock = std::chrono::steady_clock;

inline int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             Clock::now().time_since_epoch())
      .count();
}

struct Flags {
  std::string host = "127.0.0.1";
  int port = 0;
  std::string manifest;
  std::string node = "Main/Rel0";
  std::string method = "echo";
  std::string reply = "echo_reply";
  int peers = 500;
  int garbage = 0;
  int paths = 0;
  int fragments = 0;
  int stall = 0;
  int flood_paths = 5000;
  double hostile_rate = 50;
  double seconds = 10;
  int window = 4;
  int threads = 2;
  double connect_timeout = 20;
  double connect_rate = 0;
  double settle = 1;
  double drain = 5;
  double call_timeout = 10;
  uint64_t seed = 0;
  int server_pid = 0;
  bool json = false;
  bool require_all = false;
};

enum class Kind : uint8_t { kHealthy, kGarbage, kPaths, kFragments, kStall };
inline constexpr int kKinds = 5;
inline const char* KindName(Kind k) {
  switch (k) {
    case Kind::kHealthy:
      return "healthy";
    case Kind::kGarbage:
      return "garbage";
    case Kind::kPaths:
      return "paths";
    case Kind::kFragments:
      return "fragments";
    case Kind::kStall:
      return "stall";
  }
  return "?";
}

// What every thread shares (read-only after setup).
struct Shared {
  Flags flags;
  Target target;
  ENetAddress server;
  // Per argument set: the call with the path inline and with cache id 1.
  std::vector<CallTemplate> inline_calls;
  std::vector<CallTemplate> cached_calls;
  std::vector<std::string> expected_args;  // per set, seq 0x5a5a5a5a
  std::string announce;                    // SimplifyPath(node, cache 1)

  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::atomic<int64_t> go_ns{0};
  std::atomic<int64_t> end_ns{0};
};

struct InFlight {
  uint32_t set = 0;
  int64_t sent_ns = 0;
};

struct Peer {
  Kind kind = Kind::kHealthy;
  int32_t id = 0;
  ENetPeer* enet = nullptr;
  bool connected = false;
  bool ever_connected = false;
  bool failed = false;   // never connected
  bool dropped = false;  // disconnected by the server during the run
  // Healthy.
  bool announced = false;
  bool confirmed = false;
  // In [kFirstSeq, 2^31): always a 4-byte int, the form Godot itself
  // picks, so a Godot server's re-encoded reply has the same bytes.
  uint32_t next_seq = kFirstSeq;
  absl::flat_hash_map<uint32_t, InFlight> inflight;
  absl::flat_hash_map<uint32_t, std::string> server_paths;
  // Hostile.
  int64_t next_hostile_ns = 0;
  uint64_t hostile_sent = 0;
  uint16_t frag_seq = 1;
  uint16_t huge_seq = 0;  // last kHugeReassembly start
  uint16_t unrel_seq = 1;
  int half_open = 0;
  uint64_t errors_seen = 0;
};

struct Stats {
  uint64_t sent = 0;
  uint64_t answered = 0;
  uint64_t answered_in_run = 0;
  uint64_t wrong = 0;
  uint64_t missing = 0;
  uint64_t late = 0;
  uint64_t inline_calls = 0;
  uint64_t replies_inline = 0;
  uint64_t replies_cached = 0;
  uint64_t reply_delivery_mismatch = 0;
  uint64_t server_simplify = 0;
  uint64_t confirms_received = 0;
  uint64_t confirms_invalid = 0;
  uint64_t notices = 0;
  uint64_t other_packets = 0;
  uint64_t undecodable_from_server = 0;
  uint64_t connect_failures = 0;
  uint64_t dropped[kKinds] = {};
  uint64_t connected[kKinds] = {};
  // Hostile.
  uint64_t garbage_packets = 0;
  uint64_t semantic_packets = 0;
  uint64_t path_announcements = 0;
  uint64_t path_confirms = 0;
  uint64_t path_confirms_invalid = 0;
  uint64_t fragment_datagrams[static_cast<int>(FragmentAbuse::kCount)] = {};
  uint64_t stray_datagrams = 0;
  uint64_t half_open_connects = 0;
  uint64_t stall_calls = 0;
  std::vector<uint32_t> rtt_us;
  std::vector<std::string> first_wrong;
  std::vector<std::string> first_missing;
  std::string first_mismatch;

  void Add(const Stats& o) {
    sent += o.sent;
    answered += o.answered;
    answered_in_run += o.answered_in_run;
    wrong += o.wrong;
    missing += o.missing;
    late += o.late;
    inline_calls += o.inline_calls;
    replies_inline += o.replies_inline;
    replies_cached += o.replies_cached;
    reply_delivery_mismatch += o.reply_delivery_mismatch;
    server_simplify += o.server_simplify;
    confirms_received += o.confirms_received;
    confirms_invalid += o.confirms_invalid;
    notices += o.notices;
    other_packets += o.other_packets;
    undecodable_from_server += o.undecodable_from_server;
    connect_failures += o.connect_failures;
    for (int i = 0; i < kKinds; ++i) {
      dropped[i] += o.dropped[i];
      connected[i] += o.connected[i];
    }
    garbage_packets += o.garbage_packets;
    semantic_packets += o.semantic_packets;
    path_announcements += o.path_announcements;
    path_confirms += o.path_confirms;
    path_confirms_invalid += o.path_confirms_invalid;
    for (int i = 0; i < static_cast<int>(FragmentAbuse::kCount); ++i) {
      fragment_datagrams[i] += o.fragment_datagrams[i];
    }
    stray_datagrams += o.stray_datagrams;
    half_open_connects += o.half_open_connects;
    stall_calls += o.stall_calls;
    rtt_us.insert(rtt_us.end(), o.rtt_us.begin(), o.rtt_us.end());
    for (const std::string& s : o.first_wrong) {
      if (first_wrong.size() < 10) first_wrong.push_back(s);
    }
    if (first_mismatch.empty()) first_mismatch = o.first_mismatch;
    for (const std::string& s : o.first_missing) {
      if (first_missing.size() < 10) first_missing.push_back(s);
    }
  }
};

class Worker {
 public:
  Worker(Shared* shared, std::vector<Peer> peers, uint64_t seed)
      : s_(shared), peers_(std::move(peers)), rng_(seed) {}

  void Run();
  const Stats& stats() const { return stats_; }
  const std::vector<Peer>& peers() const { return peers_; }
  bool setup_failed() const { return setup_failed_; }

 private:
  // Services `host` once (waiting up to wait_ms) and handles every event.
  void Service(ENetHost* host, int wait_ms);
  void OnReceive(Peer* p, uint8_t channel, const ENetPacket* packet);
  void OnReply(Peer* p, absl::string_view bytes,
               const multiplayer::RemoteCall& rc);
  void Send(Peer* p, uint8_t channel, uint32_t flags, absl::string_view b);
  void SendCall(Peer* p, bool stall);
  void PumpHealthy(Peer* p, bool sending);
  void PumpHostile(Peer* p, int64_t now);
  void SendDatagram(ENetHost* host, const ENetAddress& to,
                    const std::string& d);
  void Wrong(Peer* p, const std::string& why);
  void ExpireCalls(int64_t now);
  int PendingCalls() const;

  Shared* s_;
  std::vector<Peer> peers_;
  std::mt19937_64 rng_;
  ENetHost* host_ = nullptr;
  ENetHost* stall_host_ = nullptr;
  int stray_socket_ = -1;
  Stats stats_;
  bool running_ = false;  // inside [go, end]
  bool setup_failed_ = false;
};

}  // namespace load
}  // namespace gdwire

#endif  // GDWIRE_TOOLS_SERVE_LOAD_WORKER_H_
