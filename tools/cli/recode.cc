// Copyright 2026 The gdwire Authors.
//
// `gdwire recode`: decodes and re-encodes (bytes to stdout), optionally into
// another dialect, framing or precision.

#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "codec/encode/encoder.h"
#include "codec/frame/frame.h"
#include "codec/stream/parallel.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

namespace {
constexpr char kHelp[] =
    "usage: gdwire recode [--dialect=godot4|godot3|pandemonium|pandemonium4]\n"
    "                     [--to-dialect=...] [--framing=...] "
    "[--to-framing=...]\n"
    "                     [--big-endian] [--allow-objects] [--full-objects]\n"
    "                     [--real-double] [--strict] [FILE|-]\n"
    "\n"
    "Decodes every value and writes it encoded again to standard output, as\n"
    "the engine would (zero padding, canonical int/float widths).\n"
    "\n"
    "  --framing         value (default: one value, as bytes_to_var; bytes\n"
    "                    after it are dropped), raw (values back to back),\n"
    "                    stream, packet-stream (see gdwire decode --help)\n"
    "  --strict          bytes after a value (in its frame) are an error\n"
    "  --engine-defects  pandemonium, pandemonium4: read the input as the\n"
    "                    engine's own bytes2var does, its decoder's defects\n"
    "                    included (docs/FORMAT.md, Pandemonium); by default\n"
    "                    they are read as the engine's encoder meant them.\n"
    "                    Only the reference decoder (the test oracle, plain\n"
    "                    and slower) emulates them: this mode runs it\n"
    "  --to-dialect      dialect to write (default: the input's)\n"
    "  --to-framing      framing to write (default: the input's)\n"
    "  --full-objects    write Objects in full (default with --allow-objects)\n"
    "  --real-double     write math types as a double-precision build "
    "(godot4)\n"
    "  --threads=N       stream or packet-stream input is decoded and\n"
    "                    encoded again on N threads (default: every core)\n"
    "\n"
    "Exit status: 0 ok, 1 bad input (error on stderr), 2 usage.\n";
}  // namespace

int Recode(int argc, char** argv) {
  Args args;
  Common common;
  absl::Status st =
      ParseArgs(argc, argv,
                {"dialect", "to-dialect", "framing", "to-framing", "big-endian",
                 "allow-objects", "full-objects", "real-double", "strict",
                 "engine-defects", "threads", "help"},
                &args);
  if (st.ok() && args.Has("help")) {
    std::fputs(kHelp, stdout);
    return kExitOk;
  }
  if (st.ok()) st = ParseCommon(args, &common);
  EncodeOptions eopts;
  eopts.dialect = common.decode.dialect;
  FrameOptions out_frame = common.frame;
  bool unused_one_value;
  if (st.ok() && args.Has("to-dialect") &&
      !ParseDialect(args.Get("to-dialect", ""), &eopts.dialect)) {
    st = absl::InvalidArgumentError("bad --to-dialect");
  }
  if (st.ok() && args.Has("to-framing") &&
      !ParseCliFraming(args.Get("to-framing", ""), &out_frame.framing,
                       &unused_one_value)) {
    st = absl::InvalidArgumentError("bad --to-framing");
  }
  int threads = 0;
  if (st.ok()) st = ParseThreads(args, &threads);
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire recode: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    return kExitUsage;
  }
  eopts.full_objects = args.Has("full-objects") || common.decode.allow_objects;
  eopts.real_is_double = args.Has("real-double");
  std::string input;
  Variant one;  // --framing=value: the value, as bytes_to_var reads it
  if (st = ReadInput(common.input, &input); st.ok() && common.one_value) {
    st = KeepOneValue(common, &input, &one);
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire recode: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  // Value number `index` encoded again and framed, appended to *out.
  auto recode = [&](const Variant& v, uint64_t index, std::string* out) {
    thread_local std::string payload;
    payload.clear();
    Error e = encode::EncodeTo(v, eopts, &payload);
    if (!e.ok()) {
      e.path = absl::StrCat("#", index, e.path);
      return e.ToStatus();
    }
    AppendFrame(payload, out_frame, out);
    return absl::OkStatus();
  };
  std::string out;
  if (common.one_value) {
    st = recode(one, 0, &out);
  } else {
    // Decoded and encoded again on `threads` threads (framed input; raw
    // input on one), the bytes joined in order.
    ParallelOptions p;
    p.threads = threads;
    st = FormatFramedParallel(
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(input.data()),
                            input.size()),
        common.frame, common.decode, p,
        [&](const Variant& v, uint64_t, uint64_t index, std::string* o) {
          return recode(v, index, o);
        },
        [&](absl::string_view bytes) {
          out.append(bytes.data(), bytes.size());
          return absl::OkStatus();
        });
  }
  return FinishWithOutput("recode", st, out);
}

}  // namespace cli
}  // namespace gdwire
