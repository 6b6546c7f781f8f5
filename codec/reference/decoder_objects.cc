// Copyright 2026 The gdwire Authors.
//
// The reference decoder's Object (internal/decoder.h): an object id (the
// object-as-id flag), the null object (an empty class name), or a full
// object, its class name and properties returned as data (never
// instantiated), refused unless DecodeOptions::allow_objects.

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/decoder.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {

Error Decoder::ObjectValue(uint32_t header, int depth, size_t start,
                           Variant* out) {
  Object obj;
  if (header & wire::kFlagObjectAsId) {
    if (Remaining() < 8) return Truncated(Type::kObject);
    if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
    obj.id = wire::LoadU64(data_ + pos_);
    pos_ += 8;
    obj.kind = obj.id == 0 ? Object::Kind::kNull : Object::Kind::kId;
    *out = Variant::MakeObject(std::move(obj));
    return {};
  }
  if (!opts_.allow_objects) {
    return Fail(ErrorKind::kObjectsNotAllowed, start,
                "full Object while objects are not allowed");
  }
  if (Error e = WireString(&obj.class_name); !e.ok()) return e;
  if (obj.class_name.empty()) {  // the documented null-object form
    if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
    *out = Variant::MakeObject(std::move(obj));
    return {};
  }
  obj.kind = Object::Kind::kFull;
  if (Remaining() < 4) {
    return Fail(ErrorKind::kTruncated, pos_, "truncated Object property count");
  }
  const int32_t count = static_cast<int32_t>(wire::LoadU32(data_ + pos_));
  const uint32_t n = count < 0 ? 0 : count;  // negative: no properties
  if (n > opts_.max_container_elements) {
    return Fail(ErrorKind::kLimitExceeded, pos_,
                absl::StrCat("Object of ", n, " properties exceeds the limit"));
  }
  bool backed;
  if (Error e = ChargeBacked(n, kMinPropertyBytes, sizeof(obj.properties[0]),
                             pos_, &backed);
      !e.ok()) {
    return e;
  }
  if (backed) obj.properties.reserve(n);
  pos_ += 4;
  const uint64_t outer = promised_;
  for (uint32_t i = 0; i < n; ++i) {
    promised_ = outer;
    std::string name;
    if (Error e = WireString(&name); !e.ok()) {
      return Prefix(e, absl::StrCat(".<property #", i, ">"));
    }
    promised_ = outer + (n - 1 - i) * kMinPropertyBytes;
    Variant value;
    if (Error e = Value(depth + 1, &value); !e.ok()) {
      return Prefix(e, "." + name.substr(0, kMaxKeyInPath) +
                           (name.size() > kMaxKeyInPath ? "..." : ""));
    }
    if (backed) obj.properties.emplace_back(std::move(name), std::move(value));
  }
  promised_ = outer;
  if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
  *out = Variant::MakeObject(std::move(obj));
  return {};
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
