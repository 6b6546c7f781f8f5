// Copyright 2026 The gdwire Authors.
//
// The push parser's small helpers: the per-dialect wire-id table, exact
// f32 widening, the inline ASCII check, and how keys appear in error paths.

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_WIRE_TYPES_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_WIRE_TYPES_H_

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace stream {

namespace internal {

// What the parser needs to know of a wire id, looked up once per header.
struct WireType {
  bool valid = false;
  Type type = Type::kNil;
  // Payload bytes when the payload has a fixed size, else -1; [1] with
  // header bit 16 set (64-bit fields, or an Object sent as an id).
  int16_t fixed[2] = {-1, -1};
  uint8_t reals = 0;  // real components of a math type
  uint8_t ints = 0;   // i32 components of an integer vector / Rect2i
};

inline int FixedPayloadSize(Dialect d, Type t, bool flag64) {
  if (int n = RealComponents(t)) {
    return n * (flag64 && HasRealWidthFlag(d, t) ? 8 : 4);
  }
  if (int n = IntComponents(t)) return n * 4;
  switch (t) {
    case Type::kNil:
    case Type::kCallable:
      return 0;
    case Type::kBool:
      return 4;
    case Type::kInt:
    case Type::kFloat:
      return flag64 ? 8 : 4;
    case Type::kRID:
      return d == Dialect::kGodot4 ? 8 : 0;
    case Type::kObject:
      return flag64 ? 8 : -1;  // bit 16: an Object sent as an id
    default:
      return -1;
  }
}

// The dialect's 256 wire ids (the low 8 bits of a header).
inline const WireType* WireTypes(Dialect d) {
  static const auto* tables = [] {
    auto* t = new WireType[4][256];
    for (Dialect dd : {Dialect::kGodot3, Dialect::kGodot4,
                       Dialect::kPandemonium, Dialect::kPandemonium4}) {
      WireType* row = t[static_cast<int>(dd)];
      for (uint32_t id = 0; id < 256; ++id) {
        Type type;
        if (!TypeFromWireId(dd, id, &type)) continue;
        row[id].valid = true;
        row[id].type = type;
        row[id].fixed[0] =
            static_cast<int16_t>(FixedPayloadSize(dd, type, false));
        row[id].fixed[1] =
            static_cast<int16_t>(FixedPayloadSize(dd, type, true));
        row[id].reals = static_cast<uint8_t>(RealComponents(type));
        row[id].ints = static_cast<uint8_t>(IntComponents(type));
      }
    }
    return t;
  }();
  return tables[static_cast<int>(d)];
}

// f32 -> f64 keeping NaN payloads (WidenF32Exact), fast for the others.
inline double Widen(float f) {
  return f == f ? static_cast<double>(f) : WidenF32Exact(f);
}

// Error paths show keys and property names cut at 64 bytes of their text
// (+ "..."), as the reference decoder does.
inline constexpr size_t kMaxKeyInPath = 64;
// Wire bytes of a key kept for that: enough for 64 bytes of text even when
// Godot 3's overlong forms shrink on decoding.
inline constexpr size_t kMaxPathKey = 1024;

inline std::string CutKey(absl::string_view key, bool longer) {
  std::string s(key.substr(0, kMaxKeyInPath));
  if (longer || key.size() > kMaxKeyInPath) s += "...";
  return s;
}

inline std::string QuotedKey(absl::string_view key, bool longer) {
  std::string s = "[\"";
  for (char c : key.substr(0, kMaxKeyInPath)) {
    if (c == '"' || c == '\\') s.push_back('\\');
    s.push_back(c);
  }
  if (longer || key.size() > kMaxKeyInPath) s += "...";
  return s + "\"]";
}

}  // namespace internal

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_WIRE_TYPES_H_
