// Copyright 2026 The gdwire Authors.
//
// pandemonium_engine_defects=True (loads, dumps): the bytes read, or
// written, as a Pandemonium engine does, its defects included
// (docs/PANDEMONIUM.md): the reference codec's emulation, as
// `gdwire recode --engine-defects` uses it. To predict what a Pandemonium
// peer makes of some bytes; never the default path.

#include <string>

#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "python/src/convert.h"

namespace gdwire {
namespace python {

PyObject* DecodeWithEngineDefects(absl::Span<const uint8_t> bytes,
                                  const DecodeOptions& options) {
  absl::StatusOr<Variant> v = reference::Decode(bytes, options);
  if (!v.ok()) {
    SetError(ErrorFromStatus(v.status()));
    return nullptr;
  }
  return FromVariant(*v);
}

bool EncodeWithEngineDefects(const Variant& v, const EncodeOptions& options,
                             std::string* out) {
  const Error e = reference::EncodeTo(v, options, out);
  if (!e.ok()) SetError(e, /*encoding=*/true);
  return e.ok();
}

}  // namespace python
}  // namespace gdwire
