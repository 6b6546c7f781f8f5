// Copyright 2026 The gdwire Authors.
//
// Fuzzes stream::ReusingDecoder: the input is cut in two at a fuzz-chosen
// place and both parts are decoded one after the other into the same
// Variant (so the second reuses the first's storage), then the first
// again. Mode byte: dialect = DialectFromMode(mode), bit 2 allow objects,
// bit 3 reject_trailing_bytes, bits 4-7 and the next byte: where to cut.
//
// Checks: each result is exactly stream::Decode's (value and length, or
// error kind, offset and path), whatever the Variant held before.

#include <cstddef>
#include <cstdint>

#include "codec/error.h"
#include "codec/stream/value_reader.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;

namespace {

void Same(gdwire::stream::ReusingDecoder* decoder, gdwire::Variant* slot,
          absl::Span<const uint8_t> bytes, const gdwire::DecodeOptions& d) {
  size_t used_want = 0, used_got = 0;
  const auto want = gdwire::stream::Decode(bytes, d, &used_want);
  const absl::Status got = decoder->DecodeInto(bytes, slot, &used_got);
  Check(want.ok() == got.ok(), "verdicts differ", got.ToString());
  if (want.ok()) {
    Check(*want == *slot, "values differ");
    Check(used_want == used_got, "lengths differ");
    return;
  }
  const gdwire::Error x = gdwire::ErrorFromStatus(want.status());
  const gdwire::Error y = gdwire::ErrorFromStatus(got);
  Check(x.kind == y.kind && x.offset == y.offset && x.path == y.path,
        "errors differ", x.ToString() + " / " + y.ToString());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t mode = data[0];
  gdwire::DecodeOptions d = gdwire::fuzz::OptionsFromMode(mode);
  d.reject_trailing_bytes = (mode & 8) != 0;
  const auto bytes = absl::MakeConstSpan(data + 2, size - 2);
  const size_t cut =
      bytes.empty()
          ? 0
          : ((static_cast<size_t>(mode >> 4) << 8) | data[1]) % bytes.size();
  gdwire::stream::ReusingDecoder decoder(d);
  gdwire::Variant slot;
  Same(&decoder, &slot, bytes.subspan(0, cut), d);
  Same(&decoder, &slot, bytes.subspan(cut), d);
  Same(&decoder, &slot, bytes.subspan(0, cut), d);
  Same(&decoder, &slot, bytes, d);
  return 0;
}
