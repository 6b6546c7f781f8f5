// Copyright 2026 The gdwire Authors.
//
// `gdwire validate`: checks the input only; prints a one-line summary.

#include <cstdio>
#include <string>

#include "codec/frame/frame.h"
#include "codec/stream/events.h"
#include "codec/stream/parallel.h"
#include "codec/stream/parser.h"
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
    "  --threads=N       stream or packet-stream framing is checked on N\n"
    "                    threads (default: every core; 1: one thread, the\n"
    "                    same checker); no values are built\n"
    "\n"
    "Exit status: 0 valid, 1 invalid (error on stderr), 2 usage.\n";
// Stops the push parser after the first value, noting where it ends.
struct FirstValue : stream::SkipHandler {
  bool ValueDone(uint64_t, uint64_t value_end) {
    end = value_end;
    done = true;
    return false;
  }
  uint64_t end = 0;
  bool done = false;
};

// --framing=value, checked by the push parser without building the value:
// true when it accepts the first value (then *input is cut to it, as
// KeepOneValue cuts it). False where it rejects, and for --strict and
// --engine-defects, whose verdicts KeepOneValue gives.
bool OneValueFits(const Common& common, std::string* input) {
  if (common.decode.reject_trailing_bytes ||
      common.decode.pandemonium_engine_defects) {
    return false;
  }
  FirstValue first;
  stream::Parser<FirstValue> parser(&first, common.decode, FrameOptions());
  absl::Status st = parser.Feed(*input);
  if (st.ok() && !first.done) st = parser.Finish();
  if (!st.ok() || !first.done) return false;
  input->resize(static_cast<size_t>(first.end));
  return true;
}

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
  // A framed FILE is mapped and checked slice by slice on `threads`
  // threads (one included): no values are built.
  if (UseMapped(common)) return ValidateParallel(common, threads);
  std::string input;
  st = ReadInput(common.input, &input);
  uint64_t count = 0;
  if (st.ok() && common.one_value && OneValueFits(common, &input)) {
    count = 1;  // no value built
  } else if (st.ok()) {
    // bytes_to_var's verdict where the push parser rejects (the read core's
    // exact message), and the values of raw or framed input from a pipe.
    if (common.one_value) st = KeepOneValue(common, &input);
    ParallelOptions p;
    p.threads = threads;
    if (st.ok()) {
      st = ValidateFramedParallel(
          absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(input.data()),
                              input.size()),
          common.frame, common.decode, p, &count);
    }
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire validate: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  std::printf("ok: %llu values, %zu bytes\n",
              static_cast<unsigned long long>(count), input.size());
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
