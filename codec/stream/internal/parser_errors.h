// Copyright 2026 The gdwire Authors.
//
// The push parser's errors (included by parser_impl.h): Fail, the error
// path into the value, and the truncation verdict of each state — the
// reference decoder's kind, offset and path.

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_PARSER_ERRORS_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_PARSER_ERRORS_H_

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/core/path.h"
#include "codec/core/text.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace stream {

template <typename H>
bool Parser<H>::Fail(ErrorKind kind, uint64_t at, std::string detail,
                     bool in_string) {
  error_.kind = kind;
  error_.offset = at;
  error_.detail = std::move(detail);
  error_.godot_error = GodotErrorCode(kind, in_string);
  error_.path = Path();
  status_ = error_.ToStatus();
  return false;
}

template <typename H>
std::string Parser<H>::Path() const {
  std::string s = framed() ? absl::StrCat("#", values_, "$") : "$";
  for (const Frame& f : stack_) {
    if (!f.in_items) continue;
    switch (f.type) {
      case Type::kArray:
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        absl::StrAppend(&s, "[", f.index, "]");
        break;
      case Type::kDictionary:
        if (!f.want_value) {
          absl::StrAppend(&s, "{key #", f.index, "}");
        } else if (f.key_kind == Frame::kInt) {
          absl::StrAppend(&s, "[", f.key_int, "]");
        } else if (f.key_kind == Frame::kText) {
          std::string key;
          if (f.key_not_canonical) {
            core::AppendCanonical(f.key(), &key);
          } else {
            key = std::string(f.key());
          }
          s += core::QuotedKey(key, f.key_too_long);
        } else {
          absl::StrAppend(&s, "{#", f.index, "}");
        }
        break;
      default:  // kObject
        if (!f.want_value) {
          absl::StrAppend(&s, ".<property #", f.index, ">");
        } else {
          std::string name;
          if (f.key_not_canonical) {
            core::AppendCanonical(f.key(), &name);
          } else {
            name = std::string(f.key());
          }
          absl::StrAppend(&s, ".", core::CutKey(name, f.key_too_long));
        }
        break;
    }
  }
  const bool in_string =
      state_ == kStrLen || state_ == kStrBody || state_ == kStrPad;
  if (in_string && str_role_ == StringRole::kPackedElement) {
    absl::StrAppend(&s, "[", pk_index_, "]");
  }
  return s;
}

template <typename H>
bool Parser<H>::Truncated() {
  if (framed() && in_frame_ && frame_left_ > 0) {  // the stream ended first
    Fail(ErrorKind::kBadFrame, frame_start_,
         absl::StrCat("truncated frame of ", frame_len_, " bytes (",
                      frame_len_ - frame_left_, " present)"));
    error_.path = "$";
    status_ = error_.ToStatus();
    return false;
  }
  if (state_ == kFrameSkip || state_ == kFramePrefix) {
    Fail(ErrorKind::kBadFrame, field_start_, "truncated frame length");
    error_.path = "$";
    status_ = error_.ToStatus();
    return false;
  }
  uint64_t at = field_start_;
  std::string what;
  bool in_string = false;
  switch (state_) {
    case kHeader:
      at = value_start_;
      what = "truncated header";
      break;
    case kFixed:
      what = absl::StrCat("truncated ", TypeName(type_));
      break;
    case kStrLen:
      what = "truncated string length";
      break;
    case kStrBody:
    case kStrPad:
      at = str_start_;
      what = absl::StrCat("truncated string of ", str_len_, " bytes");
      in_string = true;
      break;
    case kNodePathHead:
      what = "truncated NodePath";
      break;
    case kNodePathRest:
      at = np_start_;
      what = "truncated NodePath";
      break;
    case kObjectCount:
      what = "truncated Object property count";
      break;
    case kSignalId:
      what = "truncated Signal";
      break;
    case kDescId:
      what = "truncated container element type";
      break;
    case kCount:
      what = absl::StrCat("truncated ",
                          stack_.back().type == Type::kDictionary
                              ? "Dictionary"
                              : TypeName(stack_.back().type),
                          " count");
      break;
    case kPackedCount:
      what = absl::StrCat("truncated ", TypeName(type_), " count");
      break;
    case kPackedData:
      at = pk_data_start_;
      what = absl::StrCat("truncated ", TypeName(type_));
      break;
    default:
      at = Pos();
      what = "truncated input";
      break;
  }
  if (!framed()) return Fail(ErrorKind::kTruncated, at, what, in_string);
  Fail(ErrorKind::kBadFrame, at,
       absl::StrCat(what, " (the value runs past its frame of ", frame_len_,
                    " bytes)"));
  error_.godot_error = GodotErrorCode(ErrorKind::kTruncated, in_string);
  status_ = error_.ToStatus();
  return false;
}

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_PARSER_ERRORS_H_
