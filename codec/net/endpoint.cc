// Copyright 2026 The gdwire Authors.

#include "codec/net/endpoint.h"

#include <arpa/inet.h>

#include <string>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace net {

void Endpoint::SetV4(uint32_t host_order) {
  v6 = false;
  addr.fill(0);
  addr[0] = static_cast<uint8_t>(host_order >> 24);
  addr[1] = static_cast<uint8_t>(host_order >> 16);
  addr[2] = static_cast<uint8_t>(host_order >> 8);
  addr[3] = static_cast<uint8_t>(host_order);
}

std::string Endpoint::HostString() const {
  char buf[INET6_ADDRSTRLEN] = {};
  if (inet_ntop(v6 ? AF_INET6 : AF_INET, addr.data(), buf, sizeof buf) ==
      nullptr) {
    return "?";
  }
  return buf;
}

std::string Endpoint::ToString() const {
  return v6 ? absl::StrCat("[", HostString(), "]:", port)
            : absl::StrCat(HostString(), ":", port);
}

bool Endpoint::ParseHost(absl::string_view text, Endpoint* out) {
  std::string s(text);
  if (s.size() > 2 && s.front() == '[' && s.back() == ']') {
    s = s.substr(1, s.size() - 2);
  }
  std::array<uint8_t, 16> a{};
  if (inet_pton(AF_INET, s.c_str(), a.data()) == 1) {
    out->v6 = false;
    out->addr = a;
    return true;
  }
  if (inet_pton(AF_INET6, s.c_str(), a.data()) == 1) {
    out->v6 = true;
    out->addr = a;
    return true;
  }
  return false;
}

}  // namespace net
}  // namespace gdwire
