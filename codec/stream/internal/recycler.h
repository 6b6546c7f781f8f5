// Copyright 2026 The gdwire Authors.
//
// A pool of the heap blocks of decoded values, for decoding again and
// again into the same Variant (ReusingDecoder, codec/stream/value_reader.h):
// Take() takes a value tree apart, keeping its Array and Dictionary blocks
// (with their element, entry and index capacity), its heap strings and its
// packed vectors; the DOM handler then builds the next value from them.
// Blocks are handed out in the order they were taken in (both are the
// value's pre-order), so a value of the same shape as the last one gets
// back blocks of the sizes it needs, and decodes without allocating.

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_RECYCLER_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_RECYCLER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "codec/variant.h"

namespace gdwire {
namespace stream {
namespace internal {

// A first-in first-out pool. Pop() on an empty pool gives a new T.
template <typename T>
class Fifo {
 public:
  void Push(T t) { items_.push_back(std::move(t)); }
  bool empty() const { return next_ == items_.size(); }
  T Pop() {
    if (empty()) return T();
    T t = std::move(items_[next_++]);
    if (empty()) {  // all handed out: start over, keeping the room
      items_.clear();
      next_ = 0;
    }
    return t;
  }

 private:
  std::vector<T> items_;
  size_t next_ = 0;
};

class Recycler {
 public:
  // Takes *v apart into the pools; *v is left Nil. NodePaths, Signals and
  // Objects are freed, not kept.
  void Take(Variant* v);

  std::unique_ptr<Array> NewArray() { return arrays_.Pop(); }
  std::unique_ptr<Dictionary> NewDictionary() { return dicts_.Pop(); }
  // A string with room (empty).
  std::string NewString() { return strings_.Pop(); }
  std::vector<uint8_t> NewBytes() { return bytes_.Pop(); }
  std::vector<int32_t> NewI32() { return i32_.Pop(); }
  std::vector<int64_t> NewI64() { return i64_.Pop(); }
  std::vector<float> NewF32() { return f32_.Pop(); }
  std::vector<double> NewF64() { return f64_.Pop(); }
  std::vector<std::string> NewStrings() { return strs_.Pop(); }

 private:
  Fifo<std::unique_ptr<Array>> arrays_;
  Fifo<std::unique_ptr<Dictionary>> dicts_;
  Fifo<std::string> strings_;
  Fifo<std::vector<uint8_t>> bytes_;
  Fifo<std::vector<int32_t>> i32_;
  Fifo<std::vector<int64_t>> i64_;
  Fifo<std::vector<float>> f32_;
  Fifo<std::vector<double>> f64_;
  Fifo<std::vector<std::string>> strs_;
};

}  // namespace internal
}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_RECYCLER_H_
