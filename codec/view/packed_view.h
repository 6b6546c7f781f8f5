// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: packed_view.h
// -----------------------------------------------------------------------------
//
// Views of packed arrays. A `PackedArrayView` (every packed type but
// strings) opens in O(1): the count is read and the data's bounds are
// checked once against the buffer; the data itself is read only by element
// access and by the bulk `CopyTo` conversions into caller memory (a 64 MB
// array opens as fast as a 64-byte one).
//
// Element access and CopyTo give the values on the wire: f32 components
// widened exactly (NaN payloads kept) when read as double; f64 components
// (Float64 arrays, and vector arrays with flag bit 16 from a
// double-precision peer) as they are when read as double, rounded when
// read as float. (`ValueView::ToVariant()` instead narrows f64 vectors
// through f32 unless real_is_double, as a single-precision engine does.)
//
// Conversions (dst element type <- packed type):
//   uint8_t  <- Byte
//   int32_t  <- Int32, Int64 (range-checked), Vector2i/3i/4i (flat)
//   int64_t  <- Int32, Int64, Vector2i/3i/4i (flat)
//   float    <- Float32, Float64, Vector2/3/4 (f32 or f64), Color (flat)
//   double   <- Float32, Float64, Vector2/3/4 (f32 or f64), Color (flat)
// and split into component arrays (SoA) by CopyComponentsTo: float/double
// <- Vector2/3/4, Color; int32_t <- Vector2i/3i/4i.
//
// Example:
//
//   absl::StatusOr<PackedArrayView> p = v.packed_array();  // Vector3s
//   std::vector<float> x(p->size()), y(p->size()), z(p->size());
//   absl::Status st = p->CopyComponentsTo(absl::MakeSpan(x),
//                                         absl::MakeSpan(y),
//                                         absl::MakeSpan(z));
//
// A `PackedStringArrayView` yields its elements as TextViews.

#ifndef GDWIRE_CODEC_VIEW_PACKED_VIEW_H_
#define GDWIRE_CODEC_VIEW_PACKED_VIEW_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "codec/core/context.h"
#include "codec/core/fields.h"
#include "codec/types.h"
#include "codec/view/cursor.h"
#include "codec/view/value_view.h"

namespace gdwire {
namespace view {

// PackedArrayView
class PackedArrayView {
 public:
  PackedArrayView() = default;

  Type type() const { return type_; }
  // Elements (a vector counts once).
  size_t size() const { return l_.count; }
  bool empty() const { return l_.count == 0; }
  // Components per element: 1, or 2/3/4 for vector and color arrays.
  int components() const { return l_.comps; }
  // Bytes per component on the wire: 1, 4 or 8.
  int component_width() const { return l_.width; }
  // The raw little-endian element data (size() * components() *
  // component_width() bytes, padding excluded).
  absl::Span<const uint8_t> wire_data() const;
  // Absolute offset of the first data byte.
  uint64_t data_offset() const { return c_ ? c_->base + l_.data_pos : 0; }

  // Element access. REQUIRES: i < size(), comp < components().
  // Integer arrays (Byte, Int32, Int64, Vector2i/3i/4i); 0 for others.
  int64_t int_at(size_t i, int comp = 0) const;
  // Real arrays (Float32/64, Vector2/3/4, Color); 0 for others.
  double real_at(size_t i, int comp = 0) const;

  // Bulk copies of all size() * components() values, interleaved (AoS).
  // Fail (kInvalidArgument) when dst is too small or the conversion is not
  // one of the table above; i64 -> i32 fails when an element is out of
  // range (the error's offset is that element's).
  absl::Status CopyTo(absl::Span<uint8_t> dst) const;
  absl::Status CopyTo(absl::Span<int32_t> dst) const;
  absl::Status CopyTo(absl::Span<int64_t> dst) const;
  absl::Status CopyTo(absl::Span<float> dst) const;
  absl::Status CopyTo(absl::Span<double> dst) const;

  // Bulk copies split by component (SoA): x[i], y[i], ... each at least
  // size() long; exactly components() of them must be non-empty.
  absl::Status CopyComponentsTo(absl::Span<float> x, absl::Span<float> y,
                                absl::Span<float> z = {},
                                absl::Span<float> w = {}) const;
  absl::Status CopyComponentsTo(absl::Span<double> x, absl::Span<double> y,
                                absl::Span<double> z = {},
                                absl::Span<double> w = {}) const;
  absl::Status CopyComponentsTo(absl::Span<int32_t> x, absl::Span<int32_t> y,
                                absl::Span<int32_t> z = {},
                                absl::Span<int32_t> w = {}) const;

 private:
  friend class ValueView;
  absl::Status Unsupported(const char* dst) const;
  absl::Status TooSmall(size_t have) const;
  bool is_real() const;

  const core::Context* c_ = nullptr;
  Type type_ = Type::kPackedByteArray;
  core::PackedLayout l_;
};

// PackedStringCursor
class PackedStringCursor {
 public:
  PackedStringCursor() = default;
  bool Next(TextView* out);
  const absl::Status& status() const { return status_; }

 private:
  friend class PackedStringArrayView;
  const core::Context* c_ = nullptr;
  size_t pos_ = 0;
  uint32_t count_ = 0;
  uint32_t index_ = 0;
  absl::Status status_;
};

// PackedStringArrayView
class PackedStringArrayView {
 public:
  PackedStringArrayView() = default;
  // Elements on the wire (a negative count reads as 0, as in the engine).
  uint32_t size() const { return count_; }
  PackedStringCursor cursor() const;
  CursorRange<PackedStringCursor, TextView> elements() const {
    return CursorRange<PackedStringCursor, TextView>(cursor());
  }

 private:
  friend class ValueView;
  const core::Context* c_ = nullptr;
  size_t first_ = 0;
  uint32_t count_ = 0;
};

}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_PACKED_VIEW_H_
