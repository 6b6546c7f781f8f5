// Copyright 2026 The gdwire Authors.

#include "codec/enet/session.h"

#include <algorithm>
#include <utility>

#include "codec/enet/internal/flow.h"

namespace gdwire {
namespace enet {

absl::string_view EventKindName(EventKind k) {
  switch (k) {
    case EventKind::kConnect:
      return "connect";
    case EventKind::kVerifyConnect:
      return "verify_connect";
    case EventKind::kDisconnect:
      return "disconnect";
    case EventKind::kPacket:
      return "packet";
    case EventKind::kPing:
      return "ping";
    case EventKind::kAcknowledge:
      return "acknowledge";
    case EventKind::kBandwidthLimit:
      return "bandwidth_limit";
    case EventKind::kThrottleConfigure:
      return "throttle_configure";
  }
  return "?";
}

absl::string_view DeliveryName(Delivery d) {
  switch (d) {
    case Delivery::kNone:
      return "none";
    case Delivery::kReliable:
      return "reliable";
    case Delivery::kUnreliable:
      return "unreliable";
    case Delivery::kUnsequenced:
      return "unsequenced";
  }
  return "?";
}

absl::string_view ProblemKindName(ProblemKind k) {
  switch (k) {
    case ProblemKind::kMalformed:
      return "malformed";
    case ProblemKind::kDecompress:
      return "decompress";
    case ProblemKind::kDtls:
      return "dtls";
    case ProblemKind::kPeer:
      return "peer";
    case ProblemKind::kChannel:
      return "channel";
    case ProblemKind::kFragment:
      return "fragment";
    case ProblemKind::kLimit:
      return "limit";
    case ProblemKind::kGap:
      return "gap";
  }
  return "?";
}

Decoder::Decoder(DecoderOptions options, EventFn on_event, ProblemFn on_problem)
    : options_(std::move(options)),
      on_event_(std::move(on_event)),
      on_problem_(std::move(on_problem)) {}

Decoder::~Decoder() = default;

void Decoder::Report(int64_t time, uint64_t flow, Direction dir,
                     ProblemKind kind, uint64_t offset, std::string text) {
  ++stats_.problems;
  if (!on_problem_) return;
  Problem p;
  p.time = time;
  p.flow = flow;
  p.direction = dir;
  p.kind = kind;
  p.offset = offset;
  p.text = std::move(text);
  on_problem_(p);
}

void Decoder::Datagram(int64_t time, const Endpoint& src, const Endpoint& dst,
                       absl::Span<const uint8_t> payload) {
  if (finished_) return;
  ++stats_.datagrams;
  stats_.datagram_bytes += payload.size();
  const auto key =
      src < dst ? std::make_pair(src, dst) : std::make_pair(dst, src);
  auto it = flows_.find(key);
  if (it != flows_.end() && it->second->IsNewConnection(payload)) {
    it->second->Finish();
    flows_.erase(it);
    it = flows_.end();
  }
  if (it == flows_.end()) {
    const bool connect = LooksLikeEnetConnect(payload);
    const auto& ports = options_.ports;
    const bool src_port =
        std::find(ports.begin(), ports.end(), src.port) != ports.end();
    const bool dst_port =
        std::find(ports.begin(), ports.end(), dst.port) != ports.end();
    if (!connect && !src_port && !dst_port) {
      ++stats_.not_enet;
      return;
    }
    if (flows_.size() >= options_.max_sessions) {
      ++stats_.dropped;
      Report(time, 0, Direction::kClientToServer, ProblemKind::kLimit, 0,
             "max_sessions flows followed already: datagram of " +
                 src.ToString() + " -> " + dst.ToString() + " ignored");
      return;
    }
    const bool src_is_server = !connect && src_port && !dst_port;
    const Endpoint& client = src_is_server ? dst : src;
    const Endpoint& server = src_is_server ? src : dst;
    ++stats_.flows;
    it = flows_
             .emplace(key, std::make_unique<Session>(this, next_flow_++, client,
                                                     server, connect))
             .first;
  }
  Session* s = it->second.get();
  s->Datagram(time,
              src == s->client() ? Direction::kClientToServer
                                 : Direction::kServerToClient,
              payload);
}

void Decoder::Finish() {
  if (finished_) return;
  for (auto& f : flows_) f.second->Finish();
  flows_.clear();
  finished_ = true;
}

}  // namespace enet
}  // namespace gdwire
