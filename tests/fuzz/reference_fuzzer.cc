// Copyright 2026 The gdwire Authors.
//
// Fuzzes the reference decoder in every dialect, with and without objects:
// no crash, no out-of-bounds read (ASan), no UB (UBSan); and whatever
// decodes must re-encode and decode to the same value (when the engine
// itself round-trips it); after one normalising encode, decode and encode
// are stable (same value, same bytes). The allocation accounting never
// charges more than the automatic budget.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

// Godot's parse_utf8 drops a leading BOM: a name that starts with one loses
// it on every decode, so its value is not a fixed point.
bool NameStable(const std::string& name) {
  return name.rfind("\xEF\xBB\xBF", 0) != 0;
}

bool Stable(const gdwire::Variant& v) {
  using gdwire::Type;
  switch (v.type()) {
    case Type::kString:
    case Type::kStringName:
      return v.as_string().rfind("\xEF\xBB\xBF", 0) != 0;
    case Type::kObject:
      if (v.object().kind == gdwire::Object::Kind::kNull) return false;
      if (!NameStable(v.object().class_name)) return false;
      for (const auto& p : v.object().properties) {
        if (!Stable(p.second)) return false;
      }
      return true;
    case Type::kArray:
      if (!NameStable(v.array().element_type.name)) return false;
      for (const auto& e : v.array().items) {
        if (!Stable(e)) return false;
      }
      return true;
    case Type::kDictionary:
      if (!NameStable(v.dictionary().key_type.name) ||
          !NameStable(v.dictionary().value_type.name)) {
        return false;
      }
      for (const auto& kv : v.dictionary().entries) {
        if (!Stable(kv.first) || !Stable(kv.second)) return false;
      }
      return true;
    default:
      return true;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  gdwire::DecodeOptions d;
  d.dialect = gdwire::fuzz::DialectFromMode(mode);
  d.allow_objects = (mode & 4) != 0;
  d.max_depth = 200;
  gdwire::Variant v;
  size_t used = 0;
  gdwire::Error e = gdwire::reference::DecodeValue(
      absl::MakeConstSpan(data + 1, size - 1), d, &v, &used);
  // The automatic allocation budget never decides a verdict: without any
  // budget the same input charges at most DecodeOptions::AutoAllocBudget
  // (options.h: no shape needs more than about 25 bytes per input byte).
  {
    gdwire::DecodeOptions unlimited = d;
    unlimited.max_alloc_bytes = UINT64_MAX;
    uint64_t charged = 0;
    unlimited.alloc_account = &charged;
    gdwire::Variant w;
    size_t w_used = 0;
    gdwire::Error we = gdwire::reference::DecodeValue(
        absl::MakeConstSpan(data + 1, size - 1), unlimited, &w, &w_used);
    if (charged > gdwire::DecodeOptions::AutoAllocBudget(size - 1)) {
      std::fprintf(stderr, "charged %llu for %zu bytes\n",
                   static_cast<unsigned long long>(charged), size - 1);
      std::abort();
    }
    if (we.kind != e.kind || we.offset != e.offset) std::abort();
  }
  if (!e.ok()) {
    gdwire::fuzz::CheckError(e, size - 1);
    return 0;
  }
  if (used > size - 1 || used % 4 != 0 && used != size - 1) std::abort();
  gdwire::EncodeOptions eo;
  eo.dialect = d.dialect;
  eo.full_objects = d.allow_objects;
  eo.max_depth = 200;
  auto bytes = gdwire::reference::Encode(v, eo);
  if (!bytes.ok()) std::abort();  // anything decoded must be encodable
  auto back = gdwire::reference::Decode(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes->data()),
                          bytes->size()),
      d);
  if (!back.ok()) std::abort();
  // The first encode may normalise (f64 math narrowed to f32 as in a
  // single-precision engine, canonical widths); after that it is stable.
  auto again = gdwire::reference::Encode(*back, eo);
  if (!again.ok() || (Stable(v) && *again != *bytes)) std::abort();
  auto back2 = gdwire::reference::Decode(
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(again->data()),
                          again->size()),
      d);
  if (!back2.ok() || (Stable(v) && !(*back2 == *back))) std::abort();
  return 0;
}
