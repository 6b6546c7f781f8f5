// Copyright 2026 The gdwire Authors.
//
// codec/document/internal/tape.h: the tape of a parsed document.
//
// One 16-byte Node per value, in document order (a container before its
// children). What `a` and `b` hold depends on the value:
//   * containers with value children (Array, Pandemonium typed arrays,
//     Dictionary, full Object; flag kContainer): a = tape index after the
//     subtree, b = index into the slot table: slots[b] = child count, then
//     one tape index per child (Array element, Dictionary key, Object
//     property name; a Dictionary value / property value is the node after
//     its key's subtree). A Dictionary's slots end with the index of its
//     hash table in the slot table: slots[h] = capacity (a power of two, or
//     0), then `capacity` entries, 0 = empty, else entry ordinal + 1.
//   * NodePath and PackedStringArray (flags kContainer | kFlat): their
//     strings follow as kStringName / kString leaves; a = index after them,
//     b = their count.
//   * String / StringName leaves: a = text position, b = text size.
//   * packed arrays of fixed-size elements: a = data position, b = count,
//     extra = components | width << 8.
//   * every other leaf: nothing; its payload is read at pos + 4.

#ifndef GDWIRE_CODEC_DOCUMENT_INTERNAL_TAPE_H_
#define GDWIRE_CODEC_DOCUMENT_INTERNAL_TAPE_H_

#include <cstdint>

#include "codec/types.h"

namespace gdwire {
namespace document {
namespace internal {

enum NodeFlags : uint8_t {
  kContainer = 1,       // `a` is the tape index after the subtree
  kFlat = 2,            // children are the next `b` nodes (leaves)
  kNonCanonical = 4,    // text differs from the engine's (godot3 overlong)
  kComplexKeys = 8,     // Dictionary: some keys are not in the hash index
  kDuplicateKeys = 16,  // Dictionary with a table: a key is on the wire twice
  kLinearKeys = 32,     // Dictionary: no table, few String keys (below)
};

// A Dictionary of at most kLinearKeysMax entries whose keys are all
// canonical String/StringName text gets no hash table: lookups compare the
// keys from the last one back (the last duplicate wins), which for so few
// keys costs less than hashing every key of every parse. Its duplicates are
// not looked for by the parse (no kDuplicateKeys): the readers that need to
// know compare its few keys themselves. 16 takes in Godot's usual game
// state (a player snapshot has 9 keys): on Godot 4.6.3's traffic the parse
// went 1.50 -> 1.84 GB/s and a parse that reads every field 0.91 -> 1.06
// (compare_bench, 2-vCPU AMD EPYC).
inline constexpr uint32_t kLinearKeysMax = 16;

struct Node {
  uint32_t pos;  // the header's position in the message
  Type type;
  uint8_t flags;
  uint16_t extra;
  uint32_t a;
  uint32_t b;
};
static_assert(sizeof(Node) == 16, "a tape entry is 16 bytes");

// RealComponents(t) as a table (the accessors' hot path); the test checks
// it against codec/types.h for every type.
inline constexpr uint8_t kRealComponents[kTypeCount] = {
    0, 0, 0,  0,  0,     // Nil, Bool, Int, Float, String
    2, 0, 4,  0,  3, 0,  // Vector2, Vector2i, Rect2, Rect2i, Vector3, Vector3i
    6, 4, 0,  4,  4,     // Transform2D, Vector4, Vector4i, Plane, Quaternion
    6, 9, 12, 16, 4,     // AABB, Basis, Transform3D, Projection, Color
};

struct StackFrame {
  uint32_t node;   // the container's tape index
  uint32_t count;  // children (entries, properties)
  uint32_t index;  // children started
  uint32_t slot;   // its slot base
  Type kind;       // kArray (any Array type), kDictionary or kObject
  bool in_key;     // Dictionary: the key is being read
  bool odd_keys;   // Dictionary: a key so far is not String/StringName
};

}  // namespace internal
}  // namespace document
}  // namespace gdwire

#endif  // GDWIRE_CODEC_DOCUMENT_INTERNAL_TAPE_H_
