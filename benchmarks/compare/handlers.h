// Copyright 2026 The gdwire Authors.
//
// benchmarks/compare/handlers.h: push-parser handlers for the comparison
// benchmark (compare_bench.cc) and `gdwire bench`, doing what a user's
// handler does with the events, so that the parser's work is not measured
// alone:
//
//   TouchHandler    reads every scalar, math component and string (sums
//                   them into a checksum), as simdjson/msgpack code that
//                   "touches every field" does.
//   CopyOutHandler  TouchHandler plus copying every packed-array element
//                   into the caller's arrays (bytes, f32, vectors as float
//                   triples, strings into std::string), as a user of packed
//                   data does. The arrays are reused across values.

#ifndef GDWIRE_BENCHMARKS_COMPARE_HANDLERS_H_
#define GDWIRE_BENCHMARKS_COMPARE_HANDLERS_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codec/stream/events.h"

namespace gdwire {
namespace bench {

struct TouchHandler {
  uint64_t sum = 0;
  bool Scalar(const stream::ScalarEvent& e) {
    sum += static_cast<uint64_t>(e.i) + static_cast<uint64_t>(e.f) + e.b + e.id;
    for (int k = 0; k < e.count; ++k) sum += static_cast<uint64_t>(e.reals[k]);
    return true;
  }
  bool String(const stream::StringPart& s) {
    sum += s.text.size() + (s.text.empty() ? 0 : uint8_t(s.text[0]));
    return true;
  }
  bool Begin(const stream::BeginEvent& b) {
    sum += b.count;
    return true;
  }
  bool Key(uint64_t) { return true; }
  bool Chunk(const stream::ChunkEvent& c) {
    sum += c.count;
    return true;
  }
  bool End(const stream::EndEvent&) { return true; }
  bool ValueDone(uint64_t, uint64_t) { return true; }
};

struct CopyOutHandler : TouchHandler {
  // The caller's arrays: one per kind, resized to each packed array's
  // element count and filled as chunks arrive.
  std::vector<uint8_t> bytes;  // every packed type but strings, raw wire
  std::vector<std::string> strings;
  uint64_t string_index = 0;

  bool Begin(const stream::BeginEvent& b) {
    if (b.type == Type::kPackedStringArray) {
      strings.resize(b.count);
      string_index = 0;
    } else if (IsPackedArray(b.type)) {
      bytes.resize(b.count * b.element_bytes);
    }
    return TouchHandler::Begin(b);
  }
  bool String(const stream::StringPart& s) {
    if (s.role == stream::StringRole::kPackedElement &&
        string_index < strings.size()) {
      std::string& dst = strings[string_index];
      if (s.first()) {
        dst.assign(s.text.data(), s.text.size());
      } else {
        dst.append(s.text.data(), s.text.size());
      }
      if (s.last()) ++string_index;
      return true;
    }
    return TouchHandler::String(s);
  }
  bool Chunk(const stream::ChunkEvent& c) {
    const size_t at = c.first * c.element_bytes;
    const size_t n = c.count * c.element_bytes;
    if (at + n <= bytes.size()) std::memcpy(bytes.data() + at, c.data, n);
    return TouchHandler::Chunk(c);
  }
};

}  // namespace bench
}  // namespace gdwire

#endif  // GDWIRE_BENCHMARKS_COMPARE_HANDLERS_H_
