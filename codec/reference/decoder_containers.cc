// Copyright 2026 The gdwire Authors.
//
// The reference decoder's Array and Dictionary (internal/decoder.h): the
// element count and its limit, the godot4 element types, storage reserved
// only for a count the input backs, each element decoded one level deeper
// and checked against the container's type, and Dictionary keys made
// unique (a later duplicate overwrites the earlier value; spec §6).

#include <string>
#include <unordered_map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codec/internal/key_hash.h"
#include "codec/reference/internal/decoder.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {
namespace {

// What the Dictionary key index (std::unordered_multimap<size_t, size_t>)
// is charged: per reserved entry for its buckets (one pointer per bucket,
// next prime >= count, doubled for rounding), per inserted key for its node
// (next pointer + two size_t).
constexpr uint64_t kIndexBucketBytes = 2 * sizeof(void*);
constexpr uint64_t kIndexNodeBytes = sizeof(void*) + 2 * sizeof(size_t);

// Renders a Dictionary key for an error path: ["name"], [42], or {#i}.
// Long string keys are cut at kMaxKeyInPath bytes ("...").
std::string KeySegment(const Variant& key, size_t index) {
  if (key.type() == Type::kString || key.type() == Type::kStringName) {
    std::string s = "[\"";
    const std::string& k = key.as_string();
    for (char c : absl::string_view(k).substr(0, kMaxKeyInPath)) {
      if (c == '"' || c == '\\') s.push_back('\\');
      s.push_back(c);
    }
    if (k.size() > kMaxKeyInPath) s += "...";
    return s + "\"]";
  }
  if (key.type() == Type::kInt) return absl::StrCat("[", key.as_int(), "]");
  return absl::StrCat("{#", index, "}");
}

}  // namespace

Error Decoder::Count(const char* what, uint32_t* count) {
  if (Remaining() < 4) {
    return Fail(ErrorKind::kTruncated, pos_,
                absl::StrCat("truncated ", what, " count"));
  }
  *count = wire::LoadU32(data_ + pos_) & wire::kCountMask;
  if (*count > opts_.max_container_elements) {
    return Fail(
        ErrorKind::kLimitExceeded, pos_,
        absl::StrCat(what, " of ", *count, " elements exceeds the limit"));
  }
  pos_ += 4;
  return {};
}

Error Decoder::ArrayValue(uint32_t header, int depth, Variant* out) {
  Array arr;
  if (opts_.dialect == Dialect::kGodot4) {
    const uint32_t kind = (header >> wire::kArrayKindShift) & wire::kKindMask;
    if (Error e = ContainerTypeOf(kind, &arr.element_type); !e.ok()) return e;
  }
  // The box is charged at the count's word minus 4: the header, or in a
  // typed godot4 Array the last word of its element type (views mirror
  // this offset).
  const size_t start = pos_ - 4;
  uint32_t count;
  if (Error e = Count("Array", &count); !e.ok()) return e;
  bool backed;
  if (Error e = ChargeBacked(count, kMinValueBytes, sizeof(Variant), pos_ - 4,
                             &backed);
      !e.ok()) {
    return e;
  }
  if (backed) arr.items.reserve(count);
  const uint64_t outer = promised_;
  for (uint32_t i = 0; i < count; ++i) {
    promised_ = outer + (count - 1 - i) * kMinValueBytes;
    const size_t at = pos_;
    Variant v;
    bool keep = false;
    Error e = Value(depth + 1, &v);
    if (e.ok()) e = FitElement(arr.element_type, &v, at, &keep);
    if (!e.ok()) return Prefix(e, absl::StrCat("[", i, "]"));
    if (backed && keep) arr.items.push_back(std::move(v));
  }
  promised_ = outer;
  if (Error e = Charge(sizeof(Array), start); !e.ok()) return e;
  *out = Variant::MakeArray(std::move(arr));
  return {};
}

Error Decoder::DictionaryValue(uint32_t header, int depth, Variant* out) {
  Dictionary dict;
  if (opts_.dialect == Dialect::kGodot4) {
    const uint32_t kk = (header >> wire::kDictKeyKindShift) & wire::kKindMask;
    const uint32_t vk = (header >> wire::kDictValueKindShift) & wire::kKindMask;
    if (Error e = ContainerTypeOf(kk, &dict.key_type); !e.ok()) return e;
    if (Error e = ContainerTypeOf(vk, &dict.value_type); !e.ok()) return e;
  }
  const size_t start = pos_ - 4;  // as in ArrayValue
  uint32_t count;
  if (Error e = Count("Dictionary", &count); !e.ok()) return e;
  bool backed;
  if (Error e = ChargeBacked(count, kMinEntryBytes,
                             sizeof(dict.entries[0]) + kIndexBucketBytes,
                             pos_ - 4, &backed);
      !e.ok()) {
    return e;
  }
  // Later duplicates overwrite earlier ones (spec §6); a hash index keeps
  // that linear for large dictionaries.
  std::unordered_multimap<size_t, size_t> index;
  if (backed) {
    dict.entries.reserve(count);
    if (count > 0) index.reserve(count);
  }
  const uint64_t outer = promised_;
  for (uint32_t i = 0; i < count; ++i) {
    const uint64_t after = outer + (count - 1 - i) * kMinEntryBytes;
    promised_ = after + kMinValueBytes;  // this entry's value
    const size_t key_at = pos_;
    Variant key, value;
    if (Error e = Value(depth + 1, &key); !e.ok()) {
      return Prefix(e, absl::StrCat("{key #", i, "}"));
    }
    promised_ = after;
    const size_t value_at = pos_;
    bool keep_key = false, keep_value = false;
    Error e = Value(depth + 1, &value);
    if (e.ok()) e = FitElement(dict.key_type, &key, key_at, &keep_key);
    if (e.ok()) {
      e = FitElement(dict.value_type, &value, value_at, &keep_value);
    }
    if (!e.ok()) return Prefix(e, KeySegment(key, i));
    if (!backed || !keep_key || !keep_value) continue;
    // The key's containers are complete: KeyHash and KeyEquals may keep
    // their hashes in them (linear time for nested container keys).
    gdwire::internal::KeyHashScope scope;
    const size_t h = KeyHash(key);
    bool replaced = false;
    auto range = index.equal_range(h);
    for (auto it = range.first; it != range.second; ++it) {
      if (KeyEquals(dict.entries[it->second].first, key)) {
        dict.entries[it->second].second = std::move(value);
        replaced = true;
        break;
      }
    }
    if (!replaced) {
      if (Error e = Charge(kIndexNodeBytes, key_at); !e.ok()) {
        return Prefix(e, KeySegment(key, i));
      }
      index.emplace(h, dict.entries.size());
      dict.entries.emplace_back(std::move(key), std::move(value));
    }
  }
  promised_ = outer;
  if (Error e = Charge(sizeof(Dictionary), start); !e.ok()) return e;
  *out = Variant::MakeDictionary(std::move(dict));
  return {};
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
