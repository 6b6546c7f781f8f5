// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: container_view.h
// -----------------------------------------------------------------------------
//
// Lazy views of the values that hold other values: Array, Dictionary,
// Object (full or as id) and NodePath. Opening one reads only its prelude
// (typed-container descriptors, count); a cursor then walks the children
// in wire order, yielding a ValueView per child. Moving past a child whose
// contents were not read skips it with an explicit stack (no recursion, no
// allocation per element; only nesting deeper than 8 levels inside the
// skipped child allocates one small stack).
//
// The cursors show the wire as it is: every Dictionary entry in order
// (duplicates included), every Array element (also those a typed Array
// would drop). `ToVariant()` applies the engine's rules.
//
// Example:
//
//   absl::StatusOr<DictionaryView> d = doc.root().dictionary();
//   if (!d.ok()) return d.status();
//   DictionaryCursor cur = d->entries();
//   DictionaryView::Entry e;
//   while (cur.Next(&e)) {
//     absl::StatusOr<absl::string_view> k = e.key.as_string_view();
//     ...
//   }
//   if (!cur.status().ok()) return cur.status();
//
// Errors of cursors carry paths relative to the container ("$[3]").

#ifndef GDWIRE_CODEC_VIEW_CONTAINER_VIEW_H_
#define GDWIRE_CODEC_VIEW_CONTAINER_VIEW_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "codec/core/context.h"
#include "codec/variant.h"
#include "codec/view/cursor.h"
#include "codec/view/value_view.h"

namespace gdwire {
namespace view {

// ArrayCursor
//
// Yields the elements of an Array in order. `Next` returns false at the
// end or on an error (then `status()` says which).
class ArrayCursor {
 public:
  ArrayCursor() = default;
  bool Next(ValueView* out);
  const absl::Status& status() const { return status_; }
  // Elements yielded so far.
  uint32_t index() const { return index_; }

 private:
  friend class ArrayView;
  friend class ValueView;
  const core::Context* c_ = nullptr;
  size_t pos_ = 0;  // next element, or the last yielded one if pending_
  bool pending_ = false;
  int depth_ = 0;  // of the elements
  uint32_t count_ = 0;
  uint32_t index_ = 0;
  absl::Status status_;
};

// ArrayView
class ArrayView {
 public:
  ArrayView() = default;
  // Element type (godot4 typed arrays; kNone otherwise).
  const ContainerTypeView& element_type() const { return element_type_; }
  // The element count on the wire.
  uint32_t size() const { return count_; }
  ArrayCursor cursor() const;
  CursorRange<ArrayCursor, ValueView> elements() const {
    return CursorRange<ArrayCursor, ValueView>(cursor());
  }

 private:
  friend class ValueView;
  ArrayCursor base_;
  ContainerTypeView element_type_;
  uint32_t count_ = 0;
};

// DictionaryCursor
class DictionaryCursor;

// DictionaryView
class DictionaryView {
 public:
  struct Entry {
    ValueView key;
    ValueView value;
  };
  DictionaryView() = default;
  const ContainerTypeView& key_type() const { return key_type_; }
  const ContainerTypeView& value_type() const { return value_type_; }
  // The entry count on the wire (duplicates included).
  uint32_t size() const { return count_; }
  DictionaryCursor cursor() const;
  CursorRange<DictionaryCursor, Entry> entries() const;

 private:
  friend class ValueView;
  const core::Context* c_ = nullptr;
  size_t first_ = 0;
  int depth_ = 0;  // of keys and values
  ContainerTypeView key_type_, value_type_;
  uint32_t count_ = 0;
};

class DictionaryCursor {
 public:
  DictionaryCursor() = default;
  bool Next(DictionaryView::Entry* out);
  const absl::Status& status() const { return status_; }
  uint32_t index() const { return index_; }

 private:
  friend class DictionaryView;
  const core::Context* c_ = nullptr;
  size_t pos_ = 0;      // next key, or the last yielded value if pending_
  size_t key_pos_ = 0;  // the last yielded key
  bool pending_ = false;
  int depth_ = 0;
  uint32_t count_ = 0;
  uint32_t index_ = 0;
  absl::Status status_;
};

inline CursorRange<DictionaryCursor, DictionaryView::Entry>
DictionaryView::entries() const {
  return CursorRange<DictionaryCursor, Entry>(cursor());
}

// PropertyCursor: the stored properties of a full Object.
class PropertyCursor {
 public:
  struct Property {
    TextView name;
    ValueView value;
  };
  PropertyCursor() = default;
  bool Next(Property* out);
  const absl::Status& status() const { return status_; }

 private:
  friend class ObjectView;
  const core::Context* c_ = nullptr;
  size_t pos_ = 0;       // next name, or the last yielded value if pending_
  size_t name_pos_ = 0;  // the last yielded name
  bool pending_ = false;
  int depth_ = 0;
  uint32_t count_ = 0;
  uint32_t index_ = 0;
  absl::Status status_;
};

// ObjectView
//
// An Object sent as an instance id (always accepted), or in full (class
// name + properties; only with allow_objects). A null object is kNull.
class ObjectView {
 public:
  ObjectView() = default;
  Object::Kind kind() const { return kind_; }
  uint64_t id() const { return id_; }                         // kId
  const TextView& class_name() const { return class_name_; }  // kFull
  uint32_t property_count() const { return count_; }          // kFull
  PropertyCursor properties() const;
  CursorRange<PropertyCursor, PropertyCursor::Property> property_range() const {
    return CursorRange<PropertyCursor, PropertyCursor::Property>(properties());
  }

 private:
  friend class ValueView;
  const core::Context* c_ = nullptr;
  Object::Kind kind_ = Object::Kind::kNull;
  uint64_t id_ = 0;
  TextView class_name_;
  size_t first_ = 0;
  int depth_ = 0;  // of the property values
  uint32_t count_ = 0;
};

// NodePathCursor: names first, then subnames.
class NodePathCursor {
 public:
  struct Component {
    TextView text;
    bool subname = false;
  };
  NodePathCursor() = default;
  bool Next(Component* out);
  const absl::Status& status() const { return status_; }

 private:
  friend class NodePathView;
  const core::Context* c_ = nullptr;
  size_t pos_ = 0;
  uint32_t names_ = 0;
  uint32_t total_ = 0;
  uint32_t index_ = 0;
  absl::Status status_;
};

// NodePathView
class NodePathView {
 public:
  NodePathView() = default;
  // Components as the engine counts them (u32 sums wrap, spec §4.4).
  uint32_t name_count() const;
  uint32_t subname_count() const { return total_ - name_count(); }
  uint32_t component_count() const { return total_; }
  // As the engine keeps it: an empty path is never absolute.
  bool absolute() const { return absolute_ && total_ != 0; }
  NodePathCursor components() const;
  CursorRange<NodePathCursor, NodePathCursor::Component> component_range()
      const {
    return CursorRange<NodePathCursor, NodePathCursor::Component>(components());
  }
  // The whole path, owned (reads and checks every component).
  absl::StatusOr<NodePath> ToNodePath() const;

 private:
  friend class ValueView;
  const core::Context* c_ = nullptr;
  size_t first_ = 0;
  uint32_t names_ = 0;
  uint32_t total_ = 0;
  bool absolute_ = false;
};

}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_CONTAINER_VIEW_H_
