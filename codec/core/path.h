// Copyright 2026 The gdwire Authors.
//
// codec/core/path.h: how keys and property names appear in the path of an
// error ("$[\"players\"][3].name"): cut at 64 bytes of their text, with
// "..." when longer, as every reader (and the reference decoder) names them.
//
//   path += core::QuotedKey(key_text, /*longer=*/false);   // ["key"]
//   path += "." + core::CutKey(property_name, false);      // .name
#ifndef GDWIRE_CODEC_CORE_PATH_H_
#define GDWIRE_CODEC_CORE_PATH_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace gdwire {
namespace core {

// Bytes of a key's text an error path shows.
inline constexpr size_t kMaxKeyInPath = 64;
// Wire bytes of a key a streaming reader keeps for its path: enough for 64
// bytes of text even when Godot 3's overlong forms shrink on decoding.
inline constexpr size_t kMaxPathKey = 1024;

// `key` cut at kMaxKeyInPath, "..." added when cut or when `longer` (the
// caller kept only a prefix of it).
inline std::string CutKey(absl::string_view key, bool longer) {
  std::string s(key.substr(0, kMaxKeyInPath));
  if (longer || key.size() > kMaxKeyInPath) s += "...";
  return s;
}

// ["key"] with '"' and '\' escaped, cut as CutKey.
inline std::string QuotedKey(absl::string_view key, bool longer) {
  std::string s = "[\"";
  for (char c : key.substr(0, kMaxKeyInPath)) {
    if (c == '"' || c == '\\') s.push_back('\\');
    s.push_back(c);
  }
  if (longer || key.size() > kMaxKeyInPath) s += "...";
  return s + "\"]";
}

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_PATH_H_
