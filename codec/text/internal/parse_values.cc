// Copyright 2026 The gdwire Authors.
//
// The start of a value: scalars, strings, identifiers (true, null, inf,
// NodePath, RID, Callable, Signal, constructors) and the openers of
// arrays, dictionaries, typed containers and objects.

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/text/internal/parse_names.h"
#include "codec/text/internal/parser.h"

namespace gdwire {
namespace text {
namespace internal {

// Array[T] / Dictionary[K, V] element type. cur_ is its identifier.
absl::Status Parser::ElementType(ContainerType* out) {
  if (cur_.kind != Tok::kIdent) return Expected("a type name");
  const std::string name = cur_.text;
  if (absl::Status st = Advance(); !st.ok()) return st;
  Type t;
  if (name == "Variant") {
    *out = ContainerType();
  } else if (LookUpBuiltin(name, &t)) {
    *out = ContainerType::Builtin(t);
  } else if (name == "Resource" && cur_.kind == Tok::kLParen) {
    // A script: Resource("res://path.gd").
    if (absl::Status st = Advance(); !st.ok()) return st;
    if (cur_.kind != Tok::kString) return Expected("a script path");
    *out = ContainerType::Script(cur_.text);
    if (absl::Status st = Advance(); !st.ok()) return st;
    return Expect(Tok::kRParen, "')'");
  } else {
    *out = ContainerType::ClassName(name);
  }
  return absl::OkStatus();
}

// Starts the value at cur_: a scalar into *value, or a pushed frame.
absl::Status Parser::StartValue(std::vector<Frame>* stack, Variant* value,
                                bool* pushed) {
  *pushed = false;
  const size_t pos = cur_.pos;
  switch (cur_.kind) {
    case Tok::kLBracket:
    case Tok::kLBrace: {
      Frame f;
      f.kind = cur_.kind == Tok::kLBracket ? Frame::Kind::kArray
                                           : Frame::Kind::kDictionary;
      f.open_pos = pos;
      stack->push_back(std::move(f));
      *pushed = true;
      return Advance();
    }
    case Tok::kString:
      *value = Variant::String(std::move(cur_.text));
      return Advance();
    case Tok::kStringName:
      if (!DialectHasType(d_, Type::kStringName)) {
        return Lacks(pos, "StringName");
      }
      *value = Variant::StringName(std::move(cur_.text));
      return Advance();
    case Tok::kInt:
      *value = Variant::Int(cur_.i);
      return Advance();
    case Tok::kFloat:
      *value = Variant::Float(cur_.d);
      return Advance();
    case Tok::kColor:
      *value = Variant::Color(cur_.color[0], cur_.color[1], cur_.color[2],
                              cur_.color[3]);
      return Advance();
    case Tok::kIdent:
      return Identifier(stack, value, pushed);
    default:
      return Expected("a value");
  }
}

absl::Status Parser::Identifier(std::vector<Frame>* stack, Variant* value,
                                bool* pushed) {
  const size_t pos = cur_.pos;
  const std::string id = cur_.text;
  double special;
  Type t;
  if (id == "true" || id == "false") {
    *value = Variant::Bool(id == "true");
    return Advance();
  }
  if (id == "null" || id == "nil") {
    *value = Variant();
    return Advance();
  }
  if (SpecialFloat(id, &special)) {
    *value = Variant::Float(special);
    return Advance();
  }
  if (LookUpType(id, &t)) return Constructor(t, value);
  if (absl::Status st = Advance(); !st.ok()) return st;
  if (id == "NodePath") return NodePathValue(value);
  if (id == "RID") return RidValue(value);
  if (id == "Callable" || id == "Signal") {
    return CallableOrSignalValue(id, pos, value);
  }
  if (id == "Object") return ObjectOpener(pos, stack, pushed);
  if (id == "Array" || id == "Dictionary") {
    return TypedContainerOpener(id, pos, stack, pushed);
  }
  if ((id == "TypedArray" || id == "PackedTypedArray") &&
      d_ == Dialect::kPandemonium) {
    return TypedArrayOpener(
        id == "TypedArray" ? Type::kTypedArray : Type::kPackedTypedArray, pos,
        stack, pushed);
  }
  if (id == "Resource" || id == "SubResource" || id == "ExtResource") {
    return Fail(pos, ErrorKind::kUnsupported,
                absl::StrCat(id, "() needs the engine's resource loader"));
  }
  return Fail(pos, ErrorKind::kInvalidArgument,
              absl::StrCat("unexpected identifier '", id, "'"));
}

// NodePath("path"); cur_ is the token after the identifier.
absl::Status Parser::NodePathValue(Variant* value) {
  if (absl::Status st = Expect(Tok::kLParen, "'(' after NodePath"); !st.ok()) {
    return st;
  }
  if (cur_.kind != Tok::kString) return Expected("a string in NodePath()");
  NodePath np;
  if (!ParseNodePath(cur_.text, &np)) {
    return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                "invalid NodePath: empty subname");
  }
  if (absl::Status st = Advance(); !st.ok()) return st;
  *value = Variant::MakeNodePath(std::move(np));
  return Expect(Tok::kRParen, "')'");
}

// RID() or RID(id).
absl::Status Parser::RidValue(Variant* value) {
  if (absl::Status st = Expect(Tok::kLParen, "'(' after RID"); !st.ok()) {
    return st;
  }
  uint64_t rid = 0;
  if (cur_.kind == Tok::kInt) {
    rid = static_cast<uint64_t>(cur_.i);
    if (absl::Status st = Advance(); !st.ok()) return st;
  }
  *value = Variant::Rid(rid);
  return Expect(Tok::kRParen, "a number or ')'");
}

// Callable() or Signal(): no arguments, as the engine writes them.
absl::Status Parser::CallableOrSignalValue(const std::string& id, size_t pos,
                                           Variant* value) {
  const Type t = id == "Callable" ? Type::kCallable : Type::kSignal;
  if (!DialectHasType(d_, t)) return Lacks(pos, id);
  if (absl::Status st = Expect(Tok::kLParen, absl::StrCat("'(' after ", id));
      !st.ok()) {
    return st;
  }
  *value = t == Type::kCallable ? Variant::Callable()
                                : Variant::MakeSignal(Signal());
  return Expect(Tok::kRParen, "')'");
}

// "Object(Class, ": a frame for the properties that follow.
absl::Status Parser::ObjectOpener(size_t pos, std::vector<Frame>* stack,
                                  bool* pushed) {
  if (absl::Status st = Expect(Tok::kLParen, "'(' after Object"); !st.ok()) {
    return st;
  }
  if (cur_.kind != Tok::kIdent) return Expected("a class name");
  Frame f;
  f.kind = Frame::Kind::kObject;
  f.open_pos = pos;
  f.object.kind = Object::Kind::kFull;
  f.object.class_name = cur_.text;
  if (absl::Status st = Advance(); !st.ok()) return st;
  if (absl::Status st = Expect(Tok::kComma, "',' after the class name");
      !st.ok()) {
    return st;
  }
  stack->push_back(std::move(f));
  *pushed = true;
  return absl::OkStatus();
}

// Godot 4's typed "Array[T]([" and "Dictionary[K, V]({": a frame for the
// elements that follow.
absl::Status Parser::TypedContainerOpener(const std::string& id, size_t pos,
                                          std::vector<Frame>* stack,
                                          bool* pushed) {
  if (d_ != Dialect::kGodot4) {
    return Fail(
        pos, ErrorKind::kUnsupported,
        absl::StrCat("typed ", id, " does not exist in ", DialectName(d_)));
  }
  Frame f;
  f.open_pos = pos;
  f.wrapped = true;
  if (absl::Status st = Expect(Tok::kLBracket, "'['"); !st.ok()) return st;
  if (id == "Array") {
    f.kind = Frame::Kind::kArray;
    if (absl::Status st = ElementType(&f.array.element_type); !st.ok()) {
      return st;
    }
  } else {
    f.kind = Frame::Kind::kDictionary;
    if (absl::Status st = ElementType(&f.dict.key_type); !st.ok()) {
      return st;
    }
    if (absl::Status st = Expect(Tok::kComma, "','"); !st.ok()) return st;
    if (absl::Status st = ElementType(&f.dict.value_type); !st.ok()) {
      return st;
    }
  }
  if (absl::Status st = Expect(Tok::kRBracket, "']'"); !st.ok()) return st;
  if (absl::Status st = Expect(Tok::kLParen, "'('"); !st.ok()) return st;
  const Tok open = id == "Array" ? Tok::kLBracket : Tok::kLBrace;
  if (absl::Status st = Expect(open, id == "Array" ? "'['" : "'{'"); !st.ok()) {
    return st;
  }
  stack->push_back(std::move(f));
  *pushed = true;
  return absl::OkStatus();
}

// Pandemonium 5: "TypedArray( <type> , a, b )", also "TypedArray()" and
// "TypedArray( <type> )"; <type> is a type name (PandemoniumTypeName) or an
// Object class name. cur_ is the token after the identifier.
absl::Status Parser::TypedArrayOpener(Type which, size_t pos,
                                      std::vector<Frame>* stack, bool* pushed) {
  Frame f;
  f.kind = Frame::Kind::kArray;
  f.array_type = which;
  f.open_pos = pos;
  f.array.element_type = ContainerType::Builtin(Type::kNil);
  if (absl::Status st = Expect(Tok::kLParen, "'('"); !st.ok()) return st;
  if (cur_.kind == Tok::kIdent) {
    Type t;
    if (TypeFromPandemoniumName(cur_.text, &t)) {
      f.array.element_type = ContainerType::Builtin(t);
    } else {
      f.array.element_type = ContainerType::ClassName(cur_.text);
    }
    if (absl::Status st = Advance(); !st.ok()) return st;
    if (cur_.kind == Tok::kComma) {
      if (absl::Status st = Advance(); !st.ok()) return st;
    } else if (cur_.kind != Tok::kRParen) {
      return Expected("',' or ')' after the element type");
    }
  } else if (cur_.kind != Tok::kRParen) {
    return Expected("an element type or ')'");
  }
  stack->push_back(std::move(f));
  *pushed = true;
  return absl::OkStatus();
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire
