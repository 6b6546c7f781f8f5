// Copyright 2026 The gdwire Authors.
//
// The reference decoder's entry points (decoder.h) and its core: the
// dispatch on a value's header, error building, and the allocation budget
// (internal/decoder.h describes it, and lists the files of the other
// steps).

#include "codec/reference/decoder.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/decoder.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {

uint64_t StringHeap(uint64_t n) {
  static const uint64_t kInline = std::string().capacity();
  if (n <= kInline) return 0;
  return (std::max(n, 2 * kInline) + 1 + 15) & ~uint64_t{15};
}

Error Decoder::Value(int depth, Variant* out) {
  const size_t start = pos_;
  if (depth > opts_.max_depth) return TooDeep(start);
  if (Remaining() < 4) return BadHeader(start, 0, false);
  const uint32_t header = wire::LoadU32(data_ + pos_);
  Type type;
  if (!TypeFromWireId(opts_.dialect, header & wire::kTypeMask, &type)) {
    return BadHeader(start, header & wire::kTypeMask, true);
  }
  pos_ += 4;
  // The values that hold other values, then the leaves.
  if (type == Type::kArray) return ArrayValue(header, depth, out);
  if (type == Type::kDictionary) return DictionaryValue(header, depth, out);
  if (type == Type::kObject) return ObjectValue(header, depth, start, out);
  if (type == Type::kTypedArray || type == Type::kPackedTypedArray) {
    return TypedArrayValue(type, header, depth, out);
  }
  return Leaf(type, header, out);
}

std::string Decoder::Path() const {
  std::string p = "$";
  for (auto it = segments_.rbegin(); it != segments_.rend(); ++it) p += *it;
  return p;
}

Error Decoder::TooDeep(size_t start) const {
  return Fail(ErrorKind::kTooDeep, start, "nesting deeper than max_depth");
}

Error Decoder::BadHeader(size_t start, uint32_t id, bool bad_type) const {
  if (!bad_type) return Fail(ErrorKind::kTruncated, start, "truncated header");
  return Fail(ErrorKind::kInvalidType, start,
              absl::StrCat("invalid type id ", id));
}

Error Decoder::Fail(ErrorKind kind, size_t at, std::string detail,
                    bool in_string) const {
  Error e;
  e.kind = kind;
  e.offset = base_ + at;
  e.detail = std::move(detail);
  e.godot_error = GodotErrorCode(kind, in_string);
  return e;
}

Error Decoder::Truncated(Type t) const {
  return Fail(ErrorKind::kTruncated, pos_,
              absl::StrCat("truncated ", TypeName(t)));
}

Error Decoder::Charge(uint64_t bytes, size_t at) {
  if (bytes > budget_ - charged_) {
    return Fail(ErrorKind::kLimitExceeded, at,
                absl::StrCat("decoding needs more than max_alloc_bytes (",
                             budget_, " bytes) of memory"));
  }
  charged_ += bytes;
  return {};
}

Error Decoder::ChargeBacked(uint64_t count, uint64_t min_wire_bytes,
                            uint64_t elem_bytes, size_t at, bool* backed) {
  const uint64_t avail = Remaining() >= promised_ ? Remaining() - promised_ : 0;
  *backed = count <= avail / min_wire_bytes;
  if (!*backed) {
    discarded_ |= count > 0;
    return {};
  }
  return Charge(count * elem_bytes, at);
}

Error Decoder::Prefix(Error e, std::string segment) {
  segments_.push_back(std::move(segment));
  return e;
}

}  // namespace decoder_internal

Error DecodeValue(absl::Span<const uint8_t> bytes, const DecodeOptions& options,
                  Variant* out, size_t* consumed, uint64_t base_offset) {
  decoder_internal::Decoder dec(bytes.data(), bytes.size(), options,
                                base_offset);
  Error e = dec.Value(0, out);
  if (options.alloc_account != nullptr) *options.alloc_account = dec.charged();
  if (e.ok() && dec.discarded()) {
    // Cannot happen: an unbacked count means the input is too short for
    // it. Kept as a check rather than returning a value with elements left
    // out.
    e.kind = ErrorKind::kTruncated;
    e.offset = base_offset + dec.pos();
    e.detail = "internal: a container count the input cannot hold decoded";
    e.godot_error = GodotErrorCode(e.kind, false);
  }
  if (!e.ok()) {
    e.path = dec.Path();
    *out = Variant();
    return e;
  }
  if (consumed != nullptr) *consumed = dec.pos();
  if (options.reject_trailing_bytes && dec.pos() != bytes.size()) {
    e.kind = ErrorKind::kTrailingBytes;
    e.offset = base_offset + dec.pos();
    e.path = "$";
    e.detail = absl::StrCat(bytes.size() - dec.pos(),
                            " trailing bytes after the value");
    *out = Variant();
  }
  return e;
}

absl::StatusOr<Variant> Decode(absl::Span<const uint8_t> bytes,
                               const DecodeOptions& options, size_t* consumed,
                               uint64_t base_offset) {
  Variant v;
  Error e = DecodeValue(bytes, options, &v, consumed, base_offset);
  if (!e.ok()) return e.ToStatus();
  return v;
}

}  // namespace reference
}  // namespace gdwire
