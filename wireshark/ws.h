// Copyright 2026 The gdwire Authors.
//
// wireshark/ws.h: Wireshark 4.0's dissector API (Debian's libwireshark-dev),
// included once for the plugin's files.
//
// Wireshark reports errors by longjmp (THROW): no C++ object with a
// destructor may be alive in a frame that a throwing Wireshark call could
// unwind. The plugin's rule: every tvb range it names lies inside the
// captured bytes (checked before the call), and trees stay under Wireshark's
// depth and item limits (value_tree.h), so the calls it makes do not throw.

#ifndef GDWIRE_WIRESHARK_WS_H_
#define GDWIRE_WIRESHARK_WS_H_

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <epan/conversation.h>
#include <epan/expert.h>
#include <epan/packet.h>
#include <epan/prefs.h>
#include <epan/proto_data.h>
// reassemble.h has no extern "C" of its own.
extern "C" {
#include <epan/reassemble.h>
}
#include <epan/dissectors/packet-tcp.h>
#include <epan/dissectors/packet-udp.h>
#include <ws_version.h>
#pragma GCC diagnostic pop

#endif  // GDWIRE_WIRESHARK_WS_H_
