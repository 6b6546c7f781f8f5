// Copyright 2026 The gdwire Authors.
//
// Godot text -> Variant. The grammar is the one of the engines' readers
// (VariantParser::get_token / parse_value in Godot 4.x
// core/variant/variant_parser.cpp, Godot 3.x core/variant_parser.cpp and
// Pandemonium core/variant/variant_parser.cpp), read for the facts only:
//
//   * Tokens: { } [ ] ( ) : , ; "string" &"name" (@"name" too) numbers
//     identifiers #color. Any byte <= 32 is white space; ';' starts a
//     comment that runs to the end of the line.
//   * Numbers: -?digits(.digits*)?([eE][+-]?digits)? ; a '.' or an exponent
//     makes a float. '-' before a letter makes an identifier ("-inf").
//   * Strings: raw bytes (newlines included) up to an unescaped '"';
//     escapes \b \t \n \f \r, \uXXXX, godot4 also \UXXXXXX (UTF-16
//     surrogate pairs combine; a lone one is an error in godot4 and is kept
//     as Godot 3's generalised UTF-8 otherwise); any other escaped
//     character stands for itself (so "\a" is 'a', as in the engines).
//   * Values: null nil true false inf inf_neg -inf nan (and Godot 3's
//     -nan, and "inf.0" style floats, as its var2str writes them),
//     Name(args...) constructors, [..] arrays, {k: v, ...} dictionaries,
//     Array[T]([..]), Dictionary[K, V]({..}), Object(Class, "p": v, ...).
//     Trailing commas are accepted.
//
// Where an engine would silently change the data (wrap an int into a byte,
// clamp an out-of-range integer, drop the odd component of a packed vector
// array, truncate 1.5 to an integer component) gdwire reports an error.
//
// The parser is iterative: containers and objects live on an explicit
// stack of frames, and values deeper than max_depth are refused. This file
// holds the value loop and FromText; internal/parser.h lists the others.

#include "codec/text/parse.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "codec/error.h"
#include "codec/text/internal/parse_lexer.h"
#include "codec/text/internal/parser.h"

namespace gdwire {
namespace text {
namespace internal {

// Reads one value starting at the current token.
absl::Status Parser::ParseValue(Variant* out) {
  std::vector<Frame> stack;
  Variant value;
  for (;;) {
    // Here the current token starts a value.
    if (stack.size() > static_cast<size_t>(o_.max_depth)) {
      return Fail(cur_.pos, ErrorKind::kTooDeep,
                  absl::StrCat("nesting deeper than ", o_.max_depth));
    }
    size_t value_pos = cur_.pos;
    bool pushed = false;
    if (absl::Status st = StartValue(&stack, &value, &pushed); !st.ok()) {
      return st;
    }
    if (pushed) {
      Frame& f = stack.back();
      if (!IsCloser(f)) {
        if (f.kind == Frame::Kind::kObject) {
          if (absl::Status st = PropertyName(&f); !st.ok()) return st;
        }
        continue;
      }
      value_pos = f.open_pos;
      if (absl::Status st = Close(&stack, &value); !st.ok()) return st;
    }
    // Hand the finished value to the frames until one wants another.
    for (;;) {
      if (stack.empty()) {
        *out = std::move(value);
        return absl::OkStatus();
      }
      Frame& f = stack.back();
      bool want_value = false;
      if (absl::Status st =
              Deliver(&f, std::move(value), value_pos, &want_value);
          !st.ok()) {
        return st;
      }
      if (want_value) break;
      if (cur_.kind == Tok::kComma) {
        if (absl::Status st = Advance(); !st.ok()) return st;
        if (!IsCloser(f)) {
          if (f.kind == Frame::Kind::kObject) {
            if (absl::Status st = PropertyName(&f); !st.ok()) return st;
          }
          break;
        }
      } else if (!IsCloser(f)) {
        return Expected(absl::StrCat("',' or ", CloserName(f)));
      }
      value_pos = f.open_pos;
      if (absl::Status st = Close(&stack, &value); !st.ok()) return st;
    }
  }
}

absl::Status Parser::Expected(absl::string_view what) const {
  return Fail(cur_.pos,
              cur_.kind == Tok::kEof ? ErrorKind::kTruncated
                                     : ErrorKind::kInvalidArgument,
              absl::StrCat("expected ", what, ", got ", Describe(cur_)));
}

absl::Status Parser::Lacks(size_t pos, absl::string_view what) const {
  return Fail(pos, ErrorKind::kUnsupported,
              absl::StrCat(what, " does not exist in ", DialectName(d_)));
}

absl::Status Parser::Expect(Tok kind, absl::string_view what) {
  if (cur_.kind != kind) return Expected(what);
  return Advance();
}

absl::Status Parser::ExpectEnd() {
  if (AtEnd()) return absl::OkStatus();
  return Fail(cur_.pos, ErrorKind::kInvalidArgument,
              absl::StrCat("unexpected ", Describe(cur_), " after the value"));
}

}  // namespace internal

absl::StatusOr<Variant> FromText(absl::string_view text,
                                 const ParseOptions& options) {
  internal::Parser p(text, options);
  if (absl::Status st = p.Start(); !st.ok()) return st;
  Variant v;
  if (absl::Status st = p.ParseValue(&v); !st.ok()) return st;
  if (absl::Status st = p.ExpectEnd(); !st.ok()) return st;
  return v;
}

absl::StatusOr<std::vector<Variant>> FromTextAll(absl::string_view text,
                                                 const ParseOptions& options) {
  internal::Parser p(text, options);
  if (absl::Status st = p.Start(); !st.ok()) return st;
  std::vector<Variant> out;
  while (!p.AtEnd()) {
    Variant v;
    if (absl::Status st = p.ParseValue(&v); !st.ok()) return st;
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace text
}  // namespace gdwire
