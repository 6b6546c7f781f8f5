// Copyright 2026 The gdwire Authors.
//
// wireshark/plugin.cc: the plugin's entry points for Wireshark 4.0 (what
// its plugin loader looks up in gdwire.so).

#include "wireshark/enet.h"
#include "wireshark/godot.h"
#include "wireshark/ws.h"

namespace {

void Register() {
  gdwire::wireshark::RegisterGodot();
  gdwire::wireshark::RegisterEnet();
}

void Handoff() {
  gdwire::wireshark::HandoffGodot();
  gdwire::wireshark::HandoffEnet();
}

}  // namespace

extern "C" WS_DLL_PUBLIC_DEF const char plugin_version[] = "0.1.0";
extern "C" WS_DLL_PUBLIC_DEF const int plugin_want_major =
    WIRESHARK_VERSION_MAJOR;
extern "C" WS_DLL_PUBLIC_DEF const int plugin_want_minor =
    WIRESHARK_VERSION_MINOR;

extern "C" WS_DLL_PUBLIC_DEF void plugin_register(void) {
  static proto_plugin plugin;
  plugin.register_protoinfo = Register;
  plugin.register_handoff = Handoff;
  proto_register_plugin(&plugin);
}
