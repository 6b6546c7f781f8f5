// Copyright 2026 The gdwire Authors.
//
// codec/encode/internal/out.h: the one home of the encoders' output cursor
// and of the per-type wire rules both the Variant encoder (encoder.cc) and
// the streaming Writer (writer.h) write with: the int and float width
// rules, real components (f32, or f64 with real_is_double where the type
// has the width flag; NaN payloads kept bit for bit) and packed payloads by
// the //simd kernels.
//
// The output string grows ahead of the bytes: `len_` is where the bytes
// end, Finish() cuts the string there. A header word is a 4-byte store.

#ifndef GDWIRE_CODEC_ENCODE_INTERNAL_OUT_H_
#define GDWIRE_CODEC_ENCODE_INTERNAL_OUT_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "absl/base/attributes.h"
#include "absl/base/config.h"
#include "codec/variant.h"
#include "codec/wire.h"
#include "simd/convert.h"
#include "simd/endian.h"

namespace gdwire {
namespace encode {
namespace internal {

class Out {
 public:
  Out() = default;
  explicit Out(std::string* out) : out_(out), len_(out->size()) {}

  // The bytes written end at len(); the string may be longer (room made
  // ahead), Finish() cuts it there.
  size_t len() const { return len_; }
  void Finish() { out_->resize(len_); }
  uint8_t* at(size_t pos) { return reinterpret_cast<uint8_t*>(&(*out_)[pos]); }

  // Grows the output by n bytes and returns where they start. The string
  // grows ahead of the bytes, so most calls only move len_.
  uint8_t* Extend(size_t n) {
    if (out_->size() - len_ < n) Grow(n);
    uint8_t* p = reinterpret_cast<uint8_t*>(&(*out_)[0]) + len_;
    len_ += n;
    return p;
  }
  ABSL_ATTRIBUTE_NOINLINE void Grow(size_t n) {
    // A step of at least 512 bytes: fewer calls, and little zero-filling
    // beyond what is written (std::string's capacity doubles by itself).
    out_->resize(len_ + std::max(n, size_t{512}));
  }
  void PutU32(uint32_t v) { wire::StoreU32(Extend(4), v); }
  void PutU64(uint64_t v) { wire::StoreU64(Extend(8), v); }
  void PutF32(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    PutU32(u);
  }
  void PutF64(double d) {
    uint64_t u;
    std::memcpy(&u, &d, 8);
    PutU64(u);
  }
  void PutBytes(const void* b, size_t n) {
    if (n != 0) std::memcpy(Extend(n), b, n);
  }
  void PutBytes(const std::string& b) { PutBytes(b.data(), b.size()); }
  // n elements of `width` bytes, stored little-endian by `store` (a
  // //simd kernel). On a little-endian host a large array is appended as
  // it is: one copy, no zero-filling of room first.
  template <typename T>
  void PutArray(const T* x, size_t n, size_t width,
                void (*store)(const T*, size_t, uint8_t*)) {
#if defined(ABSL_IS_LITTLE_ENDIAN)
    if (n * width >= 4096) {
      Finish();
      out_->append(reinterpret_cast<const char*>(x), n * width);
      len_ = out_->size();
      return;
    }
#endif
    store(x, n, Extend(n * width));
  }
  // n bytes and their zero padding to a multiple of 4.
  void PutPadded(const void* src, size_t n) {
    const size_t pad = wire::Pad4(n);
    uint8_t* p = Extend(n + pad);
    if (n > 0) std::memcpy(p, src, n);
    for (size_t i = 0; i < pad; ++i) p[n + i] = 0;
  }

  // ---- The wire rules ------------------------------------------------------

  // An int: 32-bit when it fits, else the 64-bit flag and 8 bytes.
  void PutInt(uint32_t id, int64_t i) {
    if (i >= INT32_MIN && i <= INT32_MAX) {
      uint8_t* o = Extend(8);
      wire::StoreU32(o, id);
      wire::StoreU32(o + 4, static_cast<uint32_t>(static_cast<int32_t>(i)));
    } else {
      uint8_t* o = Extend(12);
      wire::StoreU32(o, id | wire::kFlag64);
      wire::StoreU64(o + 4, static_cast<uint64_t>(i));
    }
  }
  // A float: f32 when the value survives the round trip, else f64. NaN !=
  // NaN, so NaN always takes the f64 form, as in the engine.
  void PutFloat(uint32_t id, double f) {
    if (static_cast<double>(static_cast<float>(f)) == f) {
      PutU32(id);
      PutF32(static_cast<float>(f));
    } else {
      PutU32(id | wire::kFlag64);
      PutF64(f);
    }
  }

  // n real components held as f32, written as f32 (as they are) or, when
  // `wide`, widened exactly to f64.
  void PutReals(const float* x, size_t n, bool wide) {
    if (!wide && n <= kSmall) {  // a math value: no kernel call
      uint8_t* o = Extend(4 * n);
      for (size_t i = 0; i < n; ++i) {
        uint32_t u;
        std::memcpy(&u, x + i, 4);
        wire::StoreU32(o + 4 * i, u);
      }
      return;
    }
    if (!wide) {
      PutArray(x, n, 4, simd::StoreF32LE);
      return;
    }
    uint8_t* o = Extend(8 * n);
    for (size_t i = 0; i < n; ++i) {
      const double d = WidenF32Exact(x[i]);
      uint64_t b;
      std::memcpy(&b, &d, 8);
      wire::StoreU64(o + 8 * i, b);
    }
  }
  // n real components held as f64, written as f64 when `wide`, else
  // narrowed to f32 wire values.
  void PutReals(const double* x, size_t n, bool wide) {
    if (wide) {
      PutArray(x, n, 8, simd::StoreF64LE);
    } else if (n <= kSmall) {  // a math value: no kernel call
      uint8_t* o = Extend(4 * n);
      for (size_t i = 0; i < n; ++i) {
        const float f = NarrowF64ToF32(x[i]);
        uint32_t u;
        std::memcpy(&u, &f, 4);
        wire::StoreU32(o + 4 * i, u);
      }
    } else {
      NarrowRealsToWire(x, n, Extend(4 * n));
    }
  }

  // Components narrowed to f32 wire values. The SIMD kernel rounds as a
  // cast does, which quiets NaNs and drops their low payload bits; the
  // engine keeps them (NarrowF64ToF32), so NaN elements are redone with the
  // exact scalar rule.
  static void NarrowRealsToWire(const double* src, size_t n, uint8_t* dst) {
    simd::NarrowF64ToF32Wire(src, n, dst);
    for (size_t i = 0; i < n; ++i) {
      if (std::isnan(src[i])) {
        const float f = NarrowF64ToF32(src[i]);
        uint32_t u;
        std::memcpy(&u, &f, 4);
        wire::StoreU32(dst + 4 * i, u);
      }
    }
  }

 protected:
  static constexpr size_t kSmall = 16;  // a Projection's components
  std::string* out_ = nullptr;
  size_t len_ = 0;
};

// ---- Typed containers (spec §5.3) -------------------------------------------

// The 2-bit kind of a godot4 typed-container side: 0 untyped, 1 builtin,
// 2 class name, 3 script (only with full_objects; else a class name).
inline uint32_t ContainerKindBits(const ContainerType& ct, bool full_objects) {
  switch (ct.kind) {
    case ContainerType::Kind::kNone:
      return 0;
    case ContainerType::Kind::kBuiltin:
      return 1;
    case ContainerType::Kind::kClassName:
      return 2;
    case ContainerType::Kind::kScript:
      return full_objects ? 3 : 2;
  }
  return 0;
}

// The class name or script path a kind-2/3 side writes: without
// full_objects, the engine's "EncodedObjectAsID".
inline const std::string& ContainerName(const ContainerType& ct,
                                        bool full_objects) {
  static const std::string* const kAsId = new std::string("EncodedObjectAsID");
  return full_objects ? ct.name : *kAsId;
}

// The element type of a Pandemonium TypedArray / PackedTypedArray: Nil when
// untyped, Object for a class.
inline Type TypedArrayElement(const ContainerType& ct) {
  return ct.kind == ContainerType::Kind::kNone      ? Type::kNil
         : ct.kind == ContainerType::Kind::kBuiltin ? ct.builtin
                                                    : Type::kObject;
}

}  // namespace internal
}  // namespace encode
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENCODE_INTERNAL_OUT_H_
