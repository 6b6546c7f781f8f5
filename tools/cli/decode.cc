// Copyright 2026 The gdwire Authors.
//
// `gdwire decode`: prints each decoded value, as the engine's text or as
// gdwire's JSON, one value after another.

#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "codec/frame/frame.h"
#include "codec/text/json.h"
#include "codec/text/text.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

namespace {
constexpr char kHelp[] =
    "usage: gdwire decode [--dialect=godot4|godot3|pandemonium]\n"
    "                     [--format=text|json]\n"
    "                     [--framing=none|stream|packet-stream] "
    "[--big-endian]\n"
    "                     [--allow-objects] [--strict] [FILE|-]\n"
    "\n"
    "Decodes Godot Variant bytes (var_to_bytes, put_var, store_var) and\n"
    "prints every value: --format=text prints exactly the engine's own\n"
    "var_to_str (godot4) / var2str (godot3) text followed by a newline;\n"
    "--format=json prints one line of gdwire's lossless JSON per value.\n"
    "\n"
    "  --framing=none           values back to back (default)\n"
    "  --framing=stream         StreamPeer.put_var / FileAccess.store_var:\n"
    "                           a u32 length before each value\n"
    "  --framing=packet-stream  PacketPeerStream (u32 LE length per packet)\n"
    "  --big-endian             stream length prefixes are big-endian\n"
    "  --allow-objects          decode full Objects (off, as in Godot)\n"
    "  --strict                 bytes after a value inside a frame are an\n"
    "                           error (Godot ignores them)\n"
    "\n"
    "Exit status: 0 ok, 1 bad input (error on stderr), 2 usage.\n";
}  // namespace

int Decode(int argc, char** argv) {
  Args args;
  Common common;
  absl::Status st = ParseArgs(argc, argv,
                              {"dialect", "format", "framing", "big-endian",
                               "allow-objects", "strict", "help"},
                              &args);
  if (st.ok() && args.Has("help")) {
    std::fputs(kHelp, stdout);
    return kExitOk;
  }
  if (st.ok()) st = ParseCommon(args, &common);
  const std::string format = args.Get("format", "text");
  if (st.ok() && format != "text" && format != "json") {
    st = absl::InvalidArgumentError("--format must be text or json");
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire decode: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    return kExitUsage;
  }
  std::string input;
  if (st = ReadInput(common.input, &input); !st.ok()) {
    std::fprintf(stderr, "gdwire decode: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  const Dialect dialect = common.decode.dialect;
  st = DecodeFramedEach(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(input.data()),
                          input.size()),
      common.frame, common.decode, [&](Variant v, uint64_t) {
        std::string line =
            format == "json" ? text::ToJson(v) : text::ToText(v, dialect);
        line.push_back('\n');
        std::fwrite(line.data(), 1, line.size(), stdout);
        return absl::OkStatus();
      });
  std::fflush(stdout);
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire decode: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
