// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: document.h
// -----------------------------------------------------------------------------
//
// `MessageView` opens one complete encoded message (the bytes of
// `var_to_bytes`, or one frame's payload) without decoding it: Open reads
// the root header only; `root()` is the lazy view of the value
// (value_view.h). `Validate()` and `ToVariant()` walk the whole value with
// the reference decoder's checks and results, and apply the top-level
// rules (trailing bytes, paths from "$").
//
// Example:
//
//   gdwire::DecodeOptions opts;             // godot4
//   absl::StatusOr<gdwire::view::MessageView> doc =
//       gdwire::view::MessageView::Open(bytes, opts);
//   if (!doc.ok()) return doc.status();    // truncated / invalid header
//   gdwire::view::ValueView root = doc->root();
//   if (root.type() == gdwire::Type::kPackedVector3Array) {
//     auto p = root.packed_array();       // O(1)
//     std::vector<float> xyz(p->size() * 3);
//     absl::Status st = p->CopyTo(absl::MakeSpan(xyz));
//   }
//
// IMPORTANT: Lifetime. The MessageView does not copy the bytes: the buffer
// must outlive the MessageView, and the MessageView every view made from it.
// Moving a MessageView keeps its views valid. The options are copied, but an
// `alloc_account` they point to is used (by ToVariant) for as long as the
// MessageView lives.
//
// Errors: the lazy accessors check what they read with the reference
// decoder's checks (same kind and offset). Moving a cursor past a child it
// yielded skips that child structurally (bounds, counts, types, depth,
// permissions; its text is not validated), so a cursor may report a later
// structural error where a full decode would stop earlier at bad text
// inside the skipped child. Validate() and ToVariant() are exact.

#ifndef GDWIRE_CODEC_VIEW_MESSAGE_VIEW_H_
#define GDWIRE_CODEC_VIEW_MESSAGE_VIEW_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/bytes.h"
#include "codec/core/context.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/variant.h"
#include "codec/view/value_view.h"

namespace gdwire {
namespace view {

class MessageView {
 public:
  // Opens the value at the start of `bytes`. Fails (as the reference
  // decoder does, at offset base_offset) when the header is cut off or
  // names no type of the dialect, or when max_depth < 0. `base_offset` is
  // added to every error offset.
  static absl::StatusOr<MessageView> Open(ByteView bytes,
                                          const DecodeOptions& options = {},
                                          uint64_t base_offset = 0);

  // The root value.
  ValueView root() const { return root_; }
  const DecodeOptions& options() const { return c_->opts; }

  // Every check of reference::Decode, nothing built; `*consumed` gets the
  // value's size. Rejects trailing bytes when the options say so.
  absl::Status Validate(size_t* consumed = nullptr) const;
  // The owned value: the same value, or the same error (kind, offset,
  // path), as reference::Decode.
  absl::StatusOr<Variant> ToVariant(size_t* consumed = nullptr) const;

  // The same two, returning the structured error.
  Error ValidateValue(size_t* consumed) const;
  Error DecodeValue(Variant* out, size_t* consumed) const;

 private:
  MessageView(std::unique_ptr<core::Context> c, ValueView root)
      : c_(std::move(c)), root_(root) {}

  std::unique_ptr<core::Context> c_;
  ValueView root_;
};

}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_MESSAGE_VIEW_H_
