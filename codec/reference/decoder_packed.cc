// Copyright 2026 The gdwire Authors.
//
// The reference decoder's packed arrays (internal/decoder.h): the count and
// its checks, the element width (1, 4 or 8 bytes, real vectors widened by
// the 64-bit flag), the budget, and the elements read one by one;
// PackedStringArray as a count of wire strings.

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/decoder.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {
namespace {

// The packed arrays of numbers as docs/FORMAT.md §12 lists them: the
// components of one element, the bytes of one component on the wire, and
// the bytes a component is charged for once decoded (real vectors: 8, the
// most they take). A real vector's components are f32 on the wire, or f64
// in godot4 when the header sets the 64-bit flag (§6).
struct PackedLayout {
  Type type;
  int components;
  size_t wire_bytes;
  size_t charged_bytes;
  bool real_vector;
};

constexpr PackedLayout kPackedLayouts[] = {
    {Type::kPackedByteArray, 1, 1, 1, false},
    {Type::kPackedInt32Array, 1, 4, 4, false},
    {Type::kPackedInt64Array, 1, 8, 8, false},
    {Type::kPackedFloat32Array, 1, 4, 4, false},
    {Type::kPackedFloat64Array, 1, 8, 8, false},
    {Type::kPackedVector2Array, 2, 4, 8, true},
    {Type::kPackedVector3Array, 3, 4, 8, true},
    {Type::kPackedColorArray, 4, 4, 4, false},
    {Type::kPackedVector4Array, 4, 4, 8, true},
    {Type::kPackedVector2iArray, 2, 4, 4, false},
    {Type::kPackedVector3iArray, 3, 4, 4, false},
    {Type::kPackedVector4iArray, 4, 4, 4, false},
};

const PackedLayout* LayoutOf(Type type) {
  for (const PackedLayout& layout : kPackedLayouts) {
    if (layout.type == type) return &layout;
  }
  return nullptr;
}

}  // namespace

Error Decoder::PackedValue(Type type, bool flag64, Variant* out) {
  const size_t start = pos_;
  if (Remaining() < 4) {
    return Fail(ErrorKind::kTruncated, start,
                absl::StrCat("truncated ", TypeName(type), " count"));
  }
  const int32_t count = static_cast<int32_t>(wire::LoadU32(data_ + pos_));
  if (type == Type::kPackedStringArray) {
    return PackedStringsValue(start, count, out);
  }
  if (count < 0) {
    return Fail(ErrorKind::kInvalidLength, start,
                absl::StrCat("negative ", TypeName(type), " count ", count));
  }
  if (uint64_t(count) > opts_.max_packed_elements) {
    return Fail(ErrorKind::kLimitExceeded, start,
                absl::StrCat(TypeName(type), " of ", count,
                             " elements exceeds the limit"));
  }
  const PackedLayout* layout = LayoutOf(type);
  if (layout == nullptr) {  // not a packed array (the caller's dispatch)
    return Fail(ErrorKind::kInvalidType, start,
                absl::StrCat(TypeName(type), " is not a packed array"));
  }
  const int comps = layout->components;
  const bool f64 =
      layout->real_vector && flag64 && opts_.dialect == Dialect::kGodot4;
  const size_t width = f64 ? 8 : layout->wire_bytes;
  const uint64_t bytes = uint64_t(count) * comps * width;
  if (bytes > uint64_t{INT32_MAX}) {
    return Fail(ErrorKind::kInvalidLength, start,
                absl::StrCat(TypeName(type), " size overflow"));
  }
  pos_ += 4;
  if (bytes > Remaining()) return Truncated(type);
  const uint8_t* p = data_ + pos_;
  const size_t n = size_t(count) * comps;
  if (Error e = Charge(uint64_t(n) * layout->charged_bytes, start); !e.ok()) {
    return e;
  }
  if (type == Type::kPackedByteArray) {
    *out = Variant::PackedBytes(std::vector<uint8_t>(p, p + n));
    pos_ += n;
    // The padding is skipped when present and may be cut off (§7.3).
    pos_ += std::min<size_t>(wire::Pad4(n), Remaining());
    return {};
  }
  *out = PackedNumbers(type, width, p, n);
  pos_ += bytes;
  return {};
}

// A negative count is an empty array (spec §6).
Error Decoder::PackedStringsValue(size_t start, int32_t count, Variant* out) {
  const uint32_t n = count < 0 ? 0 : count;
  if (n > opts_.max_packed_elements) {
    return Fail(ErrorKind::kLimitExceeded, start,
                absl::StrCat(TypeName(Type::kPackedStringArray), " of ", n,
                             " elements exceeds the limit"));
  }
  pos_ += 4;
  bool backed;
  if (Error e =
          ChargeBacked(n, kMinStringBytes, sizeof(std::string), start, &backed);
      !e.ok()) {
    return e;
  }
  std::vector<std::string> v;
  if (backed) v.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    std::string s;
    if (Error e = WireString(&s); !e.ok()) {
      return Prefix(e, absl::StrCat("[", i, "]"));
    }
    if (backed) v.push_back(std::move(s));
  }
  *out = Variant::PackedStrings(std::move(v));
  return {};
}

// The `n` components at `p`, `width` bytes each, of every packed type but
// bytes and strings.
Variant Decoder::PackedNumbers(Type type, size_t width, const uint8_t* p,
                               size_t n) const {
  switch (type) {
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray: {
      std::vector<int32_t> v(n);
      for (size_t i = 0; i < n; ++i) {
        v[i] = static_cast<int32_t>(wire::LoadU32(p + 4 * i));
      }
      return type == Type::kPackedInt32Array
                 ? Variant::PackedInt32(std::move(v))
                 : Variant::PackedIntVectors(type, std::move(v));
    }
    case Type::kPackedInt64Array: {
      std::vector<int64_t> v(n);
      for (size_t i = 0; i < n; ++i) {
        v[i] = static_cast<int64_t>(wire::LoadU64(p + 8 * i));
      }
      return Variant::PackedInt64(std::move(v));
    }
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray: {
      std::vector<float> v(n);
      for (size_t i = 0; i < n; ++i) v[i] = wire::LoadF32(p + 4 * i);
      return type == Type::kPackedColorArray
                 ? Variant::PackedColors(std::move(v))
                 : Variant::PackedFloat32(std::move(v));
    }
    case Type::kPackedFloat64Array: {
      std::vector<double> v(n);
      for (size_t i = 0; i < n; ++i) {
        v[i] = width == 8 ? wire::LoadF64(p + 8 * i)
                          : WidenF32Exact(wire::LoadF32(p + 4 * i));
      }
      return Variant::PackedFloat64(std::move(v));
    }
    default: {  // kPackedVector2/3/4Array: f64 only when real_is_double
      if (width == 8 && opts_.real_is_double) {
        std::vector<double> v(n);
        for (size_t i = 0; i < n; ++i) v[i] = wire::LoadF64(p + 8 * i);
        return Variant::PackedRealVectors(type, std::move(v));
      }
      std::vector<float> v(n);
      for (size_t i = 0; i < n; ++i) {
        v[i] = width == 8 ? NarrowF64ToF32(wire::LoadF64(p + 8 * i))
                          : wire::LoadF32(p + 4 * i);
      }
      DefectPackedVector4(type, &v);
      return Variant::PackedRealVectors32(type, std::move(v));
    }
  }
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
