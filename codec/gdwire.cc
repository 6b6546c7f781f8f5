// Copyright 2026 The gdwire Authors.

#include "codec/gdwire.h"

#include "codec/core/context.h"
#include "codec/core/walk.h"
#include "codec/document/document.h"
#include "codec/document/internal/thread_parser.h"
#include "codec/encode/encoder.h"

namespace gdwire {
namespace {

core::Context ContextOf(ByteView bytes, const DecodeOptions& options) {
  core::Context c;
  c.data = bytes.data();
  c.size = bytes.size();
  c.opts = options;
  return c;
}

// The indexed document reads (and checks) the message unless an explicit
// allocation budget is to be charged: the read core's walk charges it
// exactly as the reference decoder does (DecodeOptions::max_alloc_bytes,
// alloc_account).
bool DocumentReads(const DecodeOptions& options) {
  return options.max_alloc_bytes == 0 && options.alloc_account == nullptr;
}

}  // namespace

absl::StatusOr<Variant> Decode(ByteView bytes, const DecodeOptions& options,
                               size_t* consumed) {
  // The fastest owned decode: the indexed document's parse (every check,
  // the reference decoder's verdicts), then its tape built into Variants
  // (Element::ToVariant).
  if (DocumentReads(options)) {
    document::internal::ThreadParser parser;
    document::ParseResult r = parser->Parse(bytes, options);
    absl::StatusOr<Variant> v =
        r.ok() ? r.root.ToVariant()
               : absl::StatusOr<Variant>(r.error.ToStatus());
    if (v.ok() && consumed != nullptr) *consumed = r.consumed;
    return v;
  }
  Variant v;
  if (Error e = core::DecodeMessage(ContextOf(bytes, options), &v, consumed);
      !e.ok()) {
    return e.ToStatus();
  }
  return v;
}

absl::Status Validate(ByteView bytes, const DecodeOptions& options,
                      size_t* consumed) {
  // The indexed document's check: its parse without the Dictionary
  // indexes (1.33-1.42x the parse, which is about 1.5x the read core's
  // check on engine traffic), the reference decoder's verdicts.
  if (DocumentReads(options)) {
    document::internal::ThreadParser parser;
    const document::ParseResult r = parser->Check(bytes, options);
    if (r.ok() && consumed != nullptr) *consumed = r.consumed;
    return r.error.ToStatus();
  }
  return core::ValidateMessage(ContextOf(bytes, options), consumed).ToStatus();
}

absl::StatusOr<std::string> Encode(const Variant& value,
                                   const EncodeOptions& options) {
  return encode::Encode(value, options);
}

Error EncodeTo(const Variant& value, const EncodeOptions& options,
               std::string* out) {
  return encode::EncodeTo(value, options, out);
}

}  // namespace gdwire
