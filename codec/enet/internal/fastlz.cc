// Copyright 2026 The gdwire Authors.

#include "codec/enet/internal/fastlz.h"

namespace gdwire {
namespace enet {
namespace internal {
namespace {

// Level 2's far matches: an offset of 31 << 8 plus a low byte of 255 is
// followed by a 16-bit distance beyond this.
constexpr size_t kMaxL2Distance = 8191;

}  // namespace

int64_t FastLzDecompress(absl::Span<const uint8_t> in, uint8_t* out,
                         size_t out_limit) {
  if (in.empty()) return -1;
  const int level = (in[0] >> 5) + 1;
  if (level != 1 && level != 2) return -1;
  const size_t n = in.size();
  size_t ip = 0;
  size_t op = 0;
  uint32_t ctrl = in[ip++] & 31;
  while (true) {
    if (ctrl >= 32) {
      size_t len = (ctrl >> 5) - 1;
      size_t ofs = (ctrl & 31) << 8;
      if (len == 7 - 1) {
        if (level == 1) {
          if (ip >= n) return -1;
          len += in[ip++];
        } else {
          uint8_t code;
          do {
            if (ip >= n) return -1;
            code = in[ip++];
            len += code;
          } while (code == 255);
        }
      }
      if (ip >= n) return -1;
      const uint8_t code = in[ip++];
      // The distance back from op to the match start, minus one.
      size_t back = ofs + code;
      if (level == 2 && code == 255 && ofs == (31u << 8)) {
        if (ip + 2 > n) return -1;
        back = (size_t{in[ip]} << 8 | in[ip + 1]) + kMaxL2Distance;
        ip += 2;
      }
      len += 3;
      if (back + 1 > op) return -1;
      if (len > out_limit - op) return -1;
      size_t ref = op - back - 1;
      // Byte by byte: a match may overlap the bytes it produces.
      for (size_t i = 0; i < len; ++i) out[op++] = out[ref++];
    } else {
      const size_t run = ctrl + 1;
      if (run > out_limit - op || run > n - ip) return -1;
      for (size_t i = 0; i < run; ++i) out[op++] = in[ip++];
    }
    if (ip >= n) break;
    ctrl = in[ip++];
  }
  return static_cast<int64_t>(op);
}

}  // namespace internal
}  // namespace enet
}  // namespace gdwire
