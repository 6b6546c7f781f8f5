// Copyright 2026 The gdwire Authors.
//
// codec/encode/write_variant.h: an owned Variant written through an
// encode::Writer, call by call (the Writer's own call for every type): an
// owned value inside a message being written, and how the tests compare the
// Writer's bytes with encode::Encode's, the reference encoder's and the
// engines' for the same value (and how `gdwire bench` times the Writer).
//
//   encode::Writer w(opts);
//   std::string out;
//   w.Start(&out);
//   w.BeginDictionary(2).KeyName("state");
//   encode::WriteVariant(&w, state);         // an owned value
//   w.KeyName("tick").Int(tick).EndDictionary();
//   Error e = w.Finish();

#ifndef GDWIRE_CODEC_ENCODE_WRITE_VARIANT_H_
#define GDWIRE_CODEC_ENCODE_WRITE_VARIANT_H_

#include "codec/encode/writer.h"
#include "codec/variant.h"

namespace gdwire {
namespace encode {

// Writes `v` with `w`. Container counts are given up front when
// `given_counts`, else left to End (back-patched). Always true (every
// type has its call).
bool WriteVariant(Writer* w, const Variant& v, bool given_counts = true);

}  // namespace encode
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENCODE_WRITE_VARIANT_H_
