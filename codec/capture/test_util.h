// Copyright 2026 The gdwire Authors.
//
// codec/capture/test_util.h (tests only): captured frames made by hand:
// Ethernet / IPv4 / TCP or UDP, and the other link layers, for the capture
// decoder's tests.

#ifndef GDWIRE_CODEC_CAPTURE_TEST_UTIL_H_
#define GDWIRE_CODEC_CAPTURE_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace gdwire {
namespace capture {
namespace testing {

inline constexpr uint8_t kFin = 0x01, kSyn = 0x02, kRst = 0x04, kAck = 0x10;

struct Addr {
  uint32_t ip = 0x7f000001;  // 127.0.0.1
  uint16_t port = 0;
};

// An IPv4 packet (no link layer) carrying TCP.
std::string Ipv4Tcp(Addr src, Addr dst, uint32_t seq, uint8_t flags,
                    absl::string_view payload);
// An IPv4 packet carrying UDP.
std::string Ipv4Udp(Addr src, Addr dst, absl::string_view payload);
// An IPv4 packet cut into fragments of at most `mtu` bytes each.
std::vector<std::string> Fragment(const std::string& ipv4_packet, size_t mtu);
// An IPv6 packet (::1 to ::1) carrying TCP.
std::string Ipv6Tcp(uint16_t sport, uint16_t dport, uint32_t seq, uint8_t flags,
                    absl::string_view payload);

// Link layers around an IP packet.
std::string Ethernet(absl::string_view ip, bool v6 = false);
std::string Sll(absl::string_view ip, bool v6 = false);
std::string Sll2(absl::string_view ip, bool v6 = false);
std::string Null(absl::string_view ip, bool v6 = false);  // host order AF

// A StreamPeer frame: u32 LE length, then the bytes.
std::string Framed(absl::string_view value_bytes);
// A WebSocket frame (RFC 6455) with the given first byte (FIN, RSV, opcode)
// and payload; masked with `mask` when `masked`.
std::string WsFrame(uint8_t b0, absl::string_view payload, bool masked,
                    uint32_t mask = 0x37fa213d);

}  // namespace testing
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_TEST_UTIL_H_
