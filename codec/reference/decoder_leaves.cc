// Copyright 2026 The gdwire Authors.
//
// The reference decoder's leaves (internal/decoder.h): every type that holds
// no other value. Scalars (Nil, bool, int, float, RID, Callable, Signal),
// math types with real components (f32, or f64 under the 64-bit flag) and
// with int32 components; strings, NodePaths and packed arrays are handed on
// to their own files.

#include <string>
#include <utility>

#include "absl/types/span.h"
#include "codec/reference/internal/decoder.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {
namespace {

using wire::LoadF32;
using wire::LoadF64;
using wire::LoadU32;
using wire::LoadU64;

// Heap bytes of the components of a double-precision math type: a
// Variant keeps up to 8 doubles inline (and any f32 math type).
uint64_t RealsHeap(uint64_t n) { return n <= 8 ? 0 : n * sizeof(double); }

}  // namespace

Error Decoder::Leaf(Type type, uint32_t header, Variant* out) {
  const bool flag64 = (header & wire::kFlag64) != 0;
  if (int n = RealComponents(type)) return RealMathValue(type, n, flag64, out);
  if (int n = IntComponents(type)) return IntMathValue(type, n, out);

  switch (type) {
    case Type::kNil:
      *out = Variant();
      return {};
    case Type::kBool:
      if (Remaining() < 4) return Truncated(type);
      *out = Variant::Bool(LoadU32(data_ + pos_) != 0);
      pos_ += 4;
      return {};
    case Type::kInt:
      if (flag64) {
        if (Remaining() < 8) return Truncated(type);
        *out = Variant::Int(static_cast<int64_t>(LoadU64(data_ + pos_)));
        pos_ += 8;
      } else {
        if (Remaining() < 4) return Truncated(type);
        *out = Variant::Int(static_cast<int32_t>(LoadU32(data_ + pos_)));
        pos_ += 4;
      }
      return {};
    case Type::kFloat:
      if (flag64) {
        if (Remaining() < 8) return Truncated(type);
        *out = Variant::Float(LoadF64(data_ + pos_));
        pos_ += 8;
      } else {
        if (Remaining() < 4) return Truncated(type);
        // An ordinary conversion, as the engine does (sNaN -> qNaN).
        *out = Variant::Float(static_cast<double>(LoadF32(data_ + pos_)));
        pos_ += 4;
      }
      return {};
    case Type::kString:
    case Type::kStringName: {
      std::string s;
      if (Error e = WireString(&s); !e.ok()) return e;
      *out = type == Type::kString ? Variant::String(std::move(s))
                                   : Variant::StringName(std::move(s));
      return {};
    }
    case Type::kNodePath:
      return NodePathValue(out);
    case Type::kRID:
      if (opts_.dialect != Dialect::kGodot4) {
        *out = Variant::Rid(0);  // header only
        return {};
      }
      if (Remaining() < 8) return Truncated(type);
      *out = Variant::Rid(LoadU64(data_ + pos_));
      pos_ += 8;
      return {};
    case Type::kCallable:
      *out = Variant::Callable();
      return {};
    case Type::kSignal:
      return SignalValue(out);
    default:
      return PackedValue(type, flag64, out);
  }
}

// `n` real components, f64 on the wire when the dialect has the flag for
// the type and the header sets it.
Error Decoder::RealMathValue(Type type, int n, bool flag64, Variant* out) {
  const bool wide = flag64 && HasRealWidthFlag(opts_.dialect, type);
  const size_t w = wide ? 8 : 4;
  if (Remaining() < n * w) return Truncated(type);
  // As the engine holds it: f64 only in a double-precision build
  // (real_is_double); otherwise f32, a 64-bit value narrowed.
  if (wide && opts_.real_is_double) {
    double c[16];
    for (int i = 0; i < n; ++i) c[i] = LoadF64(data_ + pos_ + i * w);
    if (Error e = Charge(RealsHeap(n), pos_ - 4); !e.ok()) return e;
    pos_ += n * w;
    *out = Variant::Math(type, absl::MakeConstSpan(c, n));
    return {};
  }
  if (DefectShortProjection(type)) return Truncated(type);
  float c[16];
  for (int i = 0; i < n; ++i) {
    c[i] = wide ? NarrowF64ToF32(LoadF64(data_ + pos_ + i * w))
                : LoadF32(data_ + pos_ + i * w);
  }
  pos_ += n * w;
  pos_ -= DefectUnreadBytes(type);
  *out = Variant::Math32(type, absl::MakeConstSpan(c, n));
  return {};
}

Error Decoder::IntMathValue(Type type, int n, Variant* out) {
  if (Remaining() < n * 4u) return Truncated(type);
  int32_t c[4];
  for (int i = 0; i < n; ++i) {
    c[i] = static_cast<int32_t>(LoadU32(data_ + pos_ + i * 4));
  }
  pos_ += n * 4;
  pos_ -= DefectUnreadBytes(type);
  *out = Variant::IntMath(type, absl::MakeConstSpan(c, n));
  return {};
}

// A Signal: its name (a wire string), then the object id (u64).
Error Decoder::SignalValue(Variant* out) {
  if (Error e = Charge(sizeof(Signal), pos_ - 4); !e.ok()) return e;
  Signal sig;
  if (Error e = WireString(&sig.name); !e.ok()) return e;
  if (Remaining() < 8) return Truncated(Type::kSignal);
  sig.object_id = LoadU64(data_ + pos_);
  pos_ += 8;
  *out = Variant::MakeSignal(std::move(sig));
  return {};
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
