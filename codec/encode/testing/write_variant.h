// Copyright 2026 The gdwire Authors.
//
// codec/encode/testing/write_variant.h (tests only): drives an
// encode::Writer from an owned Variant, call by call, so the Writer's bytes
// can be compared with encode::Encode's, the reference encoder's and the
// engines' for the same value.
//
//   encode::Writer w(opts);
//   std::string out;
//   w.Start(&out);
//   if (testing::WriteVariant(&w, v, /*given_counts=*/true)) {
//     Error e = w.Finish();
//   }

#ifndef GDWIRE_CODEC_ENCODE_TESTING_WRITE_VARIANT_H_
#define GDWIRE_CODEC_ENCODE_TESTING_WRITE_VARIANT_H_

#include "codec/encode/writer.h"
#include "codec/variant.h"

namespace gdwire {
namespace testing {

// Writes `v` with `w`. Container counts are given up front when
// `given_counts`, else left to End (back-patched). Always true (every
// type has its call).
bool WriteVariant(encode::Writer* w, const Variant& v, bool given_counts);

}  // namespace testing
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENCODE_TESTING_WRITE_VARIANT_H_
