// Copyright 2026 The gdwire Authors.
//
// wireshark/common.h: what the plugin's dissectors share: the preferences
// of the `godot` protocol (dialect, Objects, manifest), and packet_info
// turned into gdwire's endpoints and times.

#ifndef GDWIRE_WIRESHARK_COMMON_H_
#define GDWIRE_WIRESHARK_COMMON_H_

#include <string>

#include "codec/capture/capture.h"
#include "codec/options.h"
#include "wireshark/ws.h"

namespace gdwire {
namespace wireshark {

struct Settings {
  gint dialect = 1;  // Dialect as an int (Wireshark's enum preference)
  gboolean allow_objects = FALSE;
  gboolean big_endian = FALSE;     // StreamPeer length prefixes
  const char* manifest = nullptr;  // the game's manifest file, or ""
};
Settings& settings();

// The decode options the preferences give.
DecodeOptions DecodeOpts();
Dialect CurrentDialect();

// The packet's source / destination (IPv4 or IPv6 address and port).
capture::Endpoint Source(const packet_info* pinfo);
capture::Endpoint Destination(const packet_info* pinfo);
capture::Timestamp Time(const packet_info* pinfo);

// A copy of the tvb's bytes from `offset` on, in packet scope.
const uint8_t* Bytes(tvbuff_t* tvb, packet_info* pinfo, int offset, int* len);

// `text` on one line for the Info column: newlines shown as \n, as
// `gdwire capture` prints them.
std::string OneLine(const std::string& text);

}  // namespace wireshark
}  // namespace gdwire

#endif  // GDWIRE_WIRESHARK_COMMON_H_
