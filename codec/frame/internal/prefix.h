// Copyright 2026 The gdwire Authors.
//
// The length prefix of a framing (StreamPeer LE/BE, PacketPeerStream) read
// from a complete buffer: what ForEachFrame and the parallel decode's frame
// splitter both judge by.

#ifndef GDWIRE_CODEC_FRAME_INTERNAL_PREFIX_H_
#define GDWIRE_CODEC_FRAME_INTERNAL_PREFIX_H_

#include <cstddef>
#include <cstdint>

#include "absl/types/span.h"
#include "codec/frame/framing.h"
#include "codec/wire.h"

namespace gdwire {
namespace frame_internal {

enum class Prefix {
  kWhole,      // a frame of *len bytes follows, all of it in the buffer
  kCutPrefix,  // fewer than 4 bytes left
  kNegative,   // the length has bit 31 set
  kOversize,   // longer than FrameOptions::max_frame_bytes
  kCutFrame,   // the frame runs past the end of the buffer
};

// Reads the prefix at `pos` (< bytes.size()); *len gets the length it
// declares (also when it is not kWhole, for messages).
inline Prefix ReadPrefix(absl::Span<const uint8_t> bytes, size_t pos,
                         const FrameOptions& options, uint32_t* len) {
  if (bytes.size() - pos < 4) return Prefix::kCutPrefix;
  const bool be = options.framing == Framing::kStream && options.big_endian;
  *len = be ? wire::LoadU32BE(bytes.data() + pos)
            : wire::LoadU32(bytes.data() + pos);
  if (*len > INT32_MAX) return Prefix::kNegative;
  if (*len > options.max_frame_bytes) return Prefix::kOversize;
  if (*len > bytes.size() - pos - 4) return Prefix::kCutFrame;
  return Prefix::kWhole;
}

}  // namespace frame_internal
}  // namespace gdwire

#endif  // GDWIRE_CODEC_FRAME_INTERNAL_PREFIX_H_
