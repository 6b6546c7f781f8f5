// Copyright 2026 The gdwire Authors.
//
// codec/options.h: the options every decoder and encoder of gdwire takes.
//
// Defaults are Godot's own (objects off, depth 1024, trailing bytes
// ignored) plus resource limits that keep a hostile message from making a
// decoder allocate more than the input justifies (docs/SECURITY.md).
//
//   gdwire::DecodeOptions opts;
//   opts.dialect = gdwire::Dialect::kGodot3;
//   opts.max_depth = 64;              // stricter than Godot
//   opts.reject_trailing_bytes = true;
//   opts.max_alloc_bytes = 1 << 20;   // at most 1 MiB per decoded value
//
//   gdwire::EncodeOptions eopts;
//   eopts.real_is_double = true;      // act like a `precision=double` build

#ifndef GDWIRE_CODEC_OPTIONS_H_
#define GDWIRE_CODEC_OPTIONS_H_

#include <cstdint>

#include "codec/types.h"

namespace gdwire {

struct DecodeOptions {
  Dialect dialect = Dialect::kGodot4;
  // Full objects (class name + properties). Off by default, as in Godot:
  // `bytes_to_var` / `get_var` refuse them with ERR_UNAUTHORIZED. Objects
  // sent as instance ids are always accepted.
  bool allow_objects = false;
  // Containers and objects may nest this deep (Godot: 1024, i.e. 1025
  // levels including the top value).
  int max_depth = 1024;
  // Godot ignores bytes after the value; set to make them an error.
  bool reject_trailing_bytes = false;
  // Math types and packed vector arrays sent with f64 components (flag bit
  // 16, from a double-precision peer) are narrowed to f32 on decode, as a
  // single-precision engine (the official builds) does, so values, text and
  // Dictionary key identity match that engine. Set to keep the doubles, as
  // a `precision=double` engine build would.
  bool real_is_double = false;
  // Largest wire string (bytes), packed array (elements, PackedStringArray
  // too) and container (declared count, Object properties too) accepted.
  // Godot's own limit is the input size. Exceeding one is kLimitExceeded.
  uint64_t max_string_bytes = uint64_t{1} << 31;
  uint64_t max_packed_elements = uint64_t{1} << 31;
  uint64_t max_container_elements = uint64_t{1} << 31;
  // Most heap memory (bytes requested from the allocator) that one decoded
  // value may take, the decoder's working storage included: the decoder
  // charges every block before allocating it and fails with kLimitExceeded
  // (offset and path of the value that needed it) instead of going over.
  // Charges are never refunded, so this bounds the total allocated and with
  // it the peak. 0 = automatic: AutoAllocBudget(input size), i.e.
  // kAllocFactor bytes per input byte plus kAllocSlack. UINT64_MAX = off.
  //
  // Why 32: a value costs more than its wire bytes. sizeof(Variant) is 72
  // (x86-64, libstdc++), so a NIL or Callable array element (4 wire bytes)
  // takes 18 bytes per input byte, and the worst shape found, a Dictionary
  // whose keys and values are empty Dictionaries (16 wire bytes per entry:
  // a 144-byte entry, two 104-byte Dictionary boxes, index), takes 25. The
  // decoder reserves container storage only for counts the remaining input
  // can back (see decoder.cc), so no input, valid or not, needs more than
  // about 25 bytes per input byte; 32 leaves room and never rejects what the
  // engine accepts. Servers that know their message sizes should set an
  // absolute value (e.g. 1 << 20).
  uint64_t max_alloc_bytes = 0;
  // Optional: a running total of charges shared by several decodes, so
  // that they share one budget (a connection's, say). Each decode starts
  // from *alloc_account, adds its charges to it and fails once the total
  // would pass its budget. DecodeFramed / DecodeFramedEach use one for all
  // the values of a call (budget: AllocBudget of the whole buffer).
  uint64_t* alloc_account = nullptr;
  // Pandemonium dialects, reference decoder only: read as the engine's own
  // bytes2var does, its defects included (docs/PANDEMONIUM.md): Vector4 and
  // Vector4i consume 12 of their 16 bytes, a Projection needs 248 bytes
  // left, PoolVector4Array's w is read from z's offset, a Nil-typed
  // PackedTypedArray drops the bools its encoder writes. For tests, and to
  // predict what a Pandemonium peer makes of some bytes. Off (the default),
  // bytes are read as the engine's encoder meant them.
  bool pandemonium_engine_defects = false;

  static constexpr uint64_t kAllocFactor = 32;
  static constexpr uint64_t kAllocSlack = 4096;
  // The budget that max_alloc_bytes = 0 stands for, for an input of `n`
  // bytes (saturating).
  static constexpr uint64_t AutoAllocBudget(uint64_t n) {
    return n > (UINT64_MAX - kAllocSlack) / kAllocFactor
               ? UINT64_MAX
               : n * kAllocFactor + kAllocSlack;
  }
  // The budget in force for an input of `n` bytes.
  uint64_t AllocBudget(uint64_t n) const {
    return max_alloc_bytes != 0 ? max_alloc_bytes : AutoAllocBudget(n);
  }
};

struct EncodeOptions {
  Dialect dialect = Dialect::kGodot4;
  // Write objects in full (class + properties) instead of as instance ids
  // (`var_to_bytes_with_objects` / `put_var(v, true)`).
  bool full_objects = false;
  // Act like a double-precision engine build (godot4 only): math types and
  // packed vector arrays are written with f64 components and flag bit 16.
  bool real_is_double = false;
  int max_depth = 1024;
  // Pandemonium dialects, reference encoder only: write as the engine's
  // var2bytes does, its defect included: PoolVector4iArray elements carry z
  // in place of w. Off (the default), w is written (the engine reads it).
  bool pandemonium_engine_defects = false;
};

}  // namespace gdwire

#endif  // GDWIRE_CODEC_OPTIONS_H_
