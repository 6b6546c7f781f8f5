// Copyright 2026 The gdwire Authors.
//
// The push parser's wire strings (included by parser_impl.h): the whole-
// string fast path, parts across pieces, what paths and script checks
// keep, and where each role goes next.

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_PARSER_STRINGS_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_PARSER_STRINGS_H_

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
#include "simd/utf8.h"

namespace gdwire {
namespace stream {

// The wire bytes (length, text, padding) of the string at p_ when it lies
// whole in this piece and the fast paths take it; 0 when not (cut, carried
// over, or longer than 16 MiB or max_string_bytes: the string states then
// read it, and report what is wrong with it).
template <typename H>
size_t Parser<H>::WholeString() const {
  if (carry_len_ != 0 || Avail() < 4) return 0;
  const uint32_t n = wire::LoadU32(p_);
  const size_t total = 4 + size_t{n} + wire::Pad4(n);
  if (n > (1u << 24) || n > opts_.max_string_bytes || Avail() < total) {
    return 0;
  }
  return total;
}

// The verdict on a whole string's n bytes of text: the reference's (same
// bad index, BOM and NUL rules), by the read core's text rules
// (core::CheckText: short ASCII inline, other short text in vectors
// loaded in place, long text through the UTF-8 kernel).
template <typename H>
simd::WireText Parser<H>::CheckWholeText(const uint8_t* text,
                                         uint32_t n) const {
  // The piece's bytes after the string may be read (not looked at).
  return core::CheckText(text, n, static_cast<size_t>(end_ - text),
                         opts_.dialect);
}

template <typename H>
void Parser<H>::BeginText(uint32_t n) {
  str_len_ = n;
  str_pad_left_ = wire::Pad4(n);
  str_parts_ = 0;
  str_text_bytes_ = 0;
  text_.Begin(n, opts_.dialect);
}

template <typename H>
bool Parser<H>::StartString(StringRole role) {
  str_role_ = role;
  str_capture_ = false;
  if (!stack_.empty()) {
    Frame& f = stack_.back();
    const bool key =
        f.type == Type::kDictionary && f.in_items && !f.want_value &&
        (role == StringRole::kString || role == StringRole::kStringName);
    if (key || role == StringRole::kPropertyName) {
      str_capture_ = true;
      f.key_text.clear();
      f.key_in_piece = false;
      f.key_too_long = false;
      f.key_not_canonical = false;
    }
  }
  // The common case: the whole string (length, text, padding) is in this
  // piece: one zero-copy part, checked at once (CheckWholeText), no
  // scanner.
  if (const size_t total = WholeString()) {
    const uint32_t n = wire::LoadU32(p_);
    str_start_ = Pos();
    str_len_ = n;
    str_parts_ = 0;
    str_text_bytes_ = 0;
    str_pad_left_ = 0;
    state_ = kStrPad;  // where StringDone is called from (for paths)
    const uint8_t* text = p_ + 4;
    const simd::WireText t = CheckWholeText(text, n);
    if (!t.ok) {
      return Fail(ErrorKind::kInvalidUtf8, str_start_ + 4 + t.bad_index,
                  "invalid UTF-8");
    }
    text_.Pass(t.canonical);  // the verdict for StringDone
    Advance(total);
    if (!EmitPart(
            absl::string_view(reinterpret_cast<const char*>(text) + t.begin,
                              t.end - t.begin),
            kFirstPart | kLastPart | (t.canonical ? 0 : kNotCanonical))) {
      return false;
    }
    return StringDone();
  }
  // Cut by the piece's end with its length here and within the limits:
  // kStrLen's work and kStrBody's first part at once (the part of the text
  // that is here goes to the handler now, as kStrBody would pass it on).
  if (carry_len_ == 0 && Avail() >= 4) {
    const uint32_t n = wire::LoadU32(p_);
    if (n <= (1u << 24) && n <= opts_.max_string_bytes) {
      str_start_ = Pos();
      Advance(4);
      BeginText(n);
      const size_t k = std::min<uint64_t>(Avail(), n);
      if (!EmitText(p_, k)) return false;
      Advance(k);
      state_ = text_.remaining() > 0 ? kStrBody : kStrPad;
      return true;
    }
  }
  state_ = kStrLen;
  return true;
}

template <typename H>
bool Parser<H>::EmitText(const uint8_t* p, size_t k) {
  const internal::WireTextScanner::Text t = text_.Consume(p, k);
  const bool done = text_.remaining() == 0;
  absl::string_view parts[2];
  int n = 0;
  if (!t.held.empty()) parts[n++] = t.held;
  if (t.end > t.begin) {
    parts[n++] = absl::string_view(reinterpret_cast<const char*>(p) + t.begin,
                                   t.end - t.begin);
  }
  if (done && n == 0) parts[n++] = absl::string_view();
  for (int i = 0; i < n; ++i) {
    uint8_t flags = 0;
    if (done && i == n - 1) {
      flags = kLastPart;
      if (!text_.canonical()) flags |= kNotCanonical;
    }
    if (!EmitPart(parts[i], flags)) return false;
  }
  return true;
}

// Hands one part of the current string to the handler (kFirstPart is added
// to the first), keeping what paths and script checks need.
template <typename H>
bool Parser<H>::EmitPart(absl::string_view text, uint8_t flags) {
  StringPart s;
  s.role = str_role_;
  s.text = text;
  s.flags = flags | (str_parts_ == 0 ? kFirstPart : 0);
  ++str_parts_;
  if (str_capture_) {
    Frame& f = stack_.back();
    if (s.whole()) {
      f.key_in_piece = true;
      f.key_view = text.substr(0, core::kMaxPathKey);
      f.key_too_long = text.size() > core::kMaxPathKey;
    } else {
      const size_t room = core::kMaxPathKey - f.key_text.size();
      f.key_text.append(text.data(), std::min(room, text.size()));
      if (text.size() > room) f.key_too_long = true;
    }
  }
  // Script paths must start "res://": keep their first bytes.
  const bool script = str_role_ == StringRole::kElementScript ||
                      str_role_ == StringRole::kKeyScript ||
                      str_role_ == StringRole::kValueScript;
  if (script && str_text_bytes_ < 6 && !text.empty()) {
    const size_t c = std::min<size_t>(6 - str_text_bytes_, text.size());
    std::memcpy(script_prefix_ + str_text_bytes_, text.data(), c);
  }
  str_text_bytes_ += text.size();
  if (!h_->String(s)) return Stop();
  return true;
}

template <typename H>
bool Parser<H>::StringDone() {
  if (text_.failed()) {
    return Fail(ErrorKind::kInvalidUtf8, str_start_ + 4 + text_.bad_index(),
                "invalid UTF-8");
  }
  if (str_capture_) {
    Frame& f = stack_.back();
    f.key_kind = Frame::kText;
    f.key_not_canonical = !text_.canonical();
  }
  switch (str_role_) {
    case StringRole::kString:
    case StringRole::kStringName:
      return ValueComplete();
    case StringRole::kNodePathName:
    case StringRole::kNodePathSubname:
      ++np_index_;
      state_ = kNodePathNext;
      return true;
    case StringRole::kSignalName:
      state_ = kSignalId;
      return true;
    case StringRole::kObjectClass:
      if (str_text_bytes_ == 0) return EndContainer();  // a null Object
      state_ = kObjectCount;
      return true;
    case StringRole::kPropertyName:
      stack_.back().want_value = true;
      state_ = kValueStart;
      return true;
    case StringRole::kPackedElement:
      ++pk_index_;
      state_ = kPackedStringsNext;
      return true;
    case StringRole::kElementScript:
    case StringRole::kKeyScript:
    case StringRole::kValueScript:
      if (opts_.allow_objects &&
          (str_text_bytes_ < 6 ||
           std::memcmp(script_prefix_, "res://", 6) != 0)) {
        return Fail(ErrorKind::kInvalidContainerType, str_start_,
                    "container script path is not a res:// path");
      }
      [[fallthrough]];
    default:  // a typed container's class name
      ++stack_.back().desc_stage;
      state_ = kDescNext;
      return true;
  }
}

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_PARSER_STRINGS_H_
