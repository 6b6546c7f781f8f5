// Copyright 2026 The gdwire Authors.
//
// Fuzzes the framings over complete buffers (codec/frame/frame.h): every
// framing, both endiannesses, trailing bytes allowed or not, a small frame
// limit. Mode byte: dialect = DialectFromMode(mode), bit 2 allow objects, bit 3
// reject_trailing_bytes, bits 4-5 framing (none, stream, packet-stream;
// 3 = stream), bit 6 big-endian, bit 7 max_frame_bytes = 64.
//
// Checks: no crash / UB; DecodeFramed and DecodeFramedEach agree (values,
// or error kind, offset and path); every error offset lies inside the
// input; each value is what the reference decoder gives at its offset;
// the values re-frame (EncodeFramed) and decode again to as many values.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "codec/frame/frame.h"
#include "codec/reference/decoder.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  gdwire::DecodeOptions d = gdwire::fuzz::OptionsFromMode(mode);
  d.reject_trailing_bytes = (mode & 8) != 0;
  gdwire::FrameOptions f;
  const int framing = (mode >> 4) & 3;
  f.framing = framing == 0   ? gdwire::Framing::kNone
              : framing == 2 ? gdwire::Framing::kPacketStream
                             : gdwire::Framing::kStream;
  f.big_endian = (mode & 64) != 0;
  if (mode & 128) f.max_frame_bytes = 64;
  const auto bytes = absl::MakeConstSpan(data + 1, size - 1);

  std::vector<std::pair<gdwire::Variant, uint64_t>> each;
  const absl::Status st = gdwire::DecodeFramedEach(
      bytes, f, d, [&](gdwire::Variant v, uint64_t offset) {
        Check(offset < bytes.size(), "value offset past the input");
        each.emplace_back(std::move(v), offset);
        return absl::OkStatus();
      });
  const auto all = gdwire::DecodeFramed(bytes, f, d);
  Check(st.ok() == all.ok(), "DecodeFramed and DecodeFramedEach disagree");
  if (!st.ok()) {
    const gdwire::Error a = gdwire::ErrorFromStatus(st);
    const gdwire::Error b = gdwire::ErrorFromStatus(all.status());
    gdwire::fuzz::CheckError(a, bytes.size());
    Check(a.kind == b.kind && a.offset == b.offset && a.path == b.path,
          "DecodeFramed and DecodeFramedEach give different errors",
          a.ToString() + " / " + b.ToString());
    return 0;
  }
  Check(all->size() == each.size(), "value counts differ");
  gdwire::DecodeOptions plain = d;
  plain.reject_trailing_bytes = false;
  for (size_t i = 0; i < each.size(); ++i) {
    Check((*all)[i] == each[i].first, "values differ");
    gdwire::Variant v;
    size_t used = 0;
    const gdwire::Error e = gdwire::reference::DecodeValue(
        bytes.subspan(each[i].second), plain, &v, &used);
    Check(e.ok() && v == each[i].first, "not the reference decoder's value",
          e.ToString());
  }
  gdwire::EncodeOptions eo;
  eo.dialect = d.dialect;
  eo.full_objects = d.allow_objects;
  eo.max_depth = d.max_depth;
  const auto framed = gdwire::EncodeFramed(*all, f, eo);
  Check(framed.ok(), "decoded values do not encode",
        std::string(framed.status().message()));
  if (f.max_frame_bytes < 1024) return 0;  // a re-encoding may be larger
  const auto again = gdwire::DecodeFramed(gdwire::fuzz::Bytes(*framed), f, d);
  Check(again.ok(), "re-framed values do not decode",
        std::string(again.status().message()));
  Check(again->size() == all->size(), "re-framed value count differs");
  for (size_t i = 0; i < all->size(); ++i) {
    if (gdwire::fuzz::Stable((*all)[i])) {
      Check((*again)[i] == (*all)[i], "re-framed value differs",
            (*all)[i].DebugString() + " / " + (*again)[i].DebugString());
    }
  }
  return 0;
}
