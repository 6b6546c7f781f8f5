// Copyright 2026 The gdwire Authors.

#include "codec/capture/test_util.h"

#include <algorithm>

namespace gdwire {
namespace capture {
namespace testing {

namespace {
void Be16(std::string* s, uint16_t v) {
  s->push_back(static_cast<char>(v >> 8));
  s->push_back(static_cast<char>(v));
}
void Be32(std::string* s, uint32_t v) {
  Be16(s, static_cast<uint16_t>(v >> 16));
  Be16(s, static_cast<uint16_t>(v));
}
std::string Ipv4(Addr src, Addr dst, uint8_t proto, const std::string& l4) {
  std::string s;
  s.push_back(0x45);
  s.push_back(0);
  Be16(&s, static_cast<uint16_t>(20 + l4.size()));
  Be32(&s, 0x12344000);  // id, DF
  s.push_back(64);
  s.push_back(static_cast<char>(proto));
  Be16(&s, 0);  // checksum (not checked)
  Be32(&s, src.ip);
  Be32(&s, dst.ip);
  return s + l4;
}
std::string Tcp(uint16_t sport, uint16_t dport, uint32_t seq, uint8_t flags,
                absl::string_view payload) {
  std::string s;
  Be16(&s, sport);
  Be16(&s, dport);
  Be32(&s, seq);
  Be32(&s, 0);  // ack
  s.push_back(0x50);
  s.push_back(static_cast<char>(flags | kAck));
  Be16(&s, 65535);
  Be32(&s, 0);  // checksum, urgent
  s.append(payload.data(), payload.size());
  return s;
}
}  // namespace

std::string Ipv4Tcp(Addr src, Addr dst, uint32_t seq, uint8_t flags,
                    absl::string_view payload) {
  return Ipv4(src, dst, 6, Tcp(src.port, dst.port, seq, flags, payload));
}

std::string Ipv4Udp(Addr src, Addr dst, absl::string_view payload) {
  std::string u;
  Be16(&u, src.port);
  Be16(&u, dst.port);
  Be16(&u, static_cast<uint16_t>(8 + payload.size()));
  Be16(&u, 0);
  u.append(payload.data(), payload.size());
  return Ipv4(src, dst, 17, u);
}

std::vector<std::string> Fragment(const std::string& ip, size_t mtu) {
  const size_t ihl = static_cast<size_t>(ip[0] & 0x0f) * 4;
  const std::string header = ip.substr(0, ihl);
  const std::string body = ip.substr(ihl);
  const size_t step = (mtu - ihl) / 8 * 8;
  std::vector<std::string> out;
  for (size_t at = 0; at < body.size(); at += step) {
    const size_t n = std::min(step, body.size() - at);
    std::string f = header + body.substr(at, n);
    const size_t total = f.size();
    f[2] = static_cast<char>(total >> 8);
    f[3] = static_cast<char>(total);
    const uint16_t frag =
        static_cast<uint16_t>((at / 8) | (at + n < body.size() ? 0x2000 : 0));
    f[6] = static_cast<char>(frag >> 8);
    f[7] = static_cast<char>(frag);
    out.push_back(f);
  }
  return out;
}

std::string Ipv6Tcp(uint16_t sport, uint16_t dport, uint32_t seq, uint8_t flags,
                    absl::string_view payload) {
  const std::string l4 = Tcp(sport, dport, seq, flags, payload);
  std::string s;
  Be32(&s, 0x60000000);
  Be16(&s, static_cast<uint16_t>(l4.size()));
  s.push_back(6);
  s.push_back(64);
  for (int k = 0; k < 2; ++k) {
    s.append(15, '\0');
    s.push_back(1);  // ::1
  }
  return s + l4;
}

std::string Ethernet(absl::string_view ip, bool v6) {
  std::string s(12, '\0');
  Be16(&s, v6 ? 0x86dd : 0x0800);
  s.append(ip.data(), ip.size());
  return s;
}

std::string Sll(absl::string_view ip, bool v6) {
  std::string s;
  Be16(&s, 0);        // packet type: to us
  Be16(&s, 772);      // ARPHRD_LOOPBACK
  Be16(&s, 6);        // address length
  s.append(8, '\0');  // address
  Be16(&s, v6 ? 0x86dd : 0x0800);
  s.append(ip.data(), ip.size());
  return s;
}

std::string Sll2(absl::string_view ip, bool v6) {
  std::string s;
  Be16(&s, v6 ? 0x86dd : 0x0800);
  Be16(&s, 0);     // reserved
  Be32(&s, 1);     // interface index
  Be16(&s, 772);   // ARPHRD_LOOPBACK
  s.push_back(0);  // packet type
  s.push_back(6);  // address length
  s.append(8, '\0');
  s.append(ip.data(), ip.size());
  return s;
}

std::string Null(absl::string_view ip, bool v6) {
  const uint32_t af = v6 ? 10 : 2;
  std::string s(reinterpret_cast<const char*>(&af), 4);
  s.append(ip.data(), ip.size());
  return s;
}

std::string Framed(absl::string_view value_bytes) {
  const uint32_t n = static_cast<uint32_t>(value_bytes.size());
  std::string s;
  for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>(n >> (8 * i)));
  s.append(value_bytes.data(), value_bytes.size());
  return s;
}

std::string WsFrame(uint8_t b0, absl::string_view payload, bool masked,
                    uint32_t mask) {
  std::string s;
  s.push_back(static_cast<char>(b0));
  const uint8_t m = masked ? 0x80 : 0;
  const uint64_t n = payload.size();
  if (n < 126) {
    s.push_back(static_cast<char>(m | n));
  } else if (n < 65536) {
    s.push_back(static_cast<char>(m | 126));
    Be16(&s, static_cast<uint16_t>(n));
  } else {
    s.push_back(static_cast<char>(m | 127));
    Be32(&s, static_cast<uint32_t>(n >> 32));
    Be32(&s, static_cast<uint32_t>(n));
  }
  uint8_t key[4] = {
      static_cast<uint8_t>(mask >> 24), static_cast<uint8_t>(mask >> 16),
      static_cast<uint8_t>(mask >> 8), static_cast<uint8_t>(mask)};
  if (masked) s.append(reinterpret_cast<const char*>(key), 4);
  for (size_t i = 0; i < payload.size(); ++i) {
    s.push_back(static_cast<char>(static_cast<uint8_t>(payload[i]) ^
                                  (masked ? key[i & 3] : 0)));
  }
  return s;
}

}  // namespace testing
}  // namespace capture
}  // namespace gdwire
