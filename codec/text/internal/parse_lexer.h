// Copyright 2026 The gdwire Authors.
//
// The tokens of Godot text (internal to //codec/text:parse). Any byte
// <= 32 is white space; ';' starts a comment that runs to the end of the
// line. Tokens: { } [ ] ( ) : , ; "string" &"name" (@"name" too) numbers
// identifiers #color. See parse.cc for the grammar and its sources.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_PARSE_LEXER_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_PARSE_LEXER_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "codec/error.h"
#include "codec/text/parse.h"
#include "codec/types.h"

namespace gdwire {
namespace text {
namespace internal {

enum class Tok : uint8_t {
  kEof,
  kLBrace,
  kRBrace,
  kLBracket,
  kRBracket,
  kLParen,
  kRParen,
  kColon,
  kComma,
  kIdent,
  kString,
  kStringName,
  kInt,
  kFloat,
  kColor,
};

struct Token {
  Tok kind = Tok::kEof;
  size_t pos = 0;    // byte offset of its first character
  std::string text;  // identifier, or the string's contents
  int64_t i = 0;     // kInt
  double d = 0;      // kFloat
  float color[4] = {0, 0, 0, 0};
};

// The token as an error message names it ("'['", "a string", ...).
std::string Describe(const Token& t);

// Reads tokens from `text` (a UTF-8 BOM at the start is skipped). `text`
// and `options` must outlive the lexer.
class Lexer {
 public:
  Lexer(absl::string_view text, const ParseOptions& options);

  // The next token into *t: strings unescaped and checked, numbers
  // converted, colors decoded; kEof at the end.
  absl::Status Lex(Token* t);

  // The byte offset of the next token's search (for a parser that reads
  // ahead and goes back).
  size_t pos() const { return pos_; }
  void set_pos(size_t pos) { pos_ = pos; }

  // An error at byte `pos`, its path the line:column of that byte.
  absl::Status Fail(size_t pos, ErrorKind kind, std::string detail) const;

 private:
  absl::Status LexNumber(Token* t);
  absl::Status LexString(bool name, Token* t);
  absl::Status LexColor(Token* t);

  absl::string_view src_;
  const ParseOptions& o_;
  const Dialect d_;
  size_t pos_ = 0;
};

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_PARSE_LEXER_H_
