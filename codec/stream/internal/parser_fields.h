// Copyright 2026 The gdwire Authors.
//
// The push parser's field readers (included by codec/stream/parser.h): a
// value's header and fixed payload, NodePath and typed-container
// descriptors, container and packed-array counts, packed data and the
// whole-string run of a PackedStringArray. Each consumes what the piece
// holds and returns to wait for more, as the state machine in
// parser_impl.h does; checks, their order and error offsets follow the
// reference decoder (spec §7.3).

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_PARSER_FIELDS_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_PARSER_FIELDS_H_

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/core/wire_types.h"
#include "codec/stream/internal/parser_errors.h"
#include "codec/stream/internal/parser_strings.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace stream {

template <typename H>
bool Parser<H>::Header(const uint8_t* q) {
  header_ = wire::LoadU32(q);
  const core::WireType& wt = types_[header_ & wire::kTypeMask];
  if (!wt.valid()) {
    return Fail(ErrorKind::kInvalidType, value_start_,
                absl::StrCat("invalid type id ", header_ & wire::kTypeMask));
  }
  type_ = wt.type;
  const int fixed = wt.fixed[(header_ & wire::kFlag64) != 0];
  if (fixed >= 0) {
    fixed_len_ = static_cast<size_t>(fixed);
    if (fixed == 0) return FixedPayload(nullptr);
    if (carry_len_ == 0 && Avail() >= fixed_len_) {  // all here: no state
      field_start_ = Pos();
      const uint8_t* payload = p_;
      Advance(fixed_len_);
      return FixedPayload(payload);
    }
    state_ = kFixed;
    return true;
  }
  BeginEvent b;
  b.type = type_;
  b.header = header_;
  switch (type_) {
    case Type::kString:
      return StartString(StringRole::kString);
    case Type::kStringName:
      return StartString(StringRole::kStringName);
    case Type::kNodePath:
      state_ = kNodePathHead;
      return true;
    case Type::kObject:
      if (!opts_.allow_objects) {
        return Fail(ErrorKind::kObjectsNotAllowed, value_start_,
                    "full Object while objects are not allowed");
      }
      stack_.emplace_back();
      stack_.back().type = Type::kObject;
      stack_.back().header = header_;
      if (!h_->Begin(b)) return Stop();
      return StartString(StringRole::kObjectClass);
    case Type::kSignal:
      if (!h_->Begin(b)) return Stop();
      return StartString(StringRole::kSignalName);
    case Type::kArray:
    case Type::kDictionary: {
      stack_.emplace_back();
      Frame& f = stack_.back();
      f.type = type_;
      f.header = header_;
      state_ = kCount;
      if (opts_.dialect == Dialect::kGodot4) {
        // Untyped (every descriptor kind 0, the common case): no
        // descriptor states to go through.
        const uint32_t kinds =
            type_ == Type::kArray
                ? (header_ >> wire::kArrayKindShift) & wire::kKindMask
                : ((header_ >> wire::kDictKeyKindShift) & wire::kKindMask) |
                      ((header_ >> wire::kDictValueKindShift) &
                       wire::kKindMask);
        if (kinds == 0) {
          f.desc_stage = type_ == Type::kArray ? 1 : 2;
        } else {
          state_ = kDescNext;
        }
      }
      if (state_ == kCount && carry_len_ == 0 && Avail() >= 4) {
        field_start_ = Pos();  // as Take(4) would
        const uint8_t* q = p_;
        Advance(4);
        return Count(q);
      }
      return true;
    }
    case Type::kTypedArray:  // Pandemonium 5: element type word(s) first
    case Type::kPackedTypedArray:
      stack_.emplace_back();
      stack_.back().type = type_;
      stack_.back().header = header_;
      state_ = kDescId;
      return true;
    default:
      state_ = kPackedCount;
      return true;
  }
}

template <typename H>
bool Parser<H>::FixedPayload(const uint8_t* q) {
  ScalarEvent e;
  FillScalar(header_, types_[header_ & wire::kTypeMask], fixed_len_, q, &e);
  if (!stack_.empty()) {
    Frame& f = stack_.back();
    if (f.type == Type::kDictionary && !f.want_value && type_ == Type::kInt) {
      f.key_kind = Frame::kInt;
      f.key_int = e.i;
    }
  }
  if (!h_->Scalar(e)) return Stop();
  return ValueComplete();
}

template <typename H>
bool Parser<H>::NodePathRest(const uint8_t* q) {
  const uint32_t subnames = wire::LoadU32(q);
  const uint32_t flags = wire::LoadU32(q + 4);
  // u32 arithmetic, wrapping as in the engine (spec §4.4).
  uint32_t total = np_names_ + subnames;
  if (flags & wire::kNodePathPropertyObsolete) ++total;
  np_total_ = total;
  np_index_ = 0;
  BeginEvent b;
  b.type = Type::kNodePath;
  b.header = header_;
  b.count = std::min(np_names_, total);
  b.subnames = total - b.count;
  b.absolute = (flags & wire::kNodePathAbsolute) != 0 && total != 0;
  if (!h_->Begin(b)) return Stop();
  state_ = kNodePathNext;
  return true;
}

template <typename H>
bool Parser<H>::DescNext() {
  Frame& f = stack_.back();
  if (f.type != Type::kArray && f.type != Type::kDictionary) {
    state_ = kCount;  // a Pandemonium typed array after its class name
    return true;
  }
  const bool array = f.type == Type::kArray;
  if (f.desc_stage >= (array ? 1 : 2)) {
    state_ = kCount;
    return true;
  }
  const uint32_t shift = array               ? wire::kArrayKindShift
                         : f.desc_stage == 0 ? wire::kDictKeyKindShift
                                             : wire::kDictValueKindShift;
  const auto kind =
      static_cast<ContainerDesc::Kind>((f.header >> shift) & wire::kKindMask);
  f.desc[f.desc_stage].kind = kind;
  static constexpr StringRole kClass[3] = {StringRole::kElementClass,
                                           StringRole::kKeyClass,
                                           StringRole::kValueClass};
  static constexpr StringRole kScript[3] = {StringRole::kElementScript,
                                            StringRole::kKeyScript,
                                            StringRole::kValueScript};
  const int side = array ? 0 : 1 + f.desc_stage;
  switch (kind) {
    case ContainerDesc::kNone:
      ++f.desc_stage;
      return true;
    case ContainerDesc::kBuiltin:
      state_ = kDescId;
      return true;
    case ContainerDesc::kClassName:
      return StartString(kClass[side]);
    default:
      return StartString(kScript[side]);
  }
}

template <typename H>
bool Parser<H>::DescId(const uint8_t* q) {
  Frame& f = stack_.back();
  if (f.type != Type::kArray && f.type != Type::kDictionary) {
    return PandemoniumDescId(q);
  }
  const uint32_t id = wire::LoadU32(q);
  Type t;
  if (!TypeFromWireId(opts_.dialect, id, &t)) {
    return Fail(ErrorKind::kInvalidContainerType, field_start_,
                absl::StrCat("invalid container element type ", id));
  }
  f.desc[f.desc_stage].builtin = t;
  ++f.desc_stage;
  state_ = kDescNext;
  return true;
}

template <typename H>
bool Parser<H>::Count(const uint8_t* q) {
  Frame& f = stack_.back();
  const bool array = f.type != Type::kDictionary;
  const uint32_t count = wire::LoadU32(q) & wire::kCountMask;
  if (count > opts_.max_container_elements) {
    return Fail(ErrorKind::kLimitExceeded, field_start_,
                absl::StrCat(array ? "Array" : "Dictionary", " of ", count,
                             " elements exceeds the limit"));
  }
  f.count = count;
  f.index = 0;
  f.in_items = true;
  f.want_value = false;
  BeginEvent b;
  b.type = f.type;
  b.header = f.header;
  b.count = count;
  b.available = Avail();
  if (array) {
    b.element = f.desc[0];
  } else {
    b.key = f.desc[0];
    b.value = f.desc[1];
  }
  if (!h_->Begin(b)) return Stop();
  if (count == 0) return EndContainer();
  if (!array && !h_->Key(0)) return Stop();
  state_ = kValueStart;
  return true;
}

template <typename H>
bool Parser<H>::PackedCount(const uint8_t* q) {
  pk_start_ = field_start_;
  const int32_t count = static_cast<int32_t>(wire::LoadU32(q));
  BeginEvent b;
  b.type = type_;
  b.header = header_;
  pk_index_ = 0;
  if (type_ == Type::kPackedStringArray) {
    pk_count_ = count < 0 ? 0 : static_cast<uint64_t>(count);  // spec §6
    b.count = pk_count_;
    if (!h_->Begin(b)) return Stop();
    state_ = kPackedStringsNext;
    return true;
  }
  const absl::string_view name = TypeName(type_);
  if (count < 0) {
    return Fail(ErrorKind::kInvalidLength, pk_start_,
                absl::StrCat("negative ", name, " count ", count));
  }
  if (uint64_t(count) > opts_.max_packed_elements) {
    return Fail(
        ErrorKind::kLimitExceeded, pk_start_,
        absl::StrCat(name, " of ", count, " elements exceeds the limit"));
  }
  const int comps = std::max(PackedComponents(type_), 1);
  uint32_t width = 4;
  bool wide = false;
  switch (type_) {
    case Type::kPackedByteArray:
      width = 1;
      break;
    case Type::kPackedInt64Array:
    case Type::kPackedFloat64Array:
      width = 8;
      break;
    default:
      wide = (header_ & wire::kFlag64) != 0 &&
             HasRealWidthFlag(opts_.dialect, type_);
      if (wide) width = 8;
      break;
  }
  const uint64_t bytes = uint64_t(count) * comps * width;
  if (bytes > uint64_t{INT32_MAX}) {
    return Fail(ErrorKind::kInvalidLength, pk_start_,
                absl::StrCat(name, " size overflow"));
  }
  pk_count_ = static_cast<uint64_t>(count);
  pk_elem_ = comps * width;
  pk_wide_ = wide;
  pk_left_ = bytes;
  pk_carry_len_ = 0;
  pk_data_start_ = Pos();
  b.count = pk_count_;
  b.wide = wide;
  b.element_bytes = pk_elem_;
  if (!h_->Begin(b)) return Stop();
  state_ = kPackedData;
  return PackedData();
}

template <typename H>
bool Parser<H>::PackedData() {
  ChunkEvent c;
  c.type = type_;
  c.element_bytes = pk_elem_;
  c.wide = pk_wide_;
  if (pk_carry_len_ > 0) {  // complete an element split across pieces
    const size_t k = std::min<size_t>(Avail(), pk_elem_ - pk_carry_len_);
    if (k > 0) std::memcpy(pk_carry_ + pk_carry_len_, p_, k);
    Advance(k);
    pk_carry_len_ += k;
    pk_left_ -= k;
    if (pk_carry_len_ < pk_elem_) return true;
    pk_carry_len_ = 0;
    c.data = pk_carry_;
    c.first = pk_index_++;
    c.count = 1;
    if (!h_->Chunk(c)) return Stop();
  }
  const size_t avail = std::min<uint64_t>(Avail(), pk_left_);
  const size_t whole = avail / pk_elem_;
  if (whole > 0) {
    c.data = p_;
    c.first = pk_index_;
    c.count = whole;
    Advance(whole * pk_elem_);
    pk_left_ -= whole * pk_elem_;
    pk_index_ += whole;
    if (!h_->Chunk(c)) return Stop();
  }
  const size_t rest = avail - whole * pk_elem_;
  if (rest > 0) {
    std::memcpy(pk_carry_, p_, rest);
    Advance(rest);
    pk_carry_len_ = rest;
    pk_left_ -= rest;
  }
  if (pk_left_ > 0) return true;
  if (type_ == Type::kPackedByteArray && wire::Pad4(pk_count_) > 0) {
    pk_pad_left_ = wire::Pad4(pk_count_);
    state_ = kPackedPad;
    return true;
  }
  if (!h_->End(EndEvent{type_, 0})) return Stop();
  return ValueComplete();
}

// PackedStringArray elements that lie whole (length, text, padding) in the
// piece, as StartString's whole-string path would give them, in one loop.
// Stops at the first element that does not (cut, too long, or text that
// fails its check: StartString then reports it); false on a handler stop.
template <typename H>
bool Parser<H>::PackedStringsRun() {
  if (carry_len_ != 0) return true;
  StringPart s;
  s.role = StringRole::kPackedElement;
  // The position and the index in registers (the handler's writes would
  // make the compiler reload members after every element).
  const uint8_t* q = p_;
  const uint8_t* const lim = p_ + Avail();
  const uint64_t max_string = opts_.max_string_bytes;
  const uint64_t count = pk_count_;
  uint64_t index = pk_index_;
  bool stop = false;
  while (index < count) {
    // As WholeString().
    if (lim - q < 4) break;
    const uint32_t n = wire::LoadU32(q);
    const size_t total = 4 + size_t{n} + wire::Pad4(n);
    if (n > (1u << 24) || n > max_string ||
        static_cast<size_t>(lim - q) < total) {
      break;
    }
    const uint8_t* text = q + 4;
    const simd::WireText t = CheckWholeText(text, n);
    if (!t.ok) break;  // StartString reports it
    q += total;
    ++index;
    s.text = absl::string_view(reinterpret_cast<const char*>(text) + t.begin,
                               t.end - t.begin);
    s.flags = kFirstPart | kLastPart | (t.canonical ? 0 : kNotCanonical);
    if (!h_->String(s)) {
      stop = true;
      break;
    }
  }
  Advance(static_cast<size_t>(q - p_));
  pk_index_ = index;
  return stop ? Stop() : true;
}

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_PARSER_FIELDS_H_
