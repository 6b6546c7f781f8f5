// Copyright 2026 The gdwire Authors.
//
// tests/fuzz/fuzz_util.h: what the fuzz targets share: the mode byte that
// starts every input (dialect = DialectFromMode(mode), bit 2 = allow objects),
// the options it selects, and the checks every target makes.

#ifndef GDWIRE_TESTS_FUZZ_FUZZ_UTIL_H_
#define GDWIRE_TESTS_FUZZ_FUZZ_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace fuzz {

// Stops the run with a message (libFuzzer saves the input as a crash).
[[noreturn]] inline void Fail(const char* what,
                              const std::string& detail = "") {
  std::fprintf(stderr, "FUZZ CHECK FAILED: %s %s\n", what, detail.c_str());
  std::abort();
}
inline void Check(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) Fail(what, detail);
}

// The dialect of a mode byte: mode % 3 (godot3, godot4, pandemonium), and
// pandemonium4 for the pandemonium ones with bit 0 set.
inline Dialect DialectFromMode(uint8_t mode) {
  const int d = mode % 3;
  if (d == 2 && (mode & 1) != 0) return Dialect::kPandemonium4;
  return static_cast<Dialect>(d);
}

inline DecodeOptions OptionsFromMode(uint8_t mode) {
  DecodeOptions d;
  d.dialect = DialectFromMode(mode);
  d.allow_objects = (mode & 4) != 0;
  d.max_depth = 200;
  return d;
}

inline absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

// Checks every decoding error: a known kind, an offset inside the input
// (base_offset + size at most) and never the reference decoder's internal
// "cannot happen" error (an unbacked count that decoded).
inline void CheckError(const Error& e, uint64_t limit) {
  Check(e.kind != ErrorKind::kOk, "error without a kind");
  Check(e.offset <= limit, "error offset past the input", e.ToString());
  Check(e.detail.rfind("internal:", 0) != 0, "internal error", e.ToString());
  Check(!e.path.empty(), "error without a path", e.ToString());
}

// True when the engine itself gives back the same value after an encode
// and decode: strings that start with a BOM lose it, a null Object encodes
// as NIL, and a Pandemonium Object-typed array written without full objects
// loses its class name.
inline bool Stable(const Variant& v) {
  switch (v.type()) {
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      if (v.array().element_type.kind == ContainerType::Kind::kClassName &&
          v.array().element_type.name != "EncodedObjectAsID") {
        return false;
      }
      for (const auto& e : v.array().items) {
        if (!Stable(e)) return false;
      }
      return true;
    case Type::kString:
    case Type::kStringName:
      return v.as_string().rfind("\xEF\xBB\xBF", 0) != 0;
    case Type::kObject:
      if (v.object().kind == Object::Kind::kNull) return false;
      for (const auto& p : v.object().properties) {
        if (!Stable(p.second)) return false;
      }
      return true;
    case Type::kArray:
      for (const auto& e : v.array().items) {
        if (!Stable(e)) return false;
      }
      return true;
    case Type::kDictionary:
      for (const auto& kv : v.dictionary().entries) {
        if (!Stable(kv.first) || !Stable(kv.second)) return false;
      }
      return true;
    default:
      return true;
  }
}

}  // namespace fuzz
}  // namespace gdwire

#endif  // GDWIRE_TESTS_FUZZ_FUZZ_UTIL_H_
