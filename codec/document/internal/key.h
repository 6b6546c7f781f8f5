// Copyright 2026 The gdwire Authors.
//
// codec/document/internal/key.h: the seeded key hashes of the Dictionary
// index (index.cc), shared by the parse and the lookups.

#ifndef GDWIRE_CODEC_DOCUMENT_INTERNAL_KEY_H_
#define GDWIRE_CODEC_DOCUMENT_INTERNAL_KEY_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace gdwire {
namespace document {
namespace internal {

uint64_t HashString(uint64_t seed, absl::string_view s);
uint64_t HashInt(uint64_t seed, int64_t v);
uint64_t HashBool(uint64_t seed, bool v);
uint64_t HashNil(uint64_t seed);
uint64_t HashFloat(uint64_t seed, double d);

}  // namespace internal
}  // namespace document
}  // namespace gdwire

#endif  // GDWIRE_CODEC_DOCUMENT_INTERNAL_KEY_H_
