// Copyright 2026 The gdwire Authors.
//
// codec/core/walk.h: whole-value operations on a buffer position,
// all built on Walker (explicit stack, engine order of checks).

#ifndef GDWIRE_CODEC_CORE_WALK_H_
#define GDWIRE_CODEC_CORE_WALK_H_

#include <cstddef>
#include <cstdint>

#include "codec/core/context.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace core {

// Checks the start of a value at *pos: depth (`depth` levels below the
// root), header bounds, type id. On success *pos moves past the header.
Error ReadHeader(const Context& c, size_t* pos, int depth, uint32_t* header,
                 Type* type);

// Finds the end of the value at `pos` (its header included), `depth`
// levels below the root. Checks structure, bounds, limits, depth and
// permissions, but not the text of strings: an error it reports is one the
// full decoder reports too, though the full decoder may stop earlier on
// bad text.
Error SkipValue(const Context& c, size_t pos, int depth, size_t* end);

// Every check of a full decode. Builds nothing unless the allocation
// budget can bind (an explicit max_alloc_bytes, or a shared account): the
// automatic budget (DecodeOptions::AutoAllocBudget) is never reached by
// any input, so without one nothing needs counting.
Error ValidateValue(const Context& c, size_t pos, int depth, size_t* end);

// True when the options' allocation budget can make a decode fail.
bool BudgetCanBind(const DecodeOptions& o);

// A full decode into a Variant (the engine's value), charging the budget
// as the reference decoder does (and updating opts.alloc_account).
Error MaterializeValue(const Context& c, size_t pos, int depth, Variant* out,
                       size_t* end);

// Whole-message forms of the two above: the value at the start of the
// buffer, its error path starting at "$", and bytes after it an error
// (kTrailingBytes) with opts.reject_trailing_bytes. On success *consumed
// (when given) is the value's size. DecodeMessage leaves *out nil on error.
Error ValidateMessage(const Context& c, size_t* consumed);
Error DecodeMessage(const Context& c, Variant* out, size_t* consumed);

}  // namespace core
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CORE_WALK_H_
