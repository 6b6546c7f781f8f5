// Copyright 2026 The gdwire Authors.
//
// The push parser's reading of Pandemonium 5's TypedArray / PackedTypedArray
// head (core/io/marshalls.cpp): a u32 element type (bit 31 masked); for
// Object elements without the object-as-id header flag, a StringName value
// holding the class name (its header word is checked here, its text read as
// a kElementClass string); then the count (kCount). The BeginEvent's
// `element` carries the type: kBuiltin, or kClassName (the name came as a
// kElementClass string; a kBuiltin kObject means object-as-id, whose class
// name the engine does not send).

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_PANDEMONIUM_DESC_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_PANDEMONIUM_DESC_H_

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "codec/stream/parser.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace stream {

template <typename H>
bool Parser<H>::PandemoniumDescId(const uint8_t* q) {
  Frame& f = stack_.back();
  const uint32_t word = wire::LoadU32(q);
  if (f.desc_stage == 0) {  // the element type
    const uint32_t id = word & wire::kCountMask;
    Type t;
    if (!TypeFromWireId(opts_.dialect, id, &t)) {
      return Fail(ErrorKind::kInvalidContainerType, field_start_,
                  absl::StrCat("invalid element type id ", id));
    }
    f.desc[0].kind = ContainerDesc::kBuiltin;
    f.desc[0].builtin = t;
    f.desc_stage = 1;
    if (t != Type::kObject || (f.header & wire::kFlagObjectAsId) != 0) {
      f.desc_stage = 2;
      state_ = kCount;
    }
    return true;  // else the class name's header next (kDescId again)
  }
  uint32_t sn;
  WireId(opts_.dialect, Type::kStringName, &sn);
  if ((word & wire::kTypeMask) != sn) {
    return Fail(ErrorKind::kInvalidContainerType, field_start_,
                "class name of a typed array is not a StringName");
  }
  f.desc[0].kind = ContainerDesc::kClassName;
  return StartString(StringRole::kElementClass);  // then DescNext: kCount
}

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_PANDEMONIUM_DESC_H_
