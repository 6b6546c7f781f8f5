// Copyright 2026 The gdwire Authors.
//
// codec/core/walker.h: walks one complete value in document order
// with an explicit stack (no recursion: nesting costs one small frame per
// level on the heap, never the thread's stack), making the engine's checks
// in the engine's order, and tells a handler what it finds.
//
// The handler is a template parameter (zero cost when it does nothing):
//   struct Handler {
//     static constexpr bool kBuild;  // wants Variants? (else only Value)
//     // A complete child whose header is at `at`: a leaf, or (from End)
//     // the innermost container.
//     Error Value(Variant v, size_t at);
//     // `backed`: false when the count cannot be backed by the input (the
//     // decode is bound to fail): children are then dropped, as the
//     // reference decoder does (it changes Dictionary key identity).
//     // `which`: kArray, or Pandemonium's kTypedArray / kPackedTypedArray.
//     // `count`: the children announced (charged when backed: reserve them
//     // then, so that what is allocated is what the budget charged).
//     void BeginArray(const TypeDescriptor&, bool backed, Type which,
//                     uint32_t count);
//     void BeginDictionary(const TypeDescriptor& k, const TypeDescriptor& v,
//                          bool backed, uint32_t count);
//     void BeginObject(const WireText& class_name, bool backed);
//     void PropertyName(const WireText& name);
//     Error End(size_t at);  // the innermost container is complete
//   };
// With a Budget the walk charges what the reference decoder charges for
// the value it builds (the handler charges what depends on values:
// typed-container conversions, the Dictionary key index).

#ifndef GDWIRE_CODEC_CORE_WALKER_H_
#define GDWIRE_CODEC_CORE_WALKER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "codec/core/context.h"
#include "codec/core/fields.h"
#include "codec/core/leaf.h"
#include "codec/core/walk.h"
#include "codec/error.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace core {

// Smallest wire size of one element of each counted kind.
inline constexpr uint64_t kMinValueBytes = 4;     // a header
inline constexpr uint64_t kMinEntryBytes = 8;     // key + value
inline constexpr uint64_t kMinPropertyBytes = 8;  // name + value
// What the Dictionary key index costs per reserved entry (buckets).
inline constexpr uint64_t kIndexBucketBytes = 2 * sizeof(void*);

template <class H>
class Walker {
 public:
  // `budget` may be null (no accounting).
  Walker(const Context& c, bool check_text, Budget* budget, H* h)
      : c_(c), check_text_(check_text), budget_(budget), h_(h) {}

  // Walks the value at `pos` (nested `depth` levels below the document
  // root). On success *end is the position after it. Error paths are
  // relative to the value ("[2][\"a\"]"), without the leading "$".
  Error Run(size_t pos, int depth, size_t* end) {
    Promise(0);
    Error e = Value(&pos, depth);
    while (e.ok()) {
      if (stack_.empty()) {
        *end = pos;
        return e;
      }
      Frame& f = stack_.back();
      const int child_depth = depth + static_cast<int>(stack_.size());
      if (f.kind == Type::kDictionary && f.in_key) {  // key done: its value
        f.in_key = false;
        Promise(f.after);
        e = Value(&pos, child_depth);
      } else if (f.index == f.count) {
        const Frame done = f;
        stack_.pop_back();
        e = Close(done);
      } else if (f.kind == Type::kArray) {
        const uint32_t i = f.index++;
        Promise(f.outer + uint64_t{f.count - 1 - i} * kMinValueBytes);
        e = Value(&pos, child_depth);
      } else if (f.kind == Type::kDictionary) {
        const uint32_t i = f.index++;
        f.in_key = true;
        f.key_pos = pos;
        f.after = f.outer + uint64_t{f.count - 1 - i} * kMinEntryBytes;
        Promise(f.after + kMinValueBytes);
        e = Value(&pos, child_depth);
      } else {  // kObject: property name, then value
        const uint32_t i = f.index++;
        f.in_key = true;
        f.key_pos = pos;
        Promise(f.outer);
        WireText name;
        e = ReadWireString(c_, &pos, check_text_, &name, budget_);
        if (!e.ok()) break;
        f.in_key = false;
        if constexpr (H::kBuild) h_->PropertyName(name);
        Promise(f.outer + uint64_t{f.count - 1 - i} * kMinPropertyBytes);
        e = Value(&pos, child_depth);
      }
    }
    e.path = Path() + e.path;
    return e;
  }

 private:
  struct Frame {
    Type kind;       // kArray, kDictionary or kObject
    bool in_key;     // Dictionary: key being read; Object: name being read
    uint32_t count;  // children (pairs, properties)
    uint32_t index;  // children started
    size_t key_pos;  // Dictionary key / Object property name position
    size_t header;   // the container's header
    size_t box_at;   // where the reference charges the container's box
    uint64_t outer;  // input the enclosing containers still need
    uint64_t after;  // Dictionary: promised after the current entry
  };

  void Promise(uint64_t bytes) {
    if (budget_ != nullptr) budget_->promised = bytes;
  }

  Error Charge(uint64_t bytes, size_t at) {
    return budget_ != nullptr ? budget_->Charge(c_, bytes, at) : Error();
  }

  Error Backed(size_t pos, uint64_t count, uint64_t min_wire, uint64_t elem,
               size_t at, bool* backed) {
    *backed = true;
    if (budget_ == nullptr) return {};
    return budget_->ChargeBacked(c_, pos, count, min_wire, elem, at, backed);
  }

  // A container's children are done: its box, then the parent learns.
  Error Close(const Frame& f) {
    Promise(f.outer);
    const uint64_t box = f.kind == Type::kArray        ? sizeof(Array)
                         : f.kind == Type::kDictionary ? sizeof(Dictionary)
                                                       : sizeof(Object);
    if (Error e = Charge(box, f.box_at); !e.ok()) return e;
    if constexpr (H::kBuild) return h_->End(f.header);
    return {};
  }

  void Push(Type kind, uint32_t count, size_t header, size_t box_at) {
    const uint64_t outer = budget_ != nullptr ? budget_->promised : 0;
    stack_.push_back(Frame{kind, false, count, 0, 0, header, box_at, outer, 0});
  }

  Error Value(size_t* pos, int depth) {
    const size_t start = *pos;
    uint32_t header;
    Type type;
    if (Error e = ReadHeader(c_, pos, depth, &header, &type); !e.ok()) {
      return e;
    }
    switch (type) {
      case Type::kArray: {
        TypeDescriptor et;
        if (c_.opts.dialect == Dialect::kGodot4) {
          const uint32_t k =
              (header >> wire::kArrayKindShift) & wire::kKindMask;
          if (Error e =
                  ReadTypeDescriptor(c_, k, pos, check_text_, &et, budget_);
              !e.ok()) {
            return e;
          }
        }
        // The reference charges the box at the count's word minus 4: the
        // header, or the last word of a typed Array's element type.
        const size_t box_at = *pos - 4;
        uint32_t count;
        if (Error e = ReadCount(c_, "Array", pos, &count); !e.ok()) return e;
        bool backed;
        if (Error e = Backed(*pos, count, kMinValueBytes, sizeof(Variant),
                             *pos - 4, &backed);
            !e.ok()) {
          return e;
        }
        if constexpr (H::kBuild)
          h_->BeginArray(et, backed, Type::kArray, count);
        Push(Type::kArray, count, start, box_at);
        return {};
      }
      case Type::kTypedArray:  // Pandemonium 5
      case Type::kPackedTypedArray: {
        TypeDescriptor et;
        if (Error e = ReadPandemoniumElementType(c_, header, pos, check_text_,
                                                 &et, budget_);
            !e.ok()) {
          return e;
        }
        const size_t box_at = *pos - 4;  // as for Array
        uint32_t count;
        if (Error e = ReadCount(c_, TypeName(type).data(), pos, &count);
            !e.ok()) {
          return e;
        }
        bool backed;
        if (Error e = Backed(*pos, count, kMinValueBytes, sizeof(Variant),
                             *pos - 4, &backed);
            !e.ok()) {
          return e;
        }
        if constexpr (H::kBuild) h_->BeginArray(et, backed, type, count);
        Push(Type::kArray, count, start, box_at);
        return {};
      }
      case Type::kDictionary: {
        TypeDescriptor kt, vt;
        if (c_.opts.dialect == Dialect::kGodot4) {
          const uint32_t kk =
              (header >> wire::kDictKeyKindShift) & wire::kKindMask;
          const uint32_t vk =
              (header >> wire::kDictValueKindShift) & wire::kKindMask;
          if (Error e =
                  ReadTypeDescriptor(c_, kk, pos, check_text_, &kt, budget_);
              !e.ok()) {
            return e;
          }
          if (Error e =
                  ReadTypeDescriptor(c_, vk, pos, check_text_, &vt, budget_);
              !e.ok()) {
            return e;
          }
        }
        const size_t box_at = *pos - 4;  // as for Array
        uint32_t count;
        if (Error e = ReadCount(c_, "Dictionary", pos, &count); !e.ok()) {
          return e;
        }
        bool backed;
        if (Error e =
                Backed(*pos, count, kMinEntryBytes,
                       sizeof(std::pair<Variant, Variant>) + kIndexBucketBytes,
                       *pos - 4, &backed);
            !e.ok()) {
          return e;
        }
        if constexpr (H::kBuild) h_->BeginDictionary(kt, vt, backed, count);
        Push(Type::kDictionary, count, start, box_at);
        return {};
      }
      case Type::kObject:
        return ObjectValue(header, start, pos);
      default: {
        Variant v;
        if (Error e = ReadLeaf<H::kBuild>(c_, type, header, pos, check_text_,
                                          budget_, &v);
            !e.ok()) {
          return e;
        }
        return h_->Value(std::move(v), start);
      }
    }
  }

  Error ObjectValue(uint32_t header, size_t start, size_t* pos) {
    if (header & wire::kFlagObjectAsId) {
      if (c_.Remaining(*pos) < 8) return Truncated(c_, Type::kObject, *pos);
      if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
      Object obj;
      obj.id = wire::LoadU64(c_.data + *pos);
      obj.kind = obj.id == 0 ? Object::Kind::kNull : Object::Kind::kId;
      *pos += 8;
      if constexpr (H::kBuild) {
        return h_->Value(Variant::MakeObject(std::move(obj)), start);
      }
      return h_->Value(Variant(), start);
    }
    if (!c_.opts.allow_objects) {
      return Fail(c_, ErrorKind::kObjectsNotAllowed, start,
                  "full Object while objects are not allowed");
    }
    WireText cls;
    if (Error e = ReadWireString(c_, pos, check_text_, &cls, budget_);
        !e.ok()) {
      return e;
    }
    if (cls.text_size == 0) {  // the documented null-object form
      if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
      return h_->Value(H::kBuild ? Variant::MakeObject(Object()) : Variant(),
                       start);
    }
    const size_t count_pos = *pos;
    uint32_t count;
    if (Error e = ReadPropertyCount(c_, pos, &count); !e.ok()) return e;
    bool backed;  // measured from the count word, as the reference does
    if (Error e =
            Backed(count_pos, count, kMinPropertyBytes,
                   sizeof(std::pair<std::string, Variant>), count_pos, &backed);
        !e.ok()) {
      return e;
    }
    if constexpr (H::kBuild) h_->BeginObject(cls, backed);
    Push(Type::kObject, count, start, start);
    return {};
  }

  // The path of the value being read, outermost first.
  std::string Path() const {
    std::string p;
    for (const Frame& f : stack_) {
      const size_t i = f.index - 1;
      if (f.kind == Type::kArray) {
        absl::StrAppend(&p, "[", i, "]");
      } else if (f.kind == Type::kDictionary) {
        if (f.in_key) {
          absl::StrAppend(&p, "{key #", i, "}");
        } else {
          p += KeySegment(c_, f.key_pos, i);
        }
      } else if (f.in_key) {
        absl::StrAppend(&p, ".<property #", i, ">");
      } else {
        p += PropertySegment(c_, f.key_pos);
      }
    }
    return p;
  }

  const Context& c_;
  const bool check_text_;
  Budget* budget_;
  H* h_;
  absl::InlinedVector<Frame, 8> stack_;
};

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_WALKER_H_
