// Copyright 2026 The gdwire Authors.

#include "codec/view/value_view.h"

#include "absl/strings/str_cat.h"
#include "codec/core/convert.h"
#include "codec/core/leaf.h"
#include "codec/core/walk.h"
#include "codec/view/container_view.h"
#include "codec/view/packed_view.h"
#include "codec/wire.h"

namespace gdwire {
namespace view {

using core::Context;
using core::StatusOf;
using wire::LoadU32;
using wire::LoadU64;

std::string TextView::ToString() const {
  return c_ ? core::TextOf(*c_, t_) : std::string();
}

ContainerType ContainerTypeView::ToContainerType() const {
  if (c_ == nullptr) return ContainerType();
  return pandemonium_ ? core::ToPandemoniumElementType(*c_, d_)
                      : core::ToContainerType(*c_, d_);
}

bool ValueView::is_wide() const {
  if (c_ == nullptr) return false;
  switch (type_) {
    case Type::kInt:
    case Type::kFloat:
    case Type::kObject:
      return (header_ & wire::kFlag64) != 0;
    default:
      return core::RealIsWide(*c_, type_, header_);
  }
}

absl::Status ValueView::WrongType(const char* wanted) const {
  if (c_ == nullptr) {
    return absl::FailedPreconditionError("empty ValueView");
  }
  return StatusOf(core::Fail(
      *c_, ErrorKind::kInvalidArgument, pos_,
      absl::StrCat("expected ", wanted, ", found ", TypeName(type_))));
}

absl::StatusOr<bool> ValueView::as_bool() const {
  if (c_ == nullptr || type_ != Type::kBool) return WrongType("Bool");
  const size_t p = pos_ + 4;
  if (c_->Remaining(p) < 4) return StatusOf(core::Truncated(*c_, type_, p));
  return LoadU32(c_->data + p) != 0;
}

absl::StatusOr<int64_t> ValueView::as_int() const {
  if (c_ == nullptr || type_ != Type::kInt) return WrongType("int");
  const size_t p = pos_ + 4;
  const bool wide = (header_ & wire::kFlag64) != 0;
  if (c_->Remaining(p) < (wide ? 8u : 4u)) {
    return StatusOf(core::Truncated(*c_, type_, p));
  }
  return wide ? static_cast<int64_t>(LoadU64(c_->data + p))
              : static_cast<int64_t>(
                    static_cast<int32_t>(LoadU32(c_->data + p)));
}

absl::StatusOr<double> ValueView::as_float() const {
  if (c_ == nullptr || type_ != Type::kFloat) return WrongType("float");
  const size_t p = pos_ + 4;
  const bool wide = (header_ & wire::kFlag64) != 0;
  if (c_->Remaining(p) < (wide ? 8u : 4u)) {
    return StatusOf(core::Truncated(*c_, type_, p));
  }
  // A 4-byte float widens by an ordinary conversion, as in the engine.
  return wide ? wire::LoadF64(c_->data + p)
              : static_cast<double>(wire::LoadF32(c_->data + p));
}

absl::StatusOr<uint64_t> ValueView::rid() const {
  if (c_ == nullptr || type_ != Type::kRID) return WrongType("RID");
  if (c_->opts.dialect != Dialect::kGodot4) return uint64_t{0};
  const size_t p = pos_ + 4;
  if (c_->Remaining(p) < 8) return StatusOf(core::Truncated(*c_, type_, p));
  return LoadU64(c_->data + p);
}

absl::StatusOr<TextView> ValueView::text() const {
  if (c_ == nullptr || (type_ != Type::kString && type_ != Type::kStringName)) {
    return WrongType("String or StringName");
  }
  size_t p = pos_ + 4;
  core::WireText t;
  if (Error e = core::ReadWireString(*c_, &p, true, &t); !e.ok()) {
    return StatusOf(e);
  }
  return TextView(c_, t);
}

absl::StatusOr<absl::string_view> ValueView::as_string_view() const {
  absl::StatusOr<TextView> t = text();
  if (!t.ok()) return t.status();
  return t->view();
}

absl::StatusOr<std::string> ValueView::as_string() const {
  absl::StatusOr<TextView> t = text();
  if (!t.ok()) return t.status();
  return t->ToString();
}

absl::Status ValueView::reals(absl::Span<double> out) const {
  const int n = RealComponents(type_);
  if (c_ == nullptr || n == 0) return WrongType("a real math type");
  if (out.size() < static_cast<size_t>(n)) {
    return absl::InvalidArgumentError(
        absl::StrCat(TypeName(type_), " has ", n, " components"));
  }
  const bool wide = core::RealIsWide(*c_, type_, header_);
  const size_t w = wide ? 8 : 4;
  const size_t p = pos_ + 4;
  if (c_->Remaining(p) < n * w) {
    return StatusOf(core::Truncated(*c_, type_, p));
  }
  const uint8_t* d = c_->data + p;
  for (int i = 0; i < n; ++i) {
    out[i] = wide ? core::Real64(*c_, LoadU64(d + i * w))
                  : core::WidenF32(LoadU32(d + i * w));
  }
  return absl::OkStatus();
}

absl::Status ValueView::ints(absl::Span<int32_t> out) const {
  const int n = IntComponents(type_);
  if (c_ == nullptr || n == 0) return WrongType("an integer vector type");
  if (out.size() < static_cast<size_t>(n)) {
    return absl::InvalidArgumentError(
        absl::StrCat(TypeName(type_), " has ", n, " components"));
  }
  const size_t p = pos_ + 4;
  if (c_->Remaining(p) < n * 4u) {
    return StatusOf(core::Truncated(*c_, type_, p));
  }
  core::LoadI32(c_->data + p, out.data(), n);
  return absl::OkStatus();
}

absl::StatusOr<SignalView> ValueView::signal() const {
  if (c_ == nullptr || type_ != Type::kSignal) return WrongType("Signal");
  size_t p = pos_ + 4;
  core::WireText t;
  if (Error e = core::ReadWireString(*c_, &p, true, &t); !e.ok()) {
    return StatusOf(e);
  }
  if (c_->Remaining(p) < 8) return StatusOf(core::Truncated(*c_, type_, p));
  SignalView s;
  s.name = TextView(c_, t);
  s.object_id = LoadU64(c_->data + p);
  return s;
}

absl::StatusOr<NodePathView> ValueView::node_path() const {
  if (c_ == nullptr || type_ != Type::kNodePath) return WrongType("NodePath");
  const size_t p = pos_ + 4;
  if (c_->Remaining(p) < 4) return StatusOf(core::Truncated(*c_, type_, p));
  const uint32_t w0 = LoadU32(c_->data + p);
  if ((w0 & wire::kNodePathNewFormat) == 0) {
    return StatusOf(core::Fail(*c_, ErrorKind::kInvalidNodePath, p,
                               "NodePath in the old (pre-3.0) format"));
  }
  if (c_->Remaining(p) < 12) {
    return StatusOf(core::Truncated(*c_, type_, p));
  }
  const uint32_t flags = LoadU32(c_->data + p + 8);
  NodePathView v;
  v.c_ = c_;
  v.first_ = p + 12;
  v.names_ = w0 & 0x7FFFFFFF;
  v.total_ = v.names_ + LoadU32(c_->data + p + 4);  // wraps as the engine
  if (flags & wire::kNodePathPropertyObsolete) ++v.total_;
  v.absolute_ = (flags & wire::kNodePathAbsolute) != 0;
  return v;
}

absl::StatusOr<ObjectView> ValueView::object() const {
  if (c_ == nullptr || type_ != Type::kObject) return WrongType("Object");
  size_t p = pos_ + 4;
  ObjectView v;
  v.c_ = c_;
  v.depth_ = depth_ + 1;
  if (header_ & wire::kFlagObjectAsId) {
    if (c_->Remaining(p) < 8) {
      return StatusOf(core::Truncated(*c_, type_, p));
    }
    v.id_ = LoadU64(c_->data + p);
    v.kind_ = v.id_ == 0 ? Object::Kind::kNull : Object::Kind::kId;
    return v;
  }
  if (!c_->opts.allow_objects) {
    return StatusOf(core::Fail(*c_, ErrorKind::kObjectsNotAllowed, pos_,
                               "full Object while objects are not allowed"));
  }
  core::WireText cls;
  if (Error e = core::ReadWireString(*c_, &p, true, &cls); !e.ok()) {
    return StatusOf(e);
  }
  if (cls.text_size == 0) return v;  // the null-object form
  if (Error e = core::ReadPropertyCount(*c_, &p, &v.count_); !e.ok()) {
    return StatusOf(e);
  }
  v.kind_ = Object::Kind::kFull;
  v.class_name_ = TextView(c_, cls);
  v.first_ = p;
  return v;
}

absl::StatusOr<ArrayView> ValueView::array() const {
  if (c_ == nullptr || !IsArrayType(type_)) return WrongType("Array");
  size_t p = pos_ + 4;
  core::TypeDescriptor et;
  const bool pd = type_ != Type::kArray;  // Pandemonium's typed arrays
  if (pd) {
    if (Error e = core::ReadPandemoniumElementType(*c_, header_, &p, true, &et);
        !e.ok()) {
      return StatusOf(e);
    }
  } else if (c_->opts.dialect == Dialect::kGodot4) {
    const uint32_t k = (header_ >> wire::kArrayKindShift) & wire::kKindMask;
    if (Error e = core::ReadTypeDescriptor(*c_, k, &p, true, &et); !e.ok()) {
      return StatusOf(e);
    }
  }
  uint32_t count;
  if (Error e = core::ReadCount(*c_, TypeName(type_).data(), &p, &count);
      !e.ok()) {
    return StatusOf(e);
  }
  ArrayView v;
  v.element_type_ = ContainerTypeView(c_, et, pd);
  v.count_ = count;
  v.base_.c_ = c_;
  v.base_.pos_ = p;
  v.base_.depth_ = depth_ + 1;
  v.base_.count_ = count;
  return v;
}

absl::StatusOr<DictionaryView> ValueView::dictionary() const {
  if (c_ == nullptr || type_ != Type::kDictionary) {
    return WrongType("Dictionary");
  }
  size_t p = pos_ + 4;
  core::TypeDescriptor kt, vt;
  if (c_->opts.dialect == Dialect::kGodot4) {
    const uint32_t kk = (header_ >> wire::kDictKeyKindShift) & wire::kKindMask;
    const uint32_t vk =
        (header_ >> wire::kDictValueKindShift) & wire::kKindMask;
    if (Error e = core::ReadTypeDescriptor(*c_, kk, &p, true, &kt); !e.ok()) {
      return StatusOf(e);
    }
    if (Error e = core::ReadTypeDescriptor(*c_, vk, &p, true, &vt); !e.ok()) {
      return StatusOf(e);
    }
  }
  uint32_t count;
  if (Error e = core::ReadCount(*c_, "Dictionary", &p, &count); !e.ok()) {
    return StatusOf(e);
  }
  DictionaryView v;
  v.c_ = c_;
  v.first_ = p;
  v.depth_ = depth_ + 1;
  v.key_type_ = ContainerTypeView(c_, kt);
  v.value_type_ = ContainerTypeView(c_, vt);
  v.count_ = count;
  return v;
}

absl::StatusOr<PackedArrayView> ValueView::packed_array() const {
  if (c_ == nullptr || !IsPackedArray(type_) ||
      type_ == Type::kPackedStringArray) {
    return WrongType("a packed array of numbers");
  }
  size_t p = pos_ + 4;
  PackedArrayView v;
  if (Error e = core::ReadPackedLayout(*c_, type_, header_, &p, &v.l_);
      !e.ok()) {
    return StatusOf(e);
  }
  v.c_ = c_;
  v.type_ = type_;
  return v;
}

absl::StatusOr<PackedStringArrayView> ValueView::packed_string_array() const {
  if (c_ == nullptr || type_ != Type::kPackedStringArray) {
    return WrongType("PackedStringArray");
  }
  size_t p = pos_ + 4;
  PackedStringArrayView v;
  if (Error e = core::ReadPackedStringsCount(*c_, &p, &v.count_); !e.ok()) {
    return StatusOf(e);
  }
  v.c_ = c_;
  v.first_ = p;
  return v;
}

absl::StatusOr<size_t> ValueView::EncodedSize() const {
  if (c_ == nullptr) return WrongType("a value");
  size_t end;
  if (Error e = core::SkipValue(*c_, pos_, depth_, &end); !e.ok()) {
    return StatusOf(e);
  }
  return end - pos_;
}

absl::Status ValueView::Validate() const {
  if (c_ == nullptr) return WrongType("a value");
  size_t end;
  return StatusOf(core::ValidateValue(*c_, pos_, depth_, &end));
}

absl::StatusOr<Variant> ValueView::ToVariant() const {
  if (c_ == nullptr) return WrongType("a value");
  Variant v;
  size_t end;
  if (Error e = core::MaterializeValue(*c_, pos_, depth_, &v, &end); !e.ok()) {
    return StatusOf(e);
  }
  return v;
}

}  // namespace view
}  // namespace gdwire
