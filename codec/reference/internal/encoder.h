// Copyright 2026 The gdwire Authors.
//
// codec/reference/internal/encoder.h: the reference encoder's state and
// steps (codec/reference/encoder.h is its API). It writes a value in the
// engine's order (marshalls.cpp, encode_variant): a first pass decides the
// header word's flag bits (the 64-bit flag, object-as-id, the
// typed-container kinds) and refuses what cannot be written before anything
// is; then the header is written, and a second pass writes the payload.
// Bytes go out little-endian as docs/FORMAT.md lays them out (§5 - §12).
//
//   encoder.cc           entry points, errors, the first pass (the header)
//   encoder_payload.cc   the second pass (the payload of every type)

#ifndef GDWIRE_CODEC_REFERENCE_INTERNAL_ENCODER_H_
#define GDWIRE_CODEC_REFERENCE_INTERNAL_ENCODER_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace reference {
namespace encoder_internal {

// Header bits (docs/FORMAT.md §3, §5, §10, §11.1).
inline constexpr uint32_t kBit16 = uint32_t{1} << 16;  // 64-bit; object id
inline constexpr int kArrayKindAt = 16;                // typed Array's kind
inline constexpr int kKeyKindAt = 16;    // typed Dictionary's key kind
inline constexpr int kValueKindAt = 18;  // ... and value kind

// Bytes appended to a string, each word little-endian.
class Sink {
 public:
  explicit Sink(std::string* bytes) : bytes_(bytes) {}

  size_t size() const { return bytes_->size(); }
  void Word(uint32_t w) {
    const char le[4] = {static_cast<char>(w), static_cast<char>(w >> 8),
                        static_cast<char>(w >> 16), static_cast<char>(w >> 24)};
    bytes_->append(le, 4);
  }
  void Long(uint64_t w) {
    Word(static_cast<uint32_t>(w & 0xFFFFFFFFu));
    Word(static_cast<uint32_t>(w >> 32));
  }
  void Single(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    Word(bits);
  }
  void Double(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    Long(bits);
  }
  void Bytes(const void* p, size_t n) {
    bytes_->append(static_cast<const char*>(p), n);
  }
  // Zero bytes up to the next multiple of 4 after a field of n bytes.
  void ZerosAfter(size_t n) {
    if (n % 4 != 0) bytes_->append(4 - n % 4, '\0');
  }

 private:
  std::string* bytes_;
};

// A Pandemonium TypedArray's element type: Nil when untyped, Object for a
// class.
Type ElementTypeOf(const ContainerType& ct);

class Writer {
 public:
  explicit Writer(const EncodeOptions& opts) : opts_(opts) {}

  // Writes `v` (nested `depth` deep) to `out`.
  Error Put(const Variant& v, int depth, Sink& out);
  // "$" and the segments of the failed value, outermost first.
  std::string Path() const;

 private:
  // ---- encoder.cc: errors and the first pass (nothing written).
  Error Refuse(ErrorKind kind, std::string detail, const Sink& at) const;
  Error Missing(Type type, const Sink& at) const;
  // Names the element an error came from; collected innermost first.
  Error Within(Error e, std::string segment);
  bool WideReals(Type type) const;
  // The header's flag bits: the 64-bit flag, object-as-id.
  uint32_t FlagBits(const Variant& v) const;
  // True for the types that may be refused (or carry container kinds).
  static bool MayRefuse(Type type);
  // Refuses what cannot be written; adds the typed-container kinds.
  Error Refusals(const Variant& v, const Sink& out, uint32_t* header);
  Error ArrayHead(const Array& a, const Sink& out, uint32_t* header);
  Error DictionaryHead(const Dictionary& dict, const Sink& out,
                       uint32_t* header);
  Error TypedArrayHead(const Array& a, const Sink& out);
  // One side of a typed godot4 container (§11.1): its 2-bit kind and its
  // description (written to the empty *description; an error in its text
  // is reported at its offset within the description).
  Error Describe(const ContainerType& ct, const Sink& out, uint32_t* kind,
                 std::string* description);

  // ---- encoder_payload.cc: the second pass, the payload after the header.
  Error Payload(const Variant& v, uint32_t header, int depth, Sink& out);
  // A wire string (§7.1): length, text, zero padding.
  Error Text(const std::string& s, Sink& out);
  Error NodePathPayload(const NodePath& path, Sink& out);
  Error ObjectPayload(const Object& o, int depth, Sink& out);
  Error Elements(const std::vector<Variant>& items, int depth, Sink& out);
  Error DictionaryPayload(const Dictionary& dict, int depth, Sink& out);
  Error TypedArrayPayload(Type which, const Array& a, int depth, Sink& out);
  Error PackedPayload(const Variant& v, bool wide, Sink& out);
  Error PackedTexts(const std::vector<std::string>& texts, Sink& out);

  const EncodeOptions& opts_;
  // The descriptions of the typed godot4 container being written (element
  // or key, then value): made by the first pass, written after the header.
  std::string descriptions_[2];
  std::vector<std::string> segments_;  // innermost first
};

}  // namespace encoder_internal
}  // namespace reference
}  // namespace gdwire

#endif  // GDWIRE_CODEC_REFERENCE_INTERNAL_ENCODER_H_
