// Copyright 2026 The gdwire Authors.
//
// tools/cli/cli.h: shared pieces of the `gdwire` command line tool: flag
// parsing, reading the input, and the subcommands (one file each).
//
//   gdwire decode   [--dialect=D] [--format=text|json] [--framing=F]
//                   [--allow-objects] [--strict] [--big-endian] [FILE|-]
//   gdwire recode   [--dialect=D] [--to-dialect=D] [--framing=F]
//                   [--allow-objects] [--full-objects] [--real-double] [FILE|-]
//   gdwire validate [--dialect=D] [--framing=F] [--allow-objects] [--strict]
//                   [FILE|-]
//   gdwire encode   [--from=text|json] [--dialect=D] [--framing=F]
//                   [--big-endian] [--full-objects] [--real-double] [FILE|-]
//
//   gdwire bench    [--dialect=D] [--framing=F] [--seconds=S] [--json] FILE
//
//   gdwire each     decode|recode|validate|encode|bench [FLAGS] FILE...
//                   (one process, each file's exit status and output)
//
// --framing (the input's): value (default: one var_to_bytes value, read as
// the engine's bytes_to_var reads it), raw (values back to back), stream,
// packet-stream.
//
// Exit status: 0 success, 1 bad input (error on stderr), 2 usage.

#ifndef GDWIRE_TOOLS_CLI_CLI_H_
#define GDWIRE_TOOLS_CLI_CLI_H_

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "codec/frame/frame.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace document {
class Element;
}  // namespace document
namespace cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;
inline constexpr int kExitUsage = 2;

// Parsed command line of one subcommand: --name=value / --name flags and
// positional arguments.
struct Args {
  std::map<std::string, std::string> flags;
  std::vector<std::string> positional;
  bool Has(const std::string& name) const { return flags.count(name) != 0; }
  std::string Get(const std::string& name, const std::string& def) const {
    auto it = flags.find(name);
    return it == flags.end() ? def : it->second;
  }
};

// Splits argv; fails (usage) on a flag not in `known` (names without --).
absl::Status ParseArgs(int argc, char** argv,
                       const std::vector<std::string>& known, Args* out);

// The options common to the subcommands.
struct Common {
  DecodeOptions decode;
  FrameOptions frame;
  // --framing=value (the default; "none" is the same): the input is one
  // value, as bytes_to_var reads a PackedByteArray: the bytes after it are
  // ignored (an error with --strict) and an empty or cut input is an error.
  // False for --framing=raw (values back to back) and the framed streams.
  bool one_value = true;
  std::string input = "-";
};
absl::Status ParseCommon(const Args& args, Common* out);

// --framing's names: value|none (one value), raw (back to back), stream,
// packet-stream. Also for recode's --to-framing (value and raw both write
// the values unframed).
bool ParseCliFraming(const std::string& name, Framing* framing,
                     bool* one_value);

// For common.one_value: cuts *input to its one value (the bytes after it
// are dropped), or fails as bytes_to_var does (empty, cut or bad input; with
// --strict, bytes after the value). The error names the value "#0". The
// value goes to *value when given. With --engine-defects (Pandemonium) the
// value is read as the engine's own decoder reads it, whose byte count can
// be short of the value's: use *value then, not the cut input.
absl::Status KeepOneValue(const Common& common, std::string* input,
                          Variant* value = nullptr);

// Reads FILE, or standard input for "-".
absl::Status ReadInput(const std::string& path, std::string* out);

// The end of a command that writes bytes: on error prints "gdwire CMD:
// message" and returns kExitBadInput; else writes `out` to stdout and
// returns kExitOk.
int FinishWithOutput(const char* cmd, const absl::Status& st,
                     const std::string& out);

// --threads=N (1..1024; absent: 0, every core).
absl::Status ParseThreads(const Args& args, int* threads);
// True when decode/validate take the mapped path: a regular file (not
// standard input or a pipe) in stream or packet-stream framing, mapped and
// cut at frame boundaries, on any number of threads (one included: the
// same code).
bool UseMapped(const Common& common);
// Appends the value's line as `gdwire decode` prints it (the engine's text,
// or gdwire's JSON, then a newline).
void AppendValueLine(const Variant& v, bool json, Dialect dialect,
                     std::string* out);
// The same line written from a document's root (codec/text/element_text.h,
// element_json.h: the same bytes as for its Variant), no value built.
void AppendElementLine(const document::Element& root, bool json,
                       Dialect dialect, std::string* out);
// The mapped decode and validate (tools/cli/parallel.cc).
int DecodeParallel(const Common& common, const std::string& format,
                   int threads);
int ValidateParallel(const Common& common, int threads);

int Decode(int argc, char** argv);
int Recode(int argc, char** argv);
int Validate(int argc, char** argv);
int Encode(int argc, char** argv);
int Bench(int argc, char** argv);
// `gdwire each` (tools/cli/each.cc): one of the commands above on many
// files in one process, each file's exit status, stdout and stderr printed
// in order.
int Each(int argc, char** argv);
// Runs the command of that name among those that read one input (decode,
// recode, validate, encode, bench); kNotAnInputCommand for another name.
inline constexpr int kNotAnInputCommand = -1;
int RunInputCommand(const char* name, int argc, char** argv);
// `gdwire capture` (tools/cli/capture.cc).
int Capture(int argc, char** argv);
// A JSON string literal of any bytes (control characters escaped, the rest
// as they are), for the CLI's JSON lines (tools/cli/capture.cc).
void JsonString(absl::string_view s, std::string* out);
// `gdwire manifest` (tools/cli/manifest.cc): runs Godot 4 on a project with
// the embedded tools/cli/manifest.gd.
int Manifest(int argc, char** argv);
// `gdwire serve-echo` (tools/cli/serve_echo.cc): a Godot 4 multiplayer
// server that answers echo(...) calls (server/server.h).
int ServeEcho(int argc, char** argv);

}  // namespace cli
}  // namespace gdwire

#endif  // GDWIRE_TOOLS_CLI_CLI_H_
