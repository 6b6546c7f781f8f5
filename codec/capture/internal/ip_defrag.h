// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/ip_defrag.h: IPv4 fragments put back together
// (a PacketPeerUDP datagram larger than the path's MTU travels as several
// IP fragments). Fragments of one datagram (same source, destination,
// protocol and id) may come in any order, repeated or overlapping (the
// first copy of a byte wins); the datagram is complete when the last
// fragment has come and every byte before it. Memory is bounded: at most
// `max_bytes` of fragments are held, the oldest incomplete datagram is
// dropped (reported) when more come, and a datagram says at most 65,535
// bytes.

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_IP_DEFRAG_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_IP_DEFRAG_H_

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "absl/types/span.h"

namespace gdwire {
namespace capture {
namespace internal {

class Ipv4Defrag {
 public:
  explicit Ipv4Defrag(size_t max_bytes = 16u << 20) : max_bytes_(max_bytes) {}

  enum class Result { kIncomplete, kComplete, kDropped };

  // One fragment: the whole IPv4 packet as captured (header included; the
  // caller has checked the header). kComplete: *datagram is the whole IPv4
  // packet, header fixed (no fragment bits, total length). kDropped: *why
  // says what was wrong with it (or with an older datagram given up).
  Result Add(absl::Span<const uint8_t> packet, std::string* datagram,
             std::string* why);

  // Datagrams still incomplete (for a report at the end of the capture).
  size_t pending() const { return pending_.size(); }
  size_t bytes() const { return bytes_; }

 private:
  using Key = std::tuple<uint32_t, uint32_t, uint8_t, uint16_t>;
  struct Pending {
    std::string header;  // the first fragment's IP header (offset 0)
    std::map<uint32_t, std::string> parts;  // offset -> bytes
    bool have_last = false;
    uint32_t total = 0;  // payload length, known with the last fragment
    size_t bytes = 0;
    uint64_t seq = 0;  // its place in order_
  };
  void Drop(const Key& key);

  size_t max_bytes_;
  size_t bytes_ = 0;
  std::map<Key, Pending> pending_;
  std::map<uint64_t, Key> order_;  // oldest first
  uint64_t next_seq_ = 0;
};

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_IP_DEFRAG_H_
