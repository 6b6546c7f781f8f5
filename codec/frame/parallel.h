// Copyright 2026 The gdwire Authors.
//
// codec/frame/parallel.h: a large framed stream (StreamPeer / FileAccess
// length prefixes, or PacketPeerStream: e.g. a recording of a session)
// decoded or validated on several threads. Frames are independent, so the
// buffer is cut at frame boundaries (found by walking the length
// prefixes, which touches 4 bytes a frame) into one slice per thread; each
// thread decodes its slice with the push parser's DOM decode
// (stream::ValueReader); the values are handed over in stream order on the
// calling thread while the threads decode the next batch. The input is
// taken a batch at a time (ParallelOptions::batch_bytes), so memory is
// bounded by the values of two batches, not by the stream.
//
//   gdwire::FrameOptions f;
//   f.framing = gdwire::Framing::kStream;
//   gdwire::ParallelOptions p;          // threads = 0: every core
//   absl::Status st = gdwire::DecodeFramedParallel(
//       bytes, f, gdwire::DecodeOptions(), p,
//       [&](gdwire::Variant v, uint64_t offset) {
//         ...;                            // called in stream order
//         return absl::OkStatus();
//       });
//
// Results are those of DecodeFramedEach over the whole buffer: the same
// values with the same offsets, in the same order, and the same first
// error (kind, offset, path "#<frame index>$...") after every value before
// it was delivered (a slice the push parser rejects, or one decoded with a
// caller's allocation budget or account, or with reject_trailing_bytes, is
// decoded by DecodeFramedEach itself, which gives the exact verdict). One
// difference: the automatic allocation budget (DecodeOptions::max_alloc_bytes
// = 0) is reckoned per slice, from the slice's size, rather than once for
// the whole buffer. Framing::kNone
// (values back to back, no boundaries to cut at) runs on one thread.

#ifndef GDWIRE_CODEC_FRAME_PARALLEL_H_
#define GDWIRE_CODEC_FRAME_PARALLEL_H_

#include <cstddef>
#include <cstdint>
#include <functional>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {

struct ParallelOptions {
  // Threads to use; 0 = std::thread::hardware_concurrency(). 1 decodes on
  // the calling thread, batch after batch (the same decoder). A caller's
  // DecodeOptions::alloc_account (one counter) means one thread.
  int threads = 0;
  // Input taken per round: each round's slices are decoded in parallel
  // while the round before is handed over. A frame larger than this is a
  // round of its own.
  size_t batch_bytes = size_t{1} << 20;
};

// The number of threads `options` asks for (0 resolved).
int ResolveThreads(const ParallelOptions& options);

// Decodes every value of a framed buffer on several threads; `fn` gets
// each value with the absolute offset of its first byte, in stream order,
// on the calling thread. An error from `fn` stops and is returned.
absl::Status DecodeFramedParallel(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode, const ParallelOptions& options,
    const std::function<absl::Status(Variant, uint64_t)>& fn);

// Checks every value of a framed buffer on several threads, keeping none.
// Returns the first error in stream order, and the number of values
// before it in `*values` when not null.
absl::Status ValidateFramedParallel(absl::Span<const uint8_t> bytes,
                                    const FrameOptions& frame,
                                    const DecodeOptions& decode,
                                    const ParallelOptions& options,
                                    uint64_t* values = nullptr);

}  // namespace gdwire

#endif  // GDWIRE_CODEC_FRAME_PARALLEL_H_
