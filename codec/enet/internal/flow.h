// Copyright 2026 The gdwire Authors.
//
// codec/enet/internal/flow.h: one ENet connection (client <-> server) as
// the Decoder follows it: the handshake's fields, per direction the peer id
// and session id ENet checks, the unsequenced window, the channels.

#ifndef GDWIRE_CODEC_ENET_INTERNAL_FLOW_H_
#define GDWIRE_CODEC_ENET_INTERNAL_FLOW_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/types/span.h"
#include "codec/enet/datagram.h"
#include "codec/enet/internal/channel.h"
#include "codec/enet/session.h"

namespace gdwire {
namespace enet {

// ENet's unsequenced window: 1024 groups, as 32-bit words.
inline constexpr size_t kUnsequencedWords = 1024 / 32;

class Session {
 public:
  Session(Decoder* decoder, uint64_t flow, const Endpoint& client,
          const Endpoint& server, bool handshake);
  ~Session();

  // A CONNECT from the client with another connect id: a new connection.
  bool IsNewConnection(absl::Span<const uint8_t> payload) const;
  void Datagram(int64_t time, Direction dir, absl::Span<const uint8_t> payload);
  void Finish();

  uint64_t flow() const { return flow_; }
  const Endpoint& client() const { return client_; }

 private:
  // Per direction: what the receiving host keeps about its peer.
  struct Side : public internal::Sink {
    Session* session = nullptr;
    Direction dir = Direction::kClientToServer;
    std::unique_ptr<internal::Channel> channels[256];
    uint16_t unsequenced_group = 0;
    uint32_t unsequenced_window[kUnsequencedWords] = {};
    bool unsequenced_started = false;
    // Control commands (channel 0xFF) seen, against retransmissions.
    absl::flat_hash_set<uint16_t> control_seen;
    std::deque<uint16_t> control_order;

    bool Reserve(size_t bytes) override;
    void Release(size_t bytes) override;
    void Deliver(uint8_t channel, Delivery delivery, bool fragmented,
                 absl::Span<const uint8_t> packet, uint64_t overhead) override;
    void Report(ProblemKind kind, uint64_t offset, std::string text) override;
    void Duplicate(const Command& c) override;
    void FragmentAccepted() override;
  };

  internal::Channel* ChannelOf(Side* side, uint8_t id);
  bool NewControl(Side* side, const enet::Command& c);
  void Unsequenced(Side* side, const enet::Command& c, uint64_t overhead);
  bool CheckPeer(Direction dir, const enet::Datagram& d);
  // Returns false where ENet stops reading the datagram.
  bool HandleCommand(Side* side, const enet::Command& c);
  bool HandleAcknowledge(Direction dir, const enet::Command& c);
  bool HandleConnect(Side* side, const enet::Command& c);
  bool HandleDisconnect(Side* side, const enet::Command& c);
  bool HandleControl(Side* side, const enet::Command& c);
  bool HandleSend(Side* side, const enet::Command& c);
  void Emit(Event* e);
  void Problem(Direction dir, ProblemKind kind, uint64_t offset,
               std::string text);
  void Close();

  Decoder* const decoder_;
  const uint64_t flow_;
  const Endpoint client_, server_;
  Side sides_[2];  // indexed by Direction
  Compression compression_;
  Checksum checksum_;
  bool have_connect_ = false;
  bool have_verify_ = false;
  bool closed_ = false;
  bool dtls_reported_ = false;
  ConnectInfo connect_, verify_;
  uint32_t channel_count_ = 256;  // unknown: any channel id
  size_t pending_ = 0;
  // The datagram being read.
  int64_t time_ = 0;
  size_t datagram_bytes_ = 0;
  uint64_t header_overhead_ = 0;  // not yet given to a packet
  enet::Datagram parsed_;
};

}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_INTERNAL_FLOW_H_
