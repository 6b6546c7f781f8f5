// Copyright 2026 The gdwire Authors.
//
// Fuzzes the JSON form (codec/text/json.h). Mode byte bit 3 clear: the rest
// is binary (dialect = DialectFromMode(mode), bit 2 allow objects): whatever
// decodes must survive ToJson -> FromJson unchanged (the form is lossless). Bit
// 3 set: the rest is JSON text: FromJson must not crash, and whatever it
// accepts must be stable: ToJson -> FromJson gives the same value and
// ToJson then gives the same text.

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "codec/reference/decoder.h"
#include "codec/text/json.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  gdwire::Variant v;
  if (mode & 8) {
    const auto parsed = gdwire::text::FromJson(
        absl::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
    if (!parsed.ok()) return 0;
    v = *parsed;
  } else {
    size_t used = 0;
    const gdwire::Error e = gdwire::reference::DecodeValue(
        absl::MakeConstSpan(data + 1, size - 1),
        gdwire::fuzz::OptionsFromMode(mode), &v, &used);
    if (!e.ok()) return 0;
  }
  const std::string j1 = gdwire::text::ToJson(v);
  const auto back = gdwire::text::FromJson(j1);
  Check(back.ok(), "ToJson output does not parse",
        std::string(back.status().message()) + "\n" + j1);
  Check(*back == v, "FromJson(ToJson(v)) != v", j1);
  const std::string j2 = gdwire::text::ToJson(*back);
  Check(j2 == j1, "ToJson is not stable", j1 + "\n" + j2);
  return 0;
}
