// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: cursor.h
// -----------------------------------------------------------------------------
//
// `CursorRange` turns any of the view cursors (ArrayCursor,
// DictionaryCursor, PropertyCursor, NodePathCursor, PackedStringCursor)
// into a range for range-based `for`: each step yields an
// `absl::StatusOr<Item>`; after an error is yielded the range ends.
//
// Example:
//
//   for (const absl::StatusOr<ValueView>& e : array.elements()) {
//     if (!e.ok()) return e.status();
//     ...
//   }

#ifndef GDWIRE_CODEC_VIEW_CURSOR_H_
#define GDWIRE_CODEC_VIEW_CURSOR_H_

#include <utility>

#include "absl/status/statusor.h"

namespace gdwire {
namespace view {

// REQUIRES: Cursor has `bool Next(Item*)` and `absl::Status status()`.
template <class Cursor, class Item>
class CursorRange {
 public:
  class Iterator {
   public:
    const absl::StatusOr<Item>& operator*() const { return cur_; }
    const absl::StatusOr<Item>* operator->() const { return &cur_; }
    Iterator& operator++() {
      if (cur_.ok()) {
        Advance();
      } else {
        done_ = true;
      }
      return *this;
    }
    // Only comparisons with end() are meaningful.
    bool operator==(const Iterator& o) const { return done_ == o.done_; }
    bool operator!=(const Iterator& o) const { return done_ != o.done_; }

   private:
    friend class CursorRange;
    Iterator() : done_(true) {}
    explicit Iterator(Cursor c) : cursor_(std::move(c)) { Advance(); }
    void Advance() {
      Item item;
      if (cursor_.Next(&item)) {
        cur_ = item;
      } else if (!cursor_.status().ok()) {
        cur_ = cursor_.status();
      } else {
        done_ = true;
      }
    }

    Cursor cursor_;
    absl::StatusOr<Item> cur_;
    bool done_ = false;
  };

  explicit CursorRange(Cursor c) : cursor_(std::move(c)) {}
  Iterator begin() const { return Iterator(cursor_); }
  Iterator end() const { return Iterator(); }

 private:
  Cursor cursor_;
};

}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_CURSOR_H_
