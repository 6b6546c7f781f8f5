// Copyright 2026 The gdwire Authors.

#include "server/echo/load/packets.h"

#include <arpa/inet.h>
#include <enet/enet.h>
#include <enet/protocol.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/variant.h"

namespace gdwire {
namespace load {

using multiplayer::ConfirmPath;
using multiplayer::MakePacket;
using multiplayer::MakeValue;
using multiplayer::Packet;
using multiplayer::RemoteCall;
using multiplayer::SimplifyPath;
using multiplayer::Sys;
using multiplayer::SysCommand;
using multiplayer::Value;
using multiplayer::ValueForm;

Delivery DeliveryFor(absl::string_view transfer_mode, int channel) {
  Delivery d;
  d.mode = std::string(transfer_mode);
  d.channel = channel;
  if (transfer_mode == "unreliable") {
    d.enet_flags =
        ENET_PACKET_FLAG_UNSEQUENCED | ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT;
  } else if (transfer_mode == "unreliable_ordered") {
    d.enet_flags = ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT;
  } else {
    d.mode = "reliable";
    d.enet_flags = ENET_PACKET_FLAG_RELIABLE;
  }
  if (channel >= 1) {
    d.enet_channel = static_cast<uint8_t>(channel + 1);
  } else {
    d.enet_channel = d.mode == "reliable" ? 0 : 1;
  }
  return d;
}

absl::StatusOr<Target> ResolveTarget(const multiplayer::FileManifest& m,
                                     absl::string_view node,
                                     absl::string_view method,
                                     absl::string_view reply_method) {
  Target t;
  t.node = std::string(node);
  std::optional<std::string> sum = m.ChecksumFor(node);
  if (!sum) {
    return absl::NotFoundError(
        absl::StrCat("the manifest has no node ", node, " (or not just one)"));
  }
  t.checksum = *sum;
  // The node's own methods: nodes whose scripts have the same @rpc names
  // share a checksum but not their transfer modes and channels.
  const std::vector<multiplayer::ManifestRpc>* methods = nullptr;
  const size_t slash = node.find('/');
  const absl::string_view root = node.substr(0, slash);
  const absl::string_view rel =
      slash == absl::string_view::npos ? "." : node.substr(slash + 1);
  for (const multiplayer::ManifestScene& scene : m.scenes()) {
    if (scene.root != root) continue;
    for (const multiplayer::ManifestNode& n : scene.nodes) {
      if (n.path == rel) methods = &n.methods;
    }
    if (methods != nullptr) break;
  }
  if (methods == nullptr) methods = m.MethodsForChecksum(*sum);
  if (methods == nullptr) {
    return absl::NotFoundError(absl::StrCat("no @rpc methods on ", node));
  }
  const multiplayer::ManifestRpc* call = nullptr;
  const multiplayer::ManifestRpc* reply = nullptr;
  for (const multiplayer::ManifestRpc& r : *methods) {
    if (r.name == method) call = &r;
    if (r.name == reply_method) reply = &r;
  }
  if (call == nullptr || reply == nullptr) {
    return absl::NotFoundError(absl::StrCat(
        node, " has no @rpc ", call == nullptr ? method : reply_method));
  }
  t.method_id = call->id;
  t.reply_id = reply->id;
  t.call = DeliveryFor(call->transfer_mode, call->channel);
  t.reply = DeliveryFor(reply->transfer_mode, reply->channel);
  return t;
}

std::vector<Value> ValuePool(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Variant> v;
  // Ints of every width the engine picks (1, 2, 4, 8 bytes), both signs.
  for (int64_t i : std::initializer_list<int64_t>{
           0, 1, -1, 42, 127, -128, 200, -300, 32767, -32768, 65535, 100000,
           -2147483647 - 1, 2147483647, 4294967296LL, -1099511627776LL,
           INT64_MAX, INT64_MIN}) {
    v.push_back(Variant::Int(i));
  }
  v.push_back(Variant::Bool(true));
  v.push_back(Variant::Bool(false));
  for (double d : {0.0, 0.5, -1.25, 3.141592653589793, 1e300, -2.5e-10}) {
    v.push_back(Variant::Float(d));
  }
  v.push_back(Variant::String(""));
  v.push_back(Variant::String("hello"));
  v.push_back(Variant::String("Grüße, 世界 ✓"));
  v.push_back(Variant::String(std::string(300, 'x')));
  v.push_back(Variant::StringName("player_moved"));
  v.push_back(Variant::Vector2(1.5, -2.0));
  v.push_back(Variant::Vector3(1, 2, 3));
  v.push_back(Variant::Vector3(-10.25, 0.125, 1e6));
  v.push_back(Variant::Color(1, 0.5, 0.25, 1));
  {
    Variant d = Variant::MakeDictionary();
    d.mutable_dictionary().Set(Variant::String("hp"), Variant::Int(100));
    d.mutable_dictionary().Set(Variant::String("name"), Variant::String("bob"));
    d.mutable_dictionary().Set(Variant::Int(7), Variant::Vector3(0, 1, 0));
    v.push_back(std::move(d));
  }
  {
    Variant a = Variant::MakeArray();
    a.mutable_array().Append(Variant::Int(1));
    a.mutable_array().Append(Variant::String("two"));
    a.mutable_array().Append(Variant::Float(3.0));
    a.mutable_array().Append(Variant::Bool(true));
    v.push_back(std::move(a));
  }
  {
    std::vector<uint8_t> b(64);
    for (uint8_t& x : b) x = static_cast<uint8_t>(rng());
    v.push_back(Variant::PackedBytes(std::move(b)));
  }
  v.push_back(Variant::PackedInt32({1, -2, 3, 1 << 20}));
  v.push_back(Variant::PackedFloat32({0.5f, 1.5f, -3.0f}));
  std::vector<Value> out;
  out.reserve(v.size());
  for (Variant& x : v) out.push_back(MakeValue(std::move(x)));
  return out;
}

std::vector<std::vector<Value>> ArgumentSets(const std::vector<Value>& pool,
                                             size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<Value>> sets(n);
  for (size_t i = 0; i < n; ++i) {
    // Each value of the pool appears in some set: walk the pool first.
    const size_t count = 1 + rng() % 4;
    sets[i].push_back(pool[i % pool.size()]);
    while (sets[i].size() < count) sets[i].push_back(pool[rng() % pool.size()]);
  }
  return sets;
}

std::string EncodeOrDie(const Packet& p) {
  absl::StatusOr<std::string> b = multiplayer::Encode(p);
  if (!b.ok()) {
    std::fprintf(stderr, "gdwire_load: encode: %s\n",
                 std::string(b.status().message()).c_str());
    std::abort();
  }
  return *std::move(b);
}

absl::string_view ArgsBytes(absl::string_view packet, const RemoteCall& rc) {
  if (packet.empty()) return {};
  const uint8_t b0 = static_cast<uint8_t>(packet[0]);
  const size_t node_bytes = size_t{1} << ((b0 >> 4) & 3);
  const size_t method_bytes = (b0 & 0x40) ? 2 : 1;
  const size_t begin = 1 + node_bytes + method_bytes;
  size_t end = packet.size();
  if (rc.path) {
    const size_t path = rc.path->size() + rc.path_tail.size();
    if (path > end) return {};
    end -= path;
  }
  if (begin > end) return {};
  return packet.substr(begin, end - begin);
}

absl::StatusOr<CallTemplate> MakeCallTemplate(
    const Target& t, bool inline_path, uint32_t cache_id,
    const std::vector<Value>& extra_args) {
  RemoteCall rc;
  if (inline_path) {
    rc.path = t.node;
  } else {
    rc.node_id = cache_id;
  }
  rc.method_id = t.method_id;
  Value seq = MakeValue(Variant::Int(0x5a5a5a5a));
  if (seq.form != ValueForm::kInt32) {
    return absl::InternalError("a sequence number is not a 4-byte int");
  }
  rc.args.push_back(std::move(seq));
  for (const Value& v : extra_args) rc.args.push_back(v);
  absl::StatusOr<std::string> bytes = multiplayer::Encode(MakePacket(rc));
  if (!bytes.ok()) return bytes.status();
  CallTemplate c;
  c.bytes = *std::move(bytes);
  absl::StatusOr<Packet> back = multiplayer::Decode(c.bytes);
  if (!back.ok()) return back.status();
  const RemoteCall* d = std::get_if<RemoteCall>(&back->body);
  if (d == nullptr || d->args.empty()) {
    return absl::InternalError("the call template does not decode as a call");
  }
  absl::string_view args = ArgsBytes(c.bytes, *d);
  if (args.size() < 6) return absl::InternalError("call template args");
  c.args_begin = static_cast<size_t>(args.data() - c.bytes.data());
  c.args_end = c.args_begin + args.size();
  c.seq_offset = c.args_begin + 2;  // [argc][int32 header][4 bytes]
  if (GetSeq(c.bytes, c.seq_offset) != 0x5a5a5a5a) {
    return absl::InternalError("the sequence number is not where expected");
  }
  return c;
}

void SetSeq(uint32_t seq, size_t offset, std::string* bytes) {
  for (int i = 0; i < 4; ++i) {
    (*bytes)[offset + i] = static_cast<char>((seq >> (8 * i)) & 0xff);
  }
}

uint32_t GetSeq(absl::string_view bytes, size_t offset) {
  if (offset + 4 > bytes.size()) return 0;
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    v |= uint32_t{static_cast<uint8_t>(bytes[offset + i])} << (8 * i);
  }
  return v;
}

std::string SimplifyPathPacket(absl::string_view checksum, uint32_t cache_id,
                               absl::string_view path) {
  SimplifyPath sp;
  sp.checksum = std::string(checksum);
  sp.cache_id = cache_id;
  sp.path = std::string(path);
  return EncodeOrDie(MakePacket(std::move(sp)));
}

std::string ConfirmPathPacket(uint32_t cache_id, bool valid) {
  ConfirmPath cp;
  cp.cache_id = cache_id;
  cp.valid = valid ? 1 : 0;
  return EncodeOrDie(MakePacket(cp));
}

std::string GarbagePacket(std::mt19937_64* rng) {
  for (;;) {
    const size_t n = 1 + (*rng)() % 48;
    std::string b(n, '\0');
    for (char& c : b) c = static_cast<char>((*rng)());
    // Mostly a real command with random flags, so the codec reads on into
    // the layout before it fails.
    if ((*rng)() % 4 != 0) {
      b[0] = static_cast<char>((static_cast<uint8_t>(b[0]) & 0xf8) |
                               ((*rng)() % 8));
    }
    if (!multiplayer::Decode(b).ok()) return b;
  }
}

std::string SemanticBadPacket(std::mt19937_64* rng) {
  switch ((*rng)() % 4) {
    case 0: {  // a peer notice, which only the server sends
      Sys s;
      s.sys = (*rng)() % 2 ? SysCommand::kAddPeer : SysCommand::kDelPeer;
      s.peer = static_cast<int32_t>(2 + (*rng)() % 1000000);
      return EncodeOrDie(MakePacket(std::move(s)));
    }
    case 1:  // a confirmation of a path the server never announced
      return ConfirmPathPacket(static_cast<uint32_t>(1000 + (*rng)() % 1000),
                               true);
    case 2: {  // a call on a cache id this peer never announced
      RemoteCall rc;
      rc.node_id = static_cast<uint32_t>(50000 + (*rng)() % 1000);
      rc.method_id = 0;
      rc.args.push_back(MakeValue(Variant::Int(1)));
      return EncodeOrDie(MakePacket(std::move(rc)));
    }
    default: {  // an inline call to an empty node path
      RemoteCall rc;
      rc.path = "";
      rc.method_id = 0;
      return EncodeOrDie(MakePacket(std::move(rc)));
    }
  }
}

namespace {

void Append(const void* p, size_t n, std::string* out) {
  out->append(static_cast<const char*>(p), n);
}

void PutHeader(uint16_t peer_id, uint16_t sent_time, std::string* out) {
  ENetProtocolHeader h;
  h.peerID = ENET_HOST_TO_NET_16(peer_id | ENET_PROTOCOL_HEADER_FLAG_SENT_TIME);
  h.sentTime = ENET_HOST_TO_NET_16(sent_time);
  Append(&h, sizeof(h), out);
}

void PutFragment(uint8_t command, uint8_t channel, uint16_t reliable_seq,
                 uint16_t start_seq, uint16_t data_length, uint32_t count,
                 uint32_t number, uint32_t total, uint32_t offset,
                 size_t real_data, std::mt19937_64* rng, std::string* out) {
  ENetProtocolSendFragment f;
  f.header.command = command;
  f.header.channelID = channel;
  f.header.reliableSequenceNumber = ENET_HOST_TO_NET_16(reliable_seq);
  f.startSequenceNumber = ENET_HOST_TO_NET_16(start_seq);
  f.dataLength = ENET_HOST_TO_NET_16(data_length);
  f.fragmentCount = ENET_HOST_TO_NET_32(count);
  f.fragmentNumber = ENET_HOST_TO_NET_32(number);
  f.totalLength = ENET_HOST_TO_NET_32(total);
  f.fragmentOffset = ENET_HOST_TO_NET_32(offset);
  Append(&f, sizeof(f), out);
  for (size_t i = 0; i < real_data; ++i) {
    out->push_back(static_cast<char>((*rng)()));
  }
}

constexpr uint8_t kReliableFragment = ENET_PROTOCOL_COMMAND_SEND_FRAGMENT |
                                      ENET_PROTOCOL_COMMAND_FLAG_ACKNOWLEDGE;
constexpr uint32_t kMaxCount = ENET_PROTOCOL_MAXIMUM_FRAGMENT_COUNT;
constexpr uint32_t k4MiB = 4u << 20;

}  // namespace

const char* FragmentAbuseName(FragmentAbuse k) {
  switch (k) {
    case FragmentAbuse::kHugeReassembly:
      return "huge_reassembly";
    case FragmentAbuse::kHugeTotal:
      return "huge_total";
    case FragmentAbuse::kTooLongTotal:
      return "too_long_total";
    case FragmentAbuse::kCountOverTotal:
      return "count_over_total";
    case FragmentAbuse::kNumberPastCount:
      return "number_past_count";
    case FragmentAbuse::kOffsetPastTotal:
      return "offset_past_total";
    case FragmentAbuse::kLengthLies:
      return "length_lies";
    case FragmentAbuse::kUnreliableHuge:
      return "unreliable_huge";
    case FragmentAbuse::kFillSpread:
      return "fill_spread";
    case FragmentAbuse::kRandomCommands:
      return "random_commands";
    case FragmentAbuse::kCount:
      break;
  }
  return "?";
}

std::string FragmentDatagram(FragmentAbuse kind, uint16_t header_peer_id,
                             uint16_t sent_time, uint8_t channel, uint16_t seq,
                             std::mt19937_64* rng) {
  std::string out;
  PutHeader(header_peer_id, sent_time, &out);
  const uint16_t kData = 32;
  switch (kind) {
    case FragmentAbuse::kHugeReassembly:
      PutFragment(kReliableFragment, channel, seq, seq, kData, kMaxCount, 0,
                  k4MiB, 0, kData, rng, &out);
      break;
    case FragmentAbuse::kHugeTotal:
      PutFragment(kReliableFragment, channel, seq, seq, kData, kMaxCount, 0,
                  32u << 20, 0, kData, rng, &out);
      break;
    case FragmentAbuse::kTooLongTotal:
      PutFragment(kReliableFragment, channel, seq, seq, kData, kMaxCount, 0,
                  1u << 30, 0, kData, rng, &out);
      break;
    case FragmentAbuse::kCountOverTotal:
      PutFragment(kReliableFragment, channel, seq, seq, kData, kMaxCount, 0,
                  1000, 0, kData, rng, &out);
      break;
    case FragmentAbuse::kNumberPastCount:
      PutFragment(kReliableFragment, channel, seq, seq, kData, 4, 0xfffffff0u,
                  4 * kData, 0, kData, rng, &out);
      break;
    case FragmentAbuse::kOffsetPastTotal:
      PutFragment(kReliableFragment, channel, seq, seq, kData, 4, 1, 4 * kData,
                  0xfffffff0u, kData, rng, &out);
      break;
    case FragmentAbuse::kLengthLies:
      PutFragment(kReliableFragment, channel, seq, seq, 60000, 2, 0, 120000, 0,
                  kData, rng, &out);
      break;
    case FragmentAbuse::kUnreliableHuge:
      // The channel's reliable sequence number (0: nothing reliable sent on
      // it) and a fresh unreliable start sequence number.
      PutFragment(ENET_PROTOCOL_COMMAND_SEND_UNRELIABLE_FRAGMENT, channel, 0,
                  seq, kData, kMaxCount, 0, k4MiB, 0, kData, rng, &out);
      break;
    case FragmentAbuse::kFillSpread: {
      // One more fragment of the pending 4 MiB packet `seq` (started by
      // kHugeReassembly), on a page of its own: the server's buffer fills.
      const uint32_t page = static_cast<uint32_t>((*rng)() % 1024);
      PutFragment(kReliableFragment, channel, seq, seq, kData, kMaxCount,
                  page * 1024 + 1, k4MiB, page * 4096 + 4, kData, rng, &out);
      break;
    }
    case FragmentAbuse::kRandomCommands:
    case FragmentAbuse::kCount: {
      // One command of a kind that carries no packet (so nothing reaches
      // the multiplayer layer), random fields and flags, full length or
      // cut short: acknowledge, connect, verify connect, ping, bandwidth
      // limit, throttle configure, or a command number ENet does not have.
      static constexpr struct {
        uint8_t command;
        uint8_t size;
      } kSafe[] = {{ENET_PROTOCOL_COMMAND_ACKNOWLEDGE, 8},
                   {ENET_PROTOCOL_COMMAND_CONNECT, 48},
                   {ENET_PROTOCOL_COMMAND_VERIFY_CONNECT, 44},
                   {ENET_PROTOCOL_COMMAND_PING, 4},
                   {ENET_PROTOCOL_COMMAND_BANDWIDTH_LIMIT, 12},
                   {ENET_PROTOCOL_COMMAND_THROTTLE_CONFIGURE, 16},
                   {ENET_PROTOCOL_COMMAND_NONE, 20},
                   {13, 20},
                   {15, 40}};
      const auto& c = kSafe[(*rng)() % (sizeof(kSafe) / sizeof(kSafe[0]))];
      out.push_back(static_cast<char>(c.command | ((*rng)() & 0xc0)));
      const size_t n = (*rng)() % 3 == 0 ? (*rng)() % c.size : c.size - 1u;
      for (size_t i = 0; i < n; ++i) out.push_back(static_cast<char>((*rng)()));
      break;
    }
  }
  return out;
}

std::string StrayDatagram(std::mt19937_64* rng, uint32_t connect_data) {
  std::string out;
  const uint16_t now = static_cast<uint16_t>((*rng)());
  const int kind = static_cast<int>((*rng)() % 6);
  if (kind == 0 || kind == 1) {
    // kind 0: a CONNECT as libenet sends it, never acknowledged; kind 1:
    // its values out of ENet's ranges.
    PutHeader(ENET_PROTOCOL_MAXIMUM_PEER_ID, now, &out);
    ENetProtocolConnect c;
    std::memset(&c, 0, sizeof(c));
    c.header.command =
        ENET_PROTOCOL_COMMAND_CONNECT | ENET_PROTOCOL_COMMAND_FLAG_ACKNOWLEDGE;
    c.header.channelID = 0xff;
    c.header.reliableSequenceNumber = ENET_HOST_TO_NET_16(1);
    c.outgoingPeerID = ENET_HOST_TO_NET_16(static_cast<uint16_t>(0));
    c.incomingSessionID = 0xff;
    c.outgoingSessionID = 0xff;
    const bool bad = kind == 1;
    c.mtu = ENET_HOST_TO_NET_32(bad ? 0xffffffffu : 1392u);
    c.windowSize = ENET_HOST_TO_NET_32(bad ? 1u : 65536u);
    c.channelCount =
        ENET_HOST_TO_NET_32(bad ? ((*rng)() % 2 ? 0u : 100000u)
                                : ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT);
    c.packetThrottleInterval = ENET_HOST_TO_NET_32(5000u);
    c.packetThrottleAcceleration = ENET_HOST_TO_NET_32(2u);
    c.packetThrottleDeceleration = ENET_HOST_TO_NET_32(2u);
    c.connectID = static_cast<uint32_t>((*rng)());
    c.data = ENET_HOST_TO_NET_32(connect_data);
    Append(&c, sizeof(c), &out);
    return out;
  }
  if (kind == 2) {  // a header naming someone else's peer: a reliable send
    PutHeader(static_cast<uint16_t>((*rng)() % 0x3fff), now, &out);
    ENetProtocolSendReliable s;
    s.header.command = ENET_PROTOCOL_COMMAND_SEND_RELIABLE |
                       ENET_PROTOCOL_COMMAND_FLAG_ACKNOWLEDGE;
    s.header.channelID = 0;
    s.header.reliableSequenceNumber = ENET_HOST_TO_NET_16(1);
    s.dataLength = ENET_HOST_TO_NET_16(4);
    Append(&s, sizeof(s), &out);
    out += std::string("\x07\x01\x02\x00", 4);
    return out;
  }
  if (kind == 3) {  // a truncated header
    const size_t n = 1 + (*rng)() % 3;
    for (size_t i = 0; i < n; ++i) out.push_back(static_cast<char>((*rng)()));
    return out;
  }
  if (kind == 4) {  // "compressed" garbage
    ENetProtocolHeader h;
    h.peerID = ENET_HOST_TO_NET_16(ENET_PROTOCOL_MAXIMUM_PEER_ID |
                                   ENET_PROTOCOL_HEADER_FLAG_COMPRESSED |
                                   ENET_PROTOCOL_HEADER_FLAG_SENT_TIME);
    h.sentTime = ENET_HOST_TO_NET_16(now);
    Append(&h, sizeof(h), &out);
    const size_t n = 8 + (*rng)() % 200;
    for (size_t i = 0; i < n; ++i) out.push_back(static_cast<char>((*rng)()));
    return out;
  }
  // No peer yet, and a command that is not a CONNECT.
  PutHeader(ENET_PROTOCOL_MAXIMUM_PEER_ID, now, &out);
  const size_t n = 4 + (*rng)() % 60;
  for (size_t i = 0; i < n; ++i) out.push_back(static_cast<char>((*rng)()));
  return out;
}

}  // namespace load
}  // namespace gdwire
