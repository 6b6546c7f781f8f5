// Copyright 2026 The gdwire Authors.
//
// codec/stream/parallel.h: a large framed stream (StreamPeer / FileAccess
// length prefixes, or PacketPeerStream: e.g. a recording of a session)
// decoded or validated on several threads. Frames are independent, so the
// buffer is cut at frame boundaries (found by walking the length prefixes,
// which touches 4 bytes a frame) into slices of about
// ParallelOptions::batch_bytes; each thread takes the next slice, decodes
// it on its own with the push parser's DOM decode (stream::ValueReader),
// then waits for its turn and hands the slice's values over in stream
// order. Memory is bounded by the values of one slice per thread, not by
// the stream. (FormatFramedParallel and ValidateFramedParallel, below, do
// not wait: a thread parks its slice's bytes or count and takes the next
// slice, and whichever thread finishes the slice whose turn it is writes
// it and the parked ones after it; at most 2 x threads + 2 slices are cut
// and not yet written.) The callback runs on the calling thread or on one of
// the threads the call starts, one call at a time and in stream order (it needs
// no lock of its own; it must not rely on the calling thread's
// thread-locals). Values the callback drops are freed by the thread that
// built them, which keeps the allocator from bouncing memory between them.
//
//   gdwire::FrameOptions f;
//   f.framing = gdwire::Framing::kStream;
//   gdwire::ParallelOptions p;          // threads = 0: every core
//   absl::Status st = gdwire::DecodeFramedParallel(
//       bytes, f, gdwire::DecodeOptions(), p,
//       [&](gdwire::Variant v, uint64_t offset) {
//         ...;                            // in stream order, one at a time
//         return absl::OkStatus();
//       });
//
// FormatFramedParallel goes one step further for tools that turn values into
// bytes (text, JSON, re-encoded frames): each thread also formats the values
// of its slice into one buffer, so that the ordered step is only writing
// the buffers out; ValidateFramedParallel builds no values at all (the push
// parser with a handler that keeps nothing). Both run the same code on one
// thread (threads = 1) as on many: one thread is the fast path too.
//
//   absl::Status st = gdwire::FormatFramedParallel(
//       bytes, f, gdwire::DecodeOptions(), p,
//       [&](const gdwire::Variant& v, uint64_t offset, uint64_t index,
//           std::string* out) {           // on any thread, concurrently
//         out->append(gdwire::text::ToJson(v)).push_back('\n');
//         return absl::OkStatus();
//       },
//       [&](absl::string_view bytes) {    // in stream order, one at a time
//         std::fwrite(bytes.data(), 1, bytes.size(), stdout);
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

#ifndef GDWIRE_CODEC_STREAM_PARALLEL_H_
#define GDWIRE_CODEC_STREAM_PARALLEL_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/document/document.h"
#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {

struct ParallelOptions {
  // Threads to use, the calling thread included; 0 =
  // std::thread::hardware_concurrency(). 1 decodes on the calling thread,
  // slice after slice (the same decoder). A caller's
  // DecodeOptions::alloc_account (one counter) means one thread.
  int threads = 0;
  // The bytes of a slice, the unit of work a thread takes (whole frames:
  // a frame larger than this is a slice of its own).
  size_t batch_bytes = size_t{256} << 10;
};

// The number of threads `options` asks for (0 resolved).
int ResolveThreads(const ParallelOptions& options);

// Decodes every value of a framed buffer on several threads; `fn` gets
// each value with the absolute offset of its first byte, in stream order,
// one call at a time (see above for the thread). An error from `fn` stops
// and is returned.
absl::Status DecodeFramedParallel(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode, const ParallelOptions& options,
    const std::function<absl::Status(Variant, uint64_t)>& fn);

// Turns each value of a framed buffer into bytes on several threads.
// `format` appends the bytes of one value (`index`: its number in the
// stream, from 0) to `*out`; it is called on any of the threads,
// concurrently (it must be thread-safe), in stream order within a slice.
// `write` gets the bytes of consecutive values (a slice's, or less) in
// stream order, one call at a time. The first error in stream order — a
// decode error or one from `format` — is returned after the bytes of every
// value before it were written; an error from `write` stops. Framing::kNone
// runs on the calling thread.
using FormatFn = std::function<absl::Status(
    const Variant& value, uint64_t offset, uint64_t index, std::string* out)>;
using WriteFn = std::function<absl::Status(absl::string_view bytes)>;
//
// With `format_element` (not empty), values are not built where the indexed
// document (codec/document) can be read instead: each frame is parsed as a
// document and `format_element` formats its root. From a frame the
// document rejects on, and wherever the options need the read core (see
// above), the values are built and `format` formats them: the two must
// write the same bytes for the same value.
using ElementFormatFn =
    std::function<absl::Status(const document::Element& root, uint64_t offset,
                               uint64_t index, std::string* out)>;
absl::Status FormatFramedParallel(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode, const ParallelOptions& options,
    const FormatFn& format, const WriteFn& write,
    const ElementFormatFn& format_element = nullptr);

// Checks every value of a framed buffer on several threads, keeping none
// (no values are built: each frame is parsed as an indexed document, whose
// verdict is the reference decoder's; from a frame it rejects on, the read
// core gives the exact error). Framing::kNone: the push parser on the
// calling thread, the read core where it rejects.
// Returns the first error in stream order, and the number of values
// before it in `*values` when not null.
absl::Status ValidateFramedParallel(absl::Span<const uint8_t> bytes,
                                    const FrameOptions& frame,
                                    const DecodeOptions& decode,
                                    const ParallelOptions& options,
                                    uint64_t* values = nullptr);

}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_PARALLEL_H_
