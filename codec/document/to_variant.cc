// Copyright 2026 The gdwire Authors.
//
// Element::ToVariant's builder: the owned value straight from the tape.
//
// The parse has made every check, so the common shapes are built without
// reading the wire a second time: scalars and strings from the tape, an
// untyped Array or Dictionary with its exact size reserved (the counts on
// the wire are backed by the children the parse found), each child built
// in place. A Dictionary's entries are appended directly (Dictionary's
// contract allows it for keys not yet present) only when the parse's hash
// index, which applies codec/dictionary.cc's key identity, found every key
// distinct and indexable; otherwise, and for every value with an engine
// rule to apply (typed containers, Objects, godot3 non-canonical text), the
// subtree goes through the read core's MaterializeValue, the one home of
// those rules. Math types, packed arrays and the other leaves come from the
// read core's leaf reader (core::ReadLeaf), the one home of their storage
// rules (f32 / f64, real_is_double).

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "codec/core/context.h"
#include "codec/core/leaf.h"
#include "codec/core/walk.h"
#include "codec/document/document.h"
#include "codec/document/internal/tape.h"
#include "codec/wire.h"

namespace gdwire {
namespace document {
namespace {

// A subtree with an engine rule to apply, built by the read core.
Error Materialize(const core::Context& c, size_t pos, int depth, Variant* out) {
  size_t end = 0;
  return core::MaterializeValue(c, pos, depth, out, &end);
}

}  // namespace

Error Element::BuildVariant(const core::Context& c, uint32_t i, int depth,
                            Variant* out) const {
  const internal::Node& n = p_->tape_[i];
  const uint8_t* at = data() + n.pos;
  const uint32_t* slots = p_->slots_.get();
  const bool godot4 = c.opts.dialect == Dialect::kGodot4;
  switch (n.type) {
    case Type::kNil:
      *out = Variant();
      return {};
    case Type::kBool:
      *out = Variant::Bool(wire::LoadU32(at + 4) != 0);
      return {};
    case Type::kInt:
      *out = Variant::Int((wire::LoadU32(at) & wire::kFlag64)
                              ? static_cast<int64_t>(wire::LoadU64(at + 4))
                              : static_cast<int32_t>(wire::LoadU32(at + 4)));
      return {};
    case Type::kString:
    case Type::kStringName: {
      if (n.flags & internal::kNonCanonical) break;  // the leaf reader's
      out->SetString(
          n.type,
          absl::string_view(reinterpret_cast<const char*>(data()) + n.a, n.b));
      return {};
    }
    case Type::kArray: {
      if (godot4 && ((wire::LoadU32(at) >> wire::kArrayKindShift) &
                     wire::kKindMask) != 0) {
        return Materialize(c, n.pos, depth, out);
      }
      const uint32_t* kids = slots + n.b;
      const uint32_t count = kids[0];
      Variant v = Variant::MakeArray();
      std::vector<Variant>& items = v.mutable_array().items;
      items.resize(count);
      for (uint32_t k = 0; k < count; ++k) {
        if (Error e = BuildVariant(c, kids[1 + k], depth + 1, &items[k]);
            !e.ok()) {
          return e;
        }
      }
      *out = std::move(v);
      return {};
    }
    case Type::kDictionary: {
      const uint32_t h = wire::LoadU32(at);
      // A kLinearKeys Dictionary's few String keys, compared pairwise (the
      // parse does not look for its duplicates).
      auto LinearDuplicates = [&](const internal::Node& d) {
        const uint32_t* keys = slots + d.b + 1;
        for (uint32_t x = 1; x < slots[d.b]; ++x) {
          for (uint32_t y = 0; y < x; ++y) {
            if (p_->KeyNodeEquals(keys[x], keys[y])) return true;
          }
        }
        return false;
      };
      if ((n.flags & (internal::kComplexKeys | internal::kDuplicateKeys)) ||
          ((n.flags & internal::kLinearKeys) && LinearDuplicates(n)) ||
          (godot4 && (((h >> wire::kDictKeyKindShift) & wire::kKindMask) |
                      ((h >> wire::kDictValueKindShift) & wire::kKindMask)))) {
        return Materialize(c, n.pos, depth, out);
      }
      const uint32_t* keys = slots + n.b;
      const uint32_t count = keys[0];
      Variant v = Variant::MakeDictionary();
      auto& entries = v.mutable_dictionary().entries;
      entries.resize(count);
      for (uint32_t k = 0; k < count; ++k) {
        const uint32_t ki = keys[1 + k];
        const internal::Node& kn = p_->tape_[ki];
        const uint32_t vi = (kn.flags & internal::kContainer) ? kn.a : ki + 1;
        if (Error e = BuildVariant(c, ki, depth + 1, &entries[k].first);
            !e.ok()) {
          return e;
        }
        if (Error e = BuildVariant(c, vi, depth + 1, &entries[k].second);
            !e.ok()) {
          return e;
        }
      }
      *out = std::move(v);
      return {};
    }
    case Type::kObject:
    case Type::kTypedArray:
    case Type::kPackedTypedArray:
      return Materialize(c, n.pos, depth, out);
    default:
      break;
  }
  // check_text: the leaf reader canonicalises godot3 text as it checks it.
  size_t pos = n.pos + 4;
  return core::ReadLeaf<true>(c, n.type, wire::LoadU32(at), &pos,
                              /*check_text=*/true, /*budget=*/nullptr, out);
}

}  // namespace document
}  // namespace gdwire
