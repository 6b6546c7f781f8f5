// Copyright 2026 The gdwire Authors.

#include "wireshark/common.h"

#include <cstring>

namespace gdwire {
namespace wireshark {

Settings& settings() {
  static Settings s;
  return s;
}

Dialect CurrentDialect() {
  const gint d = settings().dialect;
  return d >= 0 && d <= 3 ? static_cast<Dialect>(d) : Dialect::kGodot4;
}

DecodeOptions DecodeOpts() {
  DecodeOptions o;
  o.dialect = CurrentDialect();
  o.allow_objects = settings().allow_objects;
  return o;
}

namespace {
capture::Endpoint Make(const address& a, uint32_t port) {
  capture::Endpoint e;
  if (a.type == AT_IPv4 && a.len == 4) {
    std::memcpy(e.addr.data(), a.data, 4);
  } else if (a.type == AT_IPv6 && a.len == 16) {
    e.v6 = true;
    std::memcpy(e.addr.data(), a.data, 16);
  }
  e.port = static_cast<uint16_t>(port);
  return e;
}
}  // namespace

capture::Endpoint Source(const packet_info* pinfo) {
  return Make(pinfo->src, pinfo->srcport);
}
capture::Endpoint Destination(const packet_info* pinfo) {
  return Make(pinfo->dst, pinfo->destport);
}

capture::Timestamp Time(const packet_info* pinfo) {
  capture::Timestamp t;
  t.sec = pinfo->abs_ts.secs;
  t.nsec = static_cast<uint32_t>(pinfo->abs_ts.nsecs);
  return t;
}

const uint8_t* Bytes(tvbuff_t* tvb, int offset, int* len) {
  *len = tvb_captured_length_remaining(tvb, offset);
  if (*len <= 0) {
    *len = 0;
    return nullptr;
  }
  return tvb_get_ptr(tvb, offset, *len);
}

}  // namespace wireshark
}  // namespace gdwire
