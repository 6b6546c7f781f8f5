// Copyright 2026 The gdwire Authors.
//
// The capture Decoder: frames taken apart (internal/packet.h), filtered,
// sorted into TCP connections and UDP flows; TCP directions reassembled and
// decoded (internal/direction.h), UDP datagrams decoded one value each.

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/capture/capture.h"
#include "codec/capture/internal/direction.h"
#include "codec/capture/internal/emitter.h"
#include "codec/capture/internal/enet_flows.h"
#include "codec/capture/internal/ip_defrag.h"
#include "codec/capture/internal/packet.h"
#include "codec/capture/net_reader.h"
#include "codec/error.h"
#include "codec/gdwire.h"

namespace gdwire {
namespace capture {

absl::string_view TransportName(Transport t) {
  switch (t) {
    case Transport::kTcp:
      return "tcp";
    case Transport::kUdp:
      return "udp";
    case Transport::kWebSocket:
      return "ws";
    case Transport::kEnet:
      return "enet";
  }
  return "?";
}

absl::string_view ProblemKindName(ProblemKind k) {
  switch (k) {
    case ProblemKind::kGap:
      return "gap";
    case ProblemKind::kDecode:
      return "decode";
    case ProblemKind::kFraming:
      return "framing";
    case ProblemKind::kProtocol:
      return "protocol";
    case ProblemKind::kTruncated:
      return "truncated";
    case ProblemKind::kPacket:
      return "packet";
    case ProblemKind::kLimit:
      return "limit";
  }
  return "?";
}

std::string OneLine(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\n') {
      out.append("\\n");
    } else {
      out.push_back(c);
    }
  }
  return out;
}

class Decoder::Impl {
 public:
  Impl(const CaptureOptions& options, MessageFn on_message,
       ProblemFn on_problem)
      : options_(options),
        on_message_(std::move(on_message)),
        on_problem_(std::move(on_problem)),
        enet_(options_, on_problem_, &stats_) {}

  void Packet(const Timestamp& time, int link_type,
              absl::Span<const uint8_t> frame, uint32_t wire_length);
  void Finish();
  CaptureStats stats() const;

 private:
  struct Flow;
  // One direction of a flow: where its decoder's findings go.
  struct Direction : internal::Emitter {
    Impl* impl = nullptr;
    Flow* flow = nullptr;
    Endpoint src, dst;
    std::unique_ptr<internal::TcpDirection> tcp;
    uint64_t datagrams = 0;  // UDP
    void Value(Transport transport, uint64_t index, uint64_t offset,
               Variant value) override {
      impl->EmitValue(*this, transport, index, offset, std::move(value));
    }
    void Problem(Transport transport, ProblemKind kind, uint64_t offset,
                 std::string text) override {
      impl->EmitProblem(*this, transport, kind, offset, std::move(text));
    }
    bool RawMessage(Transport transport, uint64_t index,
                    absl::Span<const uint8_t> bytes,
                    uint64_t wire_bytes) override {
      (void)transport;
      return impl->WebSocketMessage(*this, index, bytes, wire_bytes);
    }
  };
  struct Flow {
    uint64_t id = 0;
    internal::Proto proto = internal::Proto::kTcp;
    Direction dir[2];  // [0]: from the first sender (the SYN's), [1]: back
    bool closed = false;
    enum class Udp : uint8_t { kUnknown, kPutVar, kEnet } udp = Udp::kUnknown;
    // WebSocket: put_var messages, or a WebSocketMultiplayerPeer connection
    // (the server's first message is the client's 4-byte id).
    enum class Ws : uint8_t {
      kUnknown,
      kPutVar,
      kMultiplayer
    } ws = Ws::kUnknown;
    uint32_t ws_client_id = 0;
  };
  using Key = std::tuple<int, Endpoint, Endpoint>;

  bool Wanted(const internal::Packet& p) const;
  Flow* FindOrAdd(const internal::Packet& p, bool* reversed);
  Flow* Add(const Key& key, const internal::Packet& p);
  void Tcp(Flow* flow, bool reversed, const internal::Packet& p);
  void Udp(Flow* flow, bool reversed, const internal::Packet& p);
  void Close(Flow* flow, bool capture_ended);
  bool WebSocketMessage(Direction& d, uint64_t index,
                        absl::Span<const uint8_t> bytes, uint64_t wire_bytes);
  void EmitValue(const Direction& d, Transport t, uint64_t index,
                 uint64_t offset, Variant value);
  void EmitProblem(const Direction& d, Transport t, ProblemKind kind,
                   uint64_t offset, std::string text);
  void FileProblem(ProblemKind kind, uint64_t offset, std::string text);
  void AddStats(const internal::ReassemblyStats& s);

  CaptureOptions options_;
  MessageFn on_message_;
  ProblemFn on_problem_;
  Timestamp now_;
  // Out-of-order bytes buffered over all flows (declared before flows_:
  // their reassemblers give their share back when destroyed).
  size_t reorder_bytes_ = 0;
  std::map<Key, std::unique_ptr<Flow>> flows_;
  size_t closed_flows_ = 0;  // of flows_ (kept to ignore late segments)
  internal::Ipv4Defrag defrag_;
  uint64_t next_id_ = 1;
  bool flows_full_reported_ = false;
  bool link_reported_ = false;
  CaptureStats stats_;
  uint32_t wire_length_ = 0;  // of the frame being decoded
  // UDP flows that are ENet (declared after stats_, which it counts in).
  internal::EnetFlows enet_;

  friend class Decoder;
};

bool Decoder::Impl::Wanted(const internal::Packet& p) const {
  auto has = [](const std::vector<uint16_t>& v, uint16_t x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  if (!options_.ports.empty() && !has(options_.ports, p.src.port) &&
      !has(options_.ports, p.dst.port)) {
    return false;
  }
  if (!options_.to_ports.empty() && !has(options_.to_ports, p.dst.port)) {
    return false;
  }
  if (!options_.hosts.empty()) {
    bool any = false;
    for (const Endpoint& h : options_.hosts) {
      any = any || h.SameHost(p.src) || h.SameHost(p.dst);
    }
    if (!any) return false;
  }
  return true;
}

Decoder::Impl::Flow* Decoder::Impl::Add(const Key& key,
                                        const internal::Packet& p) {
  if (flows_.size() >= options_.max_flows && closed_flows_ > 0) {
    // Forget the closed ones first.
    for (auto it = flows_.begin(); it != flows_.end();) {
      it = it->second->closed ? flows_.erase(it) : std::next(it);
    }
    closed_flows_ = 0;
  }
  if (flows_.size() >= options_.max_flows) {
    if (!flows_full_reported_) {
      flows_full_reported_ = true;
      FileProblem(
          ProblemKind::kLimit, 0,
          absl::StrCat("more than ", options_.max_flows,
                       " connections at once: new ones from ", p.src.ToString(),
                       " -> ", p.dst.ToString(), " on are skipped"));
    }
    return nullptr;
  }
  auto flow = std::make_unique<Flow>();
  flow->id = next_id_++;
  flow->proto = p.proto;
  for (int i = 0; i < 2; ++i) {
    Direction& d = flow->dir[i];
    d.impl = this;
    d.flow = flow.get();
    d.src = i == 0 ? p.src : p.dst;
    d.dst = i == 0 ? p.dst : p.src;
    if (p.proto == internal::Proto::kTcp) {
      const auto& ws = options_.websocket_ports;
      const bool websocket =
          std::find(ws.begin(), ws.end(), p.src.port) != ws.end() ||
          std::find(ws.begin(), ws.end(), p.dst.port) != ws.end();
      d.tcp = std::make_unique<internal::TcpDirection>(
          options_, &d, &reorder_bytes_, websocket);
    }
  }
  ++stats_.connections;
  Flow* raw = flow.get();
  flows_[key] = std::move(flow);
  return raw;
}

Decoder::Impl::Flow* Decoder::Impl::FindOrAdd(const internal::Packet& p,
                                              bool* reversed) {
  const bool swap = p.dst < p.src;
  const Key key{static_cast<int>(p.proto), swap ? p.dst : p.src,
                swap ? p.src : p.dst};
  auto it = flows_.find(key);
  Flow* flow = nullptr;
  if (it != flows_.end()) {
    flow = it->second.get();
    if (flow->closed) {
      // A closed connection: only a new SYN (port reuse) starts another.
      if (!(p.proto == internal::Proto::kTcp && p.syn)) return nullptr;
      flows_.erase(it);
      --closed_flows_;
      flow = nullptr;
    }
  }
  if (flow == nullptr) flow = Add(key, p);
  if (flow == nullptr) return nullptr;
  *reversed = !(flow->dir[0].src == p.src);
  return flow;
}

void Decoder::Impl::Packet(const Timestamp& time, int link_type,
                           absl::Span<const uint8_t> frame,
                           uint32_t wire_length) {
  now_ = time;
  wire_length_ = wire_length;
  ++stats_.packets;
  internal::Packet p;
  std::string why;
  std::string datagram;  // a reassembled IPv4 datagram (p points into it)
  bool parsed = internal::ParsePacket(link_type, frame, wire_length, &p, &why);
  if (!parsed && p.ipv4_fragment) {
    std::string dropped;
    switch (defrag_.Add(p.ip, &datagram, &dropped)) {
      case internal::Ipv4Defrag::Result::kIncomplete:
        return;
      case internal::Ipv4Defrag::Result::kDropped:
        FileProblem(ProblemKind::kPacket, 0,
                    absl::StrCat("packet #", stats_.packets, ": ", dropped));
        return;
      case internal::Ipv4Defrag::Result::kComplete:
        parsed = internal::ParsePacket(
            internal::kLinkIpv4,
            absl::MakeConstSpan(
                reinterpret_cast<const uint8_t*>(datagram.data()),
                datagram.size()),
            static_cast<uint32_t>(datagram.size()), &p, &why);
        break;
    }
  }
  if (!parsed) {
    ++stats_.skipped;
    if (!internal::LinkTypeSupported(link_type)) {
      if (!link_reported_) {
        link_reported_ = true;
        FileProblem(ProblemKind::kPacket, 0, why);
      }
    } else if (why.find("fragment") != std::string::npos) {  // IPv6
      FileProblem(ProblemKind::kPacket, 0,
                  absl::StrCat("packet #", stats_.packets, ": ", why));
    }
    return;
  }
  if (!Wanted(p)) {
    ++stats_.filtered;
    return;
  }
  bool reversed = false;
  Flow* flow = FindOrAdd(p, &reversed);
  if (flow == nullptr) return;
  if (p.proto == internal::Proto::kTcp) {
    Tcp(flow, reversed, p);
  } else {
    Udp(flow, reversed, p);
  }
}

void Decoder::Impl::Tcp(Flow* flow, bool reversed, const internal::Packet& p) {
  Direction& d = flow->dir[reversed ? 1 : 0];
  if (!d.tcp->reassembler().Segment(p.seq, p.syn, p.fin, p.rst, p.payload,
                                    p.payload_missing, d.tcp.get())) {
    // A new connection on the same addresses: end this one, start again.
    Close(flow, false);
    bool rev = false;
    Flow* again = FindOrAdd(p, &rev);
    if (again != nullptr) Tcp(again, rev, p);
    return;
  }
  if (p.rst) {
    // The other direction ends too.
    Direction& o = flow->dir[reversed ? 0 : 1];
    o.tcp->reassembler().Abort(o.tcp.get());
  }
  if (flow->dir[0].tcp->reassembler().ended() &&
      flow->dir[1].tcp->reassembler().ended()) {
    Close(flow, false);
  }
}

void Decoder::Impl::Close(Flow* flow, bool capture_ended) {
  if (flow->closed) return;
  for (Direction& d : flow->dir) {
    if (d.tcp != nullptr) {
      auto& r = d.tcp->reassembler();
      if (!r.ended()) r.Finish(d.tcp.get());
      AddStats(r.stats());
      d.tcp.reset();
    }
  }
  (void)capture_ended;
  flow->closed = true;
  ++closed_flows_;
}

bool Decoder::Impl::WebSocketMessage(Direction& d, uint64_t index,
                                     absl::Span<const uint8_t> bytes,
                                     uint64_t wire_bytes) {
  Flow* f = d.flow;
  const bool from_client = &d == &f->dir[0];  // the SYN's side
  if (f->ws == Flow::Ws::kUnknown) {
    f->ws = Flow::Ws::kPutVar;
    if (options_.detect_multiplayer_websocket && !from_client && index == 0 &&
        NetReader::IsWebSocketPeerId(bytes, &f->ws_client_id)) {
      f->ws = Flow::Ws::kMultiplayer;
    }
    if (f->ws == Flow::Ws::kMultiplayer) {
      enet_.WebSocketPeerId(now_, f->id, d.dst, d.src, f->ws_client_id,
                            wire_bytes);
      return true;
    }
  }
  if (f->ws != Flow::Ws::kMultiplayer) return false;
  enet_.WebSocketMessage(now_, f->id, f->dir[0].src, f->dir[0].dst, from_client,
                         f->ws_client_id, bytes, wire_bytes);
  return true;
}

void Decoder::Impl::Udp(Flow* flow, bool reversed, const internal::Packet& p) {
  Direction& d = flow->dir[reversed ? 1 : 0];
  if (flow->udp == Flow::Udp::kUnknown) {
    flow->udp = enet_.Claims(p.src, p.dst, p.payload) ? Flow::Udp::kEnet
                                                      : Flow::Udp::kPutVar;
  }
  if (flow->udp == Flow::Udp::kEnet && p.payload_missing == 0) {
    const uint64_t whole = std::max<uint64_t>(wire_length_, p.payload.size());
    enet_.Datagram(now_, flow->id, p.src, p.dst, p.payload,
                   whole - p.payload.size());
    return;
  }
  const uint64_t index = d.datagrams++;
  if (p.payload_missing > 0) {
    EmitProblem(d, Transport::kUdp, ProblemKind::kTruncated, 0,
                absl::StrCat("datagram #", index, " (", p.payload.size(),
                             " bytes) was cut by the capture (",
                             p.payload_missing, " bytes missing)"));
    return;
  }
  if (p.payload.size() > options_.max_message_bytes) {
    EmitProblem(d, Transport::kUdp, ProblemKind::kLimit, 0,
                absl::StrCat("datagram #", index, " is larger than ",
                             options_.max_message_bytes, " bytes"));
    return;
  }
  absl::StatusOr<Variant> v = gdwire::Decode(p.payload, options_.decode);
  if (v.ok()) {
    EmitValue(d, Transport::kUdp, index, 0, *std::move(v));
  } else {
    EmitProblem(d, Transport::kUdp, ProblemKind::kDecode, 0,
                absl::StrCat("datagram #", index, ": ",
                             ErrorFromStatus(v.status()).ToString()));
  }
}

void Decoder::Impl::EmitValue(const Direction& d, Transport t, uint64_t index,
                              uint64_t offset, Variant value) {
  ++stats_.messages;
  if (!on_message_) return;
  Message m{now_, t, d.src, d.dst, d.flow->id, index, offset, std::move(value)};
  on_message_(m);
}

void Decoder::Impl::EmitProblem(const Direction& d, Transport t,
                                ProblemKind kind, uint64_t offset,
                                std::string text) {
  ++stats_.problems;
  if (!on_problem_) return;
  Problem pr{now_, kind, t, d.src, d.dst, d.flow->id, offset, std::move(text)};
  on_problem_(pr);
}

void Decoder::Impl::FileProblem(ProblemKind kind, uint64_t offset,
                                std::string text) {
  ++stats_.problems;
  if (!on_problem_) return;
  Problem pr{now_,       kind, Transport::kTcp, Endpoint(),
             Endpoint(), 0,    offset,          std::move(text)};
  on_problem_(pr);
}

void Decoder::Impl::AddStats(const internal::ReassemblyStats& s) {
  stats_.out_of_order += s.out_of_order;
  stats_.duplicates += s.duplicates;
  stats_.gaps += s.gaps;
}

void Decoder::Impl::Finish() {
  if (defrag_.pending() > 0) {
    FileProblem(ProblemKind::kTruncated, 0,
                absl::StrCat(defrag_.pending(),
                             " IPv4 datagram(s) incomplete at the end of the "
                             "capture (fragments missing)"));
  }
  // In the order the connections began.
  std::vector<Flow*> open;
  for (auto& kv : flows_) {
    if (!kv.second->closed) open.push_back(kv.second.get());
  }
  std::sort(open.begin(), open.end(),
            [](const Flow* a, const Flow* b) { return a->id < b->id; });
  for (Flow* f : open) Close(f, true);
  enet_.Finish(now_);
}

CaptureStats Decoder::Impl::stats() const {
  CaptureStats s = stats_;
  for (const auto& kv : flows_) {
    for (const Direction& d : kv.second->dir) {
      if (d.tcp == nullptr) continue;
      const auto& r = d.tcp->reassembler().stats();
      s.out_of_order += r.out_of_order;
      s.duplicates += r.duplicates;
      s.gaps += r.gaps;
    }
  }
  return s;
}

Decoder::Decoder(const CaptureOptions& options, MessageFn on_message,
                 ProblemFn on_problem)
    : impl_(std::make_unique<Impl>(options, std::move(on_message),
                                   std::move(on_problem))) {}
Decoder::~Decoder() = default;

void Decoder::Packet(const Timestamp& time, int link_type,
                     absl::Span<const uint8_t> frame, uint32_t wire_length) {
  impl_->Packet(time, link_type, frame, wire_length);
}

void Decoder::Finish() { impl_->Finish(); }

bool Decoder::LinkTypeSupported(int link_type) {
  return internal::LinkTypeSupported(link_type);
}

CaptureStats Decoder::stats() const { return impl_->stats(); }

}  // namespace capture
}  // namespace gdwire
