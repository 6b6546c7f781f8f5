// Copyright 2026 The gdwire Authors.
//
// The interop echo server's mismatch reports (echo_report.h).

#include "tests/interop/echo_report.h"

#include <cstdio>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/options.h"
#include "codec/reference/encoder.h"

namespace gdwire {
namespace interop {
namespace {

constexpr size_t kShowChars = 400;  // text shown per mismatch

FILE* g_dump = nullptr;

}  // namespace

bool OpenDump(const std::string& path) {
  g_dump = std::fopen(path.c_str(), "a");
  return g_dump != nullptr;
}

void Dump(const std::string& what, absl::string_view mine,
          absl::string_view engine, const std::string& hex) {
  if (g_dump == nullptr) return;
  std::fprintf(g_dump,
               "=== %s\n--- bytes\n%s\n--- gdwire\n%.*s\n--- engine\n%.*s\n",
               what.c_str(), hex.c_str(), static_cast<int>(mine.size()),
               mine.data(), static_cast<int>(engine.size()), engine.data());
  std::fflush(g_dump);
}

std::string Clip(absl::string_view s) {
  if (s.size() <= kShowChars) return std::string(s);
  return absl::StrCat(s.substr(0, kShowChars), "...(", s.size(), " bytes)");
}

std::string FirstDiff(absl::string_view a, absl::string_view b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const size_t from = i < 40 ? 0 : i - 40;
  return absl::StrCat("first difference at byte ", i, ": gdwire \"",
                      Clip(a.substr(from, 120)), "\" engine \"",
                      Clip(b.substr(from, 120)), "\"");
}

std::string HexOf(const Variant& v, Dialect d) {
  EncodeOptions e;
  e.dialect = d;
  absl::StatusOr<std::string> b = reference::Encode(v, e);
  return b.ok() ? absl::BytesToHexString(*b) : "?";
}

}  // namespace interop
}  // namespace gdwire
