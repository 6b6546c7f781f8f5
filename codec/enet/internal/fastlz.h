// Copyright 2026 The gdwire Authors.
//
// codec/enet/internal/fastlz.h: a bounds-checked FastLZ decompressor
// (levels 1 and 2, the format of FastLZ 0.1-0.5: the level is in the top 3
// bits of the first byte). Written from the format; every read of the input,
// every back-reference and every write is checked.

#ifndef GDWIRE_CODEC_ENET_INTERNAL_FASTLZ_H_
#define GDWIRE_CODEC_ENET_INTERNAL_FASTLZ_H_

#include <cstddef>
#include <cstdint>

#include "absl/types/span.h"

namespace gdwire {
namespace enet {
namespace internal {

// Decompresses `in` into out[0, out_limit). Returns the output size, or -1
// when the block is malformed (unknown level, a back-reference before the
// output, a read past the input, a write past out_limit, empty input).
int64_t FastLzDecompress(absl::Span<const uint8_t> in, uint8_t* out,
                         size_t out_limit);

}  // namespace internal
}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_INTERNAL_FASTLZ_H_
