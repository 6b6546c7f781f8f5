// Copyright 2026 The gdwire Authors.

#include "codec/view/message_view.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/core/walk.h"

namespace gdwire {
namespace view {

absl::StatusOr<MessageView> MessageView::Open(ByteView bytes,
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
  return MessageView(std::move(c), ValueView(ctx, 0, header, type, 0));
}

Error MessageView::ValidateValue(size_t* consumed) const {
  return core::ValidateMessage(*c_, consumed);
}

Error MessageView::DecodeValue(Variant* out, size_t* consumed) const {
  return core::DecodeMessage(*c_, out, consumed);
}

absl::Status MessageView::Validate(size_t* consumed) const {
  return ValidateValue(consumed).ToStatus();
}

absl::StatusOr<Variant> MessageView::ToVariant(size_t* consumed) const {
  Variant v;
  if (Error e = DecodeValue(&v, consumed); !e.ok()) return e.ToStatus();
  return v;
}

}  // namespace view
}  // namespace gdwire
