// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: owned.h
// -----------------------------------------------------------------------------
//
// `document::OwnedDocument`: a parsed message that owns everything it reads
// from: a copy of the value's bytes and of its tape (the model is simdjson's
// `dom::document`, and msgpack-cxx's `object_handle`, an object tree in a
// zone freed at once). It outlives the buffer it was parsed from and the
// Parser that parsed it, so a server can keep, queue or hand a message to
// another thread, and read it through the same `Element` API as a document
// (document.h): O(1) Array element and Dictionary key lookups, iteration,
// zero-copy strings and packed arrays (pointing into its own copy).
//
// It is immutable. For a value to change, build or encode, take the
// engine-shaped owned value: `ToVariant()` (or gdwire::Decode directly).
// Which to use when (README, "Owned values"): OwnedDocument for messages
// that are read and kept (one allocation block per part, 16 bytes a value,
// freed at once), gdwire::Variant for values a program builds or edits.
//
// Example:
//
//   absl::StatusOr<gdwire::document::OwnedDocument> msg =
//       gdwire::document::OwnedDocument::Parse(bytes, opts);
//   if (!msg.ok()) return msg.status();        // kind, offset, path
//   queue.push_back(*std::move(msg));          // `bytes` may go now
//   ...
//   int64_t hp = queue.front().root()["hp"].as_int();
//
// Cost: one parse (Parser::Parse, every check, the reference decoder's
// verdicts) in a Parser kept per thread (or the caller's), then the value's
// bytes, its tape and its side tables copied out at their exact sizes: four
// heap blocks a message, about 1.2x the parse alone in cache. Elements of an
// OwnedDocument stay valid while it lives, moves included.

#ifndef GDWIRE_CODEC_DOCUMENT_OWNED_H_
#define GDWIRE_CODEC_DOCUMENT_OWNED_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "codec/bytes.h"
#include "codec/document/document.h"
#include "codec/options.h"
#include "codec/variant.h"

namespace gdwire {
namespace document {

class OwnedDocument {
 public:
  // An empty document: root() is invalid.
  OwnedDocument() = default;
  OwnedDocument(OwnedDocument&&) noexcept = default;
  OwnedDocument& operator=(OwnedDocument&&) noexcept = default;
  OwnedDocument(const OwnedDocument&) = delete;
  OwnedDocument& operator=(const OwnedDocument&) = delete;
  ~OwnedDocument();

  // Parses the value at the start of `message` (as Parser::Parse: same
  // checks and verdicts; trailing bytes ignored unless
  // options.reject_trailing_bytes) and copies it out. `*consumed`, when
  // given, receives the value's size. The first form parses in a Parser
  // kept per thread; the second in `parser` (whose last parse it replaces).
  static absl::StatusOr<OwnedDocument> Parse(ByteView message,
                                             const DecodeOptions& options = {},
                                             size_t* consumed = nullptr);
  static absl::StatusOr<OwnedDocument> Parse(Parser* parser, ByteView message,
                                             const DecodeOptions& options = {},
                                             size_t* consumed = nullptr);

  // The root value (invalid for an empty document).
  Element root() const { return copy_ ? copy_->root() : Element(); }
  // The value's bytes, as received.
  ByteView bytes() const { return ByteView(bytes_.get(), size_); }
  // The engine-shaped owned value (Element::ToVariant of the root).
  absl::StatusOr<Variant> ToVariant() const { return root().ToVariant(); }

 private:
  std::unique_ptr<uint8_t[]> bytes_;
  size_t size_ = 0;
  std::unique_ptr<Parser> copy_;  // the parse, its storage at exact size
};

}  // namespace document
}  // namespace gdwire

#endif  // GDWIRE_CODEC_DOCUMENT_OWNED_H_
