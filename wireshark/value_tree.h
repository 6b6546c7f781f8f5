// Copyright 2026 The gdwire Authors.
//
// wireshark/value_tree.h: a Godot value as a Wireshark tree, shared by the
// put_var dissector (godot.*) and the multiplayer one (godotmp.*): the
// value's type (godot.type, filterable on every node), its value in a typed
// field (godot.int, godot.float, godot.bool, godot.string, godot.node_path,
// godot.rid, godot.object_class), containers with their count (godot.count)
// and children, Dictionary entries under their key (godot.key: the key's
// text, without quotes for String keys), packed arrays with their count and
// first elements, typed containers with their element type.
//
//   RegisterValueFields(proto_godot);           // once, at registration
//   AddValueTree(tree, tvb, offset, length, value, dialect, "Value");
//
// Bounded: at most kMaxDepth levels and kMaxNodes items per value (the rest
// is summed up in one "... more" line), so that Wireshark's own tree limits
// are never reached.

#ifndef GDWIRE_WIRESHARK_VALUE_TREE_H_
#define GDWIRE_WIRESHARK_VALUE_TREE_H_

#include "codec/types.h"
#include "codec/variant.h"
#include "wireshark/ws.h"

namespace gdwire {
namespace wireshark {

inline constexpr int kMaxDepth = 12;
inline constexpr int kMaxNodes = 2000;
inline constexpr int kMaxChildren = 256;  // per container
inline constexpr int kMaxPacked = 16;     // packed array elements shown

// The godot.* value fields and their subtree types, under `proto`.
void RegisterValueFields(int proto);

// Adds `v` under `tree` as item `label` ("Value", "Argument 1", ...), its
// bytes [offset, offset + length) of `tvb` (length 0: no bytes; the caller
// checks that the range is inside the captured bytes).
proto_item* AddValueTree(proto_tree* tree, tvbuff_t* tvb, int offset,
                         int length, const Variant& v, Dialect dialect,
                         const char* label);

}  // namespace wireshark
}  // namespace gdwire

#endif  // GDWIRE_WIRESHARK_VALUE_TREE_H_
