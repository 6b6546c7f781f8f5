// Copyright 2026 The gdwire Authors.
//
// The push parser's whole-value fast path (included by parser_impl.h), the
// "slop bytes" idea of upb's EpsCopyInputStream: while the next value lies
// whole in the piece, read it in place and go on to the next one, without
// the state machine's per-field bookkeeping (no Take(), no carry, no state
// writes, the position kept in a register). Scalars with fixed payloads,
// Strings and StringNames, and untyped Arrays and Dictionaries go this way;
// anything else (a value cut by the piece's or frame's end, a NodePath,
// an Object, a packed array, a typed container, a value deeper than
// max_depth, a count over its limit, text that fails its check, an
// invalid type id) is handed to the state machine at its first byte, which
// reads it (and reports its error) exactly as it would have without the
// fast path: the container stack, the Dictionary keys for error paths and
// the events are kept as the state machine keeps them, so the events,
// errors, offsets and paths are the same at every split.

#ifndef GDWIRE_CODEC_STREAM_INTERNAL_PARSER_FAST_H_
#define GDWIRE_CODEC_STREAM_INTERNAL_PARSER_FAST_H_

#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "codec/core/path.h"
#include "codec/core/wire_types.h"
#include "codec/stream/events.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"
#include "simd/utf8.h"

namespace gdwire {
namespace stream {

// A fixed payload's event (the one home of the rule; FixedPayload and the
// fast path use it).
template <typename H>
void Parser<H>::FillScalar(uint32_t header, const core::WireType& wt,
                           size_t len, const uint8_t* q,
                           ScalarEvent* out) const {
  ScalarEvent& e = *out;
  e.type = wt.type;
  e.header = header;
  const bool flag64 = (header & wire::kFlag64) != 0;
  if (int n = wt.reals) {
    const bool wide = len == size_t(n) * 8;
    e.wide = wide;
    e.count = n;
    for (int i = 0; i < n; ++i) {
      if (wide) {
        const double d = wire::LoadF64(q + 8 * i);
        e.reals[i] =
            opts_.real_is_double ? d : WidenF32Exact(NarrowF64ToF32(d));
      } else {
        e.reals[i] = WidenF32Exact(wire::LoadF32(q + 4 * i));
      }
    }
  } else if (int n = wt.ints) {
    e.count = n;
    for (int i = 0; i < n; ++i) {
      e.ints[i] = static_cast<int32_t>(wire::LoadU32(q + 4 * i));
    }
  } else {
    switch (wt.type) {
      case Type::kBool:
        e.b = wire::LoadU32(q) != 0;
        break;
      case Type::kInt:
        e.wide = flag64;
        e.i = flag64 ? static_cast<int64_t>(wire::LoadU64(q))
                     : static_cast<int32_t>(wire::LoadU32(q));
        break;
      case Type::kFloat:
        e.wide = flag64;
        // An ordinary conversion, as the engine does (sNaN -> qNaN).
        e.f = flag64 ? wire::LoadF64(q) : static_cast<double>(wire::LoadF32(q));
        break;
      case Type::kRID:
        e.id = len == 8 ? wire::LoadU64(q) : 0;
        break;
      case Type::kObject:
        e.id = wire::LoadU64(q);
        break;
      default:  // kNil, kCallable
        break;
    }
  }
}

// Called at a value's first byte (the state machine's kValueStart work done,
// state_ == kHeader). Reads whole values while they lie in the piece. Returns
// false on an error or a stop. On true, either nothing was read (p_ is
// unchanged: the state machine reads this value) or p_ moved and state_ is
// where the state machine goes on (kHeader at a value it did not take,
// kValueStart at one too deep, or what the end of the outermost value or a
// non-fast container set).
template <typename H>
bool Parser<H>::FastValues() {
  const uint8_t* q = p_;
  const uint8_t* const lim = p_ + Avail();
  // Kept in registers across the handler's calls (which may write memory
  // the compiler cannot tell apart from the parser's).
  const core::WireType* const types = types_;
  const uint64_t max_string = opts_.max_string_bytes;
  const uint64_t max_elements = opts_.max_container_elements;
  const bool godot4 = opts_.dialect == Dialect::kGodot4;
  Frame* top = stack_.empty() ? nullptr : &stack_.back();
  // What the state machine's state_ would be during the current handler
  // call (at_boundary(), bytes_needed() and paths after a stop read it).
  State st = kHeader;
  StringRole role = StringRole::kString;
  const auto sync = [&] { Advance(static_cast<size_t>(q - p_)); };
  const auto stop = [&] {
    sync();
    state_ = st;
    if (st == kStrPad) {  // as StartString leaves a whole string
      str_role_ = role;
      str_pad_left_ = 0;
    }
    return Stop();
  };
  for (;;) {
    // At a value's header, its kValueStart work done.
    if (lim - q < 8) break;
    const uint32_t header = wire::LoadU32(q);
    const core::WireType& wt = types[header & wire::kTypeMask];
    if (!wt.valid()) break;
    const bool key =
        top != nullptr && top->type == Type::kDictionary && !top->want_value;
    const int fixed = wt.fixed[(header & wire::kFlag64) != 0];
    if (fixed >= 0) {
      if (lim - q - 4 < fixed) break;
      ScalarEvent e;
      FillScalar(header, wt, static_cast<size_t>(fixed), q + 4, &e);
      q += 4 + fixed;
      st = kHeader;
      if (key && wt.type == Type::kInt) {
        top->key_kind = Frame::kInt;
        top->key_int = e.i;
      }
      if (!h_->Scalar(e)) return stop();
    } else if (wt.type == Type::kString || wt.type == Type::kStringName) {
      // As WholeString() and StartString()'s whole-string path.
      const uint32_t n = wire::LoadU32(q + 4);
      const size_t total = 4 + size_t{n} + wire::Pad4(n);
      if (n > (1u << 24) || n > max_string ||
          static_cast<size_t>(lim - q) - 4 < total) {
        break;
      }
      const uint8_t* text = q + 8;
      const simd::WireText t = CheckWholeText(text, n);
      if (!t.ok) break;  // the state machine reports it
      q += 4 + total;
      st = kStrPad;
      role = wt.type == Type::kString ? StringRole::kString
                                      : StringRole::kStringName;
      StringPart s;
      s.role = role;
      s.text = absl::string_view(reinterpret_cast<const char*>(text) + t.begin,
                                 t.end - t.begin);
      s.flags = kFirstPart | kLastPart | (t.canonical ? 0 : kNotCanonical);
      if (key) {  // as EmitPart and StringDone keep a key for paths
        top->key_in_piece = true;
        top->key_view = s.text.substr(0, core::kMaxPathKey);
        top->key_too_long = s.text.size() > core::kMaxPathKey;
        top->key_kind = Frame::kText;
        top->key_not_canonical = !t.canonical;
      }
      if (!h_->String(s)) return stop();
    } else if (wt.type == Type::kArray || wt.type == Type::kDictionary) {
      // As Header() and Count() for an untyped container.
      const bool array = wt.type == Type::kArray;
      uint8_t desc_stage = 0;
      if (godot4) {
        const uint32_t kinds =
            array
                ? (header >> wire::kArrayKindShift) & wire::kKindMask
                : ((header >> wire::kDictKeyKindShift) & wire::kKindMask) |
                      ((header >> wire::kDictValueKindShift) & wire::kKindMask);
        if (kinds != 0) break;
        desc_stage = array ? 1 : 2;
      }
      const uint32_t count = wire::LoadU32(q + 4) & wire::kCountMask;
      if (count > max_elements) break;
      q += 8;
      st = kCount;
      stack_.emplace_back();
      top = &stack_.back();
      Frame& f = *top;
      f.type = wt.type;
      f.header = header;
      f.desc_stage = desc_stage;
      f.count = count;
      f.in_items = true;
      BeginEvent b;
      b.type = wt.type;
      b.header = header;
      b.count = count;
      b.available = static_cast<uint64_t>(lim - q);
      if (!h_->Begin(b)) return stop();
      if (count > 0) {
        if (!array && !h_->Key(0)) return stop();
        // The next value's kValueStart work.
        if (static_cast<int>(stack_.size()) > opts_.max_depth) {
          sync();
          state_ = kValueStart;  // the state machine reports it
          return true;
        }
        if (!array) {
          f.key_kind = Frame::kOther;
          f.key_in_piece = false;
        }
        continue;
      }
      stack_.pop_back();
      top = stack_.empty() ? nullptr : &stack_.back();
      if (!h_->End(EndEvent{wt.type, 0})) return stop();
    } else {
      break;
    }
    // A value is complete: as ValueComplete(), for Arrays and Dictionaries.
    for (;;) {
      if (top == nullptr ||
          (top->type != Type::kArray && top->type != Type::kDictionary)) {
        // The outermost value's end, or an Object's next property.
        sync();
        state_ = st;
        return ValueComplete();
      }
      Frame& f = *top;
      if (f.type == Type::kDictionary && !f.want_value) {
        f.want_value = true;  // the key is done; its value follows
        break;
      }
      f.want_value = false;
      if (++f.index < f.count) {
        if (f.type == Type::kDictionary) {
          if (!h_->Key(f.index)) return stop();
          f.key_kind = Frame::kOther;
          f.key_in_piece = false;
        }
        break;
      }
      const EndEvent e{f.type, 0};
      stack_.pop_back();
      top = stack_.empty() ? nullptr : &stack_.back();
      if (!h_->End(e)) return stop();
    }
  }
  // The value at q is not taken here.
  if (q != p_) {
    // Inside a container (the outermost value's end returned above), its
    // kValueStart work done but for value_start_: the state machine reads
    // its header next, without a second call here.
    sync();
    value_start_ = Pos();
    state_ = kHeader;
  }
  return true;
}

}  // namespace stream
}  // namespace gdwire

#endif  // GDWIRE_CODEC_STREAM_INTERNAL_PARSER_FAST_H_
