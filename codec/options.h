// Copyright 2026 The gdwire Authors.
//
// codec/options.h: the options every decoder and encoder of gdwire takes.
//
// Defaults are Godot's own (objects off, depth 1024, trailing bytes
// ignored) plus resource limits that keep a hostile message from making a
// decoder allocate more than the input justifies.
//
//   gdwire::DecodeOptions opts;
//   opts.dialect = gdwire::Dialect::kGodot3;
//   opts.max_depth = 64;              // stricter than Godot
//   opts.reject_trailing_bytes = true;
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
  // Largest wire string (bytes), packed array (elements) and container
  // (declared count) accepted. Godot's own limit is the input size.
  uint64_t max_string_bytes = uint64_t{1} << 31;
  uint64_t max_packed_elements = uint64_t{1} << 31;
  uint64_t max_container_elements = uint64_t{1} << 31;
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
};

}  // namespace gdwire

#endif  // GDWIRE_CODEC_OPTIONS_H_
