// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: value_view.h
// -----------------------------------------------------------------------------
//
// `ValueView` is a read-only window onto one encoded value inside a
// complete buffer: its type and header flags at once, everything else read
// on demand, straight from the buffer (no decoding of what is not asked
// for, no copies of text). Views come from a `view::MessageView`
// (document.h) and from the cursors of container views
// (container_view.h). Every accessor checks what it reads with the
// engine's checks and returns an error (kind, absolute byte offset, path
// relative to the view) as an `absl::Status` made by `Error::ToStatus()`.
//
// Example:
//
//   ValueView v = doc.root();
//   if (v.type() == gdwire::Type::kString) {
//     absl::StatusOr<absl::string_view> s = v.as_string_view();
//     if (!s.ok()) return s.status();   // bad UTF-8, truncated, ...
//   }
//   absl::StatusOr<gdwire::Variant> owned = v.ToVariant();  // same as
//                                                            //
//                                                            reference::Decode
//
// IMPORTANT: Lifetime. A view points into the buffer and into its
// MessageView's shared state: both must outlive every view, TextView and
// cursor made from them.

#ifndef GDWIRE_CODEC_VIEW_VALUE_VIEW_H_
#define GDWIRE_CODEC_VIEW_VALUE_VIEW_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/core/context.h"
#include "codec/core/fields.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace view {

class ArrayView;
class DictionaryView;
class ObjectView;
class NodePathView;
class PackedArrayView;
class PackedStringArrayView;

// TextView
//
// The text of one wire string, already validated under the dialect's
// UTF-8 rules: the bytes after a leading BOM and before the first NUL.
class TextView {
 public:
  TextView() = default;

  // The text bytes, straight from the buffer. For godot4 (and for every
  // canonical godot3 string) this is the engine's text byte for byte.
  absl::string_view view() const {
    return c_ ? core::RawTextOf(*c_, t_) : absl::string_view();
  }
  // False when a godot3/pandemonium string holds an accepted overlong
  // sequence: the engine's text then differs from view(); use ToString().
  bool canonical() const { return t_.canonical; }
  // The engine's text (Godot 3's canonical generalised UTF-8).
  std::string ToString() const;
  // Absolute offset of the string's length word.
  uint64_t offset() const { return c_ ? c_->base + t_.len_pos : 0; }

 private:
  friend class ValueView;
  friend class ObjectView;
  friend class PropertyCursor;
  friend class NodePathCursor;
  friend class PackedStringCursor;
  friend class ContainerTypeView;
  TextView(const core::Context* c, const core::WireText& t) : c_(c), t_(t) {}

  const core::Context* c_ = nullptr;
  core::WireText t_;
};

// ContainerTypeView
//
// A typed-container descriptor (godot4 `Array[T]`, `Dictionary[K, V]`, and
// the element type of Pandemonium 5's TypedArray / PackedTypedArray) as
// written on the wire. `ToContainerType()` gives what the engine makes of
// it (with allow_objects off, every Object class becomes
// "EncodedObjectAsID").
class ContainerTypeView {
 public:
  enum class Kind : uint8_t {
    kNone = 0,
    kBuiltin = 1,
    kClassName = 2,
    kScript = 3
  };
  ContainerTypeView() = default;

  Kind kind() const { return static_cast<Kind>(d_.kind); }
  bool is_typed() const { return ToContainerType().is_typed(); }
  // kBuiltin: the type as written (kNil means untyped).
  Type builtin() const { return d_.builtin; }
  // kClassName / kScript: the class name or script path as written.
  TextView name() const { return TextView(c_, d_.name); }
  ContainerType ToContainerType() const;

 private:
  friend class ValueView;
  ContainerTypeView(const core::Context* c, const core::TypeDescriptor& d,
                    bool pandemonium = false)
      : c_(c), d_(d), pandemonium_(pandemonium) {}

  const core::Context* c_ = nullptr;
  core::TypeDescriptor d_;
  bool pandemonium_ = false;  // a Pandemonium TypedArray's element type
};

// SignalView
struct SignalView {
  TextView name;
  uint64_t object_id = 0;
};

// ValueView
class ValueView {
 public:
  // An empty view (type kNil, no buffer); every accessor fails.
  ValueView() = default;

  Type type() const { return type_; }
  // The whole header word; flags() is its upper 24 bits.
  uint32_t header() const { return header_; }
  uint32_t flags() const { return header_ >> 8; }
  // True when flag bit 16 is set and this type honours it in the dialect
  // (64-bit Int/Float, f64 math and packed vectors, Object as id).
  bool is_wide() const;
  // Absolute offset of the header.
  uint64_t offset() const { return c_ ? c_->base + pos_ : 0; }
  // Nesting level below the document root (0 for the root).
  int depth() const { return depth_; }

  // ---- Scalars ----------------------------------------------------------
  absl::StatusOr<bool> as_bool() const;
  absl::StatusOr<int64_t> as_int() const;
  absl::StatusOr<double> as_float() const;
  // RID id (0 in godot3/pandemonium, whose RIDs carry nothing).
  absl::StatusOr<uint64_t> rid() const;

  // ---- Text (String and StringName) -------------------------------------
  absl::StatusOr<TextView> text() const;
  // The text bytes straight from the buffer (see TextView::view()).
  absl::StatusOr<absl::string_view> as_string_view() const;
  // The engine's text, copied (correct for non-canonical godot3 text).
  absl::StatusOr<std::string> as_string() const;

  // ---- Math types --------------------------------------------------------
  // Real components in wire order (see variant.h) as the engine holds
  // them: f64 components narrowed through f32 unless real_is_double.
  // REQUIRES: out.size() >= RealComponents(type()).
  absl::Status reals(absl::Span<double> out) const;
  // Vector2i/3i/4i and Rect2i. REQUIRES: out.size() >= IntComponents(type()).
  absl::Status ints(absl::Span<int32_t> out) const;

  // ---- Compound ---------------------------------------------------------
  absl::StatusOr<SignalView> signal() const;
  absl::StatusOr<NodePathView> node_path() const;
  absl::StatusOr<ObjectView> object() const;
  absl::StatusOr<ArrayView> array() const;
  absl::StatusOr<DictionaryView> dictionary() const;
  // Every packed type but PackedStringArray: O(1), the data is not read.
  absl::StatusOr<PackedArrayView> packed_array() const;
  absl::StatusOr<PackedStringArrayView> packed_string_array() const;

  // ---- Whole value -------------------------------------------------------
  // Bytes the value occupies (a structural walk; text not validated).
  absl::StatusOr<size_t> EncodedSize() const;
  // Every check a full decode makes.
  absl::Status Validate() const;
  // The owned value, exactly as reference::Decode gives it (same errors).
  absl::StatusOr<Variant> ToVariant() const;

 private:
  friend class MessageView;
  friend class ArrayCursor;
  friend class DictionaryCursor;
  friend class PropertyCursor;
  ValueView(const core::Context* c, size_t pos, uint32_t header, Type type,
            int depth)
      : c_(c), pos_(pos), header_(header), type_(type), depth_(depth) {}

  absl::Status WrongType(const char* wanted) const;

  const core::Context* c_ = nullptr;
  size_t pos_ = 0;
  uint32_t header_ = 0;
  Type type_ = Type::kNil;
  int depth_ = 0;
};

}  // namespace view
}  // namespace gdwire

#endif  // GDWIRE_CODEC_VIEW_VALUE_VIEW_H_
