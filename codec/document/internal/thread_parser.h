// Copyright 2026 The gdwire Authors.
//
// codec/document/internal/thread_parser.h: a document::Parser kept per
// thread, for the one-call decodes (gdwire::Decode, OwnedDocument::Parse),
// so that a warm call allocates only what it returns.
//
//   document::internal::ThreadParser parser;   // the thread's, or a new one
//   ParseResult r = parser->Parse(bytes, opts);
//   ...                                        // given back when it goes
//
// A Parser that grew past kKeepTapeNodes (a message of more than a million
// values) is dropped when it goes, not kept for the thread's lifetime. Not
// reentrant: a second ThreadParser alive on the thread gets a new Parser.

#ifndef GDWIRE_CODEC_DOCUMENT_INTERNAL_THREAD_PARSER_H_
#define GDWIRE_CODEC_DOCUMENT_INTERNAL_THREAD_PARSER_H_

#include <cstddef>
#include <memory>
#include <utility>

#include "codec/document/document.h"

namespace gdwire {
namespace document {
namespace internal {

class ThreadParser {
 public:
  static constexpr size_t kKeepTapeNodes = size_t{1} << 20;

  ThreadParser() : p_(std::move(Cached())) {
    if (p_ == nullptr) p_ = std::make_unique<Parser>();
  }
  ~ThreadParser() {
    if (p_->tape_size() <= kKeepTapeNodes) Cached() = std::move(p_);
  }
  ThreadParser(const ThreadParser&) = delete;
  ThreadParser& operator=(const ThreadParser&) = delete;

  Parser* operator->() { return p_.get(); }
  Parser* get() { return p_.get(); }

 private:
  static std::unique_ptr<Parser>& Cached() {
    thread_local std::unique_ptr<Parser> cached;
    return cached;
  }
  std::unique_ptr<Parser> p_;
};

}  // namespace internal
}  // namespace document
}  // namespace gdwire

#endif  // GDWIRE_CODEC_DOCUMENT_INTERNAL_THREAD_PARSER_H_
