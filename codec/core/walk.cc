// Copyright 2026 The gdwire Authors.

#include "codec/core/walk.h"

#include "absl/strings/str_cat.h"
#include "codec/core/walker.h"

namespace gdwire {
namespace core {
namespace {

// Looks at nothing: skipping and validating build no values.
struct NullHandler {
  static constexpr bool kBuild = false;
  Error Value(const Variant&, size_t) { return {}; }
  void BeginArray(const TypeDescriptor&, bool, Type, uint32_t) {}
  void BeginDictionary(const TypeDescriptor&, const TypeDescriptor&, bool,
                       uint32_t) {}
  void BeginObject(const WireText&, bool) {}
  void PropertyName(const WireText&) {}
  Error End(size_t) { return {}; }
};

}  // namespace

Error ReadHeader(const Context& c, size_t* pos, int depth, uint32_t* header,
                 Type* type) {
  const size_t start = *pos;
  if (depth > c.opts.max_depth) {
    return Fail(c, ErrorKind::kTooDeep, start, "nesting deeper than max_depth");
  }
  if (c.Remaining(start) < 4) {
    return Fail(c, ErrorKind::kTruncated, start, "truncated header");
  }
  *header = wire::LoadU32(c.data + start);
  const uint32_t id = *header & wire::kTypeMask;
  if (!TypeFromWireId(c.opts.dialect, id, type)) {
    return Fail(c, ErrorKind::kInvalidType, start,
                absl::StrCat("invalid type id ", id));
  }
  *pos = start + 4;
  return {};
}

Error SkipValue(const Context& c, size_t pos, int depth, size_t* end) {
  NullHandler h;
  return Walker<NullHandler>(c, /*check_text=*/false, nullptr, &h)
      .Run(pos, depth, end);
}

bool BudgetCanBind(const DecodeOptions& o) {
  return (o.max_alloc_bytes != 0 && o.max_alloc_bytes != UINT64_MAX) ||
         o.alloc_account != nullptr;
}

Error ValidateValue(const Context& c, size_t pos, int depth, size_t* end) {
  if (BudgetCanBind(c.opts)) {
    // Whether the budget holds depends on the values (Dictionary key
    // identity): build them, as the reference does, and drop them.
    Context quiet = c;
    uint64_t account = c.opts.alloc_account ? *c.opts.alloc_account : 0;
    if (c.opts.alloc_account != nullptr) quiet.opts.alloc_account = &account;
    Variant v;
    return MaterializeValue(quiet, pos, depth, &v, end);
  }
  NullHandler h;
  return Walker<NullHandler>(c, /*check_text=*/true, nullptr, &h)
      .Run(pos, depth, end);
}

namespace {

// The message-level verdict of a value that ended at `end`.
Error FinishMessage(const Context& c, Error e, size_t end, size_t* consumed) {
  if (!e.ok()) {
    e.path = "$" + e.path;
    return e;
  }
  if (consumed != nullptr) *consumed = end;
  if (c.opts.reject_trailing_bytes && end != c.size) {
    e = Fail(c, ErrorKind::kTrailingBytes, end,
             absl::StrCat(c.size - end, " trailing bytes after the value"));
    e.path = "$";
  }
  return e;
}

}  // namespace

Error ValidateMessage(const Context& c, size_t* consumed) {
  size_t end = 0;
  Error e = ValidateValue(c, 0, 0, &end);
  return FinishMessage(c, std::move(e), end, consumed);
}

Error DecodeMessage(const Context& c, Variant* out, size_t* consumed) {
  size_t end = 0;
  Error e = MaterializeValue(c, 0, 0, out, &end);
  e = FinishMessage(c, std::move(e), end, consumed);
  if (!e.ok()) *out = Variant();
  return e;
}

}  // namespace core
}  // namespace gdwire
