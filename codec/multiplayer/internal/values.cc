// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/internal/values.h"

#include <limits>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/document/document.h"
#include "codec/document/internal/thread_parser.h"
#include "codec/encode/encoder.h"
#include "codec/gdwire.h"
#include "codec/types.h"

namespace gdwire {
namespace multiplayer {
namespace internal {
namespace {

constexpr uint8_t kTypeMask = 0x3F;
constexpr uint8_t kBoolValueBit = 0x80;
constexpr uint8_t kBoolType = 1;
constexpr uint8_t kIntType = 2;

}  // namespace

Error MakeError(ErrorKind kind, uint64_t offset, absl::string_view path,
                absl::string_view detail) {
  return Error(kind, offset, std::string(path), std::string(detail));
}

Error Reader::Need(size_t n, absl::string_view path) const {
  if (left() >= n) return {};
  return MakeError(
      ErrorKind::kTruncated, abs(pos_), path,
      absl::StrCat("truncated: needs ", n, " bytes, ", left(), " left"));
}

uint16_t Reader::U16() {
  uint16_t v = uint16_t(bytes_[pos_]) | uint16_t(bytes_[pos_ + 1]) << 8;
  pos_ += 2;
  return v;
}

uint32_t Reader::U32() {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | bytes_[pos_ + i];
  pos_ += 4;
  return v;
}

uint64_t Reader::U64() {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | bytes_[pos_ + i];
  pos_ += 8;
  return v;
}

std::string Reader::Take(size_t n) {
  std::string s(reinterpret_cast<const char*>(bytes_.data() + pos_), n);
  pos_ += n;
  return s;
}

void PutU16(uint16_t v, std::string* out) {
  out->push_back(static_cast<char>(v & 0xFF));
  out->push_back(static_cast<char>(v >> 8));
}

void PutU32(uint32_t v, std::string* out) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}

void PutU64(uint64_t v, std::string* out) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}

Error DecodeValue(Reader* r, size_t end, const DecodeOptions& options,
                  absl::string_view path, Value* out, bool compressed,
                  bool keep_value) {
  const size_t start = r->pos();
  if (start >= end) {
    return MakeError(ErrorKind::kTruncated, r->abs(start), path,
                     "truncated: no bytes left for a value");
  }
  const uint8_t head = r->bytes()[start];
  const uint8_t type = head & kTypeMask;
  if (compressed && type >= VariantMax(options.dialect)) {
    return MakeError(ErrorKind::kInvalidType, r->abs(start), path,
                     absl::StrCat("invalid value type ", type));
  }
  if (compressed && type == kBoolType) {
    out->form = ValueForm::kBool;
    out->meta = head;
    out->value = Variant::Bool((head & kBoolValueBit) != 0);
    out->wire.clear();
    r->Skip(1);
    return {};
  }
  if (compressed && type == kIntType) {
    static constexpr ValueForm kForms[4] = {ValueForm::kInt8, ValueForm::kInt16,
                                            ValueForm::kInt32,
                                            ValueForm::kInt64};
    const int mode = head >> 6;
    const size_t width = size_t{1} << mode;
    if (end - start - 1 < width) {
      return MakeError(ErrorKind::kTruncated, r->abs(start + 1), path,
                       absl::StrCat("truncated ", 8 * width, "-bit int"));
    }
    r->Skip(1);
    int64_t v = 0;
    switch (mode) {
      case 0:
        v = static_cast<int8_t>(r->U8());
        break;
      case 1:
        v = static_cast<int16_t>(r->U16());
        break;
      case 2:
        v = static_cast<int32_t>(r->U32());
        break;
      default:
        v = static_cast<int64_t>(r->U64());
        break;
    }
    out->form = kForms[mode];
    out->meta = head;
    out->value = Variant::Int(v);
    out->wire.clear();
    return {};
  }
  DecodeOptions o = options;
  o.reject_trailing_bytes = false;
  size_t consumed = 0;
  // A nested error's "$[1]..." continues the value's own path.
  auto nested = [&](const Error& e) {
    std::string sub = e.path.size() > 1 && e.path[0] == '$' ? e.path.substr(1)
                                                            : std::string();
    return Error(e.kind, r->abs(start) + e.offset, absl::StrCat(path, sub),
                 e.detail, e.godot_error);
  };
  const auto bytes = r->bytes().subspan(start, end - start);
  if (keep_value) {
    absl::StatusOr<Variant> v = gdwire::Decode(bytes, o, &consumed);
    if (!v.ok()) return nested(ErrorFromStatus(v.status()));
    out->value = *std::move(v);
  } else {
    // The document parser's check: what the decoder checks, nothing
    // built, reused (one per thread).
    document::internal::ThreadParser parser;
    document::ParseResult p = parser->Check(bytes, o);
    if (!p.ok()) return nested(p.error);
    consumed = p.consumed;
    out->value = Variant();
  }
  out->form = ValueForm::kVariant;
  out->meta = 0;
  out->wire.assign(reinterpret_cast<const char*>(r->bytes().data() + start),
                   consumed);
  r->Skip(consumed);
  return {};
}

Error DecodeValues(Reader* r, size_t end, int count,
                   const DecodeOptions& options, absl::string_view path,
                   size_t max_values, std::vector<Value>* out, bool compressed,
                   bool keep_values) {
  for (int i = 0; count < 0 ? r->pos() < end : i < count; ++i) {
    if (out->size() >= max_values) {
      return MakeError(
          ErrorKind::kLimitExceeded, r->abs(r->pos()), path,
          absl::StrCat("more than ", max_values, " values in one packet"));
    }
    out->emplace_back();
    Error e = DecodeValue(r, end, options, absl::StrCat(path, "[", i, "]"),
                          &out->back(), compressed, keep_values);
    if (!e.ok()) return e;
  }
  return {};
}

Error EncodeValue(const Value& v, absl::string_view path, std::string* out,
                  Dialect dialect, bool compressed) {
  auto fail = [&](absl::string_view why) {
    return MakeError(ErrorKind::kInvalidArgument, out->size(), path, why);
  };
  if (!compressed && v.form != ValueForm::kVariant) {
    return fail("short forms are Godot 4's");
  }
  switch (v.form) {
    case ValueForm::kBool:
      if (v.value.type() != Type::kBool) return fail("kBool form, not a bool");
      out->push_back(
          static_cast<char>((v.meta & 0x40) | kBoolType |
                            (v.value.as_bool() ? kBoolValueBit : 0)));
      return {};
    case ValueForm::kInt8:
    case ValueForm::kInt16:
    case ValueForm::kInt32:
    case ValueForm::kInt64: {
      if (v.value.type() != Type::kInt) return fail("int form, not an int");
      const int mode =
          static_cast<int>(v.form) - static_cast<int>(ValueForm::kInt8);
      const int64_t i = v.value.as_int();
      const int bits = 8 << mode;
      if (bits < 64 && (i < -(int64_t{1} << (bits - 1)) ||
                        i >= (int64_t{1} << (bits - 1)))) {
        return fail(absl::StrCat("int ", i, " does not fit ", bits, " bits"));
      }
      out->push_back(static_cast<char>(kIntType | mode << 6));
      const uint64_t u = static_cast<uint64_t>(i);
      for (int b = 0; b < bits / 8; ++b) {
        out->push_back(static_cast<char>(u >> (8 * b)));
      }
      return {};
    }
    case ValueForm::kVariant: {
      if (!v.wire.empty()) {
        out->append(v.wire);
        return {};
      }
      if (compressed &&
          (v.value.type() == Type::kBool || v.value.type() == Type::kInt)) {
        return fail("bool and int travel in their short forms");
      }
      EncodeOptions eo;
      eo.dialect = dialect;
      const size_t at = out->size();
      Error e = encode::EncodeTo(v.value, eo, out);
      if (!e.ok()) {
        std::string sub =
            e.path.size() > 1 && e.path[0] == '$' ? e.path.substr(1) : "";
        return Error(e.kind, at + e.offset, absl::StrCat(path, sub), e.detail);
      }
      return {};
    }
  }
  return fail("unknown value form");
}

}  // namespace internal

Value MakeValue(Variant v) {
  Value out;
  if (v.type() == Type::kBool) {
    out.form = ValueForm::kBool;
  } else if (v.type() == Type::kInt) {
    const int64_t i = v.as_int();
    if (i >= std::numeric_limits<int8_t>::min() &&
        i <= std::numeric_limits<int8_t>::max()) {
      out.form = ValueForm::kInt8;
    } else if (i >= std::numeric_limits<int16_t>::min() &&
               i <= std::numeric_limits<int16_t>::max()) {
      out.form = ValueForm::kInt16;
    } else if (i >= std::numeric_limits<int32_t>::min() &&
               i <= std::numeric_limits<int32_t>::max()) {
      out.form = ValueForm::kInt32;
    } else {
      out.form = ValueForm::kInt64;
    }
  }
  out.value = std::move(v);
  return out;
}

}  // namespace multiplayer
}  // namespace gdwire
