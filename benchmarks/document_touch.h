// Copyright 2026 The gdwire Authors.
//
// benchmarks/document_touch.h: reads every field of a parsed
// document::Element through the public API (for the "parse + read every
// field" rows of //benchmarks:document_bench and `gdwire bench`): every
// scalar, every string's bytes (size and first byte), every math
// component, every Dictionary key and value, every Array element; packed
// arrays of fixed-size elements are handed over by reference (their size
// and first byte are read), as the document keeps them zero-copy.

#ifndef GDWIRE_BENCHMARKS_DOCUMENT_TOUCH_H_
#define GDWIRE_BENCHMARKS_DOCUMENT_TOUCH_H_

#include <cstdint>

#include "codec/document/document.h"

namespace gdwire {
namespace bench {

inline uint64_t TouchDocument(const document::Element& e) {
  switch (e.type()) {
    case Type::kNil:
      return 1;
    case Type::kBool:
      return e.as_bool();
    case Type::kInt:
      return static_cast<uint64_t>(e.as_int());
    case Type::kFloat:
      return static_cast<uint64_t>(e.as_float());
    case Type::kString:
    case Type::kStringName: {
      const absl::string_view s = e.as_string();
      return s.size() + (s.empty() ? 0 : uint8_t(s[0]));
    }
    case Type::kDictionary:
    case Type::kObject: {
      uint64_t sum = e.size();
      for (document::Element::Entry en : e.entries()) {
        sum += TouchDocument(en.key) + TouchDocument(en.value);
      }
      return sum;
    }
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
    case Type::kNodePath:
    case Type::kPackedStringArray: {
      uint64_t sum = e.size();
      for (document::Element c : e) sum += TouchDocument(c);
      return sum;
    }
    default:
      break;
  }
  if (const int n = RealComponents(e.type())) {
    double r[16];
    e.reals(absl::MakeSpan(r, n));
    uint64_t sum = 0;
    for (int i = 0; i < n; ++i) sum += static_cast<uint64_t>(r[i]);
    return sum;
  }
  if (const int n = IntComponents(e.type())) {
    int32_t v[4];
    e.ints(absl::MakeSpan(v, n));
    uint64_t sum = 0;
    for (int i = 0; i < n; ++i) sum += static_cast<uint32_t>(v[i]);
    return sum;
  }
  const absl::Span<const uint8_t> p = e.packed_bytes();
  return p.size() + (p.empty() ? 0 : p[0]) + e.object_id() + e.rid();
}

}  // namespace bench
}  // namespace gdwire

#endif  // GDWIRE_BENCHMARKS_DOCUMENT_TOUCH_H_
