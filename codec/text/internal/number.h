// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/number.h: the engines' number-to-text routines, made
// locale independent. Internal to codec/text.
//
//   Godot4Real(0.1)                    // "0.1"   (shortest digits)
//   Godot4Real(double(0.1f))           // "0.1"   (an f32 value: f32 digits)
//   Godot4Real(-INFINITY)              // "inf_neg"
//   FormatG(1.0 / 3)                   // "0.333333" (printf "%g")
//
// Sources (see the rules in codec/text/text.cc):
//   * Godot 4.6: core/variant/variant_parser.cpp `rtos_fix`, and
//     core/string/ustring.cpp `String::num_scientific`, which writes
//     thirdparty/grisu2/grisu2.h `grisu2::to_chars` output: Loitsch's Grisu2
//     with (alpha, gamma) = (-60, -32), the 79-entry table of cached powers
//     10^-300 .. 10^324 in steps of 8, boundaries computed for the value's own
//     precision (float or double), and `%g`-like layout with fixed notation
//     for decimal exponents -4 <= n-1 < 15.
//   * Godot 3.x / Pandemonium: `String::num_scientific` is `snprintf("%lg")`.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_NUMBER_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_NUMBER_H_

#include <cstddef>
#include <string>

namespace gdwire {
namespace text {
namespace internal {

// The most bytes any of the Write* functions below writes.
inline constexpr size_t kMaxNumber = 48;

// Grisu2 digits of a finite value laid out as Godot 4.6's grisu2::to_chars
// does ("-" sign, "0" for +-0, "1e+16", "0.0001", "5e-05", "123.5").
// Non-finite values give "nan", "inf" or "-inf".
std::string ShortestDouble(double v);
std::string ShortestFloat(float v);
// The same written at p (room for kMaxNumber bytes); returns the end.
char* WriteShortestDouble(double v, char* p);
char* WriteShortestFloat(float v, char* p);

// Godot 4.6 `rtos_fix(v, /*p_compat=*/true)`, the text of one real number in
// var_to_str: "0" for +-0, "inf", "inf_neg", "nan", the f32 digits when the
// value is exactly an f32, else the double digits.
std::string Godot4Real(double v);
char* WriteGodot4Real(double v, char* p);

// C's printf("%g", v) (6 significant digits) in the "C" locale, including
// "nan", "-nan", "inf" and "-inf".
std::string FormatG(double v);
char* WriteFormatG(double v, char* p);

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_NUMBER_H_
