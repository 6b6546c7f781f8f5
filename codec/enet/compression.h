// Copyright 2026 The gdwire Authors.
//
// codec/enet/compression.h: the compressors a Godot ENetConnection can put
// on its datagrams (ENetConnection.compress), undone exactly as the engine
// frames them: the whole command area after the ENet header is one block
//
//   kRangeCoder  ENet's own adaptive range coder (libenet's decoder);
//   kFastLz      one FastLZ block, level 1 or 2 (top 3 bits of the first
//                byte); inputs under 16 bytes were zero-padded to 16;
//   kZlib        Godot's MODE_DEFLATE: a zlib stream (RFC 1950, 15-bit
//                window), not raw deflate;
//   kZstd        one zstd frame.
//
// ENet decompresses into a buffer of ENET_PROTOCOL_MAXIMUM_MTU (4096) bytes
// less the header, so no output is ever larger than `out_limit`.
//
//   std::vector<uint8_t> out(4096);
//   absl::StatusOr<size_t> n = gdwire::enet::Decompress(
//       gdwire::enet::Compression::kZlib, block, out.data(), out.size());
//
// kAuto is not a mode for Decompress; ParseDatagram tries the modes in the
// order of DetectOrder() and keeps the first whose output reads as commands.

#ifndef GDWIRE_CODEC_ENET_COMPRESSION_H_
#define GDWIRE_CODEC_ENET_COMPRESSION_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace gdwire {
namespace enet {

enum class Compression : uint8_t {
  kNone,
  kRangeCoder,
  kFastLz,
  kZlib,
  kZstd,
  kAuto,  // detect from the data (see ParseDatagram)
};
absl::string_view CompressionName(Compression c);  // "none", "range_coder"...

// The modes kAuto tries, strongest signature first: zstd (magic number),
// zlib (header check and Adler-32), range coder, FastLZ.
absl::Span<const Compression> DetectOrder();

// Decompresses one block into out[0, out_limit). Returns the output size;
// an error (kBadFrame status) when the block is not valid in that mode or
// its output would pass out_limit.
absl::StatusOr<size_t> Decompress(Compression mode,
                                  absl::Span<const uint8_t> in, uint8_t* out,
                                  size_t out_limit);

}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_COMPRESSION_H_
