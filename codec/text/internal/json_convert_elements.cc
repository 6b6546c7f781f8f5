// Copyright 2026 The gdwire Authors.
//
// FromJson's conversion (json_convert.h) of the elements inside a payload:
// component counts, integers (int64, int32, bytes, uint64; decimal strings
// beyond 2^53), reals (numbers or the non-finite spellings), text (a string
// or {"base64": ...}), base64, type names and typed-container types.

#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/text/internal/json_common.h"
#include "codec/text/internal/json_convert.h"
#include "codec/text/internal/json_tree.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace json_internal {

absl::Status Converter::Count(const Node& p, Type t, int n, size_t got) const {
  return Error(p, absl::StrCat("\"", TypeName(t), "\" takes ", n,
                               " components, got ", got));
}

absl::Status Converter::Multiple(const Node& p, Type t, size_t size) const {
  const int n = PackedComponents(t);
  if (n == 0 || size % n == 0) return absl::OkStatus();
  return Error(p, absl::StrCat("\"", TypeName(t), "\" takes a multiple of ", n,
                               " components, got ", size));
}

absl::Status Converter::I64(const Node& n, int64_t* out) const {
  if (n.kind == Node::Kind::kNumber && !IsIntegerLiteral(n.text)) {
    return Error(n,
                 "expected an integer, got a number with a fraction or "
                 "exponent");
  }
  if (n.kind != Node::Kind::kNumber && n.kind != Node::Kind::kString) {
    return Got(n, "expected an integer");
  }
  switch (ParseI64(n.text, out)) {
    case IntParse::kOk:
      return absl::OkStatus();
    case IntParse::kOutOfRange:
      return Error(n, "integer out of the int64 range");
    default:
      return ErrorQuoting(n, "malformed integer string ", n.text, "");
  }
}

absl::Status Converter::I32(const Node& n, int32_t* out) const {
  int64_t i;
  if (absl::Status s = I64(n, &i); !s.ok()) return s;
  if (i < std::numeric_limits<int32_t>::min() ||
      i > std::numeric_limits<int32_t>::max()) {
    return Error(n, "integer out of the int32 range");
  }
  *out = static_cast<int32_t>(i);
  return absl::OkStatus();
}

absl::Status Converter::Byte(const Node& n, uint8_t* out) const {
  int64_t i;
  if (absl::Status s = I64(n, &i); !s.ok()) return s;
  if (i < 0 || i > 255) return Error(n, "byte out of the range 0..255");
  *out = static_cast<uint8_t>(i);
  return absl::OkStatus();
}

absl::Status Converter::U64(const Node& n, uint64_t* out) const {
  if (n.kind == Node::Kind::kNumber && !IsIntegerLiteral(n.text)) {
    return Error(n,
                 "expected an integer, got a number with a fraction or "
                 "exponent");
  }
  if (n.kind != Node::Kind::kNumber && n.kind != Node::Kind::kString) {
    return Got(n, "expected a non-negative integer");
  }
  switch (ParseU64(n.text, out)) {
    case IntParse::kOk:
      return absl::OkStatus();
    case IntParse::kOutOfRange:
      return Error(n, "integer out of the uint64 range");
    default:
      return Got(n, "expected a non-negative integer");
  }
}

absl::Status Converter::Real(const Node& n, double* out) const {
  if (n.kind == Node::Kind::kNumber) return Number(n, out);
  if (n.kind == Node::Kind::kString && ParseNonFinite64(n.text, out)) {
    return absl::OkStatus();
  }
  return Got(n,
             "expected a number or \"inf\", \"-inf\", \"nan\", "
             "\"nan:<16 hex digits>\"");
}

absl::Status Converter::Real32(const Node& n, float* out) const {
  if (n.kind == Node::Kind::kNumber) return Number(n, out);
  if (n.kind == Node::Kind::kString && ParseNonFinite32(n.text, out)) {
    return absl::OkStatus();
  }
  return Got(n,
             "expected a number or \"inf\", \"-inf\", \"nan\", "
             "\"nan:<8 hex digits>\"");
}

absl::Status Converter::Base64(const Node& n, std::string* out) const {
  if (n.kind != Node::Kind::kString || !absl::Base64Unescape(n.text, out) ||
      absl::Base64Escape(*out) != n.text) {
    return Error(n, "expected base64 (standard alphabet, '=' padding)");
  }
  return absl::OkStatus();
}

absl::Status Converter::Text(const Node& n, std::string* out) const {
  if (n.kind == Node::Kind::kString) {
    *out = n.text;
    return absl::OkStatus();
  }
  if (n.kind == Node::Kind::kObject && n.items.size() == 2 &&
      n.items[0].text == "base64") {
    return Base64(n.items[1], out);
  }
  return Got(n, "expected a string or {\"base64\": ...}");
}

absl::Status Converter::TypeNamed(const Node& n, Type* t) const {
  if (n.kind == Node::Kind::kString && TypeFromName(n.text, t)) {
    return absl::OkStatus();
  }
  return Got(n, "expected a type name such as \"int\"");
}

absl::Status Converter::Container(const Node& n, ContainerType* out) const {
  if (n.kind == Node::Kind::kString) {
    Type t = Type::kNil;
    if (absl::Status s = TypeNamed(n, &t); !s.ok()) return s;
    *out = ContainerType::Builtin(t);
    return absl::OkStatus();
  }
  if (n.kind != Node::Kind::kObject) {
    return Got(n,
               "a container type is \"TypeName\", {\"class\": ...} or "
               "{\"script\": ...}");
  }
  const Node* kind = nullptr;
  const Node* builtin = nullptr;
  const Node* name = nullptr;
  const Node* class_name = nullptr;
  const Node* script = nullptr;
  for (size_t i = 0; i + 1 < n.items.size(); i += 2) {
    const Node& key = n.items[i];
    const Node* v = &n.items[i + 1];
    if (key.text == "kind") {
      kind = v;
    } else if (key.text == "builtin") {
      builtin = v;
    } else if (key.text == "name") {
      name = v;
    } else if (key.text == "class") {
      class_name = v;
    } else if (key.text == "script") {
      script = v;
    } else {
      return ErrorQuoting(key, "unexpected key ", key.text,
                          " in a container type");
    }
  }
  if (kind == nullptr) {
    if ((class_name == nullptr) == (script == nullptr) || builtin != nullptr ||
        name != nullptr) {
      return Error(n,
                   "a container type object takes exactly one of "
                   "\"class\" or \"script\" (or \"kind\", \"builtin\", "
                   "\"name\")");
    }
    std::string s;
    if (absl::Status st = Text(class_name ? *class_name : *script, &s);
        !st.ok()) {
      return st;
    }
    *out = class_name ? ContainerType::ClassName(std::move(s))
                      : ContainerType::Script(std::move(s));
    return absl::OkStatus();
  }
  if (class_name != nullptr || script != nullptr) {
    return Error(n,
                 "\"kind\" goes with \"builtin\" and \"name\", not "
                 "\"class\" or \"script\"");
  }
  ContainerType ct;
  if (kind->kind == Node::Kind::kString && kind->text == "none") {
    ct.kind = ContainerType::Kind::kNone;
  } else if (kind->kind == Node::Kind::kString && kind->text == "builtin") {
    ct.kind = ContainerType::Kind::kBuiltin;
  } else if (kind->kind == Node::Kind::kString && kind->text == "class") {
    ct.kind = ContainerType::Kind::kClassName;
  } else if (kind->kind == Node::Kind::kString && kind->text == "script") {
    ct.kind = ContainerType::Kind::kScript;
  } else {
    return Error(*kind,
                 "\"kind\" is \"none\", \"builtin\", \"class\" or "
                 "\"script\"");
  }
  if (builtin != nullptr) {
    if (absl::Status s = TypeNamed(*builtin, &ct.builtin); !s.ok()) return s;
  }
  if (name != nullptr) {
    if (absl::Status s = Text(*name, &ct.name); !s.ok()) return s;
  }
  *out = std::move(ct);
  return absl::OkStatus();
}

}  // namespace json_internal
}  // namespace text
}  // namespace gdwire
