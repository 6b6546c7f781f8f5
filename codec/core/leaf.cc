// Copyright 2026 The gdwire Authors.

#include "codec/core/leaf.h"

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/core/convert.h"
#include "codec/core/fields.h"
#include "codec/wire.h"

namespace gdwire {
namespace core {
namespace {

using wire::LoadU32;
using wire::LoadU64;

template <bool kBuild>
Error NodePathLeaf(const Context& c, size_t* pos, bool check_text,
                   Budget* budget, Variant* out) {
  const size_t start = *pos;
  if (c.Remaining(*pos) < 4) return Truncated(c, Type::kNodePath, *pos);
  const uint32_t w0 = LoadU32(c.data + *pos);
  if ((w0 & wire::kNodePathNewFormat) == 0) {
    return Fail(c, ErrorKind::kInvalidNodePath, *pos,
                "NodePath in the old (pre-3.0) format");
  }
  if (c.Remaining(*pos) < 12) return Truncated(c, Type::kNodePath, *pos);
  const uint32_t names = w0 & 0x7FFFFFFF;
  const uint32_t flags = LoadU32(c.data + *pos + 8);
  // u32 arithmetic, wrapping as in the engine (spec §4.4).
  uint32_t total = names + LoadU32(c.data + *pos + 4);
  if (flags & wire::kNodePathPropertyObsolete) ++total;
  *pos += 12;
  // Components of a count the input cannot back are read and dropped, as
  // the reference decoder does (the decode is bound to fail).
  bool backed = true;
  if (budget != nullptr) {
    if (Error e = budget->ChargeBacked(c, *pos, total, 4, sizeof(std::string),
                                       start, &backed);
        !e.ok()) {
      return e;
    }
  }
  if (budget != nullptr) {
    if (Error e = budget->Charge(c, sizeof(NodePath), start); !e.ok()) {
      return e;
    }
  }
  NodePath np;
  for (uint32_t i = 0; i < total; ++i) {
    WireText t;
    if (Error e = ReadWireString(c, pos, check_text, &t, budget); !e.ok()) {
      return e;
    }
    if (kBuild && backed) {
      (i < names ? np.names : np.subnames).push_back(TextOf(c, t));
    }
  }
  if (kBuild) {
    np.absolute = (flags & wire::kNodePathAbsolute) != 0 && !np.empty();
    *out = Variant::MakeNodePath(std::move(np));
  }
  return {};
}

template <bool kBuild>
Error PackedStringsLeaf(const Context& c, size_t* pos, bool check_text,
                        Budget* budget, Variant* out) {
  const size_t start = *pos;
  uint32_t count;
  if (Error e = ReadPackedStringsCount(c, pos, &count); !e.ok()) return e;
  bool backed = true;  // else the elements are read and dropped
  if (budget != nullptr) {
    if (Error e = budget->ChargeBacked(c, *pos, count, 4, sizeof(std::string),
                                       start, &backed);
        !e.ok()) {
      return e;
    }
  }
  std::vector<std::string> v;
  for (uint32_t i = 0; i < count; ++i) {
    WireText t;
    if (Error e = ReadWireString(c, pos, check_text, &t, budget); !e.ok()) {
      e.path = absl::StrCat("[", i, "]", e.path);
      return e;
    }
    if (kBuild && backed) v.push_back(TextOf(c, t));
  }
  if (kBuild) *out = Variant::PackedStrings(std::move(v));
  return {};
}

// The elements of a checked packed array, as the reference holds them.
Variant PackedVariant(const Context& c, Type type, const PackedLayout& l) {
  const uint8_t* p = c.data + l.data_pos;
  const size_t n = size_t{l.count} * l.comps;
  switch (type) {
    case Type::kPackedByteArray: {
      std::vector<uint8_t> v(n);
      LoadU8(p, v.data(), n);
      return Variant::PackedBytes(std::move(v));
    }
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray: {
      std::vector<int32_t> v(n);
      LoadI32(p, v.data(), n);
      return type == Type::kPackedInt32Array
                 ? Variant::PackedInt32(std::move(v))
                 : Variant::PackedIntVectors(type, std::move(v));
    }
    case Type::kPackedInt64Array: {
      std::vector<int64_t> v(n);
      LoadI64(p, v.data(), n);
      return Variant::PackedInt64(std::move(v));
    }
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray: {
      std::vector<float> v(n);
      LoadF32(p, v.data(), n);
      return type == Type::kPackedColorArray
                 ? Variant::PackedColors(std::move(v))
                 : Variant::PackedFloat32(std::move(v));
    }
    case Type::kPackedFloat64Array: {
      std::vector<double> v(n);
      LoadF64(p, v.data(), n);
      return Variant::PackedFloat64(std::move(v));
    }
    default: {  // kPackedVector2/3/4Array: f64 only when real_is_double
      if (l.width == 8 && c.opts.real_is_double) {
        std::vector<double> v(n);
        LoadF64(p, v.data(), n);
        return Variant::PackedRealVectors(type, std::move(v));
      }
      std::vector<float> v(n);
      if (l.width == 4) {
        LoadF32(p, v.data(), n);
      } else {
        LoadF64ToF32(p, v.data(), n);  // NaN payloads by the exact rule
      }
      return Variant::PackedRealVectors32(type, std::move(v));
    }
  }
}

// Bytes of the vector a Variant keeps the elements in.
uint64_t PackedHeapBytes(Type type, const PackedLayout& l) {
  uint64_t elem = 8;  // int64, float64, real vectors (doubles)
  switch (type) {
    case Type::kPackedByteArray:
      elem = 1;
      break;
    case Type::kPackedInt32Array:
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      elem = 4;
      break;
    default:
      break;
  }
  return uint64_t{l.count} * l.comps * elem;
}

}  // namespace

bool RealIsWide(const Context& c, Type type, uint32_t header) {
  return (header & wire::kFlag64) && HasRealWidthFlag(c.opts.dialect, type);
}

double Real64(const Context& c, uint64_t bits) {
  if (c.opts.real_is_double) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  const float f = NarrowF64(bits);
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return WidenF32(b);
}

template <bool kBuild>
Error ReadLeaf(const Context& c, Type type, uint32_t header, size_t* pos,
               bool check_text, Budget* budget, Variant* out) {
  const bool flag64 = (header & wire::kFlag64) != 0;
  const uint8_t* p = c.data + *pos;
  const size_t left = c.Remaining(*pos);

  if (const int n = RealComponents(type)) {
    const bool wide = RealIsWide(c, type, header);
    const size_t w = wide ? 8 : 4;
    if (left < n * w) return Truncated(c, type, *pos);
    if (budget != nullptr) {
      const uint64_t heap = wide && c.opts.real_is_double ? RealsHeap(n) : 0;
      if (Error e = budget->Charge(c, heap, *pos - 4); !e.ok()) {
        return e;
      }
    }
    if (kBuild && wide && c.opts.real_is_double) {
      double v[16];
      for (int i = 0; i < n; ++i) v[i] = wire::LoadF64(p + i * w);
      *out = Variant::Math(type, absl::MakeConstSpan(v, n));
    } else if (kBuild) {  // f32, as the engine holds it
      float v[16];
      for (int i = 0; i < n; ++i) {
        v[i] = wide ? NarrowF64ToF32(wire::LoadF64(p + i * w))
                    : wire::LoadF32(p + i * w);
      }
      *out = Variant::Math32(type, absl::MakeConstSpan(v, n));
    }
    *pos += n * w;
    return {};
  }
  if (const int n = IntComponents(type)) {
    if (left < n * 4u) return Truncated(c, type, *pos);
    if (kBuild) {
      int32_t v[4];
      for (int i = 0; i < n; ++i)
        v[i] = static_cast<int32_t>(LoadU32(p + 4 * i));
      *out = Variant::IntMath(type, absl::MakeConstSpan(v, n));
    }
    *pos += n * 4;
    return {};
  }

  switch (type) {
    case Type::kNil:
      if (kBuild) *out = Variant();
      return {};
    case Type::kCallable:
      if (kBuild) *out = Variant::Callable();
      return {};
    case Type::kBool:
      if (left < 4) return Truncated(c, type, *pos);
      if (kBuild) *out = Variant::Bool(LoadU32(p) != 0);
      *pos += 4;
      return {};
    case Type::kInt:
    case Type::kFloat: {
      const size_t w = flag64 ? 8 : 4;
      if (left < w) return Truncated(c, type, *pos);
      if (kBuild) {
        if (type == Type::kInt) {
          *out = Variant::Int(flag64 ? static_cast<int64_t>(LoadU64(p))
                                     : static_cast<int32_t>(LoadU32(p)));
        } else {
          // An ordinary conversion, as the engine does (sNaN -> qNaN).
          *out = Variant::Float(flag64 ? wire::LoadF64(p)
                                       : static_cast<double>(wire::LoadF32(p)));
        }
      }
      *pos += w;
      return {};
    }
    case Type::kString:
    case Type::kStringName: {
      WireText t;
      if (Error e = ReadWireString(c, pos, check_text, &t, budget); !e.ok()) {
        return e;
      }
      if (kBuild) {
        *out = type == Type::kString ? Variant::String(TextOf(c, t))
                                     : Variant::StringName(TextOf(c, t));
      }
      return {};
    }
    case Type::kNodePath:
      return NodePathLeaf<kBuild>(c, pos, check_text, budget, out);
    case Type::kRID:
      if (c.opts.dialect != Dialect::kGodot4) {  // header only
        if (kBuild) *out = Variant::Rid(0);
        return {};
      }
      if (left < 8) return Truncated(c, type, *pos);
      if (kBuild) *out = Variant::Rid(LoadU64(p));
      *pos += 8;
      return {};
    case Type::kSignal: {
      if (budget != nullptr) {
        if (Error e = budget->Charge(c, sizeof(Signal), *pos - 4); !e.ok()) {
          return e;
        }
      }
      WireText t;
      if (Error e = ReadWireString(c, pos, check_text, &t, budget); !e.ok()) {
        return e;
      }
      if (c.Remaining(*pos) < 8) return Truncated(c, type, *pos);
      if (kBuild) {
        Signal s;
        s.name = TextOf(c, t);
        s.object_id = LoadU64(c.data + *pos);
        *out = Variant::MakeSignal(std::move(s));
      }
      *pos += 8;
      return {};
    }
    case Type::kPackedStringArray:
      return PackedStringsLeaf<kBuild>(c, pos, check_text, budget, out);
    default: {
      PackedLayout l;
      if (Error e = ReadPackedLayout(c, type, header, pos, &l); !e.ok()) {
        return e;
      }
      if (budget != nullptr) {
        if (Error e =
                budget->Charge(c, PackedHeapBytes(type, l), l.data_pos - 4);
            !e.ok()) {
          return e;
        }
      }
      if (kBuild) *out = PackedVariant(c, type, l);
      return {};
    }
  }
}

template Error ReadLeaf<true>(const Context&, Type, uint32_t, size_t*, bool,
                              Budget*, Variant*);
template Error ReadLeaf<false>(const Context&, Type, uint32_t, size_t*, bool,
                               Budget*, Variant*);

}  // namespace core
}  // namespace gdwire
