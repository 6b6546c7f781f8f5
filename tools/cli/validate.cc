// Copyright 2026 The gdwire Authors.
//
// `gdwire validate`: checks the input only; prints a one-line summary.

#include <cstdio>
#include <string>

#include "codec/frame/frame.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

namespace {
constexpr char kHelp[] =
    "usage: gdwire validate "
    "[--dialect=godot4|godot3|pandemonium|pandemonium4]\n"
    "                       [--framing=value|raw|stream|packet-stream]\n"
    "                       [--big-endian] [--allow-objects] [--strict]\n"
    "                       [FILE|-]\n"
    "\n"
    "Checks that the input decodes as the engine would accept it. Prints\n"
    "'ok: N values, B bytes' (B: the bytes the values take) or the error\n"
    "(kind, byte offset, path).\n"
    "\n"
    "  --framing=value   one value, as bytes_to_var (default): bytes after\n"
    "                    it are ignored, an empty or cut input is invalid\n"
    "  --framing=raw     values back to back, to the end of the input\n"
    "  --framing=stream|packet-stream  as gdwire decode --help says\n"
    "  --strict          bytes after a value (in its frame) are invalid\n"
    "  --threads=N       a FILE in stream or packet-stream framing is checked\n"
    "                    on N threads (default: every core; 1: one thread)\n"
    "\n"
    "Exit status: 0 valid, 1 invalid (error on stderr), 2 usage.\n";
}  // namespace

int Validate(int argc, char** argv) {
  Args args;
  Common common;
  absl::Status st = ParseArgs(argc, argv,
                              {"dialect", "framing", "big-endian",
                               "allow-objects", "strict", "threads", "help"},
                              &args);
  if (st.ok() && args.Has("help")) {
    std::fputs(kHelp, stdout);
    return kExitOk;
  }
  if (st.ok()) st = ParseCommon(args, &common);
  int threads = 0;
  if (st.ok()) st = ParseThreads(args, &threads);
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire validate: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    return kExitUsage;
  }
  if (UseThreads(common, threads)) return ValidateParallel(common, threads);
  std::string input;
  if (st = ReadInput(common.input, &input); st.ok() && common.one_value) {
    st = KeepOneValue(common, &input);  // bytes_to_var's verdict
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire validate: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  size_t count = 0;
  st = DecodeFramedEach(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(input.data()),
                          input.size()),
      common.frame, common.decode, [&](Variant, uint64_t) {
        ++count;
        return absl::OkStatus();
      });
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire validate: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  std::printf("ok: %zu values, %zu bytes\n", count, input.size());
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
