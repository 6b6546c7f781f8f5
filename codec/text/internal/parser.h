// Copyright 2026 The gdwire Authors.
//
// The reader of Godot text (internal to //codec/text:parse; FromText and
// FromTextAll in parse.h are its API). Its methods live in files by job:
//
//   parse.cc                      the value loop, errors, FromText
//   internal/parse_lexer.cc       tokens
//   internal/parse_constructors.cc  Name(args) of math types, packed arrays
//   internal/parse_values.cc      scalars, identifiers, container openers
//   internal/parse_containers.cc  frames: elements, keys, properties, close
//
// The parser is iterative: containers and objects live on an explicit
// stack of frames, and values deeper than max_depth are refused.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_PARSER_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "codec/error.h"
#include "codec/text/internal/parse_lexer.h"
#include "codec/text/parse.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace text {
namespace internal {

// A container or object being read.
struct Frame {
  enum class Kind : uint8_t { kArray, kDictionary, kObject };
  Kind kind = Kind::kArray;
  // kArray frames: kArray, or Pandemonium's kTypedArray / kPackedTypedArray
  // ("TypedArray( <type> , a, b )", closed by ')').
  Type array_type = Type::kArray;
  bool wrapped = false;  // typed: a ')' follows the closing bracket
  size_t open_pos = 0;
  Array array;
  Dictionary dict;
  std::unordered_multimap<size_t, size_t> index;  // key hash -> entry
  bool have_key = false;
  Variant key;
  size_t key_pos = 0;
  Object object;
  std::string property;
};

class Parser {
 public:
  // `text` and `options` must outlive the parser.
  Parser(absl::string_view text, const ParseOptions& options)
      : lex_(text, options), o_(options), d_(options.dialect) {}

  absl::Status Start() { return Advance(); }
  bool AtEnd() const { return cur_.kind == Tok::kEof; }
  absl::Status ExpectEnd();

  // Reads one value starting at the current token.
  absl::Status ParseValue(Variant* out);

 private:
  // ---- errors, tokens (parse.cc) ---------------------------------------
  absl::Status Fail(size_t pos, ErrorKind kind, std::string detail) const {
    return lex_.Fail(pos, kind, std::move(detail));
  }
  absl::Status Expected(absl::string_view what) const;
  absl::Status Lacks(size_t pos, absl::string_view what) const;
  absl::Status Advance() { return lex_.Lex(&cur_); }
  absl::Status Expect(Tok kind, absl::string_view what);

  // ---- constructors (internal/parse_constructors.cc) -------------------
  bool CurrentReal(double* out) const;
  absl::Status CurrentInt(int64_t lo, int64_t hi, absl::string_view what,
                          int64_t* out) const;
  template <typename Fn>
  absl::Status List(absl::string_view what, Fn item);
  absl::Status Reals(absl::string_view what, std::vector<double>* out);
  absl::Status Ints(absl::string_view what, int64_t lo, int64_t hi,
                    std::vector<int64_t>* out);
  double RealT(double v) const;
  absl::Status CountError(size_t pos, absl::string_view name, size_t want,
                          size_t got, bool multiple) const;
  absl::Status Constructor(Type t, Variant* out);
  absl::Status MathConstructor(Type t, size_t pos, const std::string& name,
                               Variant* out);
  absl::Status PackedBytesConstructor(const std::string& name, Variant* out);
  absl::Status PackedConstructor(Type t, size_t pos, const std::string& name,
                                 Variant* out);

  // ---- values (internal/parse_values.cc) -------------------------------
  absl::Status ElementType(ContainerType* out);
  absl::Status StartValue(std::vector<Frame>* stack, Variant* value,
                          bool* pushed);
  absl::Status Identifier(std::vector<Frame>* stack, Variant* value,
                          bool* pushed);
  absl::Status NodePathValue(Variant* value);
  absl::Status RidValue(Variant* value);
  absl::Status CallableOrSignalValue(const std::string& id, size_t pos,
                                     Variant* value);
  absl::Status ObjectOpener(size_t pos, std::vector<Frame>* stack,
                            bool* pushed);
  absl::Status TypedContainerOpener(const std::string& id, size_t pos,
                                    std::vector<Frame>* stack, bool* pushed);
  absl::Status TypedArrayOpener(Type which, size_t pos,
                                std::vector<Frame>* stack, bool* pushed);

  // ---- frames (internal/parse_containers.cc) ---------------------------
  absl::Status PropertyName(Frame* f);
  bool IsCloser(const Frame& f) const;
  static const char* CloserName(const Frame& f);
  absl::Status Close(std::vector<Frame>* stack, Variant* value);
  static Object FinishObject(Object o);
  absl::Status Fit(const ContainerType& ct, size_t pos, absl::string_view what,
                   Variant* v) const;
  absl::Status FitPandemonium(Type which, const ContainerType& ct, size_t pos,
                              Variant* v) const;
  absl::Status Deliver(Frame* f, Variant value, size_t value_pos,
                       bool* want_value);

  Lexer lex_;
  const ParseOptions& o_;
  const Dialect d_;
  Token cur_;
};

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_PARSER_H_
