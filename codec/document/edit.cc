// Copyright 2026 The gdwire Authors.
//
// Edit (edit.h): each edit is a patch -- the message's bytes [begin, end)
// replaced by new bytes kept in scratch_ (an insertion is an empty range,
// a removal an empty replacement) -- plus count changes per container,
// which become patches of their count words. WriteTo sorts the patches
// and copies the message's ranges between them.

#include "codec/document/edit.h"

#include <algorithm>
#include <string>

#include "absl/base/attributes.h"
#include "absl/base/optimization.h"
#include "absl/strings/str_cat.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace document {

using internal::kContainer;

void Edit::Reset(Element root) {
  root_ = root;
  p_ = root.valid() ? root.p_ : nullptr;
  patches_.clear();
  counts_.clear();
  scratch_.clear();
  if (!err_.ok()) err_ = Error();
  if (p_ != nullptr) {
    const EncodeOptions& o = writer_.options();
    if (o.dialect != p_->opts_.dialect || !o.full_objects) {
      EncodeOptions e;
      e.dialect = p_->opts_.dialect;
      e.full_objects = true;
      writer_.SetOptions(e);
    }
  }
}

bool Edit::Fail(absl::string_view detail) {
  if (err_.ok()) {
    err_.kind = ErrorKind::kInvalidArgument;
    err_.path = "$";
    err_.detail = absl::StrCat("Edit: ", detail);
  }
  return false;
}

// The checks: the hot paths inline, their messages out of line.
ABSL_ATTRIBUTE_NOINLINE bool Edit::NotMine(const char* what) {
  if (p_ == nullptr) return Fail("Reset with a parsed root first");
  return Fail(absl::StrCat(what, ": not an element of this message"));
}

ABSL_ATTRIBUTE_NOINLINE bool Edit::NotContainer(Element e, Type want,
                                                const char* what) {
  return Fail(absl::StrCat(what, ": a ", TypeName(e.type()), ", not a ",
                           TypeName(want)));
}

inline bool Edit::Mine(Element e, const char* what) {
  if (ABSL_PREDICT_FALSE(p_ == nullptr || !e.valid() || e.p_ != p_)) {
    return NotMine(what);
  }
  return true;
}

inline bool Edit::Container(Element e, Type want, const char* what) {
  if (!Mine(e, what)) return false;
  const Type t = e.type();
  const bool ok = want == Type::kArray
                      ? (t == Type::kArray || t == Type::kTypedArray ||
                         t == Type::kPackedTypedArray)
                      : t == want;
  if (ABSL_PREDICT_FALSE(!ok || !(e.node().flags & kContainer))) {
    return NotContainer(e, want, what);
  }
  return true;
}

// A godot4 typed Array / Dictionary (kind bits in the header).
inline bool Edit::Typed(Element c) const {
  return p_->opts_.dialect == Dialect::kGodot4 &&
         ((wire::LoadU32(p_->data_ + c.node().pos) >> wire::kArrayKindShift) &
          0xF) != 0;
}

// A new value's type (from its header); false: not a value of the dialect.
inline bool Edit::ValueType(ByteView value, Type* t) {
  if (ABSL_PREDICT_FALSE(value.size() < 4)) {
    return Fail("a value shorter than its header");
  }
  if (ABSL_PREDICT_FALSE(
          !TypeFromWireId(p_->opts_.dialect,
                          wire::LoadU32(value.data()) & wire::kTypeMask, t))) {
    return Fail("a value of no type of the message's dialect");
  }
  return true;
}

// The type a typed side allows.
bool Edit::CheckType(const ContainerType& ct, Type t, const char* side) {
  if (!ct.is_typed()) return true;
  const bool objects =
      ct.kind != ContainerType::Kind::kBuiltin || ct.builtin == Type::kObject;
  if (objects ? (t == Type::kObject || t == Type::kNil) : t == ct.builtin) {
    return true;
  }
  return Fail(
      absl::StrCat("a ", TypeName(t), " as a ", side, " of a typed container"));
}

inline void Edit::AddPatch(uint32_t begin, uint32_t end, ByteView with,
                           uint32_t owner) {
  const uint32_t from = static_cast<uint32_t>(scratch_.size());
  scratch_.append(with.chars().data(), with.size());
  patches_.push_back(Patch{begin, end, from, static_cast<uint32_t>(with.size()),
                           static_cast<uint32_t>(patches_.size()), owner});
}

void Edit::AddCount(Element container, int64_t delta) {
  for (CountDelta& c : counts_) {
    if (c.node == container.i_) {
      c.delta += delta;
      return;
    }
  }
  counts_.push_back(CountDelta{container.i_, delta});
}

// The count word: just before the first child, or the container's last
// word when it is empty (typed payloads come before it).
uint32_t Edit::CountPos(Element c) const {
  const internal::Node& n = c.node();
  if (c.size() > 0) return p_->tape_[c.Child(0)].pos - 4;
  const absl::Span<const uint8_t> b = c.bytes();
  return static_cast<uint32_t>(n.pos + b.size() - 4);
}

Edit& Edit::Replace(Element target, ByteView value) {
  Type vt;
  if (!Mine(target, "Replace") || !ValueType(value, &vt)) return *this;
  if (target.bytes().empty()) {
    Fail(
        "Replace: not a value (a NodePath or PackedStringArray string, a "
        "property name)");
    return *this;
  }
  const internal::Node& n = target.node();
  const uint32_t end = static_cast<uint32_t>(n.pos + target.bytes().size());
  AddPatch(n.pos, end, value);
  return *this;
}

Edit& Edit::SetKey(Element dict, absl::string_view key, ByteView value,
                   Type kt) {
  Type vt;
  if (!Container(dict, Type::kDictionary, "Set") || !ValueType(value, &vt)) {
    return *this;
  }
  const bool typed = Typed(dict);
  if (typed && !CheckType(dict.value_type(), vt, "value")) return *this;
  const Element found = dict.Find(key);
  if (found.valid()) {
    // A Dictionary's value always has its header: no Replace checks again.
    const internal::Node& f = found.node();
    const uint32_t end = static_cast<uint32_t>(f.pos + found.bytes().size());
    AddPatch(f.pos, end, value);
    return *this;
  }
  if (typed && !CheckType(dict.key_type(), kt, "key")) return *this;
  key_.clear();
  writer_.Start(&key_);
  if (kt == Type::kStringName) {
    writer_.StringName(key);
  } else {
    writer_.String(key);
  }
  const Error e = writer_.Finish();
  if (!e.ok()) {
    if (err_.ok()) err_ = e;
    return *this;
  }
  key_.append(value.chars().data(), value.size());
  const internal::Node& n = dict.node();
  const uint32_t end = static_cast<uint32_t>(n.pos + dict.bytes().size());
  AddPatch(end, end, key_, dict.i_);
  AddCount(dict, 1);
  return *this;
}

Edit& Edit::Set(Element dict, absl::string_view key, ByteView value) {
  return SetKey(dict, key, value, Type::kString);
}

Edit& Edit::SetName(Element dict, absl::string_view key, ByteView value) {
  return SetKey(dict, key, value, Type::kStringName);
}

Edit& Edit::Remove(Element dict, absl::string_view key) {
  if (!Container(dict, Type::kDictionary, "Remove")) return *this;
  const uint32_t n = dict.size();
  for (uint32_t i = 0; i < n; ++i) {
    const Element::Entry en = dict.EntryAt(i);
    const Type t = en.key.type();
    if ((t == Type::kString || t == Type::kStringName) &&
        en.key.as_string() == key) {
      RemoveAt(dict, i);
    }
  }
  return *this;
}

Edit& Edit::RemoveAt(Element c, size_t i) {
  const Type t = c.type();
  if (!Container(c, t == Type::kDictionary ? Type::kDictionary : Type::kArray,
                 "RemoveAt")) {
    return *this;
  }
  if (i >= c.size()) {
    Fail(absl::StrCat("RemoveAt: index ", i, " of ", c.size()));
    return *this;
  }
  const uint32_t k = c.Child(static_cast<uint32_t>(i));
  const uint32_t begin = p_->tape_[k].pos;  // the key of an entry
  const Element last = c.ChildAt(static_cast<uint32_t>(i));  // its value
  const uint32_t end =
      static_cast<uint32_t>(last.node().pos + last.bytes().size());
  AddPatch(begin, end, ByteView());
  AddCount(c, -1);
  return *this;
}

Edit& Edit::Append(Element array, ByteView value) {
  Type vt;
  if (!Container(array, Type::kArray, "Append") || !ValueType(value, &vt)) {
    return *this;
  }
  if (array.type() == Type::kArray && Typed(array) &&
      !CheckType(array.element_type(), vt, "element")) {
    return *this;
  }
  const internal::Node& n = array.node();
  const uint32_t end = static_cast<uint32_t>(n.pos + array.bytes().size());
  AddPatch(end, end, value, array.i_);
  AddCount(array, 1);
  return *this;
}

Error Edit::WriteTo(std::string* out, encode::Prefix prefix) {
  if (p_ == nullptr) Fail("Reset with a parsed root first");
  if (!err_.ok()) return err_;
  const size_t scratch_size = scratch_.size();
  // The common case, one replacement and no count change: no sorting.
  if (counts_.empty() && patches_.size() <= 1) {
    return Copy(patches_.data(), patches_.size(), out, prefix, scratch_size);
  }
  // The counts that changed become patches of their words (for this
  // WriteTo only: the edits stay as recorded).
  sorted_.assign(patches_.begin(), patches_.end());
  for (const CountDelta& c : counts_) {
    if (c.delta == 0) continue;
    const Element e(p_, c.node);
    const int64_t n = int64_t{e.size()} + c.delta;
    if (n < 0 || n > wire::kCountMask) {
      scratch_.resize(scratch_size);
      Fail("a container count out of range");
      return err_;
    }
    uint8_t word[4];
    wire::StoreU32(word, static_cast<uint32_t>(n));
    const uint32_t at = CountPos(e);
    sorted_.push_back(Patch{at, at + 4, static_cast<uint32_t>(scratch_.size()),
                            4, static_cast<uint32_t>(sorted_.size()), 0});
    scratch_.append(reinterpret_cast<const char*>(word), 4);
  }
  // Insertions before replacements at the same place; insertions at one
  // place (the end of an inner container is the end of its parent):
  // into the inner one (a later tape index) first, then in call order.
  if (sorted_.size() > 1) {
    std::sort(sorted_.begin(), sorted_.end(),
              [](const Patch& a, const Patch& b) {
                if (a.begin != b.begin) return a.begin < b.begin;
                const bool ai = a.end == a.begin, bi = b.end == b.begin;
                if (ai != bi) return ai;
                if (a.owner != b.owner) return a.owner > b.owner;
                return a.seq < b.seq;
              });
  }
  return Copy(sorted_.data(), sorted_.size(), out, prefix, scratch_size);
}

// The message's ranges between the sorted patches, and the patches.
Error Edit::Copy(const Patch* patches, size_t count, std::string* out,
                 encode::Prefix prefix, size_t scratch_size) {
  const uint8_t* data = p_->data_;
  const uint32_t root_begin = root_.node().pos;
  const uint32_t root_end =
      static_cast<uint32_t>(root_begin + root_.bytes().size());
  const size_t start = out->size();
  if (prefix != encode::Prefix::kNone) out->append(4, '\0');
  uint32_t cursor = root_begin;
  for (const Patch* p = patches; p != patches + count; ++p) {
    if (p->begin < cursor) {
      out->resize(start);
      scratch_.resize(scratch_size);
      Fail("two edits of overlapping bytes");
      return err_;
    }
    out->append(reinterpret_cast<const char*>(data) + cursor,
                p->begin - cursor);
    out->append(scratch_.data() + p->from, p->size);
    cursor = p->end;
  }
  out->append(reinterpret_cast<const char*>(data) + cursor, root_end - cursor);
  if (prefix != encode::Prefix::kNone) {
    const uint32_t n = static_cast<uint32_t>(out->size() - start - 4);
    uint8_t* w = reinterpret_cast<uint8_t*>(&(*out)[start]);
    if (prefix == encode::Prefix::kStreamPeerBigEndian) {
      wire::StoreU32BE(w, n);
    } else {
      wire::StoreU32(w, n);
    }
  }
  scratch_.resize(scratch_size);
  return Error();
}

}  // namespace document
}  // namespace gdwire
