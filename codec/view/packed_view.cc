// Copyright 2026 The gdwire Authors.
//
// Packed-array element access and bulk copies. Every bulk loop is a call
// into internal/convert.h (the one place SIMD kernels plug in).

#include "codec/view/packed_view.h"

#include "absl/strings/str_cat.h"
#include "codec/core/convert.h"
#include "codec/wire.h"

namespace gdwire {
namespace view {

using core::StatusOf;

namespace {

bool IsIntVectors(Type t) {
  return t == Type::kPackedVector2iArray || t == Type::kPackedVector3iArray ||
         t == Type::kPackedVector4iArray;
}

}  // namespace

bool PackedArrayView::is_real() const {
  switch (type_) {
    case Type::kPackedFloat32Array:
    case Type::kPackedFloat64Array:
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array:
    case Type::kPackedColorArray:
      return true;
    default:
      return false;
  }
}

absl::Span<const uint8_t> PackedArrayView::wire_data() const {
  if (c_ == nullptr) return {};
  return absl::MakeConstSpan(c_->data + l_.data_pos,
                             size_t{l_.count} * l_.comps * l_.width);
}

int64_t PackedArrayView::int_at(size_t i, int comp) const {
  if (c_ == nullptr) return 0;
  const uint8_t* p = c_->data + l_.data_pos + (i * l_.comps + comp) * l_.width;
  switch (type_) {
    case Type::kPackedByteArray:
      return *p;
    case Type::kPackedInt64Array:
      return static_cast<int64_t>(wire::LoadU64(p));
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return static_cast<int32_t>(wire::LoadU32(p));
    default:
      return 0;
  }
}

double PackedArrayView::real_at(size_t i, int comp) const {
  if (c_ == nullptr || !is_real()) return 0;
  const uint8_t* p = c_->data + l_.data_pos + (i * l_.comps + comp) * l_.width;
  return l_.width == 8 ? wire::LoadF64(p) : core::WidenF32(wire::LoadU32(p));
}

absl::Status PackedArrayView::Unsupported(const char* dst) const {
  return absl::InvalidArgumentError(
      absl::StrCat("cannot copy ", TypeName(type_), " into ", dst));
}

absl::Status PackedArrayView::TooSmall(size_t have) const {
  return absl::InvalidArgumentError(
      absl::StrCat("destination of ", have, " values for ", TypeName(type_),
                   " of ", size_t{l_.count} * l_.comps, " values"));
}

absl::Status PackedArrayView::CopyTo(absl::Span<uint8_t> dst) const {
  if (c_ == nullptr || type_ != Type::kPackedByteArray) {
    return Unsupported("uint8");
  }
  const size_t n = l_.count;
  if (dst.size() < n) return TooSmall(dst.size());
  core::LoadU8(c_->data + l_.data_pos, dst.data(), n);
  return absl::OkStatus();
}

absl::Status PackedArrayView::CopyTo(absl::Span<int32_t> dst) const {
  if (c_ == nullptr) return Unsupported("int32");
  const size_t n = size_t{l_.count} * l_.comps;
  const uint8_t* src = c_->data + l_.data_pos;
  if (type_ == Type::kPackedInt32Array || IsIntVectors(type_)) {
    if (dst.size() < n) return TooSmall(dst.size());
    core::LoadI32(src, dst.data(), n);
    return absl::OkStatus();
  }
  if (type_ == Type::kPackedInt64Array) {
    if (dst.size() < n) return TooSmall(dst.size());
    size_t bad = 0;
    if (!core::LoadI64ToI32(src, dst.data(), n, &bad)) {
      Error e = core::Fail(
          *c_, ErrorKind::kInvalidArgument, l_.data_pos + 8 * bad,
          absl::StrCat("element ", bad, " (",
                       static_cast<int64_t>(wire::LoadU64(src + 8 * bad)),
                       ") does not fit int32"));
      e.path = absl::StrCat("[", bad, "]");
      return StatusOf(std::move(e));
    }
    return absl::OkStatus();
  }
  return Unsupported("int32");
}

absl::Status PackedArrayView::CopyTo(absl::Span<int64_t> dst) const {
  if (c_ == nullptr) return Unsupported("int64");
  const size_t n = size_t{l_.count} * l_.comps;
  const uint8_t* src = c_->data + l_.data_pos;
  if (type_ == Type::kPackedInt32Array || IsIntVectors(type_)) {
    if (dst.size() < n) return TooSmall(dst.size());
    core::LoadI32ToI64(src, dst.data(), n);
    return absl::OkStatus();
  }
  if (type_ == Type::kPackedInt64Array) {
    if (dst.size() < n) return TooSmall(dst.size());
    core::LoadI64(src, dst.data(), n);
    return absl::OkStatus();
  }
  return Unsupported("int64");
}

absl::Status PackedArrayView::CopyTo(absl::Span<float> dst) const {
  if (c_ == nullptr || !is_real()) return Unsupported("float");
  const size_t n = size_t{l_.count} * l_.comps;
  if (dst.size() < n) return TooSmall(dst.size());
  const uint8_t* src = c_->data + l_.data_pos;
  if (l_.width == 8) {
    core::LoadF64ToF32(src, dst.data(), n);
  } else {
    core::LoadF32(src, dst.data(), n);
  }
  return absl::OkStatus();
}

absl::Status PackedArrayView::CopyTo(absl::Span<double> dst) const {
  if (c_ == nullptr || !is_real()) return Unsupported("double");
  const size_t n = size_t{l_.count} * l_.comps;
  if (dst.size() < n) return TooSmall(dst.size());
  const uint8_t* src = c_->data + l_.data_pos;
  if (l_.width == 8) {
    core::LoadF64(src, dst.data(), n);
  } else {
    core::LoadF32ToF64(src, dst.data(), n);
  }
  return absl::OkStatus();
}

namespace {

// Checks the component spans of a SoA copy: exactly `comps` non-empty,
// each with room for `n`.
template <typename T>
absl::Status CheckComponents(int comps, size_t n, absl::Span<T> x,
                             absl::Span<T> y, absl::Span<T> z,
                             absl::Span<T> w) {
  const absl::Span<T> all[4] = {x, y, z, w};
  for (int k = 0; k < 4; ++k) {
    const bool want = k < comps;
    // An empty array needs no room, so any span will do.
    if (n == 0) continue;
    if (want && all[k].size() < n) {
      return absl::InvalidArgumentError(absl::StrCat(
          "component ", k, " has room for ", all[k].size(), " of ", n));
    }
    if (!want && !all[k].empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "only ", comps, " components, but component ", k, " was given"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status PackedArrayView::CopyComponentsTo(absl::Span<float> x,
                                               absl::Span<float> y,
                                               absl::Span<float> z,
                                               absl::Span<float> w) const {
  if (c_ == nullptr || !is_real() || l_.comps < 2) {
    return Unsupported("float components");
  }
  const size_t n = l_.count;
  if (absl::Status s = CheckComponents(l_.comps, n, x, y, z, w); !s.ok()) {
    return s;
  }
  const uint8_t* src = c_->data + l_.data_pos;
  const bool f64 = l_.width == 8;
  switch (l_.comps) {
    case 2:
      f64 ? core::DeinterleaveF64x2ToF32(src, n, x.data(), y.data())
          : core::DeinterleaveF32x2(src, n, x.data(), y.data());
      break;
    case 3:
      f64 ? core::DeinterleaveF64x3ToF32(src, n, x.data(), y.data(), z.data())
          : core::DeinterleaveF32x3(src, n, x.data(), y.data(), z.data());
      break;
    default:
      f64 ? core::DeinterleaveF64x4ToF32(src, n, x.data(), y.data(), z.data(),
                                         w.data())
          : core::DeinterleaveF32x4(src, n, x.data(), y.data(), z.data(),
                                    w.data());
      break;
  }
  return absl::OkStatus();
}

absl::Status PackedArrayView::CopyComponentsTo(absl::Span<double> x,
                                               absl::Span<double> y,
                                               absl::Span<double> z,
                                               absl::Span<double> w) const {
  if (c_ == nullptr || !is_real() || l_.comps < 2) {
    return Unsupported("double components");
  }
  const size_t n = l_.count;
  if (absl::Status s = CheckComponents(l_.comps, n, x, y, z, w); !s.ok()) {
    return s;
  }
  const uint8_t* src = c_->data + l_.data_pos;
  const bool f64 = l_.width == 8;
  switch (l_.comps) {
    case 2:
      f64 ? core::DeinterleaveF64x2(src, n, x.data(), y.data())
          : core::DeinterleaveF32x2ToF64(src, n, x.data(), y.data());
      break;
    case 3:
      f64 ? core::DeinterleaveF64x3(src, n, x.data(), y.data(), z.data())
          : core::DeinterleaveF32x3ToF64(src, n, x.data(), y.data(), z.data());
      break;
    default:
      f64 ? core::DeinterleaveF64x4(src, n, x.data(), y.data(), z.data(),
                                    w.data())
          : core::DeinterleaveF32x4ToF64(src, n, x.data(), y.data(), z.data(),
                                         w.data());
      break;
  }
  return absl::OkStatus();
}

absl::Status PackedArrayView::CopyComponentsTo(absl::Span<int32_t> x,
                                               absl::Span<int32_t> y,
                                               absl::Span<int32_t> z,
                                               absl::Span<int32_t> w) const {
  if (c_ == nullptr || !IsIntVectors(type_)) {
    return Unsupported("int32 components");
  }
  const size_t n = l_.count;
  if (absl::Status s = CheckComponents(l_.comps, n, x, y, z, w); !s.ok()) {
    return s;
  }
  const uint8_t* src = c_->data + l_.data_pos;
  switch (l_.comps) {
    case 2:
      core::DeinterleaveI32x2(src, n, x.data(), y.data());
      break;
    case 3:
      core::DeinterleaveI32x3(src, n, x.data(), y.data(), z.data());
      break;
    default:
      core::DeinterleaveI32x4(src, n, x.data(), y.data(), z.data(), w.data());
      break;
  }
  return absl::OkStatus();
}

// ---- PackedStringArray ----------------------------------------------------

PackedStringCursor PackedStringArrayView::cursor() const {
  PackedStringCursor c;
  c.c_ = c_;
  c.pos_ = first_;
  c.count_ = count_;
  return c;
}

bool PackedStringCursor::Next(TextView* out) {
  if (c_ == nullptr || !status_.ok() || index_ == count_) return false;
  core::WireText t;
  if (Error e = core::ReadWireString(*c_, &pos_, true, &t); !e.ok()) {
    e.path = absl::StrCat("[", index_, "]", e.path);
    status_ = StatusOf(std::move(e));
    return false;
  }
  *out = TextView(c_, t);
  ++index_;
  return true;
}

}  // namespace view
}  // namespace gdwire
