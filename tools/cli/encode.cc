// Copyright 2026 The gdwire Authors.
//
// `gdwire encode`: reads values as Godot text (str_to_var / str2var) or as
// gdwire's JSON and writes their bytes to stdout, as the engine would.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "codec/encode/encoder.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/text/json.h"
#include "codec/text/parse.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

namespace {
constexpr char kHelp[] =
    "usage: gdwire encode [--from=text|json]\n"
    "                     [--dialect=godot4|godot3|pandemonium|pandemonium4]\n"
    "                     [--framing=none|stream|packet-stream] "
    "[--big-endian]\n"
    "                     [--full-objects] [--real-double] "
    "[--writer-escapes]\n"
    "                     [FILE|-]\n"
    "\n"
    "Reads values and writes their Variant bytes (var_to_bytes, put_var,\n"
    "store_var) to standard output, exactly as the engine writes them.\n"
    "\n"
    "  --from=text       Godot's text: var_to_str (godot4) / var2str\n"
    "                    (godot3, pandemonium*), e.g. Vector2(1, 2); the\n"
    "                    values one after another (a text holding one value\n"
    "                    is the usual case), as `gdwire decode` prints them\n"
    "  --from=json       gdwire's JSON, one value per line, as\n"
    "                    `gdwire decode --format=json` prints them\n"
    "  --framing=none    values back to back (default)\n"
    "  --framing=stream  a u32 length before each value (put_var,\n"
    "                    store_var); --big-endian for a big-endian peer\n"
    "  --framing=packet-stream  PacketPeerStream packets\n"
    "  --full-objects    write Objects in full (var_to_bytes_with_objects)\n"
    "  --real-double     act as a double-precision engine build (godot4):\n"
    "                    math types keep and write f64 components\n"
    "  --writer-escapes  read \\a and \\v in text as BEL and VT (the engine\n"
    "                    reads them as 'a' and 'v')\n"
    "\n"
    "Text errors name line and column: '1:17: expected ')' ...'.\n"
    "Exit status: 0 ok, 1 bad input (error on stderr), 2 usage.\n";

absl::Status Fail(absl::string_view where, const absl::Status& st) {
  return absl::Status(st.code(), absl::StrCat(where, st.message()));
}
}  // namespace

int Encode(int argc, char** argv) {
  Args args;
  Common common;
  absl::Status st =
      ParseArgs(argc, argv,
                {"from", "dialect", "framing", "big-endian", "full-objects",
                 "real-double", "writer-escapes", "help"},
                &args);
  if (st.ok() && args.Has("help")) {
    std::fputs(kHelp, stdout);
    return kExitOk;
  }
  if (st.ok()) st = ParseCommon(args, &common);
  const std::string from = args.Get("from", "text");
  if (st.ok() && from != "text" && from != "json") {
    st = absl::InvalidArgumentError("--from must be text or json");
  }
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire encode: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    return kExitUsage;
  }
  EncodeOptions eopts;
  eopts.dialect = common.decode.dialect;
  eopts.full_objects = args.Has("full-objects");
  eopts.real_is_double = args.Has("real-double");

  std::string input;
  if (st = ReadInput(common.input, &input); !st.ok()) {
    std::fprintf(stderr, "gdwire encode: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }

  std::vector<Variant> values;
  if (from == "text") {
    text::ParseOptions popts;
    popts.dialect = eopts.dialect;
    popts.real_is_double = eopts.real_is_double;
    popts.writer_escapes = args.Has("writer-escapes");
    absl::StatusOr<std::vector<Variant>> parsed =
        text::FromTextAll(input, popts);
    if (parsed.ok()) {
      values = std::move(*parsed);
    } else {
      st = parsed.status();
    }
  } else {
    size_t line_no = 0;
    for (absl::string_view line : absl::StrSplit(input, '\n')) {
      ++line_no;
      if (line.find_first_not_of(" \t\r") == absl::string_view::npos) continue;
      absl::StatusOr<Variant> v = text::FromJson(line);
      if (!v.ok()) {
        st = Fail(absl::StrCat("line ", line_no, ": "), v.status());
        break;
      }
      values.push_back(std::move(*v));
    }
  }

  std::string out, payload;
  for (size_t i = 0; st.ok() && i < values.size(); ++i) {
    payload.clear();
    Error e = encode::EncodeTo(values[i], eopts, &payload);
    if (!e.ok()) {
      e.path = absl::StrCat("#", i, e.path);
      st = e.ToStatus();
      break;
    }
    AppendFrame(payload, common.frame, &out);
  }
  return FinishWithOutput("encode", st, out);
}

}  // namespace cli
}  // namespace gdwire
