// Copyright 2026 The gdwire Authors.
//
// codec/core/leaf.h: every type that holds no other value (all
// but Array, Dictionary and Object), checked in place and, when asked,
// materialised as a gdwire::Variant exactly as the engine holds it.

#ifndef GDWIRE_CODEC_CORE_LEAF_H_
#define GDWIRE_CODEC_CORE_LEAF_H_

#include <cstddef>
#include <cstdint>

#include "codec/core/context.h"
#include "codec/error.h"
#include "codec/variant.h"

namespace gdwire {
namespace core {

// The payload of a leaf of `type` starts at *pos (just after the header);
// on success *pos moves past it. kBuild: also sets *out (else unused).
// `check_text`: validate the text of strings (else only their bounds).
// `budget`: charge what the value needs (nullptr: no accounting).
template <bool kBuild>
Error ReadLeaf(const Context& c, Type type, uint32_t header, size_t* pos,
               bool check_text, Budget* budget, Variant* out);

extern template Error ReadLeaf<true>(const Context&, Type, uint32_t, size_t*,
                                     bool, Budget*, Variant*);
extern template Error ReadLeaf<false>(const Context&, Type, uint32_t, size_t*,
                                      bool, Budget*, Variant*);

// True when `type` is stored with f64 components under this header.
bool RealIsWide(const Context& c, Type type, uint32_t header);

// An f64 math component as the engine holds it: through f32 unless
// real_is_double.
double Real64(const Context& c, uint64_t bits);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_LEAF_H_
