// Copyright 2026 The gdwire Authors.
//
// Fuzzes document::Parser (codec/document), one Parser reused for every
// input as a server would. Mode byte: dialect = DialectFromMode(mode), bit
// 2 allow objects, bit 3 reject_trailing_bytes, bits 4-5 an allocation
// budget (none, 64, 1024, 65536 bytes).
//
// Checks: the verdict is exactly reference::DecodeValue's (error kind,
// offset and path; or the value's length); ToVariant of the root is the
// reference's value; a walk over every element through the API (types,
// scalars, text, children, entries, lookups by every String/Int key,
// descriptors, packed views) stays inside the input; for an untyped root
// Dictionary every lookup by a String/StringName/Int key gives the value
// the reference's Dictionary holds for it.

#include <cstddef>
#include <cstdint>

#include "codec/document/document.h"
#include "codec/error.h"
#include "codec/reference/decoder.h"
#include "tests/fuzz/fuzz_util.h"

using gdwire::fuzz::Check;

namespace {

using gdwire::Type;
using gdwire::document::Element;

uint64_t Walk(const Element& e, const uint8_t* begin, const uint8_t* end,
              int depth) {
  Check(e.valid(), "invalid element in a walk");
  uint64_t sum = static_cast<uint64_t>(e.type()) + e.size() + e.header();
  const absl::string_view s = e.as_string();
  if (!s.empty()) {
    Check(reinterpret_cast<const uint8_t*>(s.data()) >= begin &&
              reinterpret_cast<const uint8_t*>(s.data()) + s.size() <= end,
          "text outside the input");
    sum += static_cast<uint8_t>(s.back());
  }
  const absl::Span<const uint8_t> p = e.packed_bytes();
  if (!p.empty()) {
    Check(p.data() >= begin && p.data() + p.size() <= end,
          "packed data outside the input");
    sum += p.back();
  }
  sum += e.as_int() + e.as_bool() + (e.as_float() > 0) + e.rid() +
         e.object_id() + e.object_class().size() + e.signal_name().size() +
         e.node_path_name_count();
  double r[16];
  int32_t v[4];
  e.reals(absl::MakeSpan(r));
  e.ints(absl::MakeSpan(v));
  sum += e.element_type().name.size() + e.key_type().name.size();
  if (depth > 64) return sum;
  switch (e.type()) {
    case Type::kDictionary:
    case Type::kObject:
      for (Element::Entry en : e.entries()) {
        sum += Walk(en.key, begin, end, depth + 1) +
               Walk(en.value, begin, end, depth + 1);
        if (en.key.type() == Type::kString ||
            en.key.type() == Type::kStringName) {
          Check(e[en.key.as_string()].valid() || !en.key.text_canonical(),
                "a key's lookup finds nothing");
        } else if (en.key.type() == Type::kInt) {
          Check(e.FindInt(en.key.as_int()).valid(),
                "an Int key's lookup finds nothing");
        }
      }
      break;
    default:
      for (Element c : e) sum += Walk(c, begin, end, depth + 1);
      break;
  }
  Check(!e[e.size()].valid(), "an element past the end");
  return sum;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  gdwire::DecodeOptions d = gdwire::fuzz::OptionsFromMode(mode);
  d.reject_trailing_bytes = (mode & 8) != 0;
  static constexpr uint64_t kBudgets[] = {0, 64, 1024, 65536};
  d.max_alloc_bytes = kBudgets[(mode >> 4) & 3];
  const auto bytes = absl::MakeConstSpan(data + 1, size - 1);

  static gdwire::document::Parser* parser = new gdwire::document::Parser;
  gdwire::Variant want;
  size_t used = 0;
  const gdwire::Error ref =
      gdwire::reference::DecodeValue(bytes, d, &want, &used);
  const gdwire::document::ParseResult got = parser->Parse(bytes, d);
  Check(ref.kind == got.error.kind && ref.offset == got.error.offset &&
            ref.path == got.error.path,
        "verdicts differ", ref.ToString() + " / " + got.error.ToString());
  if (!ref.ok()) {
    gdwire::fuzz::CheckError(got.error, bytes.size());
    Check(!parser->root().valid(), "a root after a failed parse");
    return 0;
  }
  Check(got.consumed == used, "lengths differ");
  absl::StatusOr<gdwire::Variant> v = got.root.ToVariant();
  Check(v.ok(), "ToVariant failed", v.status().ToString());
  Check(*v == want, "values differ");
  Walk(got.root, bytes.data(), bytes.data() + bytes.size(), 0);
  if (want.type() == Type::kDictionary &&
      !want.dictionary().key_type.is_typed() &&
      !want.dictionary().value_type.is_typed()) {
    for (const auto& [k, val] : want.dictionary().entries) {
      if (k.type() != Type::kString && k.type() != Type::kStringName &&
          k.type() != Type::kInt) {
        continue;
      }
      const Element e = got.root.FindKey(k);
      Check(e.valid(), "a key of the reference's Dictionary is not found");
      absl::StatusOr<gdwire::Variant> ev = e.ToVariant();
      Check(ev.ok() && *ev == val, "a lookup gives another value");
    }
  }
  return 0;
}
