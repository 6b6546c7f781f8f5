// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/text_rules.h: the pieces of Godot's text form
// (text.h) that the writer of values (text.cc) and the writer of document
// elements (element_text.cc) share: number text, string escapes and type
// names per dialect. The rules and their sources are listed in text.cc.
// Internal to codec/text.
//
//   char buf[internal::kMaxNumber];
//   std::string s(buf, internal::WriteFloatText(1.0, options, buf));  // "1.0"
//   internal::AppendEscapedC("a\nb", /*question_mark=*/false, &s);
//
// The Append* templates take any `out` with push_back(char) and
// append(const char*, size_t) (a std::string, or a writer's buffer).

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_TEXT_RULES_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_TEXT_RULES_H_

#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "codec/text/internal/number.h"
#include "codec/text/text.h"
#include "codec/types.h"

namespace gdwire {
namespace text {
namespace internal {

// Godot 4's MAX_RECURSION: containers deeper than this print empty.
inline constexpr int kGodot4MaxRecursion = 100;

// Every dialect but godot4 writes the godot3 layout ("Name( a )", "[ a ]").
inline bool Godot3Style(Dialect d) { return d != Dialect::kGodot4; }

// One real_t / float component as rtos_fix writes it (no ".0").
// `f32_always`: a `float` field (Color, PackedFloat32Array,
// PackedColorArray) rather than a real_t. Writes at p (room for kMaxNumber
// bytes) and returns the end, as every Write* here.
char* WriteReal(double v, bool f32_always, const TextOptions& o, char* p);

// A FLOAT value: the number, then ".0" unless it has '.', 'e' or 'E' or is
// inf/nan.
char* WriteFloatText(double d, const TextOptions& o, char* p);

// An element of a PackedFloat64Array (a double array in every build).
char* WriteFloat64Item(double x, const TextOptions& o, char* p);

// An i32 component (Pandemonium passes them through rtos_fix too).
char* WriteInt32(int32_t i, Dialect d, char* p);

// An integer in decimal.
char* WriteInt64(int64_t i, char* p);

// Math type names: Quat / Transform in godot3 and so on.
absl::string_view MathName(Type t, Dialect d);

// Packed array names: Pool*Array outside godot4.
absl::string_view PackedName(Type t, Dialect d);

// "Name( " (godot3 layout but Pandemonium's Projection) or "Name(".
inline bool Spaced(Type t, Dialect d) {
  return Godot3Style(d) && !(IsPandemonium(d) && t == Type::kProjection);
}

// The escape letter of c under c_escape, or 0 when c stays as it is. Godot
// 3.x and Pandemonium also escape '?'.
inline char CEscape(char c, bool question_mark) {
  switch (c) {
    case '\\':
      return '\\';
    case '\a':
      return 'a';
    case '\b':
      return 'b';
    case '\f':
      return 'f';
    case '\n':
      return 'n';
    case '\r':
      return 'r';
    case '\t':
      return 't';
    case '\v':
      return 'v';
    case '\'':
      return '\'';
    case '?':
      return question_mark ? '?' : 0;
    case '"':
      return '"';
    default:
      return 0;
  }
}

// c_escape_multiline: only the backslash and the double quote.
template <typename Out>
void AppendEscapedMultiline(absl::string_view s, Out* out) {
  size_t run = 0;  // start of the bytes not yet written
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c != '\\' && c != '"') continue;
    out->append(s.data() + run, i - run);
    out->push_back('\\');
    run = i;
  }
  out->append(s.data() + run, s.size() - run);
}

// c_escape (with '?' for Godot 3.x and Pandemonium).
template <typename Out>
void AppendEscapedC(absl::string_view s, bool question_mark, Out* out) {
  size_t run = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char e = CEscape(s[i], question_mark);
    if (e == 0) continue;
    out->append(s.data() + run, i - run);
    out->push_back('\\');
    out->push_back(e);
    run = i + 1;
  }
  out->append(s.data() + run, s.size() - run);
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_TEXT_RULES_H_
