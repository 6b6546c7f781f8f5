// Copyright 2026 The gdwire Authors.

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "codec/gdwire.h"
#include "codec/reference/decoder.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

absl::Status ParseArgs(int argc, char** argv,
                       const std::vector<std::string>& known, Args* out) {
  bool only_positional = false;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (only_positional || a == "-" || a.rfind("--", 0) != 0) {
      out->positional.push_back(a);
      continue;
    }
    if (a == "--") {
      only_positional = true;
      continue;
    }
    std::string name = a.substr(2), value;
    const size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag --", name));
    }
    out->flags[name] = value;
  }
  return absl::OkStatus();
}

absl::Status ParseCommon(const Args& args, Common* out) {
  const std::string dialect = args.Get("dialect", "godot4");
  if (!ParseDialect(dialect, &out->decode.dialect)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--dialect must be godot3, godot4, pandemonium or pandemonium4, not '",
        dialect, "'"));
  }
  const std::string framing = args.Get("framing", "value");
  if (!ParseCliFraming(framing, &out->frame.framing, &out->one_value)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--framing must be value, raw, stream or packet-stream, "
                     "not '",
                     framing, "'"));
  }
  out->decode.allow_objects = args.Has("allow-objects");
  out->decode.reject_trailing_bytes = args.Has("strict");
  out->decode.pandemonium_engine_defects = args.Has("engine-defects");
  out->frame.big_endian = args.Has("big-endian");
  if (args.positional.size() > 1) {
    return absl::InvalidArgumentError("at most one input file");
  }
  if (!args.positional.empty()) out->input = args.positional[0];
  return absl::OkStatus();
}

bool ParseCliFraming(const std::string& name, Framing* framing,
                     bool* one_value) {
  *one_value = false;
  if (name == "value" || name == "none") {
    *framing = Framing::kNone;
    *one_value = true;
    return true;
  }
  if (name == "raw") {
    *framing = Framing::kNone;
    return true;
  }
  return ParseFraming(name, framing);
}

absl::Status KeepOneValue(const Common& common, std::string* input,
                          Variant* value) {
  size_t used = 0;
  // The push parser's verdicts (the reference decoder's): an empty or cut
  // input is kTruncated, bytes after the value are ignored unless --strict.
  const auto bytes = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(input->data()), input->size());
  // The engine's own misreads exist in the reference decoder only.
  absl::StatusOr<Variant> v =
      common.decode.pandemonium_engine_defects
          ? reference::Decode(bytes, common.decode, &used)
          : gdwire::Decode(bytes, common.decode, &used);
  if (!v.ok()) {
    std::string msg(v.status().message());
    if (!msg.empty() && msg[0] == '$') msg = absl::StrCat("#0", msg);
    return absl::Status(v.status().code(), msg);
  }
  input->resize(used);
  if (value != nullptr) *value = *std::move(v);
  return absl::OkStatus();
}

int FinishWithOutput(const char* cmd, const absl::Status& st,
                     const std::string& out) {
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire %s: %s\n", cmd,
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return kExitOk;
}

absl::Status ReadInput(const std::string& path, std::string* out) {
  if (path == "-") {
    std::ios::sync_with_stdio(false);
    out->assign(std::istreambuf_iterator<char>(std::cin),
                std::istreambuf_iterator<char>());
    return absl::OkStatus();
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  out->assign(std::istreambuf_iterator<char>(f),
              std::istreambuf_iterator<char>());
  return absl::OkStatus();
}

}  // namespace cli
}  // namespace gdwire
