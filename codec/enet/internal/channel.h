// Copyright 2026 The gdwire Authors.
//
// codec/enet/internal/channel.h: one direction of one ENet channel as the
// receiving host sees it: reliable packets in sequence order (ENet's
// reliable windows), unreliable packets sequenced within the reliable packet
// they follow, fragments of both reassembled. Sequence numbers are kept
// unwrapped (64-bit) inside; memory goes through the Sink's Reserve.

#ifndef GDWIRE_CODEC_ENET_INTERNAL_CHANNEL_H_
#define GDWIRE_CODEC_ENET_INTERNAL_CHANNEL_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/types/span.h"
#include "codec/enet/datagram.h"
#include "codec/enet/session.h"

namespace gdwire {
namespace enet {
namespace internal {

class Sink {
 public:
  virtual ~Sink() = default;
  // Memory for held bytes: false when a bound says no (reported by Sink).
  virtual bool Reserve(size_t bytes) = 0;
  virtual void Release(size_t bytes) = 0;
  virtual void Deliver(uint8_t channel, Delivery delivery, bool fragmented,
                       absl::Span<const uint8_t> packet, uint64_t overhead) = 0;
  virtual void Report(ProblemKind kind, uint64_t offset, std::string text) = 0;
  virtual void Duplicate(const Command& c) = 0;
  virtual void FragmentAccepted() = 0;
};

// A packet held or being put together.
struct Held {
  std::vector<uint8_t> bytes;
  uint32_t fragment_count = 0;  // 0: not fragmented
  uint32_t remaining = 0;
  std::vector<uint32_t> have;  // fragment bitmap
  uint64_t overhead = 0;
  size_t charged = 0;  // bytes reserved for it
};

class Channel {
 public:
  Channel(uint8_t id, Sink* sink, size_t max_held, uint32_t max_packet)
      : id_(id), sink_(sink), max_held_(max_held), max_packet_(max_packet) {}
  ~Channel() { Reset(); }
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  // From a handshake: the next reliable sequence number is 1.
  void StartAtZero();

  // Each returns false where ENet stops reading the datagram (-1).
  bool Reliable(const Command& c, uint64_t overhead);
  bool Fragment(const Command& c, uint64_t overhead);
  bool Unreliable(const Command& c, uint64_t overhead);
  bool UnreliableFragment(const Command& c, uint64_t overhead);

  // End of capture: delivers what is complete past gaps (reported), the
  // unreliable packets waiting on reliable ones the capture lacks included.
  void Flush();
  // Drops everything held (disconnect).
  void Reset();
  // Reliable packets held (waiting for a missing one, or unfinished).
  size_t held_reliable() const { return reliable_.size(); }
  // The next reliable sequence number expected (low 16 bits).
  uint16_t next_reliable() const {
    return static_cast<uint16_t>(incoming_reliable_ + 1);
  }

 private:
  bool InWindow(uint16_t seq) const;
  uint64_t Extend(uint16_t seq) const;
  void Begin(uint16_t reliable_seq_minus_one);
  bool CheckFragment(const Command& c);
  // Adds a fragment to `h` (set up when fresh): 1 added, 0 no memory,
  // -1 contradicts the packet (ENet stops reading the datagram).
  int AddFragment(Held* h, bool fresh, const Command& c, uint64_t overhead);
  void DispatchReliable();
  void DispatchUnreliable();
  void SkipGap();
  // Gives up waiting for the reliable packets up to `epoch` (the reliable
  // sequence number unreliable packets wait on): what is held before it is
  // delivered, the rest reported as not in the capture.
  void SkipTo(uint64_t epoch);
  // Keeps the held unreliable packets within max_held.
  void TrimUnreliable();
  void Drop(Held* h);

  const uint8_t id_;
  Sink* const sink_;
  const size_t max_held_;
  const uint32_t max_packet_;
  bool started_ = false;
  uint64_t incoming_reliable_ = 0;  // unwrapped; low 16 bits on the wire
  uint16_t incoming_unreliable_ = 0;
  std::map<uint64_t, Held> reliable_;
  std::map<std::pair<uint64_t, uint16_t>, Held> unreliable_;
};

}  // namespace internal
}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_INTERNAL_CHANNEL_H_
