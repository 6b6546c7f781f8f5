// Copyright 2026 The gdwire Authors.

#include "codec/capture/internal/packet.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace capture {
namespace internal {

namespace {

uint16_t Be16(const uint8_t* p) {
  return static_cast<uint16_t>(p[0] << 8 | p[1]);
}
uint32_t Be32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 |
         p[3];
}

constexpr uint16_t kEtherIpv4 = 0x0800;
constexpr uint16_t kEtherIpv6 = 0x86dd;

// The transport header (TCP or UDP) at `p` (n captured bytes; `ip_len` the
// length the IP header declares for it).
bool Transport(uint8_t proto, const uint8_t* p, size_t n, size_t ip_len,
               Packet* out, std::string* why) {
  if (proto != 6 && proto != 17) return false;  // not of interest
  // Bytes the IP layer declares that were not captured.
  const size_t missing = ip_len > n ? ip_len - n : 0;
  n = std::min(n, ip_len);
  if (proto == 17) {
    if (n < 8) {
      *why = "UDP header cut off";
      return false;
    }
    out->proto = Proto::kUdp;
    out->src.port = Be16(p);
    out->dst.port = Be16(p + 2);
    const size_t udp_len = Be16(p + 4);
    size_t body = n - 8;
    size_t body_missing = missing;
    if (udp_len >= 8 && udp_len - 8 < body + body_missing) {
      // The UDP length is shorter than the IP payload (padding).
      const size_t want = udp_len - 8;
      if (want <= body) {
        body = want;
        body_missing = 0;
      } else {
        body_missing = want - body;
      }
    }
    out->payload = absl::MakeConstSpan(p + 8, body);
    out->payload_missing = static_cast<uint32_t>(body_missing);
    return true;
  }
  if (n < 20) {
    *why = "TCP header cut off";
    return false;
  }
  const size_t hlen = static_cast<size_t>(p[12] >> 4) * 4;
  if (hlen < 20 || hlen > n) {
    *why = hlen < 20 ? "bad TCP header length" : "TCP header cut off";
    return false;
  }
  out->proto = Proto::kTcp;
  out->src.port = Be16(p);
  out->dst.port = Be16(p + 2);
  out->seq = Be32(p + 4);
  const uint8_t flags = p[13];
  out->fin = (flags & 0x01) != 0;
  out->syn = (flags & 0x02) != 0;
  out->rst = (flags & 0x04) != 0;
  out->payload = absl::MakeConstSpan(p + hlen, n - hlen);
  out->payload_missing = static_cast<uint32_t>(missing);
  return true;
}

bool Ipv4(const uint8_t* p, size_t n, Packet* out, std::string* why) {
  if (n < 20) {
    *why = "IPv4 header cut off";
    return false;
  }
  if ((p[0] >> 4) != 4) {
    *why = "not IPv4";
    return false;
  }
  const size_t ihl = static_cast<size_t>(p[0] & 0x0f) * 4;
  const size_t total = Be16(p + 2);
  if (ihl < 20 || ihl > n || total < ihl) {
    *why = "bad IPv4 header";
    return false;
  }
  const uint16_t frag = Be16(p + 6);
  if ((frag & 0x2000) != 0 || (frag & 0x1fff) != 0) {
    *why = "IPv4 fragment";
    out->ipv4_fragment = true;
    out->ip = absl::MakeConstSpan(p, std::min(n, total));
    return false;
  }
  out->src.SetV4(Be32(p + 12));
  out->dst.SetV4(Be32(p + 16));
  return Transport(p[9], p + ihl, n - ihl, total - ihl, out, why);
}

bool Ipv6(const uint8_t* p, size_t n, Packet* out, std::string* why) {
  if (n < 40) {
    *why = "IPv6 header cut off";
    return false;
  }
  if ((p[0] >> 4) != 6) {
    *why = "not IPv6";
    return false;
  }
  size_t payload_len = Be16(p + 4);
  uint8_t next = p[6];
  out->src.v6 = out->dst.v6 = true;
  std::memcpy(out->src.addr.data(), p + 8, 16);
  std::memcpy(out->dst.addr.data(), p + 24, 16);
  size_t off = 40;
  // Extension headers: hop-by-hop, routing, destination options.
  for (int i = 0; i < 8 && (next == 0 || next == 43 || next == 60); ++i) {
    if (off + 8 > n) {
      *why = "IPv6 extension header cut off";
      return false;
    }
    const size_t len = (size_t{p[off + 1]} + 1) * 8;
    if (len > payload_len) {
      *why = "bad IPv6 extension header";
      return false;
    }
    next = p[off];
    off += len;
    payload_len -= len;
  }
  if (next == 44) {
    *why = "IPv6 fragment (not reassembled)";
    return false;
  }
  if (off > n) {
    *why = "IPv6 extension header cut off";
    return false;
  }
  return Transport(next, p + off, n - off, payload_len, out, why);
}

bool Ip(uint16_t ethertype, const uint8_t* p, size_t n, Packet* out,
        std::string* why) {
  if (ethertype == kEtherIpv4) return Ipv4(p, n, out, why);
  if (ethertype == kEtherIpv6) return Ipv6(p, n, out, why);
  return false;
}

// BSD address families (DLT_NULL / DLT_LOOP): AF_INET is 2 everywhere,
// AF_INET6 is 10 (Linux), 24 (NetBSD, OpenBSD), 28 (FreeBSD), 30 (macOS).
bool AfIp(uint32_t af, const uint8_t* p, size_t n, Packet* out,
          std::string* why) {
  if (af == 2) return Ipv4(p, n, out, why);
  if (af == 10 || af == 24 || af == 28 || af == 30) {
    return Ipv6(p, n, out, why);
  }
  return false;
}

}  // namespace

bool LinkTypeSupported(int t) {
  switch (t) {
    case kLinkNull:
    case kLinkEthernet:
    case kLinkRaw:
    case kLinkRaw14:
    case kLinkRawFile:
    case kLinkLoop:
    case kLinkSll:
    case kLinkIpv4:
    case kLinkIpv6:
    case kLinkSll2:
      return true;
    default:
      return false;
  }
}

bool ParsePacket(int link_type, absl::Span<const uint8_t> frame,
                 uint32_t wire_len, Packet* out, std::string* why) {
  why->clear();
  *out = Packet();
  const uint8_t* p = frame.data();
  const size_t n = frame.size();
  (void)wire_len;
  switch (link_type) {
    case kLinkEthernet: {
      if (n < 14) {
        *why = "Ethernet header cut off";
        return false;
      }
      size_t off = 12;
      uint16_t type = Be16(p + off);
      // 802.1Q / 802.1ad tags (up to two).
      for (int i = 0; i < 2 && (type == 0x8100 || type == 0x88a8); ++i) {
        off += 4;
        if (off + 2 > n) {
          *why = "VLAN tag cut off";
          return false;
        }
        type = Be16(p + off);
      }
      off += 2;
      return Ip(type, p + off, n - off, out, why);
    }
    case kLinkSll:
      if (n < 16) {
        *why = "Linux cooked header cut off";
        return false;
      }
      return Ip(Be16(p + 14), p + 16, n - 16, out, why);
    case kLinkSll2:
      if (n < 20) {
        *why = "Linux cooked v2 header cut off";
        return false;
      }
      return Ip(Be16(p), p + 20, n - 20, out, why);
    case kLinkNull:
    case kLinkLoop: {
      if (n < 4) {
        *why = "loopback header cut off";
        return false;
      }
      uint32_t af;
      if (link_type == kLinkLoop) {
        af = Be32(p);
      } else {
        std::memcpy(&af, p, 4);  // the capturing host's order
        if (af > 0xffff) af = __builtin_bswap32(af);
      }
      return AfIp(af, p + 4, n - 4, out, why);
    }
    case kLinkRaw:
    case kLinkRaw14:
    case kLinkRawFile:
      if (n < 1) return false;
      return (p[0] >> 4) == 6 ? Ipv6(p, n, out, why) : Ipv4(p, n, out, why);
    case kLinkIpv4:
      return Ipv4(p, n, out, why);
    case kLinkIpv6:
      return Ipv6(p, n, out, why);
    default:
      *why = absl::StrCat("unsupported link type ", link_type);
      return false;
  }
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire
