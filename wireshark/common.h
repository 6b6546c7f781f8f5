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

// The tvb's captured bytes from `offset` on, contiguous (tvb_get_ptr: no
// copy unless the tvb is made of pieces); valid while the tvb lives.
const uint8_t* Bytes(tvbuff_t* tvb, int offset, int* len);

}  // namespace wireshark
}  // namespace gdwire

#endif  // GDWIRE_WIRESHARK_COMMON_H_
