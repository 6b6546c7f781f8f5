// Copyright 2026 The gdwire Authors.

#include "codec/core/wire_types.h"

namespace gdwire {
namespace core {
namespace {

int FixedPayloadSize(Dialect d, Type t, bool flag64) {
  if (int n = RealComponents(t)) {
    return n * (flag64 && HasRealWidthFlag(d, t) ? 8 : 4);
  }
  if (int n = IntComponents(t)) return n * 4;
  switch (t) {
    case Type::kNil:
    case Type::kCallable:
      return 0;
    case Type::kBool:
      return 4;
    case Type::kInt:
    case Type::kFloat:
      return flag64 ? 8 : 4;
    case Type::kRID:
      return d == Dialect::kGodot4 ? 8 : 0;
    case Type::kObject:
      return flag64 ? 8 : -1;  // bit 16: an Object sent as an id
    default:
      return -1;
  }
}

Shape ShapeOf(Type type) {
  if (RealComponents(type) || IntComponents(type)) return kFixed;
  switch (type) {
    case Type::kNil:
    case Type::kCallable:
    case Type::kBool:
    case Type::kInt:
    case Type::kFloat:
    case Type::kRID:
      return kFixed;
    case Type::kString:
    case Type::kStringName:
      return kText;
    case Type::kArray:
      return kArrayShape;
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      return kTypedShape;
    case Type::kDictionary:
      return kDictShape;
    case Type::kObject:
      return kObjectShape;
    case Type::kNodePath:
      return kNodePathShape;
    case Type::kPackedStringArray:
      return kStringsShape;
    default:
      return IsPackedArray(type) ? kPackedShape : kOtherShape;
  }
}

}  // namespace

const WireType* WireTypes(Dialect d) {
  static const auto* tables = [] {
    auto* t = new WireType[4][256];
    for (Dialect dd : {Dialect::kGodot3, Dialect::kGodot4,
                       Dialect::kPandemonium, Dialect::kPandemonium4}) {
      WireType* row = t[static_cast<int>(dd)];
      for (uint32_t id = 0; id < 256; ++id) {
        Type type;
        if (!TypeFromWireId(dd, id, &type)) continue;
        WireType& w = row[id];
        w.type = type;
        w.shape = ShapeOf(type);
        w.reals = static_cast<uint8_t>(RealComponents(type));
        w.ints = static_cast<uint8_t>(IntComponents(type));
        w.fixed[0] = static_cast<int16_t>(FixedPayloadSize(dd, type, false));
        w.fixed[1] = static_cast<int16_t>(FixedPayloadSize(dd, type, true));
      }
    }
    return t;
  }();
  return tables[static_cast<int>(d)];
}

}  // namespace core
}  // namespace gdwire
