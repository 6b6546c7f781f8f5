// Copyright 2026 The gdwire Authors.
//
// codec/view/test_util.h: helpers shared by the view tests: byte spans,
// and LazyBuild, which rebuilds a Variant through the public lazy API only
// (cursors and typed accessors, never ToVariant) so the API itself is
// checked against the reference decoder.

#ifndef GDWIRE_CODEC_VIEW_TEST_UTIL_H_
#define GDWIRE_CODEC_VIEW_TEST_UTIL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "codec/variant.h"
#include "codec/view/view.h"

namespace gdwire {
namespace view {
namespace testing {

inline absl::Span<const uint8_t> Bytes(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

// The value of `v` read through accessors and cursors. Dictionaries use
// Dictionary::Set (later keys overwrite); typed-container admission is not
// applied (values that need it differ from the engine's).
absl::StatusOr<Variant> LazyBuild(const ValueView& v, bool real_is_double);

}  // namespace testing
}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_TEST_UTIL_H_
