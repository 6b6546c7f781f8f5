// Copyright 2026 The gdwire Authors.

#include "codec/core/fields.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "codec/core/path.h"
#include "codec/core/text.h"
#include "codec/wire.h"

namespace gdwire {
namespace core {

using wire::LoadU32;

Error Fail(const Context& c, ErrorKind kind, size_t at, std::string detail,
           bool in_string) {
  Error e;
  e.kind = kind;
  e.offset = c.base + at;
  e.detail = std::move(detail);
  e.godot_error = GodotErrorCode(kind, in_string);
  return e;
}

Error Truncated(const Context& c, Type t, size_t at) {
  return Fail(c, ErrorKind::kTruncated, at,
              absl::StrCat("truncated ", TypeName(t)));
}

absl::Status StatusOf(Error e) {
  e.path = "$" + e.path;
  return e.ToStatus();
}

Error Budget::Charge(const Context& c, uint64_t bytes, size_t at) {
  if (bytes > limit - charged) {
    return Fail(c, ErrorKind::kLimitExceeded, at,
                absl::StrCat("decoding needs more than max_alloc_bytes (",
                             limit, " bytes) of memory"));
  }
  charged += bytes;
  return {};
}

Error Budget::ChargeBacked(const Context& c, size_t pos, uint64_t count,
                           uint64_t min_wire_bytes, uint64_t elem_bytes,
                           size_t at, bool* backed) {
  const uint64_t left = c.Remaining(pos);
  const uint64_t avail = left >= promised ? left - promised : 0;
  *backed = count <= avail / min_wire_bytes;
  if (!*backed) return {};
  return Charge(c, count * elem_bytes, at);
}

Error ReadWireString(const Context& c, size_t* pos, bool check_text,
                     WireText* out, Budget* budget) {
  const size_t start = *pos;
  if (c.Remaining(start) < 4) {
    return Fail(c, ErrorKind::kTruncated, start, "truncated string length");
  }
  const int32_t n = static_cast<int32_t>(LoadU32(c.data + start));
  if (n < 0) {
    return Fail(c, ErrorKind::kInvalidLength, start,
                absl::StrCat("negative string length ", n), true);
  }
  const uint64_t padded = uint64_t(n) + wire::Pad4(n);
  if (padded > uint64_t{INT32_MAX}) {
    return Fail(c, ErrorKind::kInvalidLength, start, "string length overflow",
                true);
  }
  if (uint64_t(n) > c.opts.max_string_bytes) {
    return Fail(c, ErrorKind::kLimitExceeded, start,
                absl::StrCat("string of ", n, " bytes exceeds the limit"));
  }
  if (padded > c.Remaining(start) - 4) {
    return Fail(c, ErrorKind::kTruncated, start,
                absl::StrCat("truncated string of ", n, " bytes"), true);
  }
  if (budget != nullptr) {
    // The decoded text never outgrows the wire text: one block of n chars.
    if (Error e = budget->Charge(c, StringHeap(n), start); !e.ok()) {
      return e;
    }
  }
  const uint8_t* p = c.data + start + 4;
  size_t b, e;
  bool canonical = true;
  if (check_text) {
    const simd::WireText t =
        CheckText(p, n, c.Remaining(start) - 4, c.opts.dialect);
    if (!t.ok) {
      return Fail(c, ErrorKind::kInvalidUtf8, start + 4 + t.bad_index,
                  "invalid UTF-8");
    }
    b = t.begin;
    e = t.end;
    canonical = t.canonical;
  } else {
    TextWindow(p, n, &b, &e);
  }
  out->len_pos = start;
  out->text_pos = start + 4 + b;
  out->text_size = e - b;
  out->canonical = canonical;
  *pos = start + 4 + padded;
  return {};
}

std::string TextOf(const Context& c, const WireText& t) {
  if (t.canonical || c.opts.dialect == Dialect::kGodot4) {
    return std::string(RawTextOf(c, t));
  }
  std::string s;
  AppendCanonical(c.data + t.text_pos, t.text_size, &s);
  return s;
}

Error ReadTypeDescriptor(const Context& c, uint32_t kind, size_t* pos,
                         bool check_text, TypeDescriptor* out, Budget* budget) {
  // The heap copy of "EncodedObjectAsID" (or "Object") a builder makes.
  const uint64_t kClassNameBytes = StringHeap(sizeof("EncodedObjectAsID") - 1);
  out->kind = kind;
  switch (kind) {
    case 0:
      return {};
    case 1: {
      if (c.Remaining(*pos) < 4) {
        return Fail(c, ErrorKind::kTruncated, *pos,
                    "truncated container element type");
      }
      const uint32_t id = LoadU32(c.data + *pos);
      if (!TypeFromWireId(c.opts.dialect, id, &out->builtin)) {
        return Fail(c, ErrorKind::kInvalidContainerType, *pos,
                    absl::StrCat("invalid container element type ", id));
      }
      *pos += 4;
      if (budget != nullptr && out->builtin == Type::kObject) {
        return budget->Charge(c, kClassNameBytes, *pos - 4);
      }
      return {};
    }
    case 2:
      if (Error e = ReadWireString(c, pos, check_text, &out->name, budget);
          !e.ok()) {
        return e;
      }
      if (budget != nullptr && !c.opts.allow_objects) {
        return budget->Charge(c, kClassNameBytes, *pos);
      }
      return {};
    default: {
      const size_t at = *pos;
      if (Error e = ReadWireString(c, pos, check_text, &out->name, budget);
          !e.ok()) {
        return e;
      }
      if (!c.opts.allow_objects) {
        if (budget != nullptr) return budget->Charge(c, kClassNameBytes, at);
        return {};
      }
      // godot4 text is the raw bytes, so the prefix test needs no copy.
      if (!absl::StartsWith(RawTextOf(c, out->name), "res://")) {
        return Fail(c, ErrorKind::kInvalidContainerType, at,
                    "container script path is not a res:// path");
      }
      return {};
    }
  }
}

ContainerType ToContainerType(const Context& c, const TypeDescriptor& d) {
  const bool objects = c.opts.allow_objects;
  switch (d.kind) {
    case 0:
      return ContainerType();
    case 1:
      if (d.builtin == Type::kNil) return ContainerType();
      if (d.builtin == Type::kObject) {
        return ContainerType::ClassName(objects ? "Object"
                                                : "EncodedObjectAsID");
      }
      return ContainerType::Builtin(d.builtin);
    case 2:
      return ContainerType::ClassName(objects ? TextOf(c, d.name)
                                              : "EncodedObjectAsID");
    default:
      if (!objects) return ContainerType::ClassName("EncodedObjectAsID");
      return ContainerType::Script(TextOf(c, d.name));
  }
}

Error ReadPandemoniumElementType(const Context& c, uint32_t header, size_t* pos,
                                 bool check_text, TypeDescriptor* out,
                                 Budget* budget) {
  if (c.Remaining(*pos) < 4) {
    return Fail(c, ErrorKind::kTruncated, *pos,
                "truncated container element type");
  }
  const uint32_t id = LoadU32(c.data + *pos) & wire::kCountMask;
  if (!TypeFromWireId(c.opts.dialect, id, &out->builtin)) {
    return Fail(c, ErrorKind::kInvalidContainerType, *pos,
                absl::StrCat("invalid element type id ", id));
  }
  *pos += 4;
  out->kind = 1;
  if (out->builtin != Type::kObject) return {};
  if (header & wire::kFlagObjectAsId) {
    if (budget == nullptr) return {};
    return budget->Charge(c, StringHeap(sizeof("EncodedObjectAsID") - 1), *pos);
  }
  if (c.Remaining(*pos) < 4) {
    return Fail(c, ErrorKind::kTruncated, *pos, "truncated header");
  }
  uint32_t sn;
  WireId(c.opts.dialect, Type::kStringName, &sn);
  if ((LoadU32(c.data + *pos) & wire::kTypeMask) != sn) {
    return Fail(c, ErrorKind::kInvalidContainerType, *pos,
                "class name of a typed array is not a StringName");
  }
  *pos += 4;
  out->kind = 2;
  return ReadWireString(c, pos, check_text, &out->name, budget);
}

ContainerType ToPandemoniumElementType(const Context& c,
                                       const TypeDescriptor& d) {
  if (d.kind == 2) return ContainerType::ClassName(TextOf(c, d.name));
  if (d.builtin == Type::kObject) {
    return ContainerType::ClassName("EncodedObjectAsID");
  }
  return ContainerType::Builtin(d.builtin);
}

Error ReadCount(const Context& c, const char* what, size_t* pos,
                uint32_t* count) {
  if (c.Remaining(*pos) < 4) {
    return Fail(c, ErrorKind::kTruncated, *pos,
                absl::StrCat("truncated ", what, " count"));
  }
  *count = LoadU32(c.data + *pos) & wire::kCountMask;
  if (*count > c.opts.max_container_elements) {
    return Fail(
        c, ErrorKind::kLimitExceeded, *pos,
        absl::StrCat(what, " of ", *count, " elements exceeds the limit"));
  }
  *pos += 4;
  return {};
}

Error ReadPropertyCount(const Context& c, size_t* pos, uint32_t* count) {
  if (c.Remaining(*pos) < 4) {
    return Fail(c, ErrorKind::kTruncated, *pos,
                "truncated Object property count");
  }
  const int32_t n = static_cast<int32_t>(LoadU32(c.data + *pos));
  *count = n < 0 ? 0 : static_cast<uint32_t>(n);
  if (*count > c.opts.max_container_elements) {
    return Fail(
        c, ErrorKind::kLimitExceeded, *pos,
        absl::StrCat("Object of ", *count, " properties exceeds the limit"));
  }
  *pos += 4;
  return {};
}

int PackedWidth(const Context& c, Type type, uint32_t header) {
  switch (type) {
    case Type::kPackedByteArray:
      return 1;
    case Type::kPackedInt64Array:
    case Type::kPackedFloat64Array:
      return 8;
    default:
      return (header & wire::kFlag64) && HasRealWidthFlag(c.opts.dialect, type)
                 ? 8
                 : 4;
  }
}

Error ReadPackedLayout(const Context& c, Type type, uint32_t header,
                       size_t* pos, PackedLayout* out) {
  const size_t start = *pos;
  if (c.Remaining(start) < 4) {
    return Fail(c, ErrorKind::kTruncated, start,
                absl::StrCat("truncated ", TypeName(type), " count"));
  }
  const int32_t count = static_cast<int32_t>(LoadU32(c.data + start));
  if (count < 0) {
    return Fail(c, ErrorKind::kInvalidLength, start,
                absl::StrCat("negative ", TypeName(type), " count ", count));
  }
  if (uint64_t(count) > c.opts.max_packed_elements) {
    return Fail(c, ErrorKind::kLimitExceeded, start,
                absl::StrCat(TypeName(type), " of ", count,
                             " elements exceeds the limit"));
  }
  const int comps = std::max(PackedComponents(type), 1);
  const int width = PackedWidth(c, type, header);
  const uint64_t bytes = uint64_t(count) * comps * width;
  if (bytes > uint64_t{INT32_MAX}) {
    return Fail(c, ErrorKind::kInvalidLength, start,
                absl::StrCat(TypeName(type), " size overflow"));
  }
  const size_t data = start + 4;
  if (bytes > c.Remaining(data)) return Truncated(c, type, data);
  out->count = static_cast<uint32_t>(count);
  out->comps = comps;
  out->width = width;
  out->data_pos = data;
  size_t end = data + bytes;
  if (type == Type::kPackedByteArray) {
    // The padding is skipped when present and may be cut off (§7.3).
    end += std::min<size_t>(wire::Pad4(bytes), c.Remaining(end));
  }
  *pos = end;
  return {};
}

Error ReadPackedStringsCount(const Context& c, size_t* pos, uint32_t* count) {
  if (c.Remaining(*pos) < 4) {
    return Fail(c, ErrorKind::kTruncated, *pos,
                absl::StrCat("truncated ", TypeName(Type::kPackedStringArray),
                             " count"));
  }
  const int32_t n = static_cast<int32_t>(LoadU32(c.data + *pos));
  *count = n < 0 ? 0 : static_cast<uint32_t>(n);
  if (*count > c.opts.max_packed_elements) {
    return Fail(c, ErrorKind::kLimitExceeded, *pos,
                absl::StrCat(TypeName(Type::kPackedStringArray), " of ", *count,
                             " elements exceeds the limit"));
  }
  *pos += 4;
  return {};
}

std::string KeySegment(const Context& c, size_t key_pos, size_t index) {
  Type t = Type::kNil;
  if (c.Remaining(key_pos) >= 4) {
    TypeFromWireId(c.opts.dialect, LoadU32(c.data + key_pos) & wire::kTypeMask,
                   &t);
  }
  size_t pos = key_pos + 4;
  if (t == Type::kString || t == Type::kStringName) {
    WireText text;
    if (ReadWireString(c, &pos, /*check_text=*/true, &text).ok()) {
      return QuotedKey(TextOf(c, text), /*longer=*/false);
    }
  } else if (t == Type::kInt) {
    const bool wide = LoadU32(c.data + key_pos) & wire::kFlag64;
    if (c.Remaining(pos) >= (wide ? 8u : 4u)) {
      const int64_t v = wide ? static_cast<int64_t>(wire::LoadU64(c.data + pos))
                             : static_cast<int64_t>(
                                   static_cast<int32_t>(LoadU32(c.data + pos)));
      return absl::StrCat("[", v, "]");
    }
  }
  return absl::StrCat("{#", index, "}");
}

std::string PropertySegment(const Context& c, size_t name_pos) {
  WireText name;
  if (!ReadWireString(c, &name_pos, /*check_text=*/true, &name).ok()) {
    return ".";
  }
  return "." + CutKey(TextOf(c, name), /*longer=*/false);
}

}  // namespace core
}  // namespace gdwire
