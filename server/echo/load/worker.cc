// Copyright 2026 The gdwire Authors.
//
// One gdwire_load thread (server/echo/load/worker.h): connects its peers,
// runs the healthy ones' calls and the hostile ones' abuse, checks every
// reply, and counts.

#include "server/echo/load/worker.h"

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
#include "server/echo/load/packets.h"

namespace gdwire {
namespace load {

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

}  // namespace load
}  // namespace gdwire
