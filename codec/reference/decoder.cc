// Copyright 2026 The gdwire Authors.
//
// The reference decoder follows the engine's `decode_variant` field by
// field (spec §7.1 and the table of checks in §7.3). Every length is checked
// against the remaining input before anything is allocated.
//
// Memory (DecodeOptions::max_alloc_bytes, docs/SECURITY.md):
//   * Charge(n) is called with the size of every heap block the decoder is
//     about to allocate (string text, packed arrays, container storage,
//     Array/Dictionary/Object boxes, the Dictionary key index); the sum of
//     the charges never exceeds the budget. Nothing is refunded.
//   * Counted storage (Array items, Dictionary entries, Object properties,
//     PackedStringArray elements, NodePath components) is reserved once, for
//     exactly the declared count, and only when that count is "backed": the
//     count times the smallest wire size of an element fits in the input
//     that remains after what the enclosing containers still need
//     (`promised_`). So two nested containers never both reserve against
//     the same input bytes, and reservations sum to at most a quarter of the
//     input in elements. A count that is not backed cannot be satisfied:
//     the input is certain to fail. Its elements are still decoded one by
//     one, so the error is the engine's own first error at the same offset,
//     but they are dropped at once, never stored. (Inside such a container
//     `promised_` exceeds the input, so nothing nested is stored either.)

#include "codec/reference/decoder.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/internal/key_hash.h"
#include "codec/reference/utf8.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace {

using wire::LoadF32;
using wire::LoadF64;
using wire::LoadU32;
using wire::LoadU64;

// Renders a Dictionary key for an error path: ["name"], [42], or {#i}.
// Long string keys are cut at kMaxKeyInPath bytes ("..."), so that error
// paths stay short whatever the keys.
constexpr size_t kMaxKeyInPath = 64;

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

bool IntPackedVector(Type t) {
  return t == Type::kPackedVector2iArray || t == Type::kPackedVector3iArray ||
         t == Type::kPackedVector4iArray;
}

// Smallest wire size of one element of each counted kind.
constexpr uint64_t kMinValueBytes = 4;     // a header
constexpr uint64_t kMinEntryBytes = 8;     // Dictionary key + value
constexpr uint64_t kMinPropertyBytes = 8;  // Object name + value
constexpr uint64_t kMinStringBytes = 4;    // a wire string's length

// What the Dictionary key index (std::unordered_multimap<size_t, size_t>)
// is charged: per reserved entry for its buckets (one pointer per bucket,
// next prime >= count, doubled for rounding), per inserted key for its node
// (next pointer + two size_t).
constexpr uint64_t kIndexBucketBytes = 2 * sizeof(void*);
constexpr uint64_t kIndexNodeBytes = sizeof(void*) + 2 * sizeof(size_t);

// Heap bytes of a std::string of `n` chars: none within its inline
// capacity; above it both libstdc++ and libc++ allocate at least twice the
// inline capacity, plus the NUL, rounded up by libc++ to 16.
uint64_t StringHeap(uint64_t n) {
  static const uint64_t kInline = std::string().capacity();
  if (n <= kInline) return 0;
  return (std::max(n, 2 * kInline) + 1 + 15) & ~uint64_t{15};
}

// Heap bytes of the components of a double-precision math type: a
// Variant keeps up to 8 doubles inline (and any f32 math type).
uint64_t RealsHeap(uint64_t n) { return n <= 8 ? 0 : n * sizeof(double); }

// The typed-container class name that stands for any Object class when
// objects are not allowed (spec §7.5).
constexpr char kEncodedObjectAsId[] = "EncodedObjectAsID";

class Decoder {
 public:
  Decoder(const uint8_t* data, size_t size, const DecodeOptions& opts,
          uint64_t base)
      : data_(data),
        size_(size),
        opts_(opts),
        base_(base),
        budget_(opts.AllocBudget(size)),
        charged_(opts.alloc_account != nullptr ? *opts.alloc_account : 0) {}

  size_t pos() const { return pos_; }
  uint64_t charged() const { return charged_; }
  // True when some elements were decoded and dropped (an unbacked count):
  // then the decode must have failed.
  bool discarded() const { return discarded_; }

  // The recursive step. Kept small (the leaves live in Leaf, errors are
  // built out of line) so that 1025 levels fit in a thread's stack even in
  // sanitizer builds.
  Error Value(int depth, Variant* out) {
    const size_t start = pos_;
    if (depth > opts_.max_depth) return TooDeep(start);
    if (Remaining() < 4) return BadHeader(start, 0, false);
    const uint32_t header = LoadU32(data_ + pos_);
    Type type;
    if (!TypeFromWireId(opts_.dialect, header & wire::kTypeMask, &type)) {
      return BadHeader(start, header & wire::kTypeMask, true);
    }
    pos_ += 4;
    switch (type) {
      case Type::kObject:
        return ObjectValue(header, depth, start, out);
      case Type::kDictionary:
        return DictionaryValue(header, depth, out);
      case Type::kArray:
        return ArrayValue(header, depth, out);
      case Type::kTypedArray:
      case Type::kPackedTypedArray:
        return TypedArrayValue(type, header, depth, out);
      default:
        return Leaf(type, header, out);
    }
  }

 private:
  __attribute__((noinline)) Error TooDeep(size_t start) const {
    return Fail(ErrorKind::kTooDeep, start, "nesting deeper than max_depth");
  }
  __attribute__((noinline)) Error BadHeader(size_t start, uint32_t id,
                                            bool bad_type) const {
    if (!bad_type)
      return Fail(ErrorKind::kTruncated, start, "truncated header");
    return Fail(ErrorKind::kInvalidType, start,
                absl::StrCat("invalid type id ", id));
  }

  // Every type that holds no other value.
  __attribute__((noinline)) Error Leaf(Type type, uint32_t header,
                                       Variant* out) {
    const bool flag64 = (header & wire::kFlag64) != 0;
    const Dialect d = opts_.dialect;

    if (int n = RealComponents(type)) {
      const bool wide = flag64 && HasRealWidthFlag(d, type);
      const size_t w = wide ? 8 : 4;
      if (Remaining() < n * w) return Truncated(type);
      // As the engine holds it: f64 only in a double-precision build
      // (real_is_double); otherwise f32, a 64-bit value narrowed.
      if (wide && opts_.real_is_double) {
        double c[16];
        for (int i = 0; i < n; ++i) c[i] = LoadF64(data_ + pos_ + i * w);
        if (Error e = Charge(RealsHeap(n), pos_ - 4); !e.ok()) return e;
        pos_ += n * w;
        *out = Variant::Math(type, absl::MakeConstSpan(c, n));
        return {};
      }
      if (Defects() && type == Type::kProjection && Remaining() < 248) {
        return Truncated(type);  // the engine checks for 62 floats
      }
      float c[16];
      for (int i = 0; i < n; ++i) {
        c[i] = wide ? NarrowF64ToF32(LoadF64(data_ + pos_ + i * w))
                    : LoadF32(data_ + pos_ + i * w);
      }
      pos_ += n * w;
      if (Defects() && type == Type::kVector4) pos_ -= 4;  // 12 consumed
      *out = Variant::Math32(type, absl::MakeConstSpan(c, n));
      return {};
    }
    if (int n = IntComponents(type)) {
      if (Remaining() < n * 4u) return Truncated(type);
      int32_t c[4];
      for (int i = 0; i < n; ++i) {
        c[i] = static_cast<int32_t>(LoadU32(data_ + pos_ + i * 4));
      }
      pos_ += n * 4;
      if (Defects() && type == Type::kVector4i) pos_ -= 4;  // 12 consumed
      *out = Variant::IntMath(type, absl::MakeConstSpan(c, n));
      return {};
    }

    switch (type) {
      case Type::kNil:
        *out = Variant();
        return {};
      case Type::kBool:
        if (Remaining() < 4) return Truncated(type);
        *out = Variant::Bool(LoadU32(data_ + pos_) != 0);
        pos_ += 4;
        return {};
      case Type::kInt:
        if (flag64) {
          if (Remaining() < 8) return Truncated(type);
          *out = Variant::Int(static_cast<int64_t>(LoadU64(data_ + pos_)));
          pos_ += 8;
        } else {
          if (Remaining() < 4) return Truncated(type);
          *out = Variant::Int(static_cast<int32_t>(LoadU32(data_ + pos_)));
          pos_ += 4;
        }
        return {};
      case Type::kFloat:
        if (flag64) {
          if (Remaining() < 8) return Truncated(type);
          *out = Variant::Float(LoadF64(data_ + pos_));
          pos_ += 8;
        } else {
          if (Remaining() < 4) return Truncated(type);
          // An ordinary conversion, as the engine does (sNaN -> qNaN).
          *out = Variant::Float(static_cast<double>(LoadF32(data_ + pos_)));
          pos_ += 4;
        }
        return {};
      case Type::kString:
      case Type::kStringName: {
        std::string s;
        if (Error e = WireString(&s); !e.ok()) return e;
        *out = type == Type::kString ? Variant::String(std::move(s))
                                     : Variant::StringName(std::move(s));
        return {};
      }
      case Type::kNodePath:
        return NodePathValue(out);
      case Type::kRID:
        if (d != Dialect::kGodot4) {
          *out = Variant::Rid(0);  // header only
          return {};
        }
        if (Remaining() < 8) return Truncated(type);
        *out = Variant::Rid(LoadU64(data_ + pos_));
        pos_ += 8;
        return {};
      case Type::kCallable:
        *out = Variant::Callable();
        return {};
      case Type::kSignal: {
        if (Error e = Charge(sizeof(Signal), pos_ - 4); !e.ok()) return e;
        Signal sig;
        if (Error e = WireString(&sig.name); !e.ok()) return e;
        if (Remaining() < 8) return Truncated(type);
        sig.object_id = LoadU64(data_ + pos_);
        pos_ += 8;
        *out = Variant::MakeSignal(std::move(sig));
        return {};
      }
      default:
        return PackedValue(type, flag64, out);
    }
  }

  size_t Remaining() const { return size_ - pos_; }
  bool Defects() const {
    return opts_.pandemonium_engine_defects && IsPandemonium(opts_.dialect);
  }

  // An f64 math component as the engine holds it: narrowed to real_t.
  Error Fail(ErrorKind kind, size_t at, std::string detail,
             bool in_string = false) const {
    Error e;
    e.kind = kind;
    e.offset = base_ + at;
    e.detail = std::move(detail);
    e.godot_error = GodotErrorCode(kind, in_string);
    return e;
  }
  Error Truncated(Type t) const {
    return Fail(ErrorKind::kTruncated, pos_,
                absl::StrCat("truncated ", TypeName(t)));
  }
  // Accounts for a heap block of `bytes` about to be allocated for the
  // field at `at`; kLimitExceeded if it would go over the budget.
  Error Charge(uint64_t bytes, size_t at) {
    if (bytes > budget_ - charged_) {
      return Fail(ErrorKind::kLimitExceeded, at,
                  absl::StrCat("decoding needs more than max_alloc_bytes (",
                               budget_, " bytes) of memory"));
    }
    charged_ += bytes;
    return {};
  }
  // Charges `count` elements of `elem_bytes` each when the count is backed
  // by the input (see the top of the file): then the caller reserves them.
  // Otherwise sets *backed = false and charges nothing: the caller decodes
  // the elements and drops them.
  Error ChargeBacked(uint64_t count, uint64_t min_wire_bytes,
                     uint64_t elem_bytes, size_t at, bool* backed) {
    const uint64_t avail =
        Remaining() >= promised_ ? Remaining() - promised_ : 0;
    *backed = count <= avail / min_wire_bytes;
    if (!*backed) {
      discarded_ |= count > 0;
      return {};
    }
    return Charge(count * elem_bytes, at);
  }

  // Records the path segment of the container element an error came from.
  // Segments are collected innermost first while unwinding and joined once
  // (Path), so a deep error costs linear, not quadratic, time.
  Error Prefix(Error e, std::string segment) {
    segments_.push_back(std::move(segment));
    return e;
  }

 public:
  // "$" and the segments of the failed decode, outermost first.
  std::string Path() const {
    std::string p = "$";
    for (auto it = segments_.rbegin(); it != segments_.rend(); ++it) p += *it;
    return p;
  }

 private:
  // A length-prefixed UTF-8 string (spec §2.2, §7.4).
  Error WireString(std::string* out) {
    const size_t start = pos_;
    if (Remaining() < 4) {
      return Fail(ErrorKind::kTruncated, start, "truncated string length");
    }
    const int32_t n = static_cast<int32_t>(LoadU32(data_ + pos_));
    if (n < 0) {
      return Fail(ErrorKind::kInvalidLength, start,
                  absl::StrCat("negative string length ", n), true);
    }
    const uint64_t padded = uint64_t(n) + wire::Pad4(n);
    if (padded > uint64_t{INT32_MAX}) {
      return Fail(ErrorKind::kInvalidLength, start, "string length overflow",
                  true);
    }
    if (uint64_t(n) > opts_.max_string_bytes) {
      return Fail(ErrorKind::kLimitExceeded, start,
                  absl::StrCat("string of ", n, " bytes exceeds the limit"));
    }
    if (padded > Remaining() - 4) {
      return Fail(ErrorKind::kTruncated, start,
                  absl::StrCat("truncated string of ", n, " bytes"), true);
    }
    // The decoded text is never longer than the wire text (canonical UTF-8
    // of the same code points), so one block of n chars holds it.
    if (Error e = Charge(StringHeap(n), start); !e.ok()) return e;
    out->reserve(n);
    size_t bad = 0;
    if (!DecodeWireText(data_ + pos_ + 4, n, opts_.dialect, out, &bad)) {
      return Fail(ErrorKind::kInvalidUtf8, pos_ + 4 + bad, "invalid UTF-8");
    }
    pos_ += 4 + padded;
    return {};
  }

  Error NodePathValue(Variant* out) {
    if (Remaining() < 4) return Truncated(Type::kNodePath);
    const uint32_t w0 = LoadU32(data_ + pos_);
    if ((w0 & wire::kNodePathNewFormat) == 0) {
      return Fail(ErrorKind::kInvalidNodePath, pos_,
                  "NodePath in the old (pre-3.0) format");
    }
    if (Remaining() < 12) return Truncated(Type::kNodePath);
    const uint32_t names = w0 & 0x7FFFFFFF;
    const uint32_t subnames = LoadU32(data_ + pos_ + 4);
    const uint32_t flags = LoadU32(data_ + pos_ + 8);
    pos_ += 12;
    // u32 arithmetic, wrapping as in the engine (spec §4.4).
    uint32_t total = names + subnames;
    if (flags & wire::kNodePathPropertyObsolete) ++total;
    bool backed;
    if (Error e = ChargeBacked(total, kMinStringBytes, sizeof(std::string),
                               pos_ - 12, &backed);
        !e.ok()) {
      return e;
    }
    if (Error e = Charge(sizeof(NodePath), pos_ - 12); !e.ok()) return e;
    const uint32_t name_count = std::min(total, names);
    NodePath np;
    if (backed) {
      np.names.reserve(name_count);
      np.subnames.reserve(total - name_count);
    }
    for (uint32_t i = 0; i < total; ++i) {
      std::string s;
      if (Error e = WireString(&s); !e.ok()) return e;
      if (backed) (i < names ? np.names : np.subnames).push_back(std::move(s));
    }
    np.absolute = (flags & wire::kNodePathAbsolute) != 0 && !np.empty();
    *out = Variant::MakeNodePath(std::move(np));
    return {};
  }

  Error ObjectValue(uint32_t header, int depth, size_t start, Variant* out) {
    Object obj;
    if (header & wire::kFlagObjectAsId) {
      if (Remaining() < 8) return Truncated(Type::kObject);
      if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
      obj.id = LoadU64(data_ + pos_);
      pos_ += 8;
      obj.kind = obj.id == 0 ? Object::Kind::kNull : Object::Kind::kId;
      *out = Variant::MakeObject(std::move(obj));
      return {};
    }
    if (!opts_.allow_objects) {
      return Fail(ErrorKind::kObjectsNotAllowed, start,
                  "full Object while objects are not allowed");
    }
    if (Error e = WireString(&obj.class_name); !e.ok()) return e;
    if (obj.class_name.empty()) {  // the documented null-object form
      if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
      *out = Variant::MakeObject(std::move(obj));
      return {};
    }
    obj.kind = Object::Kind::kFull;
    if (Remaining() < 4) {
      return Fail(ErrorKind::kTruncated, pos_,
                  "truncated Object property count");
    }
    const int32_t count = static_cast<int32_t>(LoadU32(data_ + pos_));
    const uint32_t n = count < 0 ? 0 : count;  // negative: no properties
    if (n > opts_.max_container_elements) {
      return Fail(
          ErrorKind::kLimitExceeded, pos_,
          absl::StrCat("Object of ", n, " properties exceeds the limit"));
    }
    bool backed;
    if (Error e = ChargeBacked(n, kMinPropertyBytes, sizeof(obj.properties[0]),
                               pos_, &backed);
        !e.ok()) {
      return e;
    }
    if (backed) obj.properties.reserve(n);
    pos_ += 4;
    const uint64_t outer = promised_;
    for (uint32_t i = 0; i < n; ++i) {
      promised_ = outer;
      std::string name;
      if (Error e = WireString(&name); !e.ok()) {
        return Prefix(e, absl::StrCat(".<property #", i, ">"));
      }
      promised_ = outer + (n - 1 - i) * kMinPropertyBytes;
      Variant value;
      if (Error e = Value(depth + 1, &value); !e.ok()) {
        return Prefix(e, "." + name.substr(0, kMaxKeyInPath) +
                             (name.size() > kMaxKeyInPath ? "..." : ""));
      }
      if (backed)
        obj.properties.emplace_back(std::move(name), std::move(value));
    }
    promised_ = outer;
    if (Error e = Charge(sizeof(Object), start); !e.ok()) return e;
    *out = Variant::MakeObject(std::move(obj));
    return {};
  }

  // godot4 typed-container descriptor of one side (spec §5.3).
  Error ContainerTypeOf(uint32_t kind, ContainerType* ct) {
    switch (kind) {
      case 0:
        *ct = ContainerType();
        return {};
      case 1: {
        if (Remaining() < 4) {
          return Fail(ErrorKind::kTruncated, pos_,
                      "truncated container element type");
        }
        const uint32_t id = LoadU32(data_ + pos_);
        Type t;
        if (!TypeFromWireId(opts_.dialect, id, &t)) {
          return Fail(ErrorKind::kInvalidContainerType, pos_,
                      absl::StrCat("invalid container element type ", id));
        }
        pos_ += 4;
        if (t == Type::kNil) {
          *ct = ContainerType();
        } else if (t == Type::kObject) {
          // [INF] with objects allowed the engine keeps an empty class name,
          // which types the container as Object.
          if (Error e = ChargeClassName(pos_ - 4); !e.ok()) return e;
          *ct = ContainerType::ClassName(
              opts_.allow_objects ? "Object" : kEncodedObjectAsId);
        } else {
          *ct = ContainerType::Builtin(t);
        }
        return {};
      }
      case 2: {
        std::string name;
        if (Error e = WireString(&name); !e.ok()) return e;
        if (opts_.allow_objects) {
          *ct = ContainerType::ClassName(std::move(name));
          return {};
        }
        if (Error e = ChargeClassName(pos_); !e.ok()) return e;
        *ct = ContainerType::ClassName(kEncodedObjectAsId);
        return {};
      }
      default: {  // 3: script path
        const size_t at = pos_;
        std::string path;
        if (Error e = WireString(&path); !e.ok()) return e;
        if (!opts_.allow_objects) {
          if (Error e = ChargeClassName(at); !e.ok()) return e;
          *ct = ContainerType::ClassName(kEncodedObjectAsId);
          return {};
        }
        if (path.rfind("res://", 0) != 0) {
          return Fail(ErrorKind::kInvalidContainerType, at,
                      "container script path is not a res:// path");
        }
        *ct = ContainerType::Script(std::move(path));
        return {};
      }
    }
  }

  // The heap copy of kEncodedObjectAsId (longer than the inline capacity
  // of a std::string).
  Error ChargeClassName(size_t at) {
    return Charge(StringHeap(sizeof(kEncodedObjectAsId) - 1), at);
  }

  // Admit (below), charging the copy of the text that a String <->
  // StringName conversion makes.
  Error AdmitCharged(const ContainerType& ct, Variant* v, size_t at,
                     bool* keep) {
    const Type have = v->type();
    if (ct.is_typed() && ct.builtin != have &&
        (have == Type::kString || have == Type::kStringName) &&
        (ct.builtin == Type::kString || ct.builtin == Type::kStringName)) {
      if (Error e = Charge(StringHeap(v->as_string().size()), at); !e.ok()) {
        return e;
      }
    }
    *keep = Admit(ct, v);
    return {};
  }

  // Godot 4's typed-container insertion check (ContainerTypeValidate):
  // returns false when the element is dropped; may convert it.
  static bool Admit(const ContainerType& ct, Variant* v) {
    if (!ct.is_typed()) return true;
    const Type want = ct.builtin;
    const Type have = v->type();
    if (want != have) {
      if (have == Type::kNil && want == Type::kObject) return true;
      if (want == Type::kString && have == Type::kStringName) {
        *v = Variant::String(v->as_string());
        return true;
      }
      if (want == Type::kStringName && have == Type::kString) {
        *v = Variant::StringName(v->as_string());
        return true;
      }
      if (want == Type::kFloat && have == Type::kInt) {
        // The engine converts through a C++ float: `(float)inout_variant`.
        *v = Variant::Float(static_cast<float>(v->as_int()));
        return true;
      }
      return false;
    }
    if (want != Type::kObject) return true;
    const Object& o = v->object();
    if (o.kind != Object::Kind::kId) return true;  // null, or class unknown
    // An object sent as an id is an EncodedObjectAsID (a RefCounted).
    return ct.name == "EncodedObjectAsID" || ct.name == "Object" ||
           ct.name == "RefCounted" || ct.name == "Reference";
  }

  Error Count(const char* what, uint32_t* count) {
    if (Remaining() < 4) {
      return Fail(ErrorKind::kTruncated, pos_,
                  absl::StrCat("truncated ", what, " count"));
    }
    *count = LoadU32(data_ + pos_) & wire::kCountMask;
    if (*count > opts_.max_container_elements) {
      return Fail(
          ErrorKind::kLimitExceeded, pos_,
          absl::StrCat(what, " of ", *count, " elements exceeds the limit"));
    }
    pos_ += 4;
    return {};
  }

  Error ArrayValue(uint32_t header, int depth, Variant* out) {
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
      if (e.ok()) e = AdmitCharged(arr.element_type, &v, at, &keep);
      if (!e.ok()) return Prefix(e, absl::StrCat("[", i, "]"));
      if (backed && keep) arr.items.push_back(std::move(v));
    }
    promised_ = outer;
    if (Error e = Charge(sizeof(Array), start); !e.ok()) return e;
    *out = Variant::MakeArray(std::move(arr));
    return {};
  }

  // Pandemonium 5's TypedArray / PackedTypedArray (marshalls.cpp): u32
  // element type (bit 31 masked), for Object elements without the
  // object-as-id flag a StringName variant holding the class name, u32 count
  // (bit 31 masked), then the elements as full variants.
  Error TypedArrayValue(Type which, uint32_t header, int depth, Variant* out) {
    if (Remaining() < 4) {
      return Fail(ErrorKind::kTruncated, pos_,
                  "truncated container element type");
    }
    const uint32_t id = LoadU32(data_ + pos_) & wire::kCountMask;
    Type elem;
    if (!TypeFromWireId(opts_.dialect, id, &elem)) {
      return Fail(ErrorKind::kInvalidContainerType, pos_,
                  absl::StrCat("invalid element type id ", id));
    }
    pos_ += 4;
    Array arr;
    if (elem != Type::kObject) {
      arr.element_type = ContainerType::Builtin(elem);
    } else if (header & wire::kFlagObjectAsId) {
      // The class name is not on the wire (the engine's own defect).
      if (Error e = ChargeClassName(pos_); !e.ok()) return e;
      arr.element_type = ContainerType::ClassName(kEncodedObjectAsId);
    } else {
      // A StringName value. (The engine decodes any value there and then
      // refuses all but a StringName; gdwire refuses on its header, so a
      // broken non-StringName value there gets this error, not its own.)
      if (Remaining() < 4) {
        return Fail(ErrorKind::kTruncated, pos_, "truncated header");
      }
      uint32_t sn;
      WireId(opts_.dialect, Type::kStringName, &sn);
      if ((LoadU32(data_ + pos_) & wire::kTypeMask) != sn) {
        return Fail(ErrorKind::kInvalidContainerType, pos_,
                    "class name of a typed array is not a StringName");
      }
      pos_ += 4;
      std::string name;
      if (Error e = WireString(&name); !e.ok()) return e;
      arr.element_type = ContainerType::ClassName(std::move(name));
    }
    const size_t start = pos_ - 4;  // as in ArrayValue
    uint32_t count;
    if (Error e = Count(TypeName(which).data(), &count); !e.ok()) return e;
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
      Variant v;
      if (Error e = Value(depth + 1, &v); !e.ok()) {
        return Prefix(e, absl::StrCat("[", i, "]"));
      }
      if (backed && AdmitPandemonium(which, arr.element_type, Defects(), &v)) {
        arr.items.push_back(std::move(v));
      }
    }
    promised_ = outer;
    if (Error e = Charge(sizeof(Array), start); !e.ok()) return e;
    *out = which == Type::kTypedArray
               ? Variant::MakeTypedArray(std::move(arr))
               : Variant::MakePackedTypedArray(std::move(arr));
    return {};
  }

  // Pandemonium's can_take_variant as decoding applies it: the element's
  // type must be the array's (null also fits Object arrays); others are
  // dropped without an error. Where the engine's encoder and decoder
  // disagree, the bytes are read as the encoder meant them: a Nil-typed
  // PackedTypedArray holds bools (its encoder writes them; its decoder
  // would drop them). A PackedTypedArray of floats holds real_t (f32).
  // Object elements are not checked against the class (no class database).
  // With the engine's defects, a Nil-typed PackedTypedArray drops bools.
  static bool AdmitPandemonium(Type which, const ContainerType& ct,
                               bool defects, Variant* v) {
    const Type want = ct.builtin;
    const Type have = v->type();
    if (which == Type::kPackedTypedArray && want == Type::kNil) {
      if (have == Type::kNil) *v = Variant::Bool(false);  // Vector<bool>
      return have == Type::kNil || (have == Type::kBool && !defects);
    }
    if (have == Type::kNil && want == Type::kObject) return true;
    if (have != want) return false;
    if (which == Type::kPackedTypedArray && want == Type::kFloat) {
      *v = Variant::Float(static_cast<float>(v->as_float()));
    }
    return true;
  }

  Error DictionaryValue(uint32_t header, int depth, Variant* out) {
    Dictionary dict;
    if (opts_.dialect == Dialect::kGodot4) {
      const uint32_t kk = (header >> wire::kDictKeyKindShift) & wire::kKindMask;
      const uint32_t vk =
          (header >> wire::kDictValueKindShift) & wire::kKindMask;
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
      if (e.ok()) e = AdmitCharged(dict.key_type, &key, key_at, &keep_key);
      if (e.ok()) {
        e = AdmitCharged(dict.value_type, &value, value_at, &keep_value);
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

  Error PackedValue(Type type, bool flag64, Variant* out) {
    const size_t start = pos_;
    if (Remaining() < 4) {
      return Fail(ErrorKind::kTruncated, start,
                  absl::StrCat("truncated ", TypeName(type), " count"));
    }
    const int32_t count = static_cast<int32_t>(LoadU32(data_ + pos_));
    if (type == Type::kPackedStringArray) {
      const uint32_t n = count < 0 ? 0 : count;  // negative: empty (spec §6)
      if (n > opts_.max_packed_elements) {
        return Fail(ErrorKind::kLimitExceeded, start,
                    absl::StrCat(TypeName(type), " of ", n,
                                 " elements exceeds the limit"));
      }
      pos_ += 4;
      bool backed;
      if (Error e = ChargeBacked(n, kMinStringBytes, sizeof(std::string), start,
                                 &backed);
          !e.ok()) {
        return e;
      }
      std::vector<std::string> v;
      if (backed) v.reserve(n);
      for (uint32_t i = 0; i < n; ++i) {
        std::string s;
        if (Error e = WireString(&s); !e.ok()) {
          return Prefix(e, absl::StrCat("[", i, "]"));
        }
        if (backed) v.push_back(std::move(s));
      }
      *out = Variant::PackedStrings(std::move(v));
      return {};
    }
    if (count < 0) {
      return Fail(ErrorKind::kInvalidLength, start,
                  absl::StrCat("negative ", TypeName(type), " count ", count));
    }
    if (uint64_t(count) > opts_.max_packed_elements) {
      return Fail(ErrorKind::kLimitExceeded, start,
                  absl::StrCat(TypeName(type), " of ", count,
                               " elements exceeds the limit"));
    }
    const int comps = std::max(PackedComponents(type), 1);
    size_t width = 4;
    switch (type) {
      case Type::kPackedByteArray:
        width = 1;
        break;
      case Type::kPackedInt64Array:
      case Type::kPackedFloat64Array:
        width = 8;
        break;
      default:
        if (flag64 && HasRealWidthFlag(opts_.dialect, type)) width = 8;
        break;
    }
    const uint64_t bytes = uint64_t(count) * comps * width;
    if (bytes > uint64_t{INT32_MAX}) {
      return Fail(ErrorKind::kInvalidLength, start,
                  absl::StrCat(TypeName(type), " size overflow"));
    }
    pos_ += 4;
    if (bytes > Remaining()) return Truncated(type);
    const uint8_t* p = data_ + pos_;
    const size_t n = size_t(count) * comps;
    // The vector's elements: bytes, int32/float, or int64/double.
    const size_t elem = type == Type::kPackedByteArray ? 1
                        : type == Type::kPackedInt32Array ||
                                type == Type::kPackedFloat32Array ||
                                type == Type::kPackedColorArray ||
                                IntPackedVector(type)
                            ? 4
                            : 8;
    if (Error e = Charge(uint64_t(n) * elem, start); !e.ok()) return e;
    switch (type) {
      case Type::kPackedByteArray: {
        *out = Variant::PackedBytes(std::vector<uint8_t>(p, p + n));
        pos_ += n;
        // The padding is skipped when present and may be cut off (§7.3).
        pos_ += std::min<size_t>(wire::Pad4(n), Remaining());
        return {};
      }
      case Type::kPackedInt32Array:
      case Type::kPackedVector2iArray:
      case Type::kPackedVector3iArray:
      case Type::kPackedVector4iArray: {
        std::vector<int32_t> v(n);
        for (size_t i = 0; i < n; ++i) {
          v[i] = static_cast<int32_t>(LoadU32(p + 4 * i));
        }
        *out = type == Type::kPackedInt32Array
                   ? Variant::PackedInt32(std::move(v))
                   : Variant::PackedIntVectors(type, std::move(v));
        break;
      }
      case Type::kPackedInt64Array: {
        std::vector<int64_t> v(n);
        for (size_t i = 0; i < n; ++i) {
          v[i] = static_cast<int64_t>(LoadU64(p + 8 * i));
        }
        *out = Variant::PackedInt64(std::move(v));
        break;
      }
      case Type::kPackedFloat32Array:
      case Type::kPackedColorArray: {
        std::vector<float> v(n);
        for (size_t i = 0; i < n; ++i) v[i] = LoadF32(p + 4 * i);
        *out = type == Type::kPackedColorArray
                   ? Variant::PackedColors(std::move(v))
                   : Variant::PackedFloat32(std::move(v));
        break;
      }
      case Type::kPackedFloat64Array: {
        std::vector<double> v(n);
        for (size_t i = 0; i < n; ++i) {
          v[i] = width == 8 ? LoadF64(p + 8 * i)
                            : WidenF32Exact(LoadF32(p + 4 * i));
        }
        *out = Variant::PackedFloat64(std::move(v));
        break;
      }
      default: {  // kPackedVector2/3/4Array: f64 only when real_is_double
        if (width == 8 && opts_.real_is_double) {
          std::vector<double> v(n);
          for (size_t i = 0; i < n; ++i) v[i] = LoadF64(p + 8 * i);
          *out = Variant::PackedRealVectors(type, std::move(v));
          break;
        }
        std::vector<float> v(n);
        for (size_t i = 0; i < n; ++i) {
          v[i] = width == 8 ? NarrowF64ToF32(LoadF64(p + 8 * i))
                            : LoadF32(p + 4 * i);
        }
        if (Defects() && type == Type::kPackedVector4Array) {
          for (size_t i = 3; i < n; i += 4) v[i] = v[i - 1];  // w from z
        }
        *out = Variant::PackedRealVectors32(type, std::move(v));
        break;
      }
    }
    pos_ += bytes;
    return {};
  }

  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  const DecodeOptions& opts_;
  uint64_t base_;
  // Allocation accounting: the budget, and the sum of the charges so far.
  const uint64_t budget_;
  uint64_t charged_;
  // Input bytes the enclosing containers still need after the value being
  // decoded (their remaining elements at their smallest wire size).
  uint64_t promised_ = 0;
  bool discarded_ = false;
  std::vector<std::string> segments_;  // error path, innermost first
};

}  // namespace

Error DecodeValue(absl::Span<const uint8_t> bytes, const DecodeOptions& options,
                  Variant* out, size_t* consumed, uint64_t base_offset) {
  Decoder dec(bytes.data(), bytes.size(), options, base_offset);
  Error e = dec.Value(0, out);
  if (options.alloc_account != nullptr) *options.alloc_account = dec.charged();
  if (e.ok() && dec.discarded()) {
    // Cannot happen: an unbacked count means the input is too short for
    // it. Kept as a check rather than returning a value with elements left
    // out.
    e.kind = ErrorKind::kTruncated;
    e.offset = base_offset + dec.pos();
    e.detail = "internal: a container count the input cannot hold decoded";
    e.godot_error = GodotErrorCode(e.kind, false);
  }
  if (!e.ok()) {
    e.path = dec.Path();
    *out = Variant();
    return e;
  }
  if (consumed != nullptr) *consumed = dec.pos();
  if (options.reject_trailing_bytes && dec.pos() != bytes.size()) {
    e.kind = ErrorKind::kTrailingBytes;
    e.offset = base_offset + dec.pos();
    e.path = "$";
    e.detail = absl::StrCat(bytes.size() - dec.pos(),
                            " trailing bytes after the value");
    *out = Variant();
  }
  return e;
}

absl::StatusOr<Variant> Decode(absl::Span<const uint8_t> bytes,
                               const DecodeOptions& options, size_t* consumed,
                               uint64_t base_offset) {
  Variant v;
  Error e = DecodeValue(bytes, options, &v, consumed, base_offset);
  if (!e.ok()) return e.ToStatus();
  return v;
}

}  // namespace reference
}  // namespace gdwire
