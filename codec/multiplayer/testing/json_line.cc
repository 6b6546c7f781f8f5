// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/testing/json_line.h"

#include <cctype>
#include <string>

namespace gdwire {
namespace multiplayer {
namespace testing {

std::string Field(const std::string& line, const std::string& name) {
  const std::string key = "\"" + name + "\":";
  size_t at = line.find(key);
  if (at == std::string::npos) return "";
  at += key.size();
  if (line[at] == ' ') ++at;
  if (line[at] == '"') {
    size_t j = at + 1;
    while (j < line.size() && line[j] != '"') j += line[j] == '\\' ? 2 : 1;
    return line.substr(at + 1, j - at - 1);
  }
  size_t j = at;
  while (j < line.size() && (line[j] == '-' || isdigit(line[j]))) ++j;
  return line.substr(at, j - at);
}

std::string Unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      ++i;
      if (s[i] == 'n') {
        out.push_back(' ');
      } else if (s[i] == 'u') {
        const unsigned cp = std::stoul(s.substr(i + 1, 4), nullptr, 16);
        i += 4;
        if (cp < 0x80) {
          out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
          out.push_back(static_cast<char>(0xC0 | cp >> 6));
          out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
          out.push_back(static_cast<char>(0xE0 | cp >> 12));
          out.push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
          out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
      } else {
        out.push_back(s[i]);
      }
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

}  // namespace testing
}  // namespace multiplayer
}  // namespace gdwire
