// Copyright 2026 The gdwire Authors.
//
// document::Parser::Parse: one pass over a message that makes the
// reference decoder's checks in the reference decoder's order (the same
// field readers as codec/view, the Walker's loop without its callbacks)
// and writes the tape. On any error the exact verdict (with its path) comes
// from codec/view's validating walk, which only runs for bad messages.

#include <cstring>
#include <random>
#include <utility>

#include "absl/base/optimization.h"
#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/document/internal/tape.h"
#include "codec/view/internal/context.h"
#include "codec/view/internal/fields.h"
#include "codec/view/internal/leaf.h"
#include "codec/view/internal/walk.h"
#include "codec/wire.h"

namespace gdwire {
namespace document {

namespace vi = ::gdwire::view::internal;
using internal::kComplexKeys;
using internal::kContainer;
using internal::kFlat;
using internal::kNonCanonical;
using internal::Node;
using internal::StackFrame;

namespace {

// Not a verdict: the fast pass gives up (a count the input cannot back is
// bound to fail) and the validating walk finds the real error.
Error GiveUp(size_t at) {
  return Error(ErrorKind::kInvalidArgument, at, {}, "unbacked count");
}

}  // namespace

Parser::Parser() {
  std::random_device rd;
  seed_ = (uint64_t{rd()} << 32) ^ rd();
}

namespace {

struct Pass {
  const vi::Context& c;
  std::vector<Node>& tape;
  std::vector<uint32_t>& slots;
  std::vector<StackFrame>& stack;

  uint32_t Emit(size_t pos, Type t, uint8_t flags, uint32_t a, uint32_t b,
                uint16_t extra = 0) {
    tape.push_back(Node{static_cast<uint32_t>(pos), t, flags, extra, a, b});
    return static_cast<uint32_t>(tape.size() - 1);
  }

  // Opens a container of `count` children of at least `min_bytes` each.
  Error Open(size_t start, Type t, size_t pos, uint32_t count,
             uint64_t min_bytes, Type kind) {
    if (uint64_t{count} * min_bytes > c.Remaining(pos)) return GiveUp(pos);
    const uint32_t slot = static_cast<uint32_t>(slots.size());
    const size_t extra = kind == Type::kDictionary ? 2 : 1;
    slots.resize(slots.size() + count + extra);
    slots[slot] = count;
    const uint32_t node = Emit(start, t, kContainer, 0, slot);
    stack.push_back(StackFrame{node, count, 0, slot, kind, false});
    return {};
  }

  Error Strings(size_t start, Type t, size_t pos, uint32_t total) {
    const uint32_t node = Emit(start, t, kContainer | kFlat, 0, total);
    for (uint32_t i = 0; i < total; ++i) {
      vi::WireText w;
      if (Error e = vi::ReadWireString(c, &pos, false, &w); !e.ok()) return e;
      Emit(w.len_pos, t == Type::kNodePath ? Type::kStringName : Type::kString,
           0, static_cast<uint32_t>(w.text_pos),
           static_cast<uint32_t>(w.text_size));
    }
    tape[node].a = static_cast<uint32_t>(tape.size());
    return {};
  }

  Error Value(size_t* pos, int depth) {
    const size_t start = *pos;
    uint32_t header;
    Type type;
    if (Error e = vi::ReadHeader(c, pos, depth, &header, &type); !e.ok()) {
      return e;
    }
    switch (type) {
      case Type::kNil:
        Emit(start, type, 0, 0, 0);
        return {};
      case Type::kBool:
      case Type::kInt:
      case Type::kFloat: {
        const size_t w =
            type != Type::kBool && (header & wire::kFlag64) ? 8 : 4;
        if (ABSL_PREDICT_FALSE(c.Remaining(*pos) < w)) {
          return vi::Truncated(c, type, *pos);
        }
        *pos += w;
        Emit(start, type, 0, 0, 0);
        return {};
      }
      case Type::kString:
      case Type::kStringName: {
        vi::WireText w;
        if (Error e = vi::ReadWireString(c, pos, true, &w); !e.ok()) return e;
        Emit(start, type, w.canonical ? 0 : kNonCanonical,
             static_cast<uint32_t>(w.text_pos),
             static_cast<uint32_t>(w.text_size));
        return {};
      }
      case Type::kArray: {
        if (c.opts.dialect == Dialect::kGodot4) {
          vi::TypeDescriptor et;
          const uint32_t k =
              (header >> wire::kArrayKindShift) & wire::kKindMask;
          if (Error e = vi::ReadTypeDescriptor(c, k, pos, true, &et); !e.ok()) {
            return e;
          }
        }
        uint32_t count;
        if (Error e = vi::ReadCount(c, "Array", pos, &count); !e.ok()) {
          return e;
        }
        return Open(start, type, *pos, count, 4, Type::kArray);
      }
      case Type::kTypedArray:
      case Type::kPackedTypedArray: {
        vi::TypeDescriptor et;
        if (Error e = vi::ReadPandemoniumElementType(c, header, pos, true, &et);
            !e.ok()) {
          return e;
        }
        uint32_t count;
        if (Error e = vi::ReadCount(c, TypeName(type).data(), pos, &count);
            !e.ok()) {
          return e;
        }
        return Open(start, type, *pos, count, 4, Type::kArray);
      }
      case Type::kDictionary: {
        if (c.opts.dialect == Dialect::kGodot4) {
          vi::TypeDescriptor kt, vt;
          const uint32_t kk =
              (header >> wire::kDictKeyKindShift) & wire::kKindMask;
          const uint32_t vk =
              (header >> wire::kDictValueKindShift) & wire::kKindMask;
          if (Error e = vi::ReadTypeDescriptor(c, kk, pos, true, &kt);
              !e.ok()) {
            return e;
          }
          if (Error e = vi::ReadTypeDescriptor(c, vk, pos, true, &vt);
              !e.ok()) {
            return e;
          }
        }
        uint32_t count;
        if (Error e = vi::ReadCount(c, "Dictionary", pos, &count); !e.ok()) {
          return e;
        }
        return Open(start, type, *pos, count, 8, Type::kDictionary);
      }
      case Type::kObject: {
        if (header & wire::kFlagObjectAsId) {
          if (c.Remaining(*pos) < 8) {
            return vi::Truncated(c, Type::kObject, *pos);
          }
          *pos += 8;
          Emit(start, type, 0, 0, 0);
          return {};
        }
        if (!c.opts.allow_objects) {
          return vi::Fail(c, ErrorKind::kObjectsNotAllowed, start,
                          "full Object while objects are not allowed");
        }
        vi::WireText cls;
        if (Error e = vi::ReadWireString(c, pos, true, &cls); !e.ok()) {
          return e;
        }
        if (cls.text_size == 0) {  // the null-object form
          Emit(start, type, 0, 0, 0);
          return {};
        }
        uint32_t count;
        if (Error e = vi::ReadPropertyCount(c, pos, &count); !e.ok()) {
          return e;
        }
        return Open(start, type, *pos, count, 8, Type::kObject);
      }
      case Type::kNodePath: {
        const size_t body = *pos;
        Variant unused;
        if (Error e = vi::ReadLeaf<false>(c, type, header, pos, true, nullptr,
                                          &unused);
            !e.ok()) {
          return e;
        }
        const uint32_t names = wire::LoadU32(c.data + body) & 0x7FFFFFFF;
        const uint32_t flags = wire::LoadU32(c.data + body + 8);
        uint32_t total = names + wire::LoadU32(c.data + body + 4);
        if (flags & wire::kNodePathPropertyObsolete) ++total;
        return Strings(start, type, body + 12, total);
      }
      case Type::kPackedStringArray: {
        const size_t body = *pos;
        Variant unused;
        if (Error e = vi::ReadLeaf<false>(c, type, header, pos, true, nullptr,
                                          &unused);
            !e.ok()) {
          return e;
        }
        size_t p = body;
        uint32_t count;
        if (Error e = vi::ReadPackedStringsCount(c, &p, &count); !e.ok()) {
          return e;
        }
        return Strings(start, type, p, count);
      }
      default:
        break;
    }
    if (IsPackedArray(type)) {
      vi::PackedLayout l;
      if (Error e = vi::ReadPackedLayout(c, type, header, pos, &l); !e.ok()) {
        return e;
      }
      Emit(start, type, 0, static_cast<uint32_t>(l.data_pos), l.count,
           static_cast<uint16_t>(l.comps | (l.width << 8)));
      return {};
    }
    Variant unused;
    if (Error e =
            vi::ReadLeaf<false>(c, type, header, pos, true, nullptr, &unused);
        !e.ok()) {
      return e;
    }
    Emit(start, type, 0, 0, 0);
    return {};
  }
};

}  // namespace

Error Parser::Run(size_t* end) {
  vi::Context c;
  c.data = data_;
  c.size = size_;
  c.base = base_;
  c.opts = opts_;
  Pass pass{c, tape_, slots_, stack_};
  size_t pos = 0;
  Error e = pass.Value(&pos, 0);
  while (e.ok()) {
    if (stack_.empty()) {
      *end = pos;
      return e;
    }
    StackFrame& f = stack_.back();
    const int child_depth = static_cast<int>(stack_.size());
    if (f.in_key) {  // a Dictionary key is done: its value
      f.in_key = false;
      e = pass.Value(&pos, child_depth);
    } else if (f.index == f.count) {
      const StackFrame done = f;
      stack_.pop_back();
      tape_[done.node].a = static_cast<uint32_t>(tape_.size());
      if (done.kind == Type::kDictionary) IndexDictionary(done.node);
    } else if (f.kind == Type::kArray) {
      slots_[f.slot + 1 + f.index++] = static_cast<uint32_t>(tape_.size());
      e = pass.Value(&pos, child_depth);
    } else if (f.kind == Type::kDictionary) {
      slots_[f.slot + 1 + f.index++] = static_cast<uint32_t>(tape_.size());
      f.in_key = true;
      e = pass.Value(&pos, child_depth);
    } else {  // Object: property name, then value
      slots_[f.slot + 1 + f.index++] = static_cast<uint32_t>(tape_.size());
      vi::WireText name;
      e = vi::ReadWireString(c, &pos, true, &name);
      if (!e.ok()) break;
      pass.Emit(name.len_pos, Type::kStringName,
                name.canonical ? 0 : kNonCanonical,
                static_cast<uint32_t>(name.text_pos),
                static_cast<uint32_t>(name.text_size));
      e = pass.Value(&pos, child_depth);
    }
  }
  return e;
}

Error Parser::Slow(Error fast) {
  vi::Context c;
  c.data = data_;
  c.size = size_;
  c.base = base_;
  c.opts = opts_;
  size_t end = 0;
  Error e = vi::ValidateValue(c, 0, 0, &end);
  if (e.ok()) return fast;  // not expected: the fast pass's own verdict
  e.path = "$" + e.path;
  return e;
}

ParseResult Parser::Parse(absl::Span<const uint8_t> message,
                          const DecodeOptions& options, uint64_t base_offset) {
  ParseResult r;
  ok_ = false;
  data_ = message.data();
  size_ = message.size();
  base_ = base_offset;
  opts_ = options;
  tape_.clear();
  slots_.clear();
  stack_.clear();
  if (ABSL_PREDICT_FALSE(size_ > UINT32_MAX)) {
    r.error = Error(ErrorKind::kLimitExceeded, base_, "$",
                    "a document message must be smaller than 4 GiB");
    r.error.godot_error = GodotErrorCode(r.error.kind, false);
    return r;
  }
  size_t end = 0;
  Error e = Run(&end);
  if (ABSL_PREDICT_FALSE(!e.ok())) {
    r.error = Slow(std::move(e));
    return r;
  }
  if (ABSL_PREDICT_FALSE(vi::BudgetCanBind(opts_))) {
    vi::Context c;
    c.data = data_;
    c.size = size_;
    c.base = base_;
    c.opts = opts_;
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
  r.root = Element(this, 0);
  r.consumed = end;
  return r;
}

}  // namespace document
}  // namespace gdwire
