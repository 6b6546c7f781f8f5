// Copyright 2026 The gdwire Authors.
//
// codec/net/endpoint.h: an IPv4 or IPv6 address and a port, as seen in a
// packet capture (the source or destination of a message or datagram):
// shared by the capture reader (codec/capture) and the passive ENet decoder
// (codec/enet). gdwire::capture::Endpoint is the same type.
//
//   gdwire::net::Endpoint e;                    // 127.0.0.1:9000
//   e.SetV4(0x7f000001); e.port = 9000;
//   e.ToString();                               // "127.0.0.1:9000"
//   e.HostString();                             // "127.0.0.1"
//   gdwire::net::Endpoint::ParseHost("::1", &e);  // host only

#ifndef GDWIRE_CODEC_NET_ENDPOINT_H_
#define GDWIRE_CODEC_NET_ENDPOINT_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace gdwire {
namespace net {

struct Endpoint {
  bool v6 = false;
  // IPv4: the 4 bytes in network order in addr[0..3], the rest zero.
  std::array<uint8_t, 16> addr{};
  uint16_t port = 0;

  void SetV4(uint32_t host_order);
  // "127.0.0.1" or "::1" (RFC 5952 form).
  std::string HostString() const;
  // "127.0.0.1:9000" or "[::1]:9000".
  std::string ToString() const;
  bool SameHost(const Endpoint& o) const {
    return v6 == o.v6 && addr == o.addr;
  }
  // Parses a host address (IPv4 dotted or IPv6) into v6/addr; port kept.
  static bool ParseHost(absl::string_view text, Endpoint* out);

  friend bool operator==(const Endpoint& a, const Endpoint& b) {
    return a.v6 == b.v6 && a.addr == b.addr && a.port == b.port;
  }
  friend bool operator!=(const Endpoint& a, const Endpoint& b) {
    return !(a == b);
  }
  friend bool operator<(const Endpoint& a, const Endpoint& b) {
    if (a.v6 != b.v6) return a.v6 < b.v6;
    if (a.addr != b.addr) return a.addr < b.addr;
    return a.port < b.port;
  }
};

}  // namespace net
}  // namespace gdwire

#endif  // GDWIRE_CODEC_NET_ENDPOINT_H_
