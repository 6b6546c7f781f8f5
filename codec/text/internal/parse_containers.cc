// Copyright 2026 The gdwire Authors.
//
// The frames of containers and objects: property names, closers, typed
// element checks, dictionary keys (Godot's key identity), and objects sent
// as an id.

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/internal/key_hash.h"
#include "codec/text/internal/parser.h"

namespace gdwire {
namespace text {
namespace internal {

// Object: "name" ':' before each property value.
absl::Status Parser::PropertyName(Frame* f) {
  if (cur_.kind != Tok::kString) {
    return Expected("a property name string or ')'");
  }
  f->property = std::move(cur_.text);
  if (absl::Status st = Advance(); !st.ok()) return st;
  return Expect(Tok::kColon, "':' after the property name");
}

bool Parser::IsCloser(const Frame& f) const {
  switch (f.kind) {
    case Frame::Kind::kArray:
      return cur_.kind ==
             (f.array_type == Type::kArray ? Tok::kRBracket : Tok::kRParen);
    case Frame::Kind::kDictionary:
      return cur_.kind == Tok::kRBrace && !f.have_key;
    case Frame::Kind::kObject:
      return cur_.kind == Tok::kRParen;
  }
  return false;
}

const char* Parser::CloserName(const Frame& f) {
  switch (f.kind) {
    case Frame::Kind::kArray:
      return f.array_type == Type::kArray ? "']'" : "')'";
    case Frame::Kind::kDictionary:
      return "'}'";
    case Frame::Kind::kObject:
      return "')'";
  }
  return "')'";
}

// Pops the top frame (cur_ is its closer) into *value.
absl::Status Parser::Close(std::vector<Frame>* stack, Variant* value) {
  Frame& f = stack->back();
  if (absl::Status st = Advance(); !st.ok()) return st;
  if (f.wrapped) {
    if (absl::Status st = Expect(Tok::kRParen, "')'"); !st.ok()) return st;
  }
  switch (f.kind) {
    case Frame::Kind::kArray:
      *value = f.array_type == Type::kTypedArray
                   ? Variant::MakeTypedArray(std::move(f.array))
               : f.array_type == Type::kPackedTypedArray
                   ? Variant::MakePackedTypedArray(std::move(f.array))
                   : Variant::MakeArray(std::move(f.array));
      break;
    case Frame::Kind::kDictionary:
      *value = Variant::MakeDictionary(std::move(f.dict));
      break;
    case Frame::Kind::kObject:
      *value = Variant::MakeObject(FinishObject(std::move(f.object)));
      break;
  }
  stack->pop_back();
  return absl::OkStatus();
}

// The writers print an object sent as an id as the EncodedObjectAsID the
// engine decodes it to; read that back as the id.
Object Parser::FinishObject(Object o) {
  if (o.class_name != "EncodedObjectAsID") return o;
  const Variant* id = nullptr;
  for (const auto& p : o.properties) {
    if (p.first == "object_id" && p.second.type() == Type::kInt) {
      id = &p.second;
    } else if (!(p.first == "script" && p.second.is_nil())) {
      return o;
    }
  }
  if (id == nullptr) return o;
  Object out;
  out.kind = Object::Kind::kId;
  out.id = static_cast<uint64_t>(id->as_int());
  return out;
}

// Makes `v` fit a typed container's element type, as the engine's
// Array::assign does for the lossless conversions.
absl::Status Parser::Fit(const ContainerType& ct, size_t pos,
                         absl::string_view what, Variant* v) const {
  if (!ct.is_typed()) return absl::OkStatus();
  if (ct.kind != ContainerType::Kind::kBuiltin) {
    if (v->type() == Type::kObject || v->is_nil()) return absl::OkStatus();
  } else if (ct.builtin == Type::kNil || v->type() == ct.builtin) {
    return absl::OkStatus();
  } else if (ct.builtin == Type::kFloat && v->type() == Type::kInt) {
    *v = Variant::Float(static_cast<double>(v->as_int()));
    return absl::OkStatus();
  } else if (ct.builtin == Type::kString && v->type() == Type::kStringName) {
    *v = Variant::String(v->as_string());
    return absl::OkStatus();
  } else if (ct.builtin == Type::kStringName && v->type() == Type::kString) {
    *v = Variant::StringName(v->as_string());
    return absl::OkStatus();
  } else if (ct.builtin == Type::kObject && v->is_nil()) {
    return absl::OkStatus();
  }
  const std::string want = ct.kind == ContainerType::Kind::kBuiltin
                               ? std::string(TypeName(ct.builtin))
                               : ct.name;
  return Fail(pos, ErrorKind::kInvalidArgument,
              absl::StrCat(what, " of type ", TypeName(v->type()),
                           " in a container typed ", want));
}

// A Pandemonium TypedArray / PackedTypedArray element: of the element type
// exactly (null also in Object arrays; a Nil-typed PackedTypedArray holds
// bools, as the engine stores it), a float in a PackedTypedArray as real_t.
absl::Status Parser::FitPandemonium(Type which, const ContainerType& ct,
                                    size_t pos, Variant* v) const {
  const Type want =
      ct.kind == ContainerType::Kind::kBuiltin ? ct.builtin : Type::kObject;
  const Type have = v->type();
  if (which == Type::kPackedTypedArray && want == Type::kNil) {
    if (have == Type::kNil) *v = Variant::Bool(false);
    if (have == Type::kNil || have == Type::kBool) return absl::OkStatus();
  } else if (have == want || (want == Type::kObject && have == Type::kNil)) {
    if (which == Type::kPackedTypedArray && want == Type::kFloat) {
      *v = Variant::Float(static_cast<float>(v->as_float()));
    }
    return absl::OkStatus();
  }
  return Fail(pos, ErrorKind::kInvalidArgument,
              absl::StrCat("element of type ", TypeName(have), " in a ",
                           TypeName(which), " of ",
                           ct.kind == ContainerType::Kind::kBuiltin
                               ? std::string(PandemoniumTypeName(want))
                               : ct.name));
}

// Adds a finished value to the frame. Sets *want_value when the frame
// needs another value at once (a dictionary key was read).
absl::Status Parser::Deliver(Frame* f, Variant value, size_t value_pos,
                             bool* want_value) {
  *want_value = false;
  switch (f->kind) {
    case Frame::Kind::kArray:
      if (absl::Status st =
              f->array_type == Type::kArray
                  ? Fit(f->array.element_type, value_pos, "element", &value)
                  : FitPandemonium(f->array_type, f->array.element_type,
                                   value_pos, &value);
          !st.ok()) {
        return st;
      }
      f->array.items.push_back(std::move(value));
      return absl::OkStatus();
    case Frame::Kind::kObject:
      f->object.properties.emplace_back(std::move(f->property),
                                        std::move(value));
      return absl::OkStatus();
    case Frame::Kind::kDictionary:
      break;
  }
  if (!f->have_key) {
    if (absl::Status st = Fit(f->dict.key_type, value_pos, "key", &value);
        !st.ok()) {
      return st;
    }
    f->key = std::move(value);
    f->key_pos = value_pos;
    f->have_key = true;
    *want_value = true;
    return Expect(Tok::kColon, "':' after the key");
  }
  if (absl::Status st = Fit(f->dict.value_type, value_pos, "value", &value);
      !st.ok()) {
    return st;
  }
  f->have_key = false;
  // Godot's key identity (KeyEquals): a repeated key overwrites the value
  // and keeps its first position. The key's containers are complete:
  // KeyHash and KeyEquals may keep their hashes in them (linear time for
  // nested container keys).
  gdwire::internal::KeyHashScope scope;
  const size_t h = KeyHash(f->key);
  auto range = f->index.equal_range(h);
  for (auto it = range.first; it != range.second; ++it) {
    auto& entry = f->dict.entries[it->second];
    if (KeyEquals(entry.first, f->key)) {
      entry.second = std::move(value);
      return absl::OkStatus();
    }
  }
  f->index.emplace(h, f->dict.entries.size());
  f->dict.entries.emplace_back(std::move(f->key), std::move(value));
  return absl::OkStatus();
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire
