// Copyright 2026 The gdwire Authors.
//
// codec/capture/internal/packet.h: one captured frame taken apart: the link
// layer (Ethernet with VLAN tags, Linux cooked SLL and SLL2, BSD loopback
// NULL/LOOP, raw IP), IPv4 or IPv6, and the TCP or UDP header. No libpcap
// here: the bytes and the link type come from the caller. Every length is
// checked against the captured bytes; a frame that is not TCP or UDP over
// IP, or is an IP fragment, is reported as skipped with the reason.

#ifndef GDWIRE_CODEC_CAPTURE_INTERNAL_PACKET_H_
#define GDWIRE_CODEC_CAPTURE_INTERNAL_PACKET_H_

#include <cstdint>
#include <string>

#include "absl/types/span.h"
#include "codec/capture/endpoint.h"

namespace gdwire {
namespace capture {
namespace internal {

// Link types as libpcap's pcap_datalink() returns them (DLT_*), with the
// LINKTYPE_* numbers of the file formats where they differ.
inline constexpr int kLinkNull = 0;       // DLT_NULL: host-order AF word
inline constexpr int kLinkEthernet = 1;   // DLT_EN10MB
inline constexpr int kLinkRaw = 12;       // DLT_RAW on Linux
inline constexpr int kLinkRaw14 = 14;     // DLT_RAW on some BSDs
inline constexpr int kLinkRawFile = 101;  // LINKTYPE_RAW
inline constexpr int kLinkLoop = 108;     // DLT_LOOP: network-order AF
inline constexpr int kLinkSll = 113;      // DLT_LINUX_SLL
inline constexpr int kLinkIpv4 = 228;     // LINKTYPE_IPV4
inline constexpr int kLinkIpv6 = 229;     // LINKTYPE_IPV6
inline constexpr int kLinkSll2 = 276;     // DLT_LINUX_SLL2

enum class Proto : uint8_t { kTcp, kUdp };

struct Packet {
  Proto proto = Proto::kTcp;
  Endpoint src, dst;
  // TCP only.
  uint32_t seq = 0;
  bool syn = false, fin = false, rst = false;
  // The transport payload as captured; `payload_missing` bytes of it were
  // cut off by the capture's snapshot length (or the IP length says more
  // than the frame holds).
  absl::Span<const uint8_t> payload;
  uint32_t payload_missing = 0;
  // An IPv4 fragment (ParsePacket returns false): the whole IP packet, for
  // the defragmenter (internal/ip_defrag.h).
  bool ipv4_fragment = false;
  absl::Span<const uint8_t> ip;
};

// True when the link type is one ParsePacket understands.
bool LinkTypeSupported(int link_type);

// Takes `frame` (the captured bytes; `wire_len` the length on the wire)
// apart. Returns false, with the reason in *why, when the frame carries no
// TCP/UDP payload we can use (another protocol, an IP fragment, a header
// cut short); *why is empty for frames that are simply not of interest
// (ARP, ICMP, ...).
bool ParsePacket(int link_type, absl::Span<const uint8_t> frame,
                 uint32_t wire_len, Packet* out, std::string* why);

}  // namespace internal
}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_INTERNAL_PACKET_H_
