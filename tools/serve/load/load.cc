// Copyright 2026 The gdwire Authors.
//
// gdwire_load: many Godot 4 clients against one SceneMultiplayer server on
// ENet (gdwire serve-echo, or a Godot server running the same echo). Each
// peer joins as ENetMultiplayerPeer.create_client does (its multiplayer id
// as the CONNECT data, 255 channels); several libenet client hosts, one per
// thread, each hold many peers. Healthy peers announce the node path
// (SimplifyPath, checksum from the manifest, cache id 1), call
// `echo(seq, args...)` on it with the path inline until the server
// confirms, then by cache id; answer the server's own SimplifyPath with
// ConfirmPath(valid) as a Godot client does; and check that every
// `echo_reply` carries exactly the argument bytes sent. Hostile peers send
// garbage packets, SimplifyPath floods, abusive ENet fragments and stray
// datagrams, or stall. See --help.

#include <arpa/inet.h>
#include <enet/enet.h>
#include <enet/protocol.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "tools/serve/load/packets.h"

namespace gdwire {
namespace load {
namespace {

constexpr char kUsage[] =
    "usage: gdwire_load --port=P --manifest=FILE [--peers=500] [--seconds=10]\n"
    "                   [--window=4] [--threads=2] [--hostile-garbage=N]\n"
    "                   [--hostile-paths=N] [--hostile-fragments=N]\n"
    "                   [--stall=N] [--json] [--require-all] ...\n"
    "\n"
    "Many Godot 4 clients (ENetMultiplayerPeer) against a SceneMultiplayer\n"
    "server on 127.0.0.1:P that answers echo(...) with echo_reply(...) of the\n"
    "same argument bytes (gdwire serve-echo, or the Godot echo project).\n"
    "\n"
    "  --host=ADDR          server address (default 127.0.0.1)\n"
    "  --port=P             server UDP port (needed)\n"
    "  --manifest=FILE      the game's manifest (gdwire manifest)\n"
    "  --node=PATH          node the healthy peers call (default Main/Rel0)\n"
    "  --method=NAME        its method (default echo); --reply=NAME the\n"
    "                       server's answer (default echo_reply)\n"
    "  --peers=N            healthy peers (default 500)\n"
    "  --hostile-garbage=N  peers sending packets that are not valid\n"
    "                       SceneMultiplayer (random bytes; and packets that\n"
    "                       decode but a server must refuse)\n"
    "  --hostile-paths=N    peers announcing --flood-paths (default 5000) new\n"
    "                       cache ids and paths\n"
    "  --hostile-fragments=N  peers sending hand-made ENet datagrams from\n"
    "                       their host's socket: fragment counts and total\n"
    "                       lengths huge, numbers and offsets out of range,\n"
    "                       lying lengths, random commands; and stray\n"
    "                       datagrams from an unconnected socket (half-open\n"
    "                       CONNECTs, bad CONNECTs, foreign peer ids,\n"
    "                       truncated or \"compressed\" headers)\n"
    "  --stall=N            peers that connect, send calls, then never\n"
    "                       service ENet again (no acks)\n"
    "  --hostile-rate=R     packets/datagrams per second per hostile peer\n"
    "                       (default 50)\n"
    "  --seconds=S          length of the measured run (default 10)\n"
    "  --window=W           calls in flight per healthy peer (default 4)\n"
    "  --threads=T          client hosts / threads (default 2)\n"
    "  --connect-timeout=S  seconds for every peer to connect (default 20)\n"
    "  --connect-rate=R     peers that start connecting per second (default\n"
    "                       0: all at once)\n"
    "  --settle=S           seconds between all connected and the run, for\n"
    "                       the server's peer notices (default 1)\n"
    "  --drain=S            seconds to wait for the last replies (default 5)\n"
    "  --call-timeout=S     a call unanswered this long is missing (default\n"
    "                       10)\n"
    "  --seed=N             random seed (ids, arguments, hostile bytes)\n"
    "  --server-pid=PID     sample that process's CPU time (utime+stime) at\n"
    "                       the start and end of the run, and its VmHWM\n"
    "  --json               one summary line of JSON\n"
    "  --require-all        exit 1 also when a healthy call is missing or a\n"
    "                       peer did not connect\n"
    "\n"
    "Exit: 0 ok; 1 a reply was wrong (or, --require-all, missing); 2 usage\n"
    "or setup.\n";

using Clock = std::chrono::steady_clock;

int64_t NowNs() {
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
constexpr int kKinds = 5;
const char* KindName(Kind k) {
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

void Worker::Send(Peer* p, uint8_t channel, uint32_t flags,
                  absl::string_view b) {
  ENetPacket* packet = enet_packet_create(b.data(), b.size(), flags);
  if (packet == nullptr) return;
  if (enet_peer_send(p->enet, channel, packet) != 0) {
    enet_packet_destroy(packet);
  }
}

void Worker::Wrong(Peer* p, const std::string& why) {
  ++stats_.wrong;
  if (stats_.first_wrong.size() < 10) {
    stats_.first_wrong.push_back(absl::StrCat("peer ", p->id, ": ", why));
  }
}

void Worker::SendCall(Peer* p, bool stall) {
  const uint32_t set = static_cast<uint32_t>(rng_() % s_->cached_calls.size());
  const CallTemplate& t =
      p->confirmed ? s_->cached_calls[set] : s_->inline_calls[set];
  std::string b = t.bytes;
  const uint32_t seq = p->next_seq++;
  SetSeq(seq, t.seq_offset, &b);
  Send(p, s_->target.call.enet_channel, s_->target.call.enet_flags, b);
  if (stall) {
    ++stats_.stall_calls;
    return;
  }
  ++stats_.sent;
  if (!p->confirmed) ++stats_.inline_calls;
  p->inflight[seq] = InFlight{set, NowNs()};
}

void Worker::OnReply(Peer* p, absl::string_view bytes,
                     const multiplayer::RemoteCall& rc) {
  const std::string* node = nullptr;
  if (rc.path) {
    node = &*rc.path;
    ++stats_.replies_inline;
  } else {
    auto it = p->server_paths.find(rc.node_id);
    if (it == p->server_paths.end()) {
      Wrong(p, absl::StrCat("a call on cache id ", rc.node_id,
                            " the server never announced"));
      return;
    }
    node = &it->second;
    ++stats_.replies_cached;
  }
  if (*node != s_->target.node) {
    Wrong(p, absl::StrCat("a call on ", *node));
    return;
  }
  if (rc.method_id != s_->target.reply_id) {
    Wrong(p, absl::StrCat("method id ", rc.method_id, ", not ", s_->flags.reply,
                          " (", s_->target.reply_id, ")"));
    return;
  }
  if (rc.byte_only || rc.args.empty() ||
      rc.args[0].value.type() != Type::kInt) {
    Wrong(p, "a reply without the sequence number first");
    return;
  }
  const uint32_t seq = static_cast<uint32_t>(rc.args[0].value.as_int());
  auto it = p->inflight.find(seq);
  if (it == p->inflight.end()) {
    if (seq < p->next_seq) {
      ++stats_.late;  // already counted missing, or a duplicate
    } else {
      Wrong(p, absl::StrCat("a reply to call ", seq, " never sent"));
    }
    return;
  }
  const InFlight f = it->second;
  p->inflight.erase(it);
  std::string expected = s_->expected_args[f.set];
  SetSeq(seq, 2, &expected);
  absl::string_view got = ArgsBytes(bytes, rc);
  if (got != expected) {
    Wrong(p, absl::StrCat("call ", seq, ": argument bytes differ (", got.size(),
                          " bytes, sent ", expected.size(), ")"));
    return;
  }
  ++stats_.answered;
  const int64_t now = NowNs();
  if (running_) ++stats_.answered_in_run;
  stats_.rtt_us.push_back(static_cast<uint32_t>(
      std::min<int64_t>((now - f.sent_ns) / 1000, UINT32_MAX)));
}

void Worker::OnReceive(Peer* p, uint8_t channel, const ENetPacket* packet) {
  absl::string_view bytes(reinterpret_cast<const char*>(packet->data),
                          packet->dataLength);
  absl::StatusOr<multiplayer::Packet> d = multiplayer::Decode(bytes);
  if (!d.ok()) {
    ++stats_.undecodable_from_server;
    if (p->kind == Kind::kHealthy) {
      Wrong(p, absl::StrCat("an undecodable packet from the server: ",
                            d.status().message()));
    }
    return;
  }
  if (const auto* rc = std::get_if<multiplayer::RemoteCall>(&d->body)) {
    if (p->kind == Kind::kHealthy) {
      // The reply method's own channel and reliability (its @rpc config).
      const bool reliable = packet->flags & ENET_PACKET_FLAG_RELIABLE;
      if (channel != s_->target.reply.enet_channel ||
          reliable != (s_->target.reply.mode == "reliable")) {
        ++stats_.reply_delivery_mismatch;
        if (stats_.first_mismatch.empty()) {
          stats_.first_mismatch = absl::StrCat(
              "ENet channel ", channel, reliable ? " reliable" : " unreliable",
              ", expected ENet channel ",
              static_cast<int>(s_->target.reply.enet_channel), " ",
              s_->target.reply.mode, " (", s_->flags.reply, " on ",
              s_->target.node, ": game channel ", s_->target.reply.channel,
              ")");
        }
      }
      OnReply(p, bytes, *rc);
    } else {
      ++stats_.other_packets;
    }
  } else if (const auto* sp =
                 std::get_if<multiplayer::SimplifyPath>(&d->body)) {
    ++stats_.server_simplify;
    if (p->server_paths.size() < 4096) p->server_paths[sp->cache_id] = sp->path;
    // A Godot client confirms what it has a node for; ours has the target.
    Send(p, 0, ENET_PACKET_FLAG_RELIABLE,
         ConfirmPathPacket(sp->cache_id, sp->path == s_->target.node));
  } else if (const auto* cp = std::get_if<multiplayer::ConfirmPath>(&d->body)) {
    if (p->kind == Kind::kPaths) {
      ++stats_.path_confirms;
      if (!cp->valid) ++stats_.path_confirms_invalid;
    } else {
      ++stats_.confirms_received;
      if (!cp->valid) ++stats_.confirms_invalid;
      if (cp->cache_id == 1) p->confirmed = true;
    }
  } else if (d->command() == multiplayer::Command::kSys) {
    ++stats_.notices;
  } else {
    ++stats_.other_packets;
  }
}

void Worker::Service(ENetHost* host, int wait_ms) {
  ENetEvent ev;
  int r = enet_host_service(host, &ev, wait_ms);
  while (r > 0) {
    Peer* p = static_cast<Peer*>(ev.peer->data);
    switch (ev.type) {
      case ENET_EVENT_TYPE_CONNECT:
        if (p != nullptr) {
          p->connected = p->ever_connected = true;
          ++stats_.connected[static_cast<int>(p->kind)];
        }
        break;
      case ENET_EVENT_TYPE_DISCONNECT:
        if (p != nullptr) {
          if (p->connected && running_) {
            p->dropped = true;
            ++stats_.dropped[static_cast<int>(p->kind)];
          }
          p->connected = false;
          p->enet = nullptr;
          ev.peer->data = nullptr;
        }
        break;
      case ENET_EVENT_TYPE_RECEIVE:
        if (p != nullptr) OnReceive(p, ev.channelID, ev.packet);
        enet_packet_destroy(ev.packet);
        break;
      case ENET_EVENT_TYPE_NONE:
        break;
    }
    r = enet_host_check_events(host, &ev);
  }
}

void Worker::PumpHealthy(Peer* p, bool sending) {
  if (!p->connected) return;
  if (!p->announced) {
    // SceneCacheInterface: the path goes out reliable on channel 0 before
    // the first call that names it.
    Send(p, 0, ENET_PACKET_FLAG_RELIABLE, s_->announce);
    p->announced = true;
  }
  if (!sending) return;
  while (static_cast<int>(p->inflight.size()) < s_->flags.window) {
    SendCall(p, false);
  }
}

void Worker::SendDatagram(ENetHost* host, const ENetAddress& to,
                          const std::string& d) {
  ENetBuffer buf;
  buf.data = const_cast<char*>(d.data());
  buf.dataLength = d.size();
  enet_socket_send(host->socket, &to, &buf, 1);
}

void Worker::PumpHostile(Peer* p, int64_t now) {
  if (!p->connected || now < p->next_hostile_ns) return;
  const int64_t interval =
      static_cast<int64_t>(1e9 / std::max(0.001, s_->flags.hostile_rate));
  if (p->next_hostile_ns == 0) p->next_hostile_ns = now;
  switch (p->kind) {
    case Kind::kGarbage: {
      // Reliable on channel 0 or unsequenced on channel 1, as Godot's
      // modes; one in four decodes but must be refused.
      const bool semantic = rng_() % 4 == 0;
      std::string b =
          semantic ? SemanticBadPacket(&rng_) : GarbagePacket(&rng_);
      if (rng_() % 2) {
        Send(p, 0, ENET_PACKET_FLAG_RELIABLE, b);
      } else {
        Send(
            p, 1,
            ENET_PACKET_FLAG_UNSEQUENCED | ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT,
            b);
      }
      ++(semantic ? stats_.semantic_packets : stats_.garbage_packets);
      p->next_hostile_ns += interval;
      break;
    }
    case Kind::kPaths: {
      // Bursts of fresh cache ids and paths, reliable, as fast as ENet
      // takes them (the flood is the point), up to --flood-paths.
      for (int i = 0; i < 100 && p->hostile_sent < static_cast<uint64_t>(
                                                       s_->flags.flood_paths);
           ++i) {
        const uint32_t id = static_cast<uint32_t>(++p->hostile_sent) + 1;
        std::string path = absl::StrCat("Main/Flood", p->id, "/N", id, "/");
        path.append(rng_() % 120, 'a' + static_cast<char>(rng_() % 26));
        Send(p, 0, ENET_PACKET_FLAG_RELIABLE,
             SimplifyPathPacket(i % 2 ? s_->target.checksum
                                      : "00000000000000000000000000000000",
                                id, path));
        ++stats_.path_announcements;
      }
      p->next_hostile_ns = now + 10'000'000;
      break;
    }
    case Kind::kFragments: {
      // Hand-made datagrams from this peer's own host socket, with its
      // ENet peer id and session, on ENet channel 200 (unused otherwise).
      const uint16_t header = static_cast<uint16_t>(
          p->enet->outgoingPeerID |
          (p->enet->outgoingSessionID << ENET_PROTOCOL_HEADER_SESSION_SHIFT));
      const uint16_t time = static_cast<uint16_t>(host_->serviceTime);
      FragmentAbuse k = static_cast<FragmentAbuse>(
          rng_() % static_cast<int>(FragmentAbuse::kCount));
      uint16_t seq;
      if (k == FragmentAbuse::kFillSpread && p->huge_seq != 0) {
        seq = p->huge_seq;
      } else if (k == FragmentAbuse::kUnreliableHuge) {
        seq = p->unrel_seq++;
      } else {
        if (k == FragmentAbuse::kFillSpread) k = FragmentAbuse::kHugeReassembly;
        seq = p->frag_seq;
        p->frag_seq = static_cast<uint16_t>(p->frag_seq % 28000 + 1);
        if (k == FragmentAbuse::kHugeReassembly) p->huge_seq = seq;
      }
      SendDatagram(host_, s_->server,
                   FragmentDatagram(k, header, time, 200, seq, &rng_));
      ++stats_.fragment_datagrams[static_cast<int>(k)];
      // And a stray datagram from the unconnected socket now and then
      // (at most 4 half-open CONNECTs per peer).
      if (stray_socket_ >= 0 && rng_() % 4 == 0) {
        std::string d = StrayDatagram(&rng_, 2 + rng_() % 0x7ffffff0);
        const bool connect =
            d.size() > 4 && (static_cast<uint8_t>(d[4]) & 0x0f) ==
                                ENET_PROTOCOL_COMMAND_CONNECT;
        if (!connect || p->half_open < 4) {
          if (connect) {
            ++p->half_open;
            ++stats_.half_open_connects;
          }
          sockaddr_in a = {};
          a.sin_family = AF_INET;
          a.sin_port = htons(s_->server.port);
          a.sin_addr.s_addr = s_->server.host;
          sendto(stray_socket_, d.data(), d.size(), 0,
                 reinterpret_cast<const sockaddr*>(&a), sizeof(a));
          ++stats_.stray_datagrams;
        }
      }
      p->next_hostile_ns += interval;
      break;
    }
    case Kind::kHealthy:
    case Kind::kStall:
      break;
  }
}

void Worker::ExpireCalls(int64_t now) {
  const int64_t limit = static_cast<int64_t>(s_->flags.call_timeout * 1e9);
  for (Peer& p : peers_) {
    for (auto it = p.inflight.begin(); it != p.inflight.end();) {
      if (now - it->second.sent_ns > limit) {
        ++stats_.missing;
        p.inflight.erase(it++);
      } else {
        ++it;
      }
    }
  }
}

int Worker::PendingCalls() const {
  int n = 0;
  for (const Peer& p : peers_) {
    if (p.connected) n += static_cast<int>(p.inflight.size());
  }
  return n;
}

void Worker::Run() {
  const Flags& f = s_->flags;
  size_t normal = 0, stalled = 0;
  for (const Peer& p : peers_) ++(p.kind == Kind::kStall ? stalled : normal);
  auto make_host = [&](size_t n) {
    ENetHost* h = enet_host_create(nullptr, std::max<size_t>(n, 1),
                                   ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT, 0, 0);
    if (h != nullptr) {
      // One socket for hundreds of peers: room for their bursts, so that
      // what is lost is lost at the server (the kernel caps this at
      // net.core.rmem_max / wmem_max).
      enet_socket_set_option(h->socket, ENET_SOCKOPT_RCVBUF, 8 << 20);
      enet_socket_set_option(h->socket, ENET_SOCKOPT_SNDBUF, 8 << 20);
    }
    return h;
  };
  host_ = make_host(normal);
  if (stalled > 0) stall_host_ = make_host(stalled);
  if (host_ == nullptr || (stalled > 0 && stall_host_ == nullptr)) {
    std::fprintf(stderr, "gdwire_load: enet_host_create failed\n");
    setup_failed_ = true;
    s_->ready.fetch_add(1);
    return;
  }
  bool fragments = false;
  for (const Peer& p : peers_) fragments |= p.kind == Kind::kFragments;
  if (fragments) {
    stray_socket_ = socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a = {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (stray_socket_ >= 0 &&
        bind(stray_socket_, reinterpret_cast<const sockaddr*>(&a), sizeof(a)) !=
            0) {
      close(stray_socket_);
      stray_socket_ = -1;
    }
  }

  // Connect, all at once or --connect-rate per second (this thread's
  // share of it).
  const int64_t connect_start = NowNs();
  const int64_t connect_end =
      connect_start + static_cast<int64_t>(f.connect_timeout * 1e9);
  const double rate = f.connect_rate / f.threads;
  size_t started = 0;
  auto connect_due = [&](int64_t now) {
    if (f.connect_rate <= 0) return peers_.size();
    return std::min(peers_.size(), static_cast<size_t>(
                                       1 + (now - connect_start) / 1e9 * rate));
  };
  auto all_settled = [&] {
    if (started < peers_.size()) return false;
    for (const Peer& p : peers_) {
      if (p.enet != nullptr && !p.connected) return false;
    }
    return true;
  };
  while (!all_settled() && NowNs() < connect_end) {
    for (const size_t due = connect_due(NowNs()); started < due; ++started) {
      Peer& p = peers_[started];
      ENetHost* h = p.kind == Kind::kStall ? stall_host_ : host_;
      // Godot's create_client: 255 channels, the multiplayer id as data.
      p.enet =
          enet_host_connect(h, &s_->server, ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT,
                            static_cast<enet_uint32>(p.id));
      if (p.enet != nullptr) p.enet->data = &p;
    }
    Service(host_, 1);
    if (stall_host_ != nullptr) Service(stall_host_, 0);
  }
  for (Peer& p : peers_) {
    if (!p.ever_connected) {
      p.failed = true;
      ++stats_.connect_failures;
    }
  }
  s_->ready.fetch_add(1);
  while (!s_->go.load()) {
    Service(host_, 1);
    if (stall_host_ != nullptr) Service(stall_host_, 0);
  }

  // Stall peers: announce, a window of calls, then silence (their host is
  // never serviced again: no acks, no pings, nothing read).
  if (stall_host_ != nullptr) {
    for (Peer& p : peers_) {
      if (p.kind != Kind::kStall || !p.connected) continue;
      Send(&p, 0, ENET_PACKET_FLAG_RELIABLE, s_->announce);
      for (int i = 0; i < std::max(1, f.window); ++i) SendCall(&p, true);
    }
    enet_host_flush(stall_host_);
  }

  // Run.
  running_ = true;
  const int64_t end = s_->end_ns.load();
  int64_t next_expire = 0;
  for (int64_t now = NowNs(); now < end; now = NowNs()) {
    for (Peer& p : peers_) {
      if (p.kind == Kind::kHealthy) {
        PumpHealthy(&p, true);
      } else if (p.kind != Kind::kStall) {
        PumpHostile(&p, now);
      }
    }
    enet_host_flush(host_);
    Service(host_, 1);
    if (now > next_expire) {
      ExpireCalls(now);
      next_expire = now + 100'000'000;
    }
  }
  running_ = false;

  // Drain: no new calls; wait for the replies in flight.
  const int64_t drain_end = NowNs() + static_cast<int64_t>(f.drain * 1e9);
  while (PendingCalls() > 0 && NowNs() < drain_end) {
    Service(host_, 1);
    ExpireCalls(NowNs());
  }
  for (Peer& p : peers_) {
    if (!p.inflight.empty() && stats_.first_missing.size() < 10) {
      uint32_t oldest = UINT32_MAX;
      for (const auto& [seq, f] : p.inflight) oldest = std::min(oldest, seq);
      stats_.first_missing.push_back(absl::StrCat(
          "peer ", p.id, ": ", p.inflight.size(), " calls unanswered (oldest #",
          oldest - kFirstSeq + 1, " of ", p.next_seq - kFirstSeq,
          " sent), path ", p.confirmed ? "confirmed" : "not confirmed",
          p.connected ? "" : ", disconnected"));
    }
    stats_.missing += p.inflight.size();
    p.inflight.clear();
  }

  // Leave as a Godot client does (peer.close(): disconnect, flush).
  for (Peer& p : peers_) {
    if (p.kind != Kind::kStall && p.enet != nullptr && p.connected) {
      enet_peer_disconnect(p.enet, 0);
    }
  }
  const int64_t leave_end = NowNs() + 1'000'000'000;
  auto any_connected = [&] {
    for (const Peer& p : peers_) {
      if (p.kind != Kind::kStall && p.connected) return true;
    }
    return false;
  };
  while (any_connected() && NowNs() < leave_end) Service(host_, 1);
  enet_host_destroy(host_);
  if (stall_host_ != nullptr) enet_host_destroy(stall_host_);
  if (stray_socket_ >= 0) close(stray_socket_);
}

struct ProcSample {
  bool ok = false;
  double cpu_s = 0;
  int64_t vmhwm_kb = 0;
  int64_t vmrss_kb = 0;
};

ProcSample SampleProcess(int pid) {
  ProcSample s;
  if (pid <= 0) return s;
  std::ifstream stat(absl::StrCat("/proc/", pid, "/stat"));
  std::string line;
  if (!std::getline(stat, line)) return s;
  const size_t rp = line.rfind(')');
  if (rp == std::string::npos) return s;
  std::istringstream rest(line.substr(rp + 2));
  std::vector<std::string> fields;
  std::string x;
  while (rest >> x) fields.push_back(x);
  // Fields 3.. after the name: state is [0]; utime field 14 is [11].
  if (fields.size() < 13) return s;
  const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  s.cpu_s =
      (std::atof(fields[11].c_str()) + std::atof(fields[12].c_str())) / tick;
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  while (std::getline(status, line)) {
    if (absl::StartsWith(line, "VmHWM:")) {
      s.vmhwm_kb = std::atoll(line.c_str() + 6);
    } else if (absl::StartsWith(line, "VmRSS:")) {
      s.vmrss_kb = std::atoll(line.c_str() + 6);
    }
  }
  s.ok = true;
  return s;
}

bool ParseFlag(const std::string& arg, Flags* f, std::string* err) {
  if (!absl::StartsWith(arg, "--")) {
    *err = absl::StrCat("unexpected argument ", arg);
    return false;
  }
  const size_t eq = arg.find('=');
  const std::string name =
      arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
  const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
  const bool has_value = eq != std::string::npos;
  auto num = [&](int* out, int min) {
    if (!has_value || !absl::SimpleAtoi(value, out) || *out < min) {
      *err = absl::StrCat("--", name, " needs a number >= ", min);
      return false;
    }
    return true;
  };
  auto dbl = [&](double* out) {
    if (!has_value || !absl::SimpleAtod(value, out) || *out < 0) {
      *err = absl::StrCat("--", name, " needs a number >= 0");
      return false;
    }
    return true;
  };
  auto str = [&](std::string* out) {
    if (!has_value || value.empty()) {
      *err = absl::StrCat("--", name, " needs a value");
      return false;
    }
    *out = value;
    return true;
  };
  if (name == "host") return str(&f->host);
  if (name == "port") return num(&f->port, 1);
  if (name == "manifest") return str(&f->manifest);
  if (name == "node") return str(&f->node);
  if (name == "method") return str(&f->method);
  if (name == "reply") return str(&f->reply);
  if (name == "peers") return num(&f->peers, 0);
  if (name == "hostile-garbage") return num(&f->garbage, 0);
  if (name == "hostile-paths") return num(&f->paths, 0);
  if (name == "hostile-fragments") return num(&f->fragments, 0);
  if (name == "stall") return num(&f->stall, 0);
  if (name == "flood-paths") return num(&f->flood_paths, 0);
  if (name == "hostile-rate") return dbl(&f->hostile_rate);
  if (name == "seconds") return dbl(&f->seconds);
  if (name == "window") return num(&f->window, 1);
  if (name == "threads") return num(&f->threads, 1);
  if (name == "connect-timeout") return dbl(&f->connect_timeout);
  if (name == "connect-rate") return dbl(&f->connect_rate);
  if (name == "settle") return dbl(&f->settle);
  if (name == "drain") return dbl(&f->drain);
  if (name == "call-timeout") return dbl(&f->call_timeout);
  if (name == "server-pid") return num(&f->server_pid, 1);
  if (name == "seed") {
    if (!has_value || !absl::SimpleAtoi(value, &f->seed)) {
      *err = "--seed needs a number";
      return false;
    }
    return true;
  }
  if (name == "json" && !has_value) return f->json = true;
  if (name == "require-all" && !has_value) return f->require_all = true;
  *err = absl::StrCat("unknown flag ", arg);
  return false;
}

double Percentile(std::vector<uint32_t>* v, double q) {
  if (v->empty()) return 0;
  const size_t k =
      std::min(v->size() - 1, static_cast<size_t>(q * (v->size() - 1) + 0.5));
  std::nth_element(v->begin(), v->begin() + k, v->end());
  return (*v)[k];
}

int Main(int argc, char** argv) {
  auto shared = std::make_unique<Shared>();
  Flags& f = shared->flags;
  f.seed = static_cast<uint64_t>(NowNs()) ^ static_cast<uint64_t>(getpid());
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    std::string err;
    if (!ParseFlag(a, &f, &err)) {
      std::fprintf(stderr, "gdwire_load: %s\n\n%s", err.c_str(), kUsage);
      return 2;
    }
  }
  if (f.port <= 0 || f.port > 65535 || f.manifest.empty()) {
    std::fprintf(stderr, "gdwire_load: --port and --manifest are needed\n\n%s",
                 kUsage);
    return 2;
  }
  auto manifest = multiplayer::LoadManifest(f.manifest);
  if (!manifest.ok()) {
    std::fprintf(stderr, "gdwire_load: %s\n",
                 std::string(manifest.status().message()).c_str());
    return 2;
  }
  absl::StatusOr<Target> target =
      ResolveTarget(**manifest, f.node, f.method, f.reply);
  if (!target.ok()) {
    std::fprintf(stderr, "gdwire_load: %s\n",
                 std::string(target.status().message()).c_str());
    return 2;
  }
  shared->target = *target;
  const std::vector<multiplayer::Value> pool = ValuePool(f.seed);
  for (const std::vector<multiplayer::Value>& args :
       ArgumentSets(pool, 64, f.seed + 1)) {
    absl::StatusOr<CallTemplate> in = MakeCallTemplate(*target, true, 0, args);
    absl::StatusOr<CallTemplate> cached =
        MakeCallTemplate(*target, false, 1, args);
    if (!in.ok() || !cached.ok()) {
      std::fprintf(
          stderr, "gdwire_load: %s\n",
          std::string((in.ok() ? cached : in).status().message()).c_str());
      return 2;
    }
    shared->expected_args.push_back(cached->bytes.substr(
        cached->args_begin, cached->args_end - cached->args_begin));
    shared->inline_calls.push_back(*std::move(in));
    shared->cached_calls.push_back(*std::move(cached));
  }
  shared->announce = SimplifyPathPacket(target->checksum, 1, target->node);

  if (enet_initialize() != 0) {
    std::fprintf(stderr, "gdwire_load: enet_initialize failed\n");
    return 2;
  }
  if (enet_address_set_host_ip(&shared->server, f.host.c_str()) != 0) {
    std::fprintf(stderr, "gdwire_load: bad --host %s\n", f.host.c_str());
    return 2;
  }
  shared->server.port = static_cast<enet_uint16>(f.port);

  // Peers: unique multiplayer ids (random, > 1, as Godot's
  // generate_unique_id), dealt round-robin to the threads.
  std::mt19937_64 rng(f.seed);
  std::vector<std::pair<Kind, int>> kinds = {{Kind::kHealthy, f.peers},
                                             {Kind::kGarbage, f.garbage},
                                             {Kind::kPaths, f.paths},
                                             {Kind::kFragments, f.fragments},
                                             {Kind::kStall, f.stall}};
  std::set<int32_t> ids;
  std::vector<std::vector<Peer>> per_thread(f.threads);
  int dealt = 0;
  for (const auto& [kind, n] : kinds) {
    for (int i = 0; i < n; ++i) {
      Peer p;
      p.kind = kind;
      do {
        p.id = static_cast<int32_t>(2 + rng() % 0x7ffffffd);
      } while (!ids.insert(p.id).second);
      per_thread[dealt++ % f.threads].push_back(std::move(p));
    }
  }
  std::vector<std::unique_ptr<Worker>> workers;
  for (int t = 0; t < f.threads; ++t) {
    workers.push_back(std::make_unique<Worker>(
        shared.get(), std::move(per_thread[t]), f.seed + 100 + t));
  }
  const int64_t t0 = NowNs();
  std::vector<std::thread> threads;
  for (auto& w : workers) threads.emplace_back([&w] { w->Run(); });
  while (shared->ready.load() < f.threads) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const double connect_s = (NowNs() - t0) / 1e9;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(static_cast<int64_t>(f.settle * 1000)));
  const int64_t go = NowNs();
  shared->end_ns.store(go + static_cast<int64_t>(f.seconds * 1e9));
  shared->go_ns.store(go);
  const ProcSample before = SampleProcess(f.server_pid);
  rusage ru0;
  getrusage(RUSAGE_SELF, &ru0);
  shared->go.store(true);
  // Sample the server at the end of the run, before the drain.
  while (NowNs() < shared->end_ns.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const ProcSample after = SampleProcess(f.server_pid);
  rusage ru1;
  getrusage(RUSAGE_SELF, &ru1);
  for (std::thread& t : threads) t.join();
  const ProcSample final_sample = SampleProcess(f.server_pid);

  Stats all;
  bool setup_failed = false;
  for (auto& w : workers) {
    all.Add(w->stats());
    setup_failed |= w->setup_failed();
  }
  auto cpu = [](const rusage& r) {
    return r.ru_utime.tv_sec + r.ru_utime.tv_usec / 1e6 + r.ru_stime.tv_sec +
           r.ru_stime.tv_usec / 1e6;
  };
  const double own_cpu = cpu(ru1) - cpu(ru0);
  const double calls_per_s =
      f.seconds > 0 ? all.answered_in_run / f.seconds : 0;
  const double p50 = Percentile(&all.rtt_us, 0.5);
  const double p99 = Percentile(&all.rtt_us, 0.99);

  int total_peers = 0;
  for (const auto& [kind, n] : kinds) total_peers += n;
  std::string j = absl::StrCat(
      "{\"peers\":", f.peers, ",\"connections\":", total_peers,
      ",\"threads\":", f.threads, ",\"window\":", f.window,
      ",\"seconds\":", f.seconds,
      ",\"connect_s\":", absl::StrFormat("%.3f", connect_s),
      ",\"calls_sent\":", all.sent, ",\"answered\":", all.answered,
      ",\"wrong\":", all.wrong, ",\"missing\":", all.missing,
      ",\"late\":", all.late,
      ",\"calls_per_s\":", absl::StrFormat("%.1f", calls_per_s),
      ",\"rtt_p50_us\":", p50, ",\"rtt_p99_us\":", p99,
      ",\"inline_calls\":", all.inline_calls,
      ",\"replies_inline\":", all.replies_inline,
      ",\"replies_cached\":", all.replies_cached,
      ",\"reply_delivery_mismatch\":", all.reply_delivery_mismatch,
      ",\"server_simplify_path\":", all.server_simplify,
      ",\"confirms_received\":", all.confirms_received,
      ",\"notices\":", all.notices,
      ",\"undecodable_from_server\":", all.undecodable_from_server,
      ",\"connect_failures\":", all.connect_failures, ",\"connected\":{");
  for (int k = 0; k < kKinds; ++k) {
    absl::StrAppend(&j, k ? "," : "", "\"", KindName(static_cast<Kind>(k)),
                    "\":", all.connected[k]);
  }
  j += "},\"dropped_by_server\":{";
  for (int k = 0; k < kKinds; ++k) {
    absl::StrAppend(&j, k ? "," : "", "\"", KindName(static_cast<Kind>(k)),
                    "\":", all.dropped[k]);
  }
  absl::StrAppend(&j, "},\"hostile\":{\"garbage\":{\"peers\":", f.garbage,
                  ",\"packets\":", all.garbage_packets,
                  ",\"refusable_packets\":", all.semantic_packets,
                  "},\"paths\":{\"peers\":", f.paths,
                  ",\"announced\":", all.path_announcements,
                  ",\"confirmed\":", all.path_confirms,
                  ",\"confirmed_invalid\":", all.path_confirms_invalid,
                  "},\"fragments\":{\"peers\":", f.fragments);
  uint64_t frag_total = 0;
  for (int i = 0; i < static_cast<int>(FragmentAbuse::kCount); ++i) {
    frag_total += all.fragment_datagrams[i];
    absl::StrAppend(&j, ",\"", FragmentAbuseName(static_cast<FragmentAbuse>(i)),
                    "\":", all.fragment_datagrams[i]);
  }
  absl::StrAppend(&j, ",\"datagrams\":", frag_total,
                  ",\"stray_datagrams\":", all.stray_datagrams,
                  ",\"half_open_connects\":", all.half_open_connects,
                  "},\"stall\":{\"peers\":", f.stall,
                  ",\"calls\":", all.stall_calls, "}}");
  j += ",\"hostile_ids\":{";
  bool first_kind = true;
  for (int k = 1; k < kKinds; ++k) {
    absl::StrAppend(&j, first_kind ? "" : ",", "\"",
                    KindName(static_cast<Kind>(k)), "\":[");
    first_kind = false;
    bool first = true;
    for (auto& w : workers) {
      for (const Peer& p : w->peers()) {
        if (static_cast<int>(p.kind) != k) continue;
        absl::StrAppend(&j, first ? "" : ",", p.id);
        first = false;
      }
    }
    j += "]";
  }
  j += "}";
  absl::StrAppend(&j, ",\"load_cpu_s\":", absl::StrFormat("%.3f", own_cpu));
  if (before.ok && after.ok) {
    const double server_cpu = after.cpu_s - before.cpu_s;
    absl::StrAppend(
        &j, ",\"server\":{\"pid\":", f.server_pid,
        ",\"cpu_s\":", absl::StrFormat("%.3f", server_cpu),
        ",\"cpu_total_s\":", absl::StrFormat("%.3f", final_sample.cpu_s),
        ",\"calls_per_cpu_s\":",
        absl::StrFormat(
            "%.1f", server_cpu > 0 ? all.answered_in_run / server_cpu : 0.0),
        ",\"vmhwm_kb_before\":", before.vmhwm_kb, ",\"vmhwm_kb\":",
        final_sample.ok ? final_sample.vmhwm_kb : after.vmhwm_kb,
        ",\"vmrss_kb\":", after.vmrss_kb,
        ",\"alive\":", final_sample.ok ? "true" : "false", "}");
  }
  j += "}";

  if (f.json) {
    std::printf("%s\n", j.c_str());
  } else {
    std::printf(
        "%d connections (%d healthy), %d connect failures, connected in "
        "%.2f s\n"
        "%llu calls sent, %llu answered, %llu wrong, %llu missing in %.1f s: "
        "%.0f calls/s (rtt p50 %.0f us, p99 %.0f us)\n"
        "hostile: %llu garbage + %llu refusable packets, %llu path "
        "announcements (%llu confirmed), %llu fragment datagrams, %llu stray "
        "datagrams, %d stalled peers\n",
        total_peers, f.peers, static_cast<int>(all.connect_failures), connect_s,
        static_cast<unsigned long long>(all.sent),
        static_cast<unsigned long long>(all.answered),
        static_cast<unsigned long long>(all.wrong),
        static_cast<unsigned long long>(all.missing), f.seconds, calls_per_s,
        p50, p99, static_cast<unsigned long long>(all.garbage_packets),
        static_cast<unsigned long long>(all.semantic_packets),
        static_cast<unsigned long long>(all.path_announcements),
        static_cast<unsigned long long>(all.path_confirms),
        static_cast<unsigned long long>(frag_total),
        static_cast<unsigned long long>(all.stray_datagrams), f.stall);
    if (before.ok && after.ok) {
      std::printf("server pid %d: %.2f s CPU in the run, VmHWM %lld kB\n",
                  f.server_pid, after.cpu_s - before.cpu_s,
                  static_cast<long long>(final_sample.vmhwm_kb));
    }
  }
  for (const std::string& w : all.first_wrong) {
    std::fprintf(stderr, "gdwire_load: wrong: %s\n", w.c_str());
  }
  if (!all.first_mismatch.empty()) {
    std::fprintf(stderr,
                 "gdwire_load: %llu replies not on the reply method's "
                 "channel and mode, e.g. %s\n",
                 static_cast<unsigned long long>(all.reply_delivery_mismatch),
                 all.first_mismatch.c_str());
  }
  for (const std::string& w : all.first_missing) {
    std::fprintf(stderr, "gdwire_load: missing: %s\n", w.c_str());
  }
  enet_deinitialize();
  if (setup_failed) return 2;
  // A reply in another mode or on another channel than the reply method's
  // config is a protocol error too.
  if (all.wrong > 0 || all.undecodable_from_server > 0 ||
      all.reply_delivery_mismatch > 0) {
    return 1;
  }
  if (f.require_all &&
      (all.missing > 0 || all.connect_failures > 0 || all.sent == 0 ||
       all.dropped[static_cast<int>(Kind::kHealthy)] > 0)) {
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace load
}  // namespace gdwire

int main(int argc, char** argv) { return gdwire::load::Main(argc, argv); }
