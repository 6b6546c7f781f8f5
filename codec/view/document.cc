// Copyright 2026 The gdwire Authors.

#include "codec/view/document.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/core/walk.h"

namespace gdwire {
namespace view {

absl::StatusOr<Document> Document::Open(absl::Span<const uint8_t> bytes,
                                        const DecodeOptions& options,
                                        uint64_t base_offset) {
  auto c = std::make_unique<core::Context>();
  c->data = bytes.data();
  c->size = bytes.size();
  c->base = base_offset;
  c->opts = options;
  size_t pos = 0;
  uint32_t header;
  Type type;
  if (Error e = core::ReadHeader(*c, &pos, 0, &header, &type); !e.ok()) {
    return core::StatusOf(std::move(e));
  }
  const core::Context* ctx = c.get();
  return Document(std::move(c), ValueView(ctx, 0, header, type, 0));
}

absl::StatusOr<Document> Document::Open(absl::string_view bytes,
                                        const DecodeOptions& options,
                                        uint64_t base_offset) {
  return Open(absl::MakeConstSpan(
                  reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
              options, base_offset);
}

Error Document::Finish(Error e, size_t end, size_t* consumed) const {
  if (!e.ok()) {
    e.path = "$" + e.path;
    return e;
  }
  if (consumed != nullptr) *consumed = end;
  if (c_->opts.reject_trailing_bytes && end != c_->size) {
    e.kind = ErrorKind::kTrailingBytes;
    e.offset = c_->base + end;
    e.path = "$";
    e.detail = absl::StrCat(c_->size - end, " trailing bytes after the value");
    e.godot_error = GodotErrorCode(e.kind, false);
  }
  return e;
}

Error Document::ValidateValue(size_t* consumed) const {
  size_t end = 0;
  Error e = core::ValidateValue(*c_, 0, 0, &end);
  return Finish(std::move(e), end, consumed);
}

Error Document::DecodeValue(Variant* out, size_t* consumed) const {
  size_t end = 0;
  Error e = core::MaterializeValue(*c_, 0, 0, out, &end);
  e = Finish(std::move(e), end, consumed);
  if (!e.ok()) *out = Variant();
  return e;
}

absl::Status Document::Validate(size_t* consumed) const {
  return ValidateValue(consumed).ToStatus();
}

absl::StatusOr<Variant> Document::ToVariant(size_t* consumed) const {
  Variant v;
  if (Error e = DecodeValue(&v, consumed); !e.ok()) return e.ToStatus();
  return v;
}

}  // namespace view
}  // namespace gdwire
