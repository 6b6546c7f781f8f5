// Copyright 2026 The gdwire Authors.
//
// codec/multiplayer/internal/values.h: bounds-checked little-endian reads
// and MultiplayerAPI's compressed values (encode_and_compress_variant /
// decode_and_decompress_variant), shared by the packet codecs.

#ifndef GDWIRE_CODEC_MULTIPLAYER_INTERNAL_VALUES_H_
#define GDWIRE_CODEC_MULTIPLAYER_INTERNAL_VALUES_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/multiplayer/packet.h"
#include "codec/options.h"

namespace gdwire {
namespace multiplayer {
namespace internal {

// A cursor over one packet. Offsets in errors are absolute: `base` (where
// the packet starts in the enclosing one, for relayed packets) plus the
// position.
class Reader {
 public:
  Reader(absl::Span<const uint8_t> bytes, uint64_t base)
      : bytes_(bytes), base_(base) {}

  size_t pos() const { return pos_; }
  size_t size() const { return bytes_.size(); }
  size_t left() const { return bytes_.size() - pos_; }
  uint64_t abs(size_t pos) const { return base_ + pos; }
  uint64_t base() const { return base_; }
  absl::Span<const uint8_t> bytes() const { return bytes_; }

  // kTruncated naming `path` ("remote_call.method_id") unless n bytes are
  // left.
  Error Need(size_t n, absl::string_view path) const;
  uint8_t U8() { return bytes_[pos_++]; }
  uint16_t U16();
  uint32_t U32();
  uint64_t U64();
  // The next n bytes (checked by the caller) as a string.
  std::string Take(size_t n);
  void Skip(size_t n) { pos_ += n; }

 private:
  absl::Span<const uint8_t> bytes_;
  uint64_t base_;
  size_t pos_ = 0;
};

Error MakeError(ErrorKind kind, uint64_t offset, absl::string_view path,
                absl::string_view detail);

// Decodes one value from [r->pos(), end); advances r. `compressed`:
// Godot 4's encode_and_compress_variant (bool and int short forms); else
// the plain Variant encoding (Godot 3.x MultiplayerAPI).
// `keep_value` false: a kVariant value is checked and kept as its bytes
// only (PacketOptions::keep_values).
Error DecodeValue(Reader* r, size_t end, const DecodeOptions& options,
                  absl::string_view path, Value* out, bool compressed = true,
                  bool keep_value = true);
// Decodes values from [r->pos(), end) until end (count < 0) or `count`
// of them; at most max_values in all (kLimitExceeded past it).
Error DecodeValues(Reader* r, size_t end, int count,
                   const DecodeOptions& options, absl::string_view path,
                   size_t max_values, std::vector<Value>* out,
                   bool compressed = true, bool keep_values = true);

// Appends the value's bytes. `path` names it in errors. `dialect`: for a
// kVariant value without `wire`; `compressed` as for DecodeValue.
Error EncodeValue(const Value& v, absl::string_view path, std::string* out,
                  Dialect dialect = Dialect::kGodot4, bool compressed = true);

void PutU16(uint16_t v, std::string* out);
void PutU32(uint32_t v, std::string* out);
void PutU64(uint64_t v, std::string* out);

}  // namespace internal
}  // namespace multiplayer
}  // namespace gdwire

#endif  // GDWIRE_CODEC_MULTIPLAYER_INTERNAL_VALUES_H_
