// Copyright 2026 The gdwire Authors.
//
// `gdwire decode`: prints each decoded value, as the engine's text or as
// gdwire's JSON. By default the input is one value, judged as the engine's
// bytes_to_var judges it (bytes after it ignored, empty or cut input an
// error). With --framing=raw|stream|packet-stream values are printed one
// after another, as soon as each one's last byte has arrived: the input
// goes through the push parser in pieces (what each read returns, or
// --chunk=N bytes at a time), never buffered whole (only the bytes of the
// value under way are kept), and each line is written from the value's
// bytes with no Variant built (tools/cli/stream_lines.h). A value is
// printed once the parser has accepted it (its padding and frame included).

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "tools/cli/cli.h"
#include "tools/cli/stream_lines.h"

namespace gdwire {
namespace cli {

namespace {
constexpr char kHelp[] =
    "usage: gdwire decode [--dialect=godot4|godot3|pandemonium|pandemonium4]\n"
    "                     [--format=text|json]\n"
    "                     [--framing=value|raw|stream|packet-stream] "
    "[--big-endian]\n"
    "                     [--allow-objects] [--strict] [--chunk=N] "
    "[FILE|-]\n"
    "\n"
    "Decodes Godot Variant bytes (var_to_bytes, put_var, store_var) and\n"
    "prints every value: --format=text prints exactly the engine's own\n"
    "var_to_str (godot4) / var2str (godot3) text followed by a newline;\n"
    "--format=json prints one line of gdwire's lossless JSON per value.\n"
    "With a framing other than value the input is parsed as it arrives (a\n"
    "pipe or socket works), each value printed as soon as it is complete.\n"
    "\n"
    "  --framing=value          one value, as bytes_to_var reads it (the\n"
    "                           default; 'none' is the same): bytes after\n"
    "                           it are ignored, an empty or cut input is an\n"
    "                           error\n"
    "  --framing=raw            values back to back (var_to_bytes output\n"
    "                           concatenated), to the end of the input\n"
    "  --framing=stream         StreamPeer.put_var / FileAccess.store_var:\n"
    "                           a u32 length before each value\n"
    "  --framing=packet-stream  PacketPeerStream (u32 LE length per packet)\n"
    "  --big-endian             stream length prefixes are big-endian\n"
    "  --allow-objects          decode full Objects (off, as in Godot)\n"
    "  --strict                 bytes after the value (value framing) or\n"
    "                           after a value inside its frame are an error\n"
    "                           (Godot ignores them)\n"
    "  --chunk=N                feed the parser N bytes at a time (testing)\n"
    "  --threads=N              a FILE in stream or packet-stream framing is\n"
    "                           cut at frame boundaries, decoded and turned\n"
    "                           into lines on N threads and printed in order\n"
    "                           (default: every core; 1: one thread, the\n"
    "                           same code); standard input and --chunk are\n"
    "                           parsed as they are read, on one thread\n"
    "\n"
    "Exit status: 0 ok, 1 bad input (error on stderr), 2 usage.\n";

// Reads the input in pieces: a file or standard input, `chunk` bytes at a
// time (0: whatever one read returns, up to 64 KiB).
class Pieces {
 public:
  Pieces(const std::string& path, size_t chunk)
      : chunk_(chunk), buf_(chunk > 0 ? chunk : 65536) {
    if (path != "-") {
      file_.open(path, std::ios::binary);
      ok_ = static_cast<bool>(file_);
    }
  }
  bool ok() const { return ok_; }
  // Returns the number of bytes read into data(), 0 at the end, -1 on error.
  long Next() {
    if (file_.is_open()) {
      file_.read(buf_.data(), static_cast<std::streamsize>(buf_.size()));
      return static_cast<long>(file_.gcount());
    }
    size_t got = 0;
    do {  // a pipe returns what it has; --chunk waits for whole pieces
      const ssize_t n = read(0, buf_.data() + got, buf_.size() - got);
      if (n < 0) return -1;
      if (n == 0) break;
      got += static_cast<size_t>(n);
    } while (chunk_ > 0 && got < buf_.size());
    return static_cast<long>(got);
  }
  const uint8_t* data() const {
    return reinterpret_cast<const uint8_t*>(buf_.data());
  }

 private:
  size_t chunk_;
  std::vector<char> buf_;
  std::ifstream file_;
  bool ok_ = true;
};

}  // namespace

int Decode(int argc, char** argv) {
  Args args;
  Common common;
  absl::Status st =
      ParseArgs(argc, argv,
                {"dialect", "format", "framing", "big-endian", "allow-objects",
                 "strict", "chunk", "threads", "help"},
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
  uint32_t chunk = 0;
  if (st.ok() && args.Has("chunk") &&
      (!absl::SimpleAtoi(args.Get("chunk", ""), &chunk) || chunk == 0)) {
    st = absl::InvalidArgumentError("--chunk must be a positive number");
  }
  int threads = 0;
  if (st.ok()) st = ParseThreads(args, &threads);
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire decode: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    return kExitUsage;
  }
  // A framed FILE: values turned into lines on `threads` threads (one
  // included), written in order. --chunk tests the streaming path.
  if (UseMapped(common) && !args.Has("chunk")) {
    return DecodeParallel(common, format, threads);
  }
  // One value (bytes_to_var): the whole input is read and judged first;
  // the value's own bytes then go through the push parser like a stream.
  std::string one;
  if (common.one_value) {
    st = ReadInput(common.input, &one);
    if (st.ok()) st = KeepOneValue(common, &one);
    if (!st.ok()) {
      std::fprintf(stderr, "gdwire decode: %s\n",
                   std::string(st.message()).c_str());
      return kExitBadInput;
    }
  }
  Pieces in(common.one_value ? "-" : common.input, chunk);  // "-": unused
  if (!common.one_value && !in.ok()) {
    std::fprintf(stderr, "gdwire decode: cannot open %s\n",
                 common.input.c_str());
    return kExitBadInput;
  }
  // Unframed, values lie back to back (or the one value was cut out):
  // --strict only concerns frames here.
  DecodeOptions dopts = common.decode;
  if (common.frame.framing == Framing::kNone) {
    dopts.reject_trailing_bytes = false;
  }
  // Each value's line written as soon as its last byte has arrived, from
  // the value's bytes (no Variant built: tools/cli/stream_lines.h).
  StreamLines reader(dopts, common.frame, format == "json");
  std::string lines;
  auto print = [&]() {
    if (!lines.empty()) {
      std::fwrite(lines.data(), 1, lines.size(), stdout);
      std::fflush(stdout);
    }
    lines.clear();
  };
  size_t one_pos = 0;
  for (;;) {
    long n;
    const uint8_t* data = in.data();
    if (common.one_value) {
      n = static_cast<long>(std::min<size_t>(chunk > 0 ? chunk : one.size(),
                                             one.size() - one_pos));
      data = reinterpret_cast<const uint8_t*>(one.data()) + one_pos;
      one_pos += static_cast<size_t>(n);
    } else {
      n = in.Next();
    }
    if (n < 0) {
      st = absl::DataLossError("read error");
      break;
    }
    if (n == 0) {
      st = reader.Finish(&lines);
      break;
    }
    st = reader.Feed(ByteView(data, static_cast<size_t>(n)), &lines);
    print();
    if (!st.ok()) break;
  }
  print();
  if (!st.ok()) {
    std::string msg(st.message());
    // Name the value like the framed paths do: "#3$[0]: ...".
    if (common.frame.framing == Framing::kNone && !msg.empty() &&
        msg[0] == '$') {
      msg = absl::StrCat("#", reader.values(), msg);
    }
    std::fprintf(stderr, "gdwire decode: %s\n", msg.c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
