// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: view.h
// -----------------------------------------------------------------------------
//
// Lazy zero-copy views over a complete encoded Godot Variant (the model is
// simdjson's On-Demand API): open a message without decoding it, read just
// what you need straight from the buffer, and materialise a
// gdwire::Variant only where you want one. Results carry errors
// (`absl::Status` made by `gdwire::Error::ToStatus()`: kind, absolute byte
// offset, path).
//
//   message_view.h    MessageView::Open, root(), Validate(), ToVariant()
//   value_view.h      ValueView (type, flags, typed accessors), TextView
//   container_view.h  ArrayView, DictionaryView, ObjectView, NodePathView
//                     and their cursors (lazy, non-recursive skipping)
//   packed_view.h     PackedArrayView (O(1) open, CopyTo AoS / SoA),
//                     PackedStringArrayView
//
// Example:
//
//   #include "codec/view/view.h"
//
//   auto doc = gdwire::view::MessageView::Open(bytes, opts);
//   if (!doc.ok()) return doc.status();
//   auto dict = doc->root().dictionary();
//   if (!dict.ok()) return dict.status();
//   for (const auto& entry : dict->entries()) {
//     if (!entry.ok()) return entry.status();
//     auto key = entry->key.as_string_view();
//     if (key.ok() && *key == "pos") {
//       double xyz[3];
//       absl::Status st = entry->value.reals(absl::MakeSpan(xyz));
//     }
//   }

#ifndef GDWIRE_CODEC_VIEW_VIEW_H_
#define GDWIRE_CODEC_VIEW_VIEW_H_

#include "codec/view/container_view.h"
#include "codec/view/cursor.h"
#include "codec/view/message_view.h"
#include "codec/view/packed_view.h"
#include "codec/view/value_view.h"

#endif  // GDWIRE_CODEC_VIEW_VIEW_H_
