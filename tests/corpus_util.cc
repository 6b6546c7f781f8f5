// Copyright 2026 The gdwire Authors.

#include "tests/corpus_util.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "codec/reference/decoder.h"
#include "codec/wire.h"

namespace gdwire {
namespace testing {

std::string RunfilePath(const std::string& rel) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  if (srcdir == nullptr) return rel;
  return std::string(srcdir) + "/gdwire/" + rel;
}

std::string ReadFileOrDie(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::abort();
  }
  return std::string((std::istreambuf_iterator<char>(f)),
                     std::istreambuf_iterator<char>());
}

namespace {

std::string Recipe(const std::string& r) {
  std::vector<std::string> parts = absl::StrSplit(r, ':');
  int n = 0;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[1], &n)) std::abort();
  std::string out;
  auto u32 = [&](uint32_t v) { wire::AppendU32(&out, v); };
  if (parts[0] == "array_depth" || parts[0] == "array_unterminated") {
    const bool terminated = parts[0] == "array_depth";
    for (int i = 0; i < (terminated ? n - 1 : n); ++i) {
      u32(19);
      u32(1);
    }
    if (terminated) {
      u32(19);
      u32(0);
    }
  } else if (parts[0] == "dict_depth") {
    for (int i = 0; i < n - 1; ++i) {
      u32(18);
      u32(1);
      u32(0);
    }
    u32(18);
    u32(0);
  } else {
    std::abort();
  }
  return out;
}

}  // namespace

std::vector<CorpusCase> LoadCorpus(const std::string& dialect_dir,
                                   const std::string& kind) {
  const std::string dir = RunfilePath("tests/data/corpus/" + dialect_dir + "/");
  const std::string tsv =
      ReadFileOrDie(RunfilePath("tests/" + dialect_dir + "_cases.tsv"));
  std::vector<CorpusCase> cases;
  for (absl::string_view line : absl::StrSplit(tsv, '\n', absl::SkipEmpty())) {
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() != 10) std::abort();
    if (!kind.empty() && f[0] != kind) continue;
    if (kind.empty() && (f[0] == "frame" || f[0] == "engine")) continue;
    CorpusCase c;
    c.kind = f[0];
    c.name = f[1];
    ParseDialect(f[2], &c.dialect);
    c.full_objects = f[3] == "1";
    if (f[4].rfind("hex:", 0) == 0) {
      c.input = absl::HexStringToBytes(f[4].substr(4));
    } else if (f[4].rfind("file:", 0) == 0) {
      c.input = ReadFileOrDie(dir + f[4].substr(5));
    } else {
      c.input = Recipe(f[4].substr(7));
    }
    c.expect_accept = f[5] == "accept";
    c.has_text = f[6] != "-";
    if (c.has_text) c.text = absl::HexStringToBytes(f[6]);
    c.has_reencoded = f[7] != "-";
    if (c.has_reencoded && c.kind != "frame") {
      c.reencoded = absl::HexStringToBytes(f[7]);
    } else if (c.has_reencoded) {
      c.reencoded = f[7];  // comma-separated hex payloads
    }
    if (c.kind == "frame" && c.has_text) c.text = f[6];
    if (f[8] != "-") {
      for (absl::string_view m : absl::StrSplit(f[8], ',')) {
        std::pair<std::string, std::string> ab = absl::StrSplit(m, '-');
        size_t a = 0, b = 0;
        absl::SimpleAtoi(ab.first, &a);
        absl::SimpleAtoi(ab.second, &b);
        c.masks.emplace_back(a, b);
      }
    }
    if (f[9] != "-") c.godot_error = f[9];
    cases.push_back(std::move(c));
  }
  return cases;
}

bool MatchesEngineBytes(const CorpusCase& c, const std::string& got) {
  auto same = [&](const std::string& want) {
    if (want.size() != got.size()) return false;
    for (size_t i = 0; i < want.size(); ++i) {
      if (want[i] == got[i]) continue;
      bool masked = false;
      for (const auto& m : c.masks) masked |= i >= m.first && i < m.second;
      if (!masked) return false;
    }
    return true;
  };
  if (c.kind == "decode" || c.kind == "engine") {
    // The engine's re-encoding of its decode, when given; else the input
    // minus any trailing bytes it ignored.
    if (c.has_reencoded) return same(c.reencoded);
    return got.size() <= c.input.size() && same(c.input.substr(0, got.size()));
  }
  return same(c.input) || (c.has_reencoded && same(c.reencoded));
}

bool DefectMatters(const CorpusCase& c) {
  if (!IsPandemonium(c.dialect)) return false;
  const auto bytes = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(c.input.data()), c.input.size());
  DecodeOptions o;
  o.dialect = c.dialect;
  o.allow_objects = c.full_objects;
  Variant a, b;
  size_t ua = 0, ub = 0;
  const bool ok_a = reference::DecodeValue(bytes, o, &a, &ua).ok();
  o.pandemonium_engine_defects = true;
  const bool ok_b = reference::DecodeValue(bytes, o, &b, &ub).ok();
  return ok_a != ok_b || (ok_a && !(a == b));
}

std::string GodotErrorName(int code) {
  switch (code) {
    case 0:
      return "OK";
    case 4:
      return "ERR_UNAUTHORIZED";
    case 6:
      return "ERR_OUT_OF_MEMORY";
    case 18:
      return "ERR_FILE_EOF";
    case 30:
      return "ERR_INVALID_DATA";
    default:
      return "ERR_" + std::to_string(code);
  }
}

std::string SafeName(const std::string& name) {
  std::string s;
  for (char ch : name) {
    s.push_back((std::isalnum(static_cast<unsigned char>(ch))) ? ch : '_');
  }
  return s;
}

}  // namespace testing
}  // namespace gdwire
