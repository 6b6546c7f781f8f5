// Copyright 2026 The gdwire Authors.
//
// document::Element: reads a parsed value from the tape and the message.

#include <cmath>
#include <cstring>

#include "absl/base/attributes.h"
#include "absl/base/optimization.h"
#include "codec/core/context.h"
#include "codec/core/fields.h"
#include "codec/core/leaf.h"
#include "codec/core/walk.h"
#include "codec/document/document.h"
#include "codec/document/internal/key.h"
#include "codec/document/internal/tape.h"
#include "codec/wire.h"

namespace gdwire {
namespace document {

namespace vi = ::gdwire::core;  // the read core
using internal::kComplexKeys;
using internal::kContainer;
using internal::kFlat;
using internal::kNonCanonical;
using internal::Node;

namespace {

vi::Context ContextOf(const uint8_t* data, size_t size, uint64_t base,
                      const DecodeOptions& o) {
  vi::Context c;
  c.data = data;
  c.size = size;
  c.base = base;
  c.opts = o;
  c.opts.alloc_account = nullptr;  // the parse checked the budget
  c.opts.max_alloc_bytes = UINT64_MAX;
  return c;
}

bool StringLike(Type t) { return t == Type::kString || t == Type::kStringName; }

}  // namespace

uint64_t Element::offset() const {
  return valid() ? p_->base_ + node().pos : 0;
}

absl::Span<const uint8_t> Element::bytes() const {
  if (!valid()) return {};
  // Values are on the wire in tape order: this one ends where the next
  // node after its subtree starts, or with the root.
  const internal::Node& n = node();
  // The strings of a NodePath or PackedStringArray and property names have
  // no header (text at pos + 4, or + 7 after a BOM): not values.
  if ((n.type == Type::kString || n.type == Type::kStringName) &&
      n.a < n.pos + 8) {
    return {};
  }
  const uint32_t next = (n.flags & kContainer) ? n.a : i_ + 1;
  const size_t end = next < p_->tape_len_ ? p_->tape_[next].pos : p_->end_;
  return absl::MakeConstSpan(data() + n.pos, end - n.pos);
}

uint32_t Element::header() const {
  return valid() ? wire::LoadU32(data() + node().pos) : 0;
}

uint64_t Element::rid() const {
  if (type() != Type::kRID || p_->opts_.dialect != Dialect::kGodot4) return 0;
  return wire::LoadU64(data() + node().pos + 4);
}

bool Element::text_canonical() const {
  return valid() && (node().flags & kNonCanonical) == 0;
}

bool Element::GetWideReals(absl::Span<double> out) const {
  const Type t = type();
  const int n = RealComponents(t);
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  const uint32_t h = header();
  const bool wide = vi::RealIsWide(c, t, h);
  const uint8_t* p = data() + node().pos + 4;
  for (int i = 0; i < n; ++i) {
    out[i] = wide ? vi::Real64(c, wire::LoadU64(p + 8 * i))
                  : static_cast<double>(wire::LoadF32(p + 4 * i));
  }
  return true;
}

bool Element::ints(absl::Span<int32_t> out) const {
  const int n = IntComponents(type());
  if (n == 0 || out.size() < static_cast<size_t>(n)) return false;
  const uint8_t* p = data() + node().pos + 4;
  for (int i = 0; i < n; ++i) {
    out[i] = static_cast<int32_t>(wire::LoadU32(p + 4 * i));
  }
  return true;
}

namespace {

// The slot of a Dictionary's hash table (tape.h).
struct Table {
  const uint32_t* keys;   // tape index of key i at keys[i]
  const uint32_t* cells;  // 0 = empty, else entry ordinal + 1
  uint32_t mask;
};

// False for a Dictionary without a table (empty, or kLinearKeys).
ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool TableOf(const uint32_t* slots,
                                                 const internal::Node& n,
                                                 Table* t) {
  if (n.flags & internal::kLinearKeys) return false;
  const uint32_t b = n.b;
  const uint32_t count = slots[b];
  const uint32_t hb = slots[b + 1 + count];
  const uint32_t cap = slots[hb];
  if (cap == 0) return false;
  t->keys = slots + b + 1;
  t->cells = slots + hb + 1;
  t->mask = cap - 1;
  return true;
}

}  // namespace

// Dictionaries: the hash index holds every String/StringName key but
// godot3 non-canonical text, every Int, Float, Bool and Nil key; the other
// keys (kComplexKeys) never equal a key of those types, except a
// non-canonical string, compared through its engine text.
Element Element::Find(absl::string_view key) const {
  const Type t = type();
  if (t == Type::kObject) {
    for (uint32_t i = size(); i-- > 0;) {
      if (key_at(i).as_string() == key) return at(i);
    }
    return {};
  }
  if (t != Type::kDictionary) return {};
  const Node& n = node();
  if (n.flags & internal::kLinearKeys) {  // every key canonical text
    const uint32_t* keys = p_->slots_.get() + n.b + 1;
    for (uint32_t i = p_->slots_[n.b]; i-- > 0;) {
      if (Element(p_, keys[i]).as_string() == key) return at(i);
    }
    return {};
  }
  int64_t found = -1;
  Table tb;
  if (TableOf(p_->slots_.get(), n, &tb)) {
    uint32_t j =
        static_cast<uint32_t>(internal::HashString(p_->seed_, key)) & tb.mask;
    for (uint32_t cell; (cell = tb.cells[j]) != 0; j = (j + 1) & tb.mask) {
      const Element k(p_, tb.keys[cell - 1]);
      if (StringLike(k.type()) && k.as_string() == key) {
        found = cell - 1;
        break;
      }
    }
  }
  if (ABSL_PREDICT_FALSE(n.flags & kComplexKeys)) {
    for (uint32_t i = size(); i-- > 0 && int64_t{i} > found;) {
      const Element k = key_at(i);
      if (!StringLike(k.type()) || k.text_canonical()) continue;
      absl::StatusOr<Variant> v = k.ToVariant();
      if (v.ok() && v->as_string() == key) {
        found = i;
        break;
      }
    }
  }
  return found < 0 ? Element() : at(static_cast<size_t>(found));
}

Element Element::FindInt(int64_t key) const {
  if (type() != Type::kDictionary) return {};
  Table tb;
  if (!TableOf(p_->slots_.get(), node(), &tb)) return {};
  uint32_t j =
      static_cast<uint32_t>(internal::HashInt(p_->seed_, key)) & tb.mask;
  for (uint32_t cell; (cell = tb.cells[j]) != 0; j = (j + 1) & tb.mask) {
    const Element k(p_, tb.keys[cell - 1]);
    if (k.type() == Type::kInt && k.as_int() == key) return at(cell - 1);
  }
  return {};
}

Element Element::FindKey(const Variant& key) const {
  if (type() != Type::kDictionary) return {};
  const Type kt = key.type();
  if (StringLike(kt)) return Find(key.as_string());
  if (kt == Type::kInt) return FindInt(key.as_int());
  if (kt == Type::kNil || kt == Type::kBool || kt == Type::kFloat) {
    Table tb;
    if (!TableOf(p_->slots_.get(), node(), &tb)) return {};
    const uint64_t seed = p_->seed_;
    const uint64_t h = kt == Type::kNil ? internal::HashNil(seed)
                       : kt == Type::kBool
                           ? internal::HashBool(seed, key.as_bool())
                           : internal::HashFloat(seed, key.as_float());
    uint32_t j = static_cast<uint32_t>(h) & tb.mask;
    for (uint32_t cell; (cell = tb.cells[j]) != 0; j = (j + 1) & tb.mask) {
      const Element k(p_, tb.keys[cell - 1]);
      if (k.type() != kt) continue;
      if (kt == Type::kNil) return at(cell - 1);
      if (kt == Type::kBool && k.as_bool() == key.as_bool()) {
        return at(cell - 1);
      }
      if (kt == Type::kFloat) {
        const double a = k.as_float(), b = key.as_float();
        if (a == b || (std::isnan(a) && std::isnan(b))) return at(cell - 1);
      }
    }
    return {};
  }
  if (!(node().flags & kComplexKeys)) return {};
  // Linear, through the owned keys: the last duplicate wins.
  for (uint32_t i = size(); i-- > 0;) {
    const Element k = key_at(i);
    if (k.type() != kt) continue;
    absl::StatusOr<Variant> v = k.ToVariant();
    if (v.ok() && KeyEquals(*v, key)) return at(i);
  }
  return {};
}

ContainerType Element::element_type() const {
  const Type t = type();
  if (t != Type::kArray && t != Type::kTypedArray &&
      t != Type::kPackedTypedArray) {
    return {};
  }
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  const uint32_t h = header();
  size_t pos = node().pos + 4;
  vi::TypeDescriptor d;
  if (t == Type::kArray) {
    if (c.opts.dialect != Dialect::kGodot4) return {};
    if (!vi::ReadTypeDescriptor(
             c, (h >> wire::kArrayKindShift) & wire::kKindMask, &pos, false, &d)
             .ok()) {
      return {};
    }
    return vi::ToContainerType(c, d);
  }
  if (!vi::ReadPandemoniumElementType(c, h, &pos, false, &d).ok()) return {};
  return vi::ToPandemoniumElementType(c, d);
}

namespace {
ContainerType DictSide(const vi::Context& c, uint32_t h, size_t pos,
                       bool value) {
  if (c.opts.dialect != Dialect::kGodot4) return {};
  vi::TypeDescriptor k, v;
  if (!vi::ReadTypeDescriptor(
           c, (h >> wire::kDictKeyKindShift) & wire::kKindMask, &pos, false, &k)
           .ok() ||
      !vi::ReadTypeDescriptor(
           c, (h >> wire::kDictValueKindShift) & wire::kKindMask, &pos, false,
           &v)
           .ok()) {
    return {};
  }
  return vi::ToContainerType(c, value ? v : k);
}
}  // namespace

ContainerType Element::key_type() const {
  if (type() != Type::kDictionary) return {};
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  return DictSide(c, header(), node().pos + 4, false);
}

ContainerType Element::value_type() const {
  if (type() != Type::kDictionary) return {};
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  return DictSide(c, header(), node().pos + 4, true);
}

uint32_t Element::node_path_name_count() const {
  if (type() != Type::kNodePath) return 0;
  return wire::LoadU32(data() + node().pos + 4) & 0x7FFFFFFF;
}

bool Element::node_path_absolute() const {
  if (type() != Type::kNodePath) return false;
  return (wire::LoadU32(data() + node().pos + 12) & wire::kNodePathAbsolute) &&
         size() > 0;
}

Object::Kind Element::object_kind() const {
  if (type() != Type::kObject) return Object::Kind::kNull;
  if (header() & wire::kFlagObjectAsId) {
    return object_id() == 0 ? Object::Kind::kNull : Object::Kind::kId;
  }
  return (node().flags & kContainer) ? Object::Kind::kFull
                                     : Object::Kind::kNull;
}

uint64_t Element::object_id() const {
  if (type() != Type::kObject || !(header() & wire::kFlagObjectAsId)) return 0;
  return wire::LoadU64(data() + node().pos + 4);
}

absl::string_view Element::object_class() const {
  if (type() != Type::kObject || !(node().flags & kContainer)) return {};
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  size_t pos = node().pos + 4;
  vi::WireText t;
  if (!vi::ReadWireString(c, &pos, false, &t).ok()) return {};
  return vi::RawTextOf(c, t);
}

absl::string_view Element::signal_name() const {
  if (type() != Type::kSignal) return {};
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  size_t pos = node().pos + 4;
  vi::WireText t;
  if (!vi::ReadWireString(c, &pos, false, &t).ok()) return {};
  return vi::RawTextOf(c, t);
}

uint64_t Element::signal_object_id() const {
  if (type() != Type::kSignal) return 0;
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  size_t pos = node().pos + 4;
  vi::WireText t;
  if (!vi::ReadWireString(c, &pos, false, &t).ok()) return 0;
  return wire::LoadU64(data() + pos);
}

absl::Span<const uint8_t> Element::packed_bytes() const {
  const Type t = type();
  if (!IsPackedArray(t) || t == Type::kPackedStringArray) return {};
  const Node& n = node();
  return absl::MakeConstSpan(data() + n.a,
                             size_t{n.b} * (n.extra & 0xFF) * (n.extra >> 8));
}

int Element::packed_components() const {
  const Type t = type();
  if (!IsPackedArray(t) || t == Type::kPackedStringArray) return 0;
  return node().extra & 0xFF;
}

int Element::packed_width() const {
  const Type t = type();
  if (!IsPackedArray(t) || t == Type::kPackedStringArray) return 0;
  return node().extra >> 8;
}

absl::StatusOr<Variant> Element::ToVariant() const {
  if (!valid()) {
    return Error(ErrorKind::kInvalidArgument, 0, "$", "invalid element")
        .ToStatus();
  }
  const vi::Context c = ContextOf(data(), p_->size_, p_->base_, p_->opts_);
  Variant v;
  Error e = BuildVariant(c, i_, 0, &v);
  if (!e.ok()) {
    e.path = "$" + e.path;
    return e.ToStatus();
  }
  return v;
}

}  // namespace document
}  // namespace gdwire
