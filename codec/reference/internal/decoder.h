// Copyright 2026 The gdwire Authors.
//
// codec/reference/internal/decoder.h: the reference decoder's state and
// steps (codec/reference/decoder.h is its API). The class follows the
// engine's `decode_variant` field by field (spec §7.1 and the table of
// checks in §7.3); every length is checked against the remaining input
// before anything is allocated. Its steps live in one file per job:
//
//   decoder.cc                   entry points, the header dispatch, errors,
//                                the allocation budget
//   decoder_leaves.cc            scalars and math types
//   decoder_strings.cc           wire strings and NodePaths
//   decoder_packed.cc            packed arrays
//   decoder_container_types.cc   godot4 typed-container descriptors and the
//                                insertion check
//   decoder_containers.cc        Array and Dictionary
//   decoder_objects.cc           Object
//   decoder_pandemonium.cc       Pandemonium's TypedArray/PackedTypedArray and
//                                the emulation of its engine's defects
//
// It reads nothing through the production readers (codec/view,
// codec/document, codec/stream): it is the oracle they are checked against.
//
// Memory (DecodeOptions::max_alloc_bytes, docs/SECURITY.md):
//   * Charge(n) is called with the size of every heap block the decoder is
//     about to allocate (string text, packed arrays, container storage,
//     Array/Dictionary/Object boxes, the Dictionary key index); the sum of
//     the charges never exceeds the budget. Nothing is refunded.
//   * Counted storage (Array items, Dictionary entries, Object properties,
//     PackedStringArray elements, NodePath components) is reserved once, for
//     exactly the declared count, and only when that count is "backed": the
//     count times the smallest wire size of an element fits in the input
//     that remains after what the enclosing containers still need
//     (`promised_`). So two nested containers never both reserve against
//     the same input bytes, and reservations sum to at most a quarter of the
//     input in elements. A count that is not backed cannot be satisfied:
//     the input is certain to fail. Its elements are still decoded one by
//     one, so the error is the engine's own first error at the same offset,
//     but they are dropped at once, never stored. (Inside such a container
//     `promised_` exceeds the input, so nothing nested is stored either.)

#ifndef GDWIRE_CODEC_REFERENCE_INTERNAL_DECODER_H_
#define GDWIRE_CODEC_REFERENCE_INTERNAL_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {

// Dictionary keys and Object property names in error paths are cut at this
// many bytes ("..."), so that error paths stay short whatever the keys.
inline constexpr size_t kMaxKeyInPath = 64;

// Smallest wire size of one element of each counted kind.
inline constexpr uint64_t kMinValueBytes = 4;     // a header
inline constexpr uint64_t kMinEntryBytes = 8;     // Dictionary key + value
inline constexpr uint64_t kMinPropertyBytes = 8;  // Object name + value
inline constexpr uint64_t kMinStringBytes = 4;    // a wire string's length

// The typed-container class name that stands for any Object class when
// objects are not allowed (spec §7.5).
inline constexpr char kEncodedObjectAsId[] = "EncodedObjectAsID";

// Heap bytes of a std::string of `n` chars: none within its inline
// capacity; above it both libstdc++ and libc++ allocate at least twice the
// inline capacity, plus the NUL, rounded up by libc++ to 16.
uint64_t StringHeap(uint64_t n);

class Decoder {
 public:
  Decoder(const uint8_t* data, size_t size, const DecodeOptions& opts,
          uint64_t base)
      : data_(data),
        size_(size),
        opts_(opts),
        base_(base),
        budget_(opts.AllocBudget(size)),
        charged_(opts.alloc_account != nullptr ? *opts.alloc_account : 0) {}

  size_t pos() const { return pos_; }
  uint64_t charged() const { return charged_; }
  // True when some elements were decoded and dropped (an unbacked count):
  // then the decode must have failed.
  bool discarded() const { return discarded_; }

  // The recursive step. Kept small (the leaves live in Leaf, errors are
  // built out of line) so that 1025 levels fit in a thread's stack even in
  // sanitizer builds.
  Error Value(int depth, Variant* out);

  // "$" and the segments of the failed decode, outermost first.
  std::string Path() const;

 private:
  // ---- decoder.cc: errors and the budget.
  __attribute__((noinline)) Error TooDeep(size_t start) const;
  __attribute__((noinline)) Error BadHeader(size_t start, uint32_t id,
                                            bool bad_type) const;
  size_t Remaining() const { return size_ - pos_; }
  Error Fail(ErrorKind kind, size_t at, std::string detail,
             bool in_string = false) const;
  Error Truncated(Type t) const;
  // Accounts for a heap block of `bytes` about to be allocated for the
  // field at `at`; kLimitExceeded if it would go over the budget.
  Error Charge(uint64_t bytes, size_t at);
  // Charges `count` elements of `elem_bytes` each when the count is backed
  // by the input (see the top of the file): then the caller reserves them.
  // Otherwise sets *backed = false and charges nothing: the caller decodes
  // the elements and drops them.
  Error ChargeBacked(uint64_t count, uint64_t min_wire_bytes,
                     uint64_t elem_bytes, size_t at, bool* backed);
  // Records the path segment of the container element an error came from.
  // Segments are collected innermost first while unwinding and joined once
  // (Path), so a deep error costs linear, not quadratic, time.
  Error Prefix(Error e, std::string segment);

  // ---- decoder_leaves.cc: every type that holds no other value.
  __attribute__((noinline)) Error Leaf(Type type, uint32_t header,
                                       Variant* out);
  Error RealMathValue(Type type, int n, bool flag64, Variant* out);
  Error IntMathValue(Type type, int n, Variant* out);
  Error SignalValue(Variant* out);

  // ---- decoder_strings.cc.
  // A length-prefixed UTF-8 string (spec §2.2, §7.4).
  Error WireString(std::string* out);
  Error NodePathValue(Variant* out);

  // ---- decoder_packed.cc.
  Error PackedValue(Type type, bool flag64, Variant* out);
  Error PackedStringsValue(size_t start, int32_t count, Variant* out);
  Variant PackedNumbers(Type type, size_t width, const uint8_t* p,
                        size_t n) const;

  // ---- decoder_container_types.cc.
  // godot4 typed-container descriptor of one side (spec §5.3).
  Error ContainerTypeOf(uint32_t kind, ContainerType* ct);
  // The heap copy of kEncodedObjectAsId (longer than the inline capacity
  // of a std::string).
  Error ChargeClassName(size_t at);
  // Godot 4's typed-container insertion check (ContainerTypeValidate):
  // sets *keep = false when the element is dropped; may convert it, and
  // charges the copy of the text a String <-> StringName conversion makes.
  Error FitElement(const ContainerType& ct, Variant* v, size_t at, bool* keep);

  // ---- decoder_containers.cc.
  Error Count(const char* what, uint32_t* count);
  Error ArrayValue(uint32_t header, int depth, Variant* out);
  Error DictionaryValue(uint32_t header, int depth, Variant* out);

  // ---- decoder_objects.cc.
  Error ObjectValue(uint32_t header, int depth, size_t start, Variant* out);

  // ---- decoder_pandemonium.cc.
  Error TypedArrayValue(Type which, uint32_t header, int depth, Variant* out);
  static bool AdmitPandemonium(Type which, const ContainerType& ct,
                               bool defects, Variant* v);
  // The engine's decoding defects are emulated only when asked for.
  bool Defects() const {
    return opts_.pandemonium_engine_defects && IsPandemonium(opts_.dialect);
  }
  bool DefectShortProjection(Type type) const;
  size_t DefectUnreadBytes(Type type) const;
  void DefectPackedVector4(Type type, std::vector<float>* v) const;

  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  const DecodeOptions& opts_;
  uint64_t base_;
  // Allocation accounting: the budget, and the sum of the charges so far.
  const uint64_t budget_;
  uint64_t charged_;
  // Input bytes the enclosing containers still need after the value being
  // decoded (their remaining elements at their smallest wire size).
  uint64_t promised_ = 0;
  bool discarded_ = false;
  std::vector<std::string> segments_;  // error path, innermost first
};

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire

#endif  // GDWIRE_CODEC_REFERENCE_INTERNAL_DECODER_H_
