// Copyright 2026 The gdwire Authors.
//
// Name(args) of the math types (Vector2 ... Projection, Color) and the
// packed arrays: component counts, integer ranges, real_t rounding, and
// Godot 4's PackedByteArray("<base64>").

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "codec/text/internal/parse_names.h"
#include "codec/text/internal/parser.h"

namespace gdwire {
namespace text {
namespace internal {

// The current token as a real number (int, float or inf/nan spelling).
bool Parser::CurrentReal(double* out) const {
  switch (cur_.kind) {
    case Tok::kInt:
      *out = static_cast<double>(cur_.i);
      return true;
    case Tok::kFloat:
      *out = cur_.d;
      return true;
    case Tok::kIdent:
      return SpecialFloat(cur_.text, out);
    default:
      return false;
  }
}

// The current token as an integer within [lo, hi]; a float must be
// integral (Pandemonium writes integer components with "%g").
absl::Status Parser::CurrentInt(int64_t lo, int64_t hi, absl::string_view what,
                                int64_t* out) const {
  int64_t v = 0;
  if (cur_.kind == Tok::kInt) {
    v = cur_.i;
  } else if (cur_.kind == Tok::kFloat) {
    const double d = cur_.d;
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) ||
        d != std::trunc(d)) {
      return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                  absl::StrCat("expected an integer for ", what));
    }
    v = static_cast<int64_t>(d);
  } else {
    return Expected(absl::StrCat("an integer for ", what));
  }
  if (v < lo || v > hi) {
    return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                absl::StrCat(v, " is out of range for ", what));
  }
  *out = v;
  return absl::OkStatus();
}

// Reads "(" item ("," item)* ","? ")" calling `item` on each; the current
// token is the '(' on entry and the token after ')' on return.
template <typename Fn>
absl::Status Parser::List(absl::string_view what, Fn item) {
  if (cur_.kind != Tok::kLParen) {
    return Expected(absl::StrCat("'(' after ", what));
  }
  if (absl::Status st = Advance(); !st.ok()) return st;
  while (cur_.kind != Tok::kRParen) {
    if (absl::Status st = item(); !st.ok()) return st;
    if (absl::Status st = Advance(); !st.ok()) return st;
    if (cur_.kind == Tok::kComma) {
      if (absl::Status st = Advance(); !st.ok()) return st;
    } else if (cur_.kind != Tok::kRParen) {
      return Expected("',' or ')'");
    }
  }
  return Advance();
}

absl::Status Parser::Reals(absl::string_view what, std::vector<double>* out) {
  return List(what, [&]() -> absl::Status {
    double v;
    if (!CurrentReal(&v)) {
      return Expected(absl::StrCat("a number in ", what));
    }
    out->push_back(v);
    return absl::OkStatus();
  });
}

absl::Status Parser::Ints(absl::string_view what, int64_t lo, int64_t hi,
                          std::vector<int64_t>* out) {
  return List(what, [&]() -> absl::Status {
    int64_t v;
    if (absl::Status st = CurrentInt(lo, hi, what, &v); !st.ok()) return st;
    out->push_back(v);
    return absl::OkStatus();
  });
}

// A real_t component as the engine holds it.
double Parser::RealT(double v) const {
  return o_.real_is_double ? v : WidenF32Exact(NarrowF64ToF32(v));
}

absl::Status Parser::CountError(size_t pos, absl::string_view name, size_t want,
                                size_t got, bool multiple) const {
  return Fail(
      pos, ErrorKind::kInvalidArgument,
      multiple ? absl::StrCat(name, " needs a multiple of ", want,
                              " numbers, got ", got)
               : absl::StrCat(name, " needs ", want, " arguments, got ", got));
}

// Name(args) of a math type or packed array; cur_ is the name.
absl::Status Parser::Constructor(Type t, Variant* out) {
  const size_t pos = cur_.pos;
  const std::string name = cur_.text;
  if (!DialectHasType(d_, t)) return Lacks(pos, name);
  if (absl::Status st = Advance(); !st.ok()) return st;
  if (RealComponents(t) != 0 || IntComponents(t) != 0) {
    return MathConstructor(t, pos, name, out);
  }
  if (t == Type::kPackedByteArray) return PackedBytesConstructor(name, out);
  return PackedConstructor(t, pos, name, out);
}

// The components of a math type: reals (real_t, or f32 for Color) or
// int32s, exactly as many as it has.
absl::Status Parser::MathConstructor(Type t, size_t pos,
                                     const std::string& name, Variant* out) {
  if (const int n = RealComponents(t)) {
    std::vector<double> c;
    if (absl::Status st = Reals(name, &c); !st.ok()) return st;
    if (c.size() != static_cast<size_t>(n)) {
      return CountError(pos, name, n, c.size(), false);
    }
    for (double& x : c) {
      x = t == Type::kColor ? WidenF32Exact(NarrowF64ToF32(x)) : RealT(x);
    }
    *out = Variant::Math(t, c);
    return absl::OkStatus();
  }
  const int n = IntComponents(t);
  std::vector<int64_t> c;
  if (absl::Status st = Ints(name, INT32_MIN, INT32_MAX, &c); !st.ok()) {
    return st;
  }
  if (c.size() != static_cast<size_t>(n)) {
    return CountError(pos, name, n, c.size(), false);
  }
  std::vector<int32_t> c32(c.begin(), c.end());
  *out = Variant::IntMath(t, c32);
  return absl::OkStatus();
}

// PackedByteArray: bytes 0..255, or base64 text where the dialect reads it.
absl::Status Parser::PackedBytesConstructor(const std::string& name,
                                            Variant* out) {
  if (cur_.kind == Tok::kLParen &&
      (d_ == Dialect::kGodot4 || IsPandemonium(d_))) {
    // Godot 4 also reads PackedByteArray("<base64>"); Pandemonium
    // writes PoolByteArray( "<base64>" ).
    Token save = cur_;
    const size_t save_pos = lex_.pos();
    if (absl::Status st = Advance(); !st.ok()) return st;
    if (cur_.kind == Tok::kString) {
      std::string bytes;
      if (!absl::Base64Unescape(cur_.text, &bytes)) {
        return Fail(cur_.pos, ErrorKind::kInvalidArgument,
                    absl::StrCat("invalid base64 in ", name));
      }
      if (absl::Status st = Advance(); !st.ok()) return st;
      if (absl::Status st = Expect(Tok::kRParen, "')'"); !st.ok()) {
        return st;
      }
      *out = Variant::PackedBytes(
          std::vector<uint8_t>(bytes.begin(), bytes.end()));
      return absl::OkStatus();
    }
    cur_ = std::move(save);
    lex_.set_pos(save_pos);
  }
  std::vector<int64_t> v;
  if (absl::Status st = Ints(name, 0, 255, &v); !st.ok()) return st;
  *out = Variant::PackedBytes(std::vector<uint8_t>(v.begin(), v.end()));
  return absl::OkStatus();
}

// Every other packed array: its elements, a multiple of its components.
absl::Status Parser::PackedConstructor(Type t, size_t pos,
                                       const std::string& name, Variant* out) {
  switch (t) {
    case Type::kPackedInt32Array: {
      std::vector<int64_t> v;
      if (absl::Status st = Ints(name, INT32_MIN, INT32_MAX, &v); !st.ok()) {
        return st;
      }
      *out = Variant::PackedInt32(std::vector<int32_t>(v.begin(), v.end()));
      return absl::OkStatus();
    }
    case Type::kPackedInt64Array: {
      std::vector<int64_t> v;
      if (absl::Status st = Ints(name, INT64_MIN, INT64_MAX, &v); !st.ok()) {
        return st;
      }
      *out = Variant::PackedInt64(std::move(v));
      return absl::OkStatus();
    }
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray: {
      std::vector<double> v;
      if (absl::Status st = Reals(name, &v); !st.ok()) return st;
      if (t == Type::kPackedColorArray && v.size() % 4 != 0) {
        return CountError(pos, name, 4, v.size(), true);
      }
      std::vector<float> f;
      f.reserve(v.size());
      for (double x : v) f.push_back(NarrowF64ToF32(x));
      *out = t == Type::kPackedColorArray
                 ? Variant::PackedColors(std::move(f))
                 : Variant::PackedFloat32(std::move(f));
      return absl::OkStatus();
    }
    case Type::kPackedFloat64Array: {
      std::vector<double> v;
      if (absl::Status st = Reals(name, &v); !st.ok()) return st;
      *out = Variant::PackedFloat64(std::move(v));
      return absl::OkStatus();
    }
    case Type::kPackedVector2Array:
    case Type::kPackedVector3Array:
    case Type::kPackedVector4Array: {
      std::vector<double> v;
      if (absl::Status st = Reals(name, &v); !st.ok()) return st;
      const size_t n = PackedComponents(t);
      if (v.size() % n != 0) return CountError(pos, name, n, v.size(), true);
      for (double& x : v) x = RealT(x);
      *out = Variant::PackedRealVectors(t, std::move(v));
      return absl::OkStatus();
    }
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray: {
      std::vector<int64_t> v;
      if (absl::Status st = Ints(name, INT32_MIN, INT32_MAX, &v); !st.ok()) {
        return st;
      }
      const size_t n = PackedComponents(t);
      if (v.size() % n != 0) return CountError(pos, name, n, v.size(), true);
      *out = Variant::PackedIntVectors(
          t, std::vector<int32_t>(v.begin(), v.end()));
      return absl::OkStatus();
    }
    case Type::kPackedStringArray: {
      std::vector<std::string> v;
      absl::Status st = List(name, [&]() -> absl::Status {
        if (cur_.kind != Tok::kString) return Expected("a string");
        v.push_back(cur_.text);
        return absl::OkStatus();
      });
      if (!st.ok()) return st;
      *out = Variant::PackedStrings(std::move(v));
      return absl::OkStatus();
    }
    default:
      break;
  }
  return Fail(pos, ErrorKind::kInvalidArgument,
              absl::StrCat("unexpected identifier '", name, "'"));
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire
