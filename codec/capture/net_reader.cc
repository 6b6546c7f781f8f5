// Copyright 2026 The gdwire Authors.

#include "codec/capture/net_reader.h"

#include <utility>

#include "codec/capture/internal/enet_flows.h"
#include "codec/wire.h"

namespace gdwire {
namespace capture {

NetReader::NetReader(const CaptureOptions& options, ProblemFn on_problem)
    : flows_(std::make_unique<internal::EnetFlows>(
          options, std::move(on_problem), &stats_)) {}

NetReader::~NetReader() = default;

bool NetReader::ClaimsDatagram(const Endpoint& src, const Endpoint& dst,
                               absl::Span<const uint8_t> payload) const {
  return flows_->Claims(src, dst, payload);
}

void NetReader::Datagram(const Timestamp& time, uint64_t flow,
                         const Endpoint& src, const Endpoint& dst,
                         absl::Span<const uint8_t> payload,
                         uint64_t transport_bytes) {
  flows_->Datagram(time, flow, src, dst, payload, transport_bytes);
}

bool NetReader::IsWebSocketPeerId(absl::Span<const uint8_t> message,
                                  uint32_t* id) {
  if (message.size() != 4) return false;
  const uint32_t v = wire::LoadU32(message.data());
  // A put_var of 4 bytes is a Nil (0); a multiplayer id is 2 or more.
  if (v < 2 || v > 0x7FFFFFFF) return false;
  *id = v;
  return true;
}

void NetReader::WebSocketPeerId(const Timestamp& time, uint64_t connection,
                                const Endpoint& client, const Endpoint& server,
                                uint32_t client_id, uint64_t wire_bytes) {
  flows_->WebSocketPeerId(time, connection, client, server, client_id,
                          wire_bytes);
}

void NetReader::WebSocketMessage(const Timestamp& time, uint64_t connection,
                                 const Endpoint& client, const Endpoint& server,
                                 bool from_client, uint32_t client_id,
                                 absl::Span<const uint8_t> message,
                                 uint64_t wire_bytes) {
  flows_->WebSocketMessage(time, connection, client, server, from_client,
                           client_id, message, wire_bytes);
}

void NetReader::Finish(const Timestamp& time) { flows_->Finish(time); }

}  // namespace capture
}  // namespace gdwire
