// Copyright 2026 The gdwire Authors.
//
// The `gdwire` command line tool: see tools/cli/cli.h and `gdwire --help`.

#include <cstdio>
#include <cstring>

#include "tools/cli/cli.h"

namespace {
constexpr char kHelp[] =
    "usage: gdwire <command> [flags] [FILE|-]\n"
    "\n"
    "Godot Variant binary serialization (var_to_bytes, put_var, store_var)\n"
    "for godot3, godot4, pandemonium (5.x) and pandemonium4 (4.x).\n"
    "\n"
    "commands:\n"
    "  decode    print each value as the engine's text or as JSON\n"
    "  recode    decode and encode again (bytes to stdout)\n"
    "  validate  check only\n"
    "  encode    read Godot text or JSON, write the bytes to stdout\n"
    "  bench     measure decoding speed on your own data\n"
    "  each      one of the commands above on many files, in one process\n"
    "  capture   decode the Godot traffic in a pcap/pcapng capture\n"
    "  manifest  a Godot 4 project's RPC method and synced property names\n"
    "            (runs the engine)\n"
    "  serve-echo  a Godot 4 multiplayer server (ENet) that answers echo()\n"
    "            calls and relays the rest, for tests and demos\n"
    "\n"
    "`gdwire <command> --help` for the flags of a command.\n";
}  // namespace

int main(int argc, char** argv) {
  using namespace gdwire::cli;  // NOLINT
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 ||
      std::strcmp(argv[1], "help") == 0) {
    std::fputs(kHelp, argc < 2 ? stderr : stdout);
    return argc < 2 ? kExitUsage : kExitOk;
  }
  const char* cmd = argv[1];
  const int rc = RunInputCommand(cmd, argc - 2, argv + 2);
  if (rc != kNotAnInputCommand) return rc;
  if (std::strcmp(cmd, "each") == 0) return Each(argc - 2, argv + 2);
  if (std::strcmp(cmd, "capture") == 0) return Capture(argc - 2, argv + 2);
  if (std::strcmp(cmd, "manifest") == 0) return Manifest(argc - 2, argv + 2);
  if (std::strcmp(cmd, "serve-echo") == 0) return ServeEcho(argc - 2, argv + 2);
  std::fprintf(stderr, "gdwire: unknown command '%s'\n\n%s", cmd, kHelp);
  return kExitUsage;
}
