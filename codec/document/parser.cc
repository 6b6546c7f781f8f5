// Copyright 2026 The gdwire Authors.
//
// document::Parser::Parse: one pass over a message that writes the tape.
//
// The pass makes the reference decoder's checks in its order and answers
// only "good" or "bad": the common fields (headers, fixed-size leaves,
// plain-ASCII strings, untyped containers, packed layouts) are checked
// inline, everything else goes through codec/view's exact field readers.
// A bad message is read again by codec/view's validating walk, which gives
// the exact verdict (kind, offset, path): errors cost a second pass, good
// messages none.

#include <cstring>
#include <random>
#include <utility>

#include "absl/base/optimization.h"
#include "absl/strings/str_cat.h"
#include "codec/core/context.h"
#include "codec/core/fields.h"
#include "codec/core/leaf.h"
#include "codec/core/text.h"
#include "codec/core/walk.h"
#include "codec/core/wire_types.h"
#include "codec/document/document.h"
#include "codec/document/internal/tape.h"
#include "codec/wire.h"

namespace gdwire {
namespace document {

namespace vi = ::gdwire::core;  // the read core
using internal::kContainer;
using internal::kFlat;
using internal::kNonCanonical;
using internal::Node;
using internal::StackFrame;

Parser::Parser() {
  std::random_device rd;
  seed_ = (uint64_t{rd()} << 32) ^ rd() ^ reinterpret_cast<uintptr_t>(this);
}

Parser::~Parser() = default;

void Parser::GrowTape() {
  const size_t cap = tape_cap_ < 64 ? 256 : tape_cap_ * 2;
  std::unique_ptr<Node[]> t(new Node[cap]);
  if (tape_len_ > 0)
    std::memcpy(t.get(), tape_.get(), tape_len_ * sizeof(Node));
  tape_ = std::move(t);
  tape_cap_ = cap;
}

void Parser::GrowSlots(size_t need) {
  size_t cap = slots_cap_ < 64 ? 256 : slots_cap_;
  while (cap < need) cap *= 2;
  std::unique_ptr<uint32_t[]> s(new uint32_t[cap]);
  if (slots_len_ > 0) {
    std::memcpy(s.get(), slots_.get(), slots_len_ * sizeof(uint32_t));
  }
  slots_ = std::move(s);
  slots_cap_ = cap;
}

// The pass. Returns false on any error (the caller finds which).
struct Parser::Pass {
  Parser& p;
  const vi::Context& c;
  const vi::WireType* table;
  const uint8_t* data;
  size_t size;
  int max_depth;
  uint64_t max_string;
  uint64_t max_container;
  uint64_t max_packed;
  bool godot4;

  ABSL_ATTRIBUTE_ALWAYS_INLINE uint32_t Emit(size_t pos, Type t, uint8_t flags,
                                             uint32_t a, uint32_t b,
                                             uint16_t extra = 0) {
    if (ABSL_PREDICT_FALSE(p.tape_len_ == p.tape_cap_)) p.GrowTape();
    const uint32_t i = static_cast<uint32_t>(p.tape_len_++);
    p.tape_[i] = Node{static_cast<uint32_t>(pos), t, flags, extra, a, b};
    return i;
  }

  bool Open(size_t start, Type t, size_t pos, uint32_t count,
            uint64_t min_bytes, Type kind) {
    // A count the input cannot back is bound to fail.
    if (uint64_t{count} * min_bytes > size - pos) return false;
    const size_t extra = kind == Type::kDictionary ? 2 : 1;
    const size_t need = p.slots_len_ + count + extra;
    if (ABSL_PREDICT_FALSE(need > p.slots_cap_)) p.GrowSlots(need);
    const uint32_t slot = static_cast<uint32_t>(p.slots_len_);
    p.slots_len_ = need;
    p.slots_[slot] = count;
    const uint32_t node = Emit(start, t, kContainer, 0, slot);
    p.stack_.push_back(StackFrame{node, count, 0, slot, kind, false, false});
    return true;
  }

  // A wire string at *pos, checked as ReadWireString does.
  ABSL_ATTRIBUTE_ALWAYS_INLINE bool Text(size_t* pos, uint32_t* text_pos,
                                         uint32_t* text_size, bool* canonical) {
    const size_t start = *pos;
    if (ABSL_PREDICT_TRUE(size - start >= 4)) {
      const uint32_t n = wire::LoadU32(data + start);
      const uint64_t padded = uint64_t{n} + wire::Pad4(n);
      if (ABSL_PREDICT_TRUE(n <= 0x7FFFFFF0u && n <= max_string &&
                            padded <= size - start - 4)) {
        const uint8_t* text = data + start + 4;
        // The text rules' one check (short text, ASCII or not, inline in
        // vectors loaded in place); a bad string fails the pass (the
        // caller's second pass finds the verdict).
        const simd::WireText t =
            vi::CheckText(text, n, size - start - 4, c.opts.dialect);
        if (ABSL_PREDICT_FALSE(!t.ok)) return false;
        *text_pos = static_cast<uint32_t>(start + 4 + t.begin);
        *text_size = static_cast<uint32_t>(t.end - t.begin);
        *canonical = t.canonical;
        *pos = start + 4 + padded;
        return true;
      }
    }
    vi::WireText w;
    if (!vi::ReadWireString(c, pos, true, &w).ok()) return false;
    *text_pos = static_cast<uint32_t>(w.text_pos);
    *text_size = static_cast<uint32_t>(w.text_size);
    *canonical = w.canonical;
    return true;
  }

  // NodePath names or PackedStringArray elements: `total` strings at pos.
  bool Strings(size_t start, Type t, size_t* pos, uint32_t total) {
    if (uint64_t{total} * 4 > size - *pos) return false;
    const uint32_t node = Emit(start, t, kContainer | kFlat, 0, total);
    const Type et = t == Type::kNodePath ? Type::kStringName : Type::kString;
    for (uint32_t i = 0; i < total; ++i) {
      const size_t at = *pos;
      uint32_t tp, ts;
      bool canonical;
      if (!Text(pos, &tp, &ts, &canonical)) return false;
      Emit(at, et, canonical ? 0 : kNonCanonical, tp, ts);
    }
    p.tape_[node].a = static_cast<uint32_t>(p.tape_len_);
    return true;
  }

  bool Descriptor(uint32_t kind, size_t* pos) {
    if (kind == 0) return true;
    vi::TypeDescriptor d;
    return vi::ReadTypeDescriptor(c, kind, pos, true, &d).ok();
  }

  ABSL_ATTRIBUTE_ALWAYS_INLINE bool Value(size_t* pos, int depth) {
    const size_t start = *pos;
    if (ABSL_PREDICT_FALSE(depth > max_depth || size - start < 4)) {
      return false;
    }
    const uint32_t header = wire::LoadU32(data + start);
    const vi::WireType& ti = table[header & wire::kTypeMask];
    *pos = start + 4;
    switch (ti.shape) {
      case vi::kFixed: {
        const size_t w =
            static_cast<size_t>(ti.fixed[(header & wire::kFlag64) != 0]);
        if (ABSL_PREDICT_FALSE(size - *pos < w)) return false;
        *pos += w;
        Emit(start, ti.type, 0, 0, 0);
        return true;
      }
      case vi::kText: {
        uint32_t tp, ts;
        bool canonical;
        if (!Text(pos, &tp, &ts, &canonical)) return false;
        Emit(start, ti.type, canonical ? 0 : kNonCanonical, tp, ts);
        return true;
      }
      case vi::kArrayShape: {
        if (godot4 &&
            !Descriptor((header >> wire::kArrayKindShift) & wire::kKindMask,
                        pos)) {
          return false;
        }
        if (ABSL_PREDICT_FALSE(size - *pos < 4)) return false;
        const uint32_t count = wire::LoadU32(data + *pos) & wire::kCountMask;
        if (ABSL_PREDICT_FALSE(count > max_container)) return false;
        *pos += 4;
        return Open(start, ti.type, *pos, count, 4, Type::kArray);
      }
      case vi::kDictShape: {
        if (godot4 &&
            (!Descriptor((header >> wire::kDictKeyKindShift) & wire::kKindMask,
                         pos) ||
             !Descriptor(
                 (header >> wire::kDictValueKindShift) & wire::kKindMask,
                 pos))) {
          return false;
        }
        if (ABSL_PREDICT_FALSE(size - *pos < 4)) return false;
        const uint32_t count = wire::LoadU32(data + *pos) & wire::kCountMask;
        if (ABSL_PREDICT_FALSE(count > max_container)) return false;
        *pos += 4;
        return Open(start, ti.type, *pos, count, 8, Type::kDictionary);
      }
      case vi::kPackedShape: {
        vi::PackedLayout l;
        if (!vi::ReadPackedLayout(c, ti.type, header, pos, &l).ok()) {
          return false;
        }
        Emit(start, ti.type, 0, static_cast<uint32_t>(l.data_pos), l.count,
             static_cast<uint16_t>(l.comps | (l.width << 8)));
        return true;
      }
      default:
        return Rare(ti, header, start, pos);
    }
  }

  bool Rare(const vi::WireType& ti, uint32_t header, size_t start,
            size_t* pos) {
    switch (ti.shape) {
      case vi::kInvalid:
        return false;
      case vi::kTypedShape: {
        vi::TypeDescriptor et;
        if (!vi::ReadPandemoniumElementType(c, header, pos, true, &et).ok()) {
          return false;
        }
        uint32_t count;
        if (!vi::ReadCount(c, "Array", pos, &count).ok()) return false;
        return Open(start, ti.type, *pos, count, 4, Type::kArray);
      }
      case vi::kObjectShape: {
        if (header & wire::kFlagObjectAsId) {
          if (size - *pos < 8) return false;
          *pos += 8;
          Emit(start, ti.type, 0, 0, 0);
          return true;
        }
        if (!c.opts.allow_objects) return false;
        uint32_t tp, ts;
        bool canonical;
        if (!Text(pos, &tp, &ts, &canonical)) return false;
        if (ts == 0) {  // the null-object form
          Emit(start, ti.type, 0, 0, 0);
          return true;
        }
        uint32_t count;
        if (!vi::ReadPropertyCount(c, pos, &count).ok()) return false;
        return Open(start, ti.type, *pos, count, 8, Type::kObject);
      }
      case vi::kNodePathShape: {
        if (size - *pos < 4) return false;
        const uint32_t w0 = wire::LoadU32(data + *pos);
        if ((w0 & wire::kNodePathNewFormat) == 0 || size - *pos < 12) {
          return false;
        }
        const uint32_t flags = wire::LoadU32(data + *pos + 8);
        uint32_t total = (w0 & 0x7FFFFFFF) + wire::LoadU32(data + *pos + 4);
        if (flags & wire::kNodePathPropertyObsolete) ++total;
        *pos += 12;
        return Strings(start, ti.type, pos, total);
      }
      case vi::kStringsShape: {
        uint32_t count;
        if (!vi::ReadPackedStringsCount(c, pos, &count).ok()) return false;
        return Strings(start, ti.type, pos, count);
      }
      default: {
        Variant unused;
        if (!vi::ReadLeaf<false>(c, ti.type, header, pos, true, nullptr,
                                 &unused)
                 .ok()) {
          return false;
        }
        Emit(start, ti.type, 0, 0, 0);
        return true;
      }
    }
  }
};

bool Parser::Run(const vi::Context& c, size_t* end) {
  Pass pass{*this,
            c,
            vi::WireTypes(opts_.dialect),
            data_,
            size_,
            opts_.max_depth,
            opts_.max_string_bytes,
            opts_.max_container_elements,
            opts_.max_packed_elements,
            opts_.dialect == Dialect::kGodot4};
  size_t pos = 0;
  const bool index = index_;
  if (!pass.Value(&pos, 0)) return false;
  while (!stack_.empty()) {
    StackFrame& f = stack_.back();
    const int child_depth = static_cast<int>(stack_.size());
    if (f.in_key) {  // a Dictionary key is done: its value
      f.in_key = false;
      if (!pass.Value(&pos, child_depth)) return false;
    } else if (f.index == f.count) {
      const uint32_t node = f.node;
      const Type kind = f.kind;
      const bool text_keys = !f.odd_keys;
      stack_.pop_back();
      tape_[node].a = static_cast<uint32_t>(tape_len_);
      if (kind == Type::kDictionary && index) {
        IndexDictionary(node, text_keys);
      }
    } else if (f.kind == Type::kArray) {
      slots_[f.slot + 1 + f.index++] = static_cast<uint32_t>(tape_len_);
      if (!pass.Value(&pos, child_depth)) return false;
    } else if (f.kind == Type::kDictionary) {
      slots_[f.slot + 1 + f.index++] = static_cast<uint32_t>(tape_len_);
      f.in_key = true;
      // The key's type from its header's low byte (Value reads it next):
      // a Dictionary of only String keys may go without a table.
      if (index && ABSL_PREDICT_TRUE(pos < size_)) {  // not in Check
        const Type kt = pass.table[data_[pos]].type;
        f.odd_keys |= kt != Type::kString && kt != Type::kStringName;
      }
      if (!pass.Value(&pos, child_depth)) return false;
    } else {  // Object: property name, then value
      slots_[f.slot + 1 + f.index++] = static_cast<uint32_t>(tape_len_);
      const size_t at = pos;
      uint32_t tp, ts;
      bool canonical;
      if (!pass.Text(&pos, &tp, &ts, &canonical)) return false;
      pass.Emit(at, Type::kStringName, canonical ? 0 : kNonCanonical, tp, ts);
      if (!pass.Value(&pos, child_depth)) return false;
    }
  }
  *end = pos;
  return true;
}

ParseResult Parser::Parse(ByteView message, const DecodeOptions& options,
                          uint64_t base_offset) {
  ParseResult r;
  ok_ = false;
  data_ = message.data();
  size_ = message.size();
  base_ = base_offset;
  opts_ = options;
  tape_len_ = 0;
  slots_len_ = 0;
  stack_.clear();
  if (ABSL_PREDICT_FALSE(size_ >= UINT32_MAX)) {
    r.error = Error(ErrorKind::kLimitExceeded, base_, "$",
                    "a document message must be smaller than 4 GiB");
    r.error.godot_error = GodotErrorCode(r.error.kind, false);
    return r;
  }
  vi::Context c;
  c.data = data_;
  c.size = size_;
  c.base = base_;
  c.opts = opts_;
  size_t end = 0;
  if (ABSL_PREDICT_FALSE(!Run(c, &end))) {
    size_t unused = 0;
    Error e = vi::ValidateValue(c, 0, 0, &unused);
    if (e.ok()) {  // not expected: the pass and the walk disagree
      e = Error(ErrorKind::kInvalidArgument, base_, {},
                "internal: the document pass rejected a valid value");
    }
    e.path = "$" + e.path;
    r.error = std::move(e);
    return r;
  }
  if (ABSL_PREDICT_FALSE(vi::BudgetCanBind(opts_))) {
    Error b = vi::ValidateValue(c, 0, 0, &end);
    if (!b.ok()) {
      b.path = "$" + b.path;
      r.error = std::move(b);
      return r;
    }
  }
  if (opts_.reject_trailing_bytes && end != size_) {
    r.error =
        Error(ErrorKind::kTrailingBytes, base_ + end, "$",
              absl::StrCat(size_ - end, " trailing bytes after the value"));
    r.error.godot_error = GodotErrorCode(r.error.kind, false);
    return r;
  }
  ok_ = true;
  end_ = end;
  r.root = Element(this, 0);
  r.consumed = end;
  return r;
}

ParseResult Parser::Check(ByteView message, const DecodeOptions& options,
                          uint64_t base_offset) {
  index_ = false;
  ParseResult r = Parse(message, options, base_offset);
  index_ = true;
  ok_ = false;  // no document to read: its Dictionaries have no index
  r.root = Element();
  return r;
}

}  // namespace document
}  // namespace gdwire
