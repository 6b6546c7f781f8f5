// Copyright 2026 The gdwire Authors.
//
// codec/view/internal/walker.h: walks one complete value in document order
// with an explicit stack (no recursion: nesting costs one small frame per
// level on the heap, never the thread's stack), making the engine's checks
// in the engine's order, and tells a handler what it finds.
//
// The handler is a template parameter (zero cost when it does nothing):
//   struct Handler {
//     static constexpr bool kBuild;               // wants Variants?
//     void Value(Variant v);                      // a complete leaf
//     void BeginArray(const TypeDescriptor&);
//     void BeginDictionary(const TypeDescriptor& k, const TypeDescriptor& v);
//     void BeginObject(const WireText& class_name);
//     void PropertyName(const WireText& name);
//     void End();                                 // the innermost container
//   };
// Only Value is called when kBuild is false (with nothing built).

#ifndef GDWIRE_CODEC_VIEW_INTERNAL_WALKER_H_
#define GDWIRE_CODEC_VIEW_INTERNAL_WALKER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/variant.h"
#include "codec/view/internal/context.h"
#include "codec/view/internal/fields.h"
#include "codec/view/internal/leaf.h"
#include "codec/view/internal/walk.h"
#include "codec/wire.h"

namespace gdwire {
namespace view {
namespace internal {

template <class H>
class Walker {
 public:
  Walker(const Context& c, bool check_text, H* h)
      : c_(c), check_text_(check_text), h_(h) {}

  // Walks the value at `pos` (nested `depth` levels below the document
  // root). On success *end is the position after it. Error paths are
  // relative to the value ("[2][\"a\"]"), without the leading "$".
  Error Run(size_t pos, int depth, size_t* end) {
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
        e = Value(&pos, child_depth);
      } else if (f.index == f.count) {
        stack_.pop_back();
        if constexpr (H::kBuild) h_->End();
      } else if (f.kind == Type::kArray) {
        ++f.index;
        e = Value(&pos, child_depth);
      } else if (f.kind == Type::kDictionary) {
        ++f.index;
        f.in_key = true;
        f.key_pos = pos;
        e = Value(&pos, child_depth);
      } else {  // kObject: property name, then value
        ++f.index;
        f.in_key = true;
        f.key_pos = pos;
        WireText name;
        e = ReadWireString(c_, &pos, check_text_, &name);
        if (!e.ok()) break;
        f.in_key = false;
        if constexpr (H::kBuild) h_->PropertyName(name);
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
  };

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
          if (Error e = ReadTypeDescriptor(c_, k, pos, check_text_, &et);
              !e.ok()) {
            return e;
          }
        }
        uint32_t count;
        if (Error e = ReadCount(c_, "Array", pos, &count); !e.ok()) return e;
        if constexpr (H::kBuild) h_->BeginArray(et);
        stack_.push_back(Frame{Type::kArray, false, count, 0, 0});
        return {};
      }
      case Type::kDictionary: {
        TypeDescriptor kt, vt;
        if (c_.opts.dialect == Dialect::kGodot4) {
          const uint32_t kk =
              (header >> wire::kDictKeyKindShift) & wire::kKindMask;
          const uint32_t vk =
              (header >> wire::kDictValueKindShift) & wire::kKindMask;
          if (Error e = ReadTypeDescriptor(c_, kk, pos, check_text_, &kt);
              !e.ok()) {
            return e;
          }
          if (Error e = ReadTypeDescriptor(c_, vk, pos, check_text_, &vt);
              !e.ok()) {
            return e;
          }
        }
        uint32_t count;
        if (Error e = ReadCount(c_, "Dictionary", pos, &count); !e.ok()) {
          return e;
        }
        if constexpr (H::kBuild) h_->BeginDictionary(kt, vt);
        stack_.push_back(Frame{Type::kDictionary, false, count, 0, 0});
        return {};
      }
      case Type::kObject:
        return ObjectValue(header, start, pos);
      default: {
        Variant v;
        if (Error e =
                ReadLeaf<H::kBuild>(c_, type, header, pos, check_text_, &v);
            !e.ok()) {
          return e;
        }
        h_->Value(std::move(v));
        return {};
      }
    }
  }

  Error ObjectValue(uint32_t header, size_t start, size_t* pos) {
    if (header & wire::kFlagObjectAsId) {
      if (c_.Remaining(*pos) < 8) return Truncated(c_, Type::kObject, *pos);
      Object obj;
      obj.id = wire::LoadU64(c_.data + *pos);
      obj.kind = obj.id == 0 ? Object::Kind::kNull : Object::Kind::kId;
      *pos += 8;
      if constexpr (H::kBuild) {
        h_->Value(Variant::MakeObject(std::move(obj)));
      } else {
        h_->Value(Variant());
      }
      return {};
    }
    if (!c_.opts.allow_objects) {
      return Fail(c_, ErrorKind::kObjectsNotAllowed, start,
                  "full Object while objects are not allowed");
    }
    WireText cls;
    if (Error e = ReadWireString(c_, pos, check_text_, &cls); !e.ok()) {
      return e;
    }
    if (cls.text_size == 0) {  // the documented null-object form
      h_->Value(H::kBuild ? Variant::MakeObject(Object()) : Variant());
      return {};
    }
    uint32_t count;
    if (Error e = ReadPropertyCount(c_, pos, &count); !e.ok()) return e;
    if constexpr (H::kBuild) h_->BeginObject(cls);
    stack_.push_back(Frame{Type::kObject, false, count, 0, 0});
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
        size_t pos = f.key_pos;
        WireText name;
        if (ReadWireString(c_, &pos, true, &name).ok()) {
          absl::StrAppend(&p, ".", TextOf(c_, name));
        }
      }
    }
    return p;
  }

  const Context& c_;
  const bool check_text_;
  H* h_;
  absl::InlinedVector<Frame, 8> stack_;
};

}  // namespace internal
}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_INTERNAL_WALKER_H_
