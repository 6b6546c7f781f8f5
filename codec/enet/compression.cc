// Copyright 2026 The gdwire Authors.

#include "codec/enet/compression.h"

#include <enet/enet.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <string>

#include "codec/enet/internal/fastlz.h"
#include "codec/error.h"

namespace gdwire {
namespace enet {
namespace {

absl::Status Bad(absl::string_view mode, absl::string_view why) {
  return Error(ErrorKind::kBadFrame, 0, "",
               std::string(mode) +
                   " block does not decompress: " + std::string(why))
      .ToStatus();
}

absl::StatusOr<size_t> RangeCoder(absl::Span<const uint8_t> in, uint8_t* out,
                                  size_t out_limit) {
  // libenet's decoder checks its output limit and stops at the input's end
  // (it was written for datagrams from the network).
  static thread_local void* context = enet_range_coder_create();
  if (context == nullptr) return Bad("range coder", "no context");
  if (in.empty()) return Bad("range coder", "empty block");
  const size_t n = enet_range_coder_decompress(context, in.data(), in.size(),
                                               out, out_limit);
  if (n == 0) return Bad("range coder", "invalid or too large");
  return n;
}

absl::StatusOr<size_t> Zlib(absl::Span<const uint8_t> in, uint8_t* out,
                            size_t out_limit) {
  z_stream strm;
  std::memset(&strm, 0, sizeof(strm));
  if (inflateInit2(&strm, 15) != Z_OK) return Bad("zlib", "no stream");
  strm.next_in = const_cast<Bytef*>(in.data());
  strm.avail_in = static_cast<uInt>(in.size());
  strm.next_out = out;
  strm.avail_out = static_cast<uInt>(out_limit);
  const int err = inflate(&strm, Z_FINISH);
  const size_t total = strm.total_out;
  std::string msg = strm.msg != nullptr ? strm.msg : "";
  inflateEnd(&strm);
  if (err != Z_STREAM_END) {
    return Bad("zlib", msg.empty() ? "incomplete or too large" : msg);
  }
  return total;
}

absl::StatusOr<size_t> Zstd(absl::Span<const uint8_t> in, uint8_t* out,
                            size_t out_limit) {
  static thread_local ZSTD_DCtx* dctx = ZSTD_createDCtx();
  if (dctx == nullptr) return Bad("zstd", "no context");
  const size_t n =
      ZSTD_decompressDCtx(dctx, out, out_limit, in.data(), in.size());
  if (ZSTD_isError(n)) return Bad("zstd", ZSTD_getErrorName(n));
  return n;
}

constexpr Compression kDetectOrder[] = {Compression::kZstd, Compression::kZlib,
                                        Compression::kRangeCoder,
                                        Compression::kFastLz};

}  // namespace

absl::string_view CompressionName(Compression c) {
  switch (c) {
    case Compression::kNone:
      return "none";
    case Compression::kRangeCoder:
      return "range_coder";
    case Compression::kFastLz:
      return "fastlz";
    case Compression::kZlib:
      return "zlib";
    case Compression::kZstd:
      return "zstd";
    case Compression::kAuto:
      return "auto";
  }
  return "?";
}

absl::Span<const Compression> DetectOrder() { return kDetectOrder; }

absl::StatusOr<size_t> Decompress(Compression mode,
                                  absl::Span<const uint8_t> in, uint8_t* out,
                                  size_t out_limit) {
  switch (mode) {
    case Compression::kRangeCoder:
      return RangeCoder(in, out, out_limit);
    case Compression::kFastLz: {
      const int64_t n = internal::FastLzDecompress(in, out, out_limit);
      // Godot's FastLZ returns 0 for a block it rejects; ENet drops those.
      if (n <= 0) return Bad("fastlz", "invalid or too large");
      return static_cast<size_t>(n);
    }
    case Compression::kZlib:
      return Zlib(in, out, out_limit);
    case Compression::kZstd:
      return Zstd(in, out, out_limit);
    case Compression::kNone:
    case Compression::kAuto:
      break;
  }
  return Error(
             ErrorKind::kInvalidArgument, 0, "",
             "not a decompression mode: " + std::string(CompressionName(mode)))
      .ToStatus();
}

}  // namespace enet
}  // namespace gdwire
