// Copyright 2026 The gdwire Authors.
//
// OwnedDocument: a parse copied out of the Parser at exact sizes.

#include "codec/document/owned.h"

#include <cstring>
#include <utility>

#include "codec/document/internal/tape.h"
#include "codec/document/internal/thread_parser.h"

namespace gdwire {
namespace document {

OwnedDocument::~OwnedDocument() = default;

absl::StatusOr<OwnedDocument> OwnedDocument::Parse(ByteView message,
                                                   const DecodeOptions& options,
                                                   size_t* consumed) {
  internal::ThreadParser parser;
  return Parse(parser.get(), message, options, consumed);
}

absl::StatusOr<OwnedDocument> OwnedDocument::Parse(Parser* parser,
                                                   ByteView message,
                                                   const DecodeOptions& options,
                                                   size_t* consumed) {
  ParseResult r = parser->Parse(message, options);
  if (!r.ok()) return r.error.ToStatus();
  OwnedDocument d;
  d.size_ = r.consumed;
  d.bytes_.reset(new uint8_t[d.size_ > 0 ? d.size_ : 1]);
  std::memcpy(d.bytes_.get(), message.data(), d.size_);
  // The same hash seed: the Dictionary indexes in the slot table use it.
  auto copy =
      std::unique_ptr<Parser>(new Parser(Parser::Seeded{}, parser->seed_));
  copy->data_ = d.bytes_.get();
  copy->size_ = d.size_;
  copy->base_ = parser->base_;
  copy->opts_ = parser->opts_;
  copy->end_ = parser->end_;            // where the root ends (Element::bytes)
  copy->opts_.alloc_account = nullptr;  // the caller's, not kept
  copy->tape_len_ = copy->tape_cap_ = parser->tape_len_;
  copy->tape_.reset(new internal::Node[copy->tape_len_]);
  std::memcpy(copy->tape_.get(), parser->tape_.get(),
              copy->tape_len_ * sizeof(internal::Node));
  copy->slots_len_ = copy->slots_cap_ = parser->slots_len_;
  if (copy->slots_len_ > 0) {
    copy->slots_.reset(new uint32_t[copy->slots_len_]);
    std::memcpy(copy->slots_.get(), parser->slots_.get(),
                copy->slots_len_ * sizeof(uint32_t));
  }
  copy->ok_ = true;
  d.copy_ = std::move(copy);
  if (consumed != nullptr) *consumed = r.consumed;
  return d;
}

}  // namespace document
}  // namespace gdwire
