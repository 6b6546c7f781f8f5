// Copyright 2026 The gdwire Authors.
//
// -----------------------------------------------------------------------------
// File: document.h
// -----------------------------------------------------------------------------
//
// A reusable indexed document (the model is simdjson's `dom::parser`).
// `document::Parser::Parse` reads one complete message (the bytes of
// `var_to_bytes`, or one frame's payload) in one pass, makes every check
// the reference decoder makes (same verdict: error kind, offset and path),
// and builds a compact *tape* (16 bytes per value) in storage the Parser
// owns and reuses: once warmed up by messages of a similar size, a parse
// allocates nothing. Strings, names and packed arrays stay zero-copy views
// into the message.
//
// After the parse, `Element` handles read the value:
//   * Array element i: O(1) (a side table of child positions);
//   * Dictionary value by key: O(1) expected (a hash index per Dictionary,
//     built in the parse, Godot's key identity: a String and a StringName
//     of the same text are the same key; 1 and 1.0 are not; NaN == NaN);
//     for duplicate keys on the wire, the last value wins, as in the engine;
//   * iteration over Arrays, Dictionaries (wire order, duplicates
//     included), Object properties, NodePath names and PackedStringArray
//     elements;
//   * `ToVariant()`: the owned value, exactly as reference::Decode makes it
//     (typed-container conversions, Dictionary de-duplication included).
//
// Example:
//
//   gdwire::document::Parser parser;            // keep it: it is reused
//   for (absl::Span<const uint8_t> msg : messages) {
//     gdwire::document::ParseResult r = parser.Parse(msg, opts);
//     if (!r.ok()) return r.error.ToStatus();  // kind, offset, path
//     gdwire::document::Element root = r.root;
//     int64_t hp = root["hp"].as_int();         // 0 if absent / not an int
//     for (gdwire::document::Element e : root["items"]) { ... }
//     absl::string_view name = root["name"].as_string();
//   }
//
// Accessors never fail: asked for what the element is not, they return a
// zero value (0, "", an invalid Element whose `valid()` is false). Check
// `type()` first when it matters. The children shown are the wire's: a typed
// Array shows its elements as sent (ToVariant applies the engine's
// conversions), a Dictionary iterates every entry on the wire.
//
// IMPORTANT: Lifetime. Elements point into the Parser's tape and into the
// message: both must outlive them, and the next Parse invalidates every
// Element of the previous one. A Parser is not thread-safe; use one per
// thread.
//
// Limits: a message must be smaller than 4 GiB (kLimitExceeded otherwise).
// With an allocation budget that can bind (DecodeOptions::max_alloc_bytes
// set, or alloc_account), Parse also runs the reference decoder's budget
// accounting (a full decode, which allocates) to give its exact verdict;
// the account itself is left as it was (the document builds no Variants).
// The Parser's own storage (16 bytes per value, a child table per
// container, a hash index per Dictionary at load <= 1/4) is bounded by the
// input, at most about 12 bytes per input byte, and is not charged to the
// budget. `pandemonium_engine_defects` (reference decoder only) is not
// applied, as in codec/view and codec/stream.
//
// Speed (benchmarks/document_bench.cc, -c opt, 2-core Xeon, AVX-512): on
// game traffic the parse runs at about 1.6 GB/s (1.7x the push parser in
// the same run), parse + reading every field at about 1.1 GB/s.

#ifndef GDWIRE_CODEC_DOCUMENT_DOCUMENT_H_
#define GDWIRE_CODEC_DOCUMENT_DOCUMENT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "absl/base/optimization.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "codec/bytes.h"
#include "codec/document/internal/tape.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "codec/wire.h"

namespace gdwire {
namespace core {
struct Context;
}  // namespace core
namespace document {

class Parser;
class ChildIterator;
class EntryIterator;

// Element
//
// A handle to one value of a parsed message (16 bytes, cheap to copy).
class Element {
 public:
  // An invalid element (what a failed lookup gives).
  Element() = default;

  bool valid() const { return p_ != nullptr; }
  // kNil for an invalid element.
  Type type() const { return valid() ? node().type : Type::kNil; }
  // Byte offset of the value's header in the message (base offset added).
  uint64_t offset() const;
  // The header word as on the wire.
  uint32_t header() const;
  // The bytes of the value as on the wire, zero-copy (a subtree whole): a
  // relay forwards them as they are (encode::Writer::Raw, or append them).
  // Empty for what is not a value on the wire: the strings of a NodePath
  // or PackedStringArray and the names of Object properties.
  absl::Span<const uint8_t> bytes() const;

  // ---- Scalars (0 / false unless the type matches) ----------------------
  bool as_bool() const;
  // kInt (32- or 64-bit on the wire).
  int64_t as_int() const;
  // kFloat, as the engine holds it (f64 narrowed to f32 unless the wire
  // carries it as 64-bit).
  double as_float() const;
  // kRID (godot4; 0 elsewhere).
  uint64_t rid() const;

  // ---- Text --------------------------------------------------------------
  // kString / kStringName: the text bytes, zero-copy (after a BOM, before
  // a NUL). "" for other types.
  absl::string_view as_string() const;
  // False when a godot3/pandemonium string holds an accepted overlong
  // sequence (the engine's text then differs: use ToVariant).
  bool text_canonical() const;

  // ---- Math types --------------------------------------------------------
  // Real components in wire order as the engine holds them; false unless
  // RealComponents(type()) > 0 and out.size() >= that.
  bool reals(absl::Span<double> out) const;
  // Vector2i/3i/4i, Rect2i; false unless IntComponents(type()) > 0 fits.
  bool ints(absl::Span<int32_t> out) const;

  // ---- Containers --------------------------------------------------------
  // Children: Array elements (Pandemonium typed arrays too), Dictionary
  // entries (on the wire), full-Object properties, NodePath names then
  // subnames, PackedStringArray strings; the element count of the other
  // packed arrays (read them through packed_bytes()). 0 else.
  uint32_t size() const;
  // Array / PackedStringArray element i, NodePath component i (names, then
  // subnames), Dictionary *value* i, Object property value i: O(1).
  template <typename I, typename = std::enable_if_t<std::is_integral<I>::value>>
  Element operator[](I i) const {
    return i < 0 ? Element() : at(static_cast<size_t>(i));
  }
  Element at(size_t i) const;
  // Dictionary key i / Object property name i (a kStringName element).
  Element key_at(size_t i) const;
  Element value_at(size_t i) const { return at(i); }
  // Dictionary: the value of a String/StringName key (O(1) expected);
  // Object: the property of that name (linear). Invalid if absent.
  Element Find(absl::string_view key) const;
  Element operator[](absl::string_view key) const { return Find(key); }
  Element operator[](const char* key) const {
    return Find(absl::string_view(key));
  }
  // Dictionary: the value of an Int key.
  Element FindInt(int64_t key) const;
  // Dictionary: the value of any key (KeyEquals); O(1) expected for
  // Nil/Bool/Int/Float/String/StringName keys, linear for the others.
  Element FindKey(const Variant& key) const;

  // Range-for over the children (as at(i); nothing for packed arrays of
  // fixed-size elements, whose data packed_bytes() gives); and over the
  // entries of a Dictionary (key, value) or Object (name, value).
  ChildIterator begin() const;
  ChildIterator end() const;
  struct Entry;
  class EntryRange;
  EntryRange entries() const;

  // ---- Typed containers (godot4 Array[T] / Dictionary[K, V]; Pandemonium
  // TypedArray / PackedTypedArray element type) ----------------------------
  ContainerType element_type() const;
  ContainerType key_type() const;
  ContainerType value_type() const;

  // ---- NodePath ----------------------------------------------------------
  uint32_t node_path_name_count() const;  // the rest of size() are subnames
  bool node_path_absolute() const;

  // ---- Object ------------------------------------------------------------
  // kNull, kId (sent as an instance id) or kFull (allow_objects only).
  Object::Kind object_kind() const;
  uint64_t object_id() const;
  absl::string_view object_class() const;

  // ---- Signal ------------------------------------------------------------
  absl::string_view signal_name() const;
  uint64_t signal_object_id() const;

  // ---- Packed arrays (every packed type but PackedStringArray) -----------
  // The element data as on the wire (little-endian, unaligned), zero-copy.
  absl::Span<const uint8_t> packed_bytes() const;
  // Components per element (1, 2, 3 or 4) and bytes per component (1, 4, 8).
  int packed_components() const;
  int packed_width() const;

  // ---- Whole value -------------------------------------------------------
  // The owned value (the same as reference::Decode of this value).
  absl::StatusOr<Variant> ToVariant() const;

 private:
  friend class Parser;
  friend class Edit;
  friend class ChildIterator;
  friend class EntryRange;
  friend class EntryIterator;
  Element(const Parser* p, uint32_t i) : p_(p), i_(i) {}
  // REQUIRES: a container and i < size() (the iterators' unchecked paths).
  Element ChildAt(uint32_t i) const;
  Entry EntryAt(uint32_t i) const;
  bool GetWideReals(absl::Span<double> out) const;
  // ToVariant's builder (to_variant.cc): the value at tape index i, at
  // nesting depth `depth`, into *out.
  Error BuildVariant(const core::Context& c, uint32_t i, int depth,
                     Variant* out) const;
  const internal::Node& node() const;
  const uint8_t* data() const;
  uint32_t Child(uint32_t i) const;  // tape index of child i

  const Parser* p_ = nullptr;
  uint32_t i_ = 0;  // tape index
};

struct Element::Entry {
  Element key;
  Element value;
};

class ChildIterator {
 public:
  ChildIterator(Element c, uint32_t i) : c_(c), i_(i) {}
  Element operator*() const { return c_.ChildAt(i_); }
  ChildIterator& operator++() {
    ++i_;
    return *this;
  }
  bool operator!=(const ChildIterator& o) const { return i_ != o.i_; }

 private:
  Element c_;
  uint32_t i_;
};

class EntryIterator {
 public:
  EntryIterator(Element c, uint32_t i) : c_(c), i_(i) {}
  Element::Entry operator*() const { return c_.EntryAt(i_); }
  EntryIterator& operator++() {
    ++i_;
    return *this;
  }
  bool operator!=(const EntryIterator& o) const { return i_ != o.i_; }

 private:
  Element c_;
  uint32_t i_;
};

class Element::EntryRange {
 public:
  explicit EntryRange(Element c) : c_(c) {}
  EntryIterator begin() const { return EntryIterator(c_, 0); }
  EntryIterator end() const {
    const Type t = c_.type();
    const bool ok = (t == Type::kDictionary || t == Type::kObject) &&
                    (c_.node().flags & internal::kContainer);
    return EntryIterator(c_, ok ? c_.size() : 0);
  }

 private:
  Element c_;
};

inline ChildIterator Element::begin() const { return ChildIterator(*this, 0); }
inline ChildIterator Element::end() const {
  return ChildIterator(
      *this, (valid() && (node().flags & internal::kContainer)) ? size() : 0);
}
inline Element::EntryRange Element::entries() const {
  return EntryRange(*this);
}

// The outcome of a parse: `error` (ok() when the message is good) and the
// root value, plus the bytes the value occupies.
struct ParseResult {
  Error error;
  Element root;
  size_t consumed = 0;
  bool ok() const { return error.ok(); }
};

// Parser
//
// Owns the tape, the side tables and the parse stack, and reuses them for
// every message: keep one per thread (or per connection) and call Parse
// for each message.
class Parser {
 public:
  Parser();
  ~Parser();
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Parses the value at the start of `message`. Same verdict as
  // reference::Decode(message, options) (error kind, offset, path); trailing
  // bytes are ignored unless options.reject_trailing_bytes. `base_offset`
  // is added to error offsets and to Element::offset().
  ParseResult Parse(ByteView message, const DecodeOptions& options = {},
                    uint64_t base_offset = 0);

  // Checks the value at the start of `message` as Parse does (the same
  // verdict, error and consumed size) without keeping a document: the
  // Dictionaries' hash indexes are not built (about a quarter of a parse of
  // engine traffic), and no root is given (root() is then invalid). For
  // validation: gdwire::Validate, `gdwire validate`.
  ParseResult Check(ByteView message, const DecodeOptions& options = {},
                    uint64_t base_offset = 0);

  // The root of the last successful parse (invalid otherwise).
  Element root() const { return ok_ ? Element(this, 0) : Element(); }
  // Tape entries of the last parse (one per value).
  size_t tape_size() const { return tape_len_; }

 private:
  friend class Element;
  friend class Edit;
  friend class OwnedDocument;  // owned.h: copies a parse out
  struct Seeded {};
  // A Parser whose hash seed is given (OwnedDocument's copies).
  Parser(Seeded, uint64_t seed) : seed_(seed) {}
  struct Pass;
  bool Run(const core::Context& c, size_t* end);
  void GrowTape();
  void GrowSlots(size_t need);
  void IndexDictionary(uint32_t node, bool text_keys);
  bool LinearKeys(uint32_t node, const uint32_t* keys, uint32_t n);
  uint64_t KeyHashOf(uint32_t key_node, bool* hashable) const;
  bool KeyNodeEquals(uint32_t a, uint32_t b) const;

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t end_ = 0;  // where the root value ends
  uint64_t base_ = 0;
  DecodeOptions opts_;
  bool ok_ = false;
  bool index_ = true;  // false in Check: no Dictionary hash indexes
  uint64_t seed_ = 0;
  // The tape and the slot table (container child tables, hash indexes):
  // grown, never shrunk, so a warmed-up Parser allocates nothing.
  std::unique_ptr<internal::Node[]> tape_;
  size_t tape_len_ = 0, tape_cap_ = 0;
  std::unique_ptr<uint32_t[]> slots_;
  size_t slots_len_ = 0, slots_cap_ = 0;
  std::vector<internal::StackFrame> stack_;
};

// ---- Inline accessors (the hot paths) --------------------------------------

inline const internal::Node& Element::node() const { return p_->tape_[i_]; }
inline const uint8_t* Element::data() const { return p_->data_; }

inline bool Element::as_bool() const {
  if (type() != Type::kBool) return false;
  return wire::LoadU32(data() + node().pos + 4) != 0;
}

inline int64_t Element::as_int() const {
  if (type() != Type::kInt) return 0;
  const uint8_t* p = data() + node().pos;
  return (wire::LoadU32(p) & wire::kFlag64)
             ? static_cast<int64_t>(wire::LoadU64(p + 4))
             : static_cast<int32_t>(wire::LoadU32(p + 4));
}

inline double Element::as_float() const {
  if (type() != Type::kFloat) return 0;
  const uint8_t* p = data() + node().pos;
  return (wire::LoadU32(p) & wire::kFlag64)
             ? wire::LoadF64(p + 4)
             : static_cast<double>(wire::LoadF32(p + 4));
}

inline absl::string_view Element::as_string() const {
  const Type t = type();
  if (t != Type::kString && t != Type::kStringName) return {};
  const internal::Node& n = node();
  return absl::string_view(reinterpret_cast<const char*>(data()) + n.a, n.b);
}

inline bool Element::reals(absl::Span<double> out) const {
  const int n = internal::kRealComponents[static_cast<int>(type())];
  if (n == 0 || out.size() < static_cast<size_t>(n)) return false;
  const uint8_t* p = data() + node().pos;
  if (wire::LoadU32(p) & wire::kFlag64) return GetWideReals(out);
  for (int i = 0; i < n; ++i) {
    out[i] = WidenF32Exact(wire::LoadF32(p + 4 + 4 * i));
  }
  return true;
}

inline uint32_t Element::size() const {
  if (!valid()) return 0;
  const internal::Node& n = node();
  if (n.flags & internal::kFlat) return n.b;
  if (n.flags & internal::kContainer) return p_->slots_[n.b];
  if (IsPackedArray(n.type) && n.type != Type::kPackedStringArray) return n.b;
  return 0;
}

inline uint32_t Element::Child(uint32_t i) const {
  const internal::Node& n = node();
  if (n.flags & internal::kFlat) return i_ + 1 + i;
  return p_->slots_[n.b + 1 + i];
}

inline Element Element::at(size_t i) const {
  if (!valid()) return {};
  const internal::Node& n = node();
  if (!(n.flags & internal::kContainer) || i >= size()) return {};
  const uint32_t k = Child(static_cast<uint32_t>(i));
  if (n.type == Type::kDictionary) {
    const internal::Node& kn = p_->tape_[k];
    return Element(p_, (kn.flags & internal::kContainer) ? kn.a : k + 1);
  }
  if (n.type == Type::kObject) return Element(p_, k + 1);
  return Element(p_, k);
}

inline Element Element::ChildAt(uint32_t i) const {
  const internal::Node& n = node();
  const uint32_t k =
      (n.flags & internal::kFlat) ? i_ + 1 + i : p_->slots_[n.b + 1 + i];
  if (ABSL_PREDICT_TRUE(n.type != Type::kDictionary &&
                        n.type != Type::kObject)) {
    return Element(p_, k);
  }
  const internal::Node& kn = p_->tape_[k];
  return Element(p_, (kn.flags & internal::kContainer) ? kn.a : k + 1);
}

inline Element::Entry Element::EntryAt(uint32_t i) const {
  const uint32_t k = p_->slots_[node().b + 1 + i];
  const internal::Node& kn = p_->tape_[k];
  return Entry{Element(p_, k),
               Element(p_, (kn.flags & internal::kContainer) ? kn.a : k + 1)};
}

inline Element Element::key_at(size_t i) const {
  const Type t = type();
  if ((t != Type::kDictionary && t != Type::kObject) || i >= size()) return {};
  return Element(p_, Child(static_cast<uint32_t>(i)));
}

}  // namespace document
}  // namespace gdwire

#endif  // GDWIRE_CODEC_DOCUMENT_DOCUMENT_H_
