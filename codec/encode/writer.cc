// Copyright 2026 The gdwire Authors.
//
// The streaming writer (writer.h). Its bytes are the fast encoder's: the
// int/float/real rules and the packed payloads come from internal/out.h,
// the text rule from codec/core/text.h, the wire ids from codec/types.h;
// here only the container state machine, the checks of misuse and the
// framing prefix.

#include "codec/encode/writer.h"

#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "codec/core/text.h"
#include "codec/wire.h"
#include "simd/endian.h"
#include "simd/pad.h"

namespace gdwire {
namespace encode {

Writer::Writer(const EncodeOptions& options) {
  SetOptions(options);
  stack_.resize(16);
  dead_.kind = kRoot;
  dead_.state = kDead;
  top_ = &dead_;  // nothing may be written before Start
  failed_ = 0;
}

void Writer::SetOptions(const EncodeOptions& options) {
  opts_ = options;
  for (int t = 0; t < kTypeCount; ++t) {
    uint32_t id;
    ids_[t] = WireId(opts_.dialect, static_cast<Type>(t), &id) ? id : kNoId;
    const Type type = static_cast<Type>(t);
    comps_[t] = static_cast<uint8_t>(RealComponents(type));
    const bool wide =
        opts_.real_is_double && HasRealWidthFlag(opts_.dialect, type);
    real_header_[t] = ids_[t] == kNoId || comps_[t] == 0
                          ? kNoId
                          : ids_[t] | (wide ? wire::kFlag64 : 0);
  }
}

void Writer::BadMath(Type t) {
  if (ids_[static_cast<int>(t)] == kNoId) {
    NoType(t);
  } else {
    Fail(ErrorKind::kInvalidArgument, "wrong component count for the type");
  }
}

void Writer::Start(std::string* out, Prefix prefix) {
  out_ = out;
  len_ = out->size();
  start_ = len_;
  prefix_ = prefix;
  failed_ = 0;
  err_ = Error();
  if (prefix != Prefix::kNone) PutU32(0);  // patched in by Finish
  Frame& root = stack_[0];
  root = Frame{kRoot, kRootEmpty, 0, 0, 0, 0, 0};
  depth_ = 0;
  top_ = &root;
}

Error Writer::Finish() {
  if (out_ == nullptr) {
    Error e;
    e.kind = ErrorKind::kInvalidArgument;
    e.detail = "Finish without Start";
    return e;
  }
  if (!failed_) {
    if (depth_ != 0) {
      Fail(ErrorKind::kInvalidArgument,
           absl::StrCat("unfinished message: ", depth_,
                        " container(s) still open"));
    } else if (stack_[0].state != kRootDone) {
      Fail(ErrorKind::kInvalidArgument, "no value written");
    }
  }
  Error e;
  if (failed_) {
    e = std::move(err_);
    len_ = start_;
  } else if (prefix_ != Prefix::kNone) {
    const uint32_t n = static_cast<uint32_t>(len_ - start_ - 4);
    if (prefix_ == Prefix::kStreamPeerBigEndian) {
      wire::StoreU32BE(at(start_), n);
    } else {
      wire::StoreU32(at(start_), n);
    }
  }
  Out::Finish();
  out_ = nullptr;
  top_ = &dead_;
  failed_ = 0;
  return e;
}

// ---- Errors
// ------------------------------------------------------------------

std::string Writer::PathOfError() const {
  std::string path = "$";
  for (size_t i = 1; i <= depth_ && i < stack_.size(); ++i) {
    const Frame& parent = stack_[i - 1];
    const uint32_t k = parent.written == 0 ? 0 : parent.written - 1;
    switch (parent.kind) {
      case kArray:
        absl::StrAppend(&path, "[", k, "]");
        break;
      case kDict:
        absl::StrAppend(&path, parent.state == kValue
                                   ? absl::StrCat("{key #", parent.written, "}")
                                   : absl::StrCat("{value #", k, "}"));
        break;
      case kObject:
        absl::StrAppend(&path, "{property #", k, "}");
        break;
      case kRoot:
        break;
    }
  }
  return path;
}

bool Writer::Fail(ErrorKind kind, absl::string_view detail) {
  if (failed_) return false;
  failed_ = 1;
  err_ = Error();
  err_.kind = kind;
  const size_t body = start_ + (prefix_ == Prefix::kNone ? 0 : 4);
  err_.offset = len_ >= body ? len_ - body : 0;
  err_.detail = std::string(detail);
  err_.path = PathOfError();
  top_ = &dead_;
  return false;
}

bool Writer::NoType(Type t) {
  return Fail(ErrorKind::kUnsupported,
              absl::StrCat(TypeName(t), " does not exist in ",
                           DialectName(opts_.dialect)));
}

bool Writer::Misplaced(Type t) {
  switch (top_->state) {
    case kDead:
      return false;
    case kDeep:
      return Fail(ErrorKind::kTooDeep, "nesting deeper than max_depth");
    case kEntryKey:
      return Fail(ErrorKind::kInvalidArgument,
                  absl::StrCat("a ", TypeName(t),
                               " where a Dictionary key is due (Key first)"));
    case kPropName:
      return Fail(ErrorKind::kInvalidArgument,
                  "an Object property needs Key(name) first");
    case kRootDone:
      return Fail(ErrorKind::kInvalidArgument,
                  "a second value after the message's root");
    default:
      return Fail(ErrorKind::kInvalidArgument,
                  top_->kind == kDict || top_->kind == kObject
                      ? "a key where a value is due"
                      : "a key outside a Dictionary or Object");
  }
}

bool Writer::Allowed(uint8_t check, Type t) {
  if (check == kObjects) {
    if (t == Type::kObject || t == Type::kNil) return true;
    return Fail(
        ErrorKind::kInvalidArgument,
        absl::StrCat("a ", TypeName(t), " in a container typed for Objects"));
  }
  const Type want = static_cast<Type>(check - 1);
  if (t == want || (want == Type::kObject && t == Type::kNil)) return true;
  return Fail(ErrorKind::kInvalidArgument,
              absl::StrCat("a ", TypeName(t), " in a container typed ",
                           TypeName(want)));
}

// ---- Text
// --------------------------------------------------------------------

bool Writer::Text(absl::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  if (ABSL_PREDICT_FALSE(!wire::PlainAscii(p, s.size()) &&
                         !core::IsEncodableText(s, opts_.dialect))) {
    return Fail(ErrorKind::kInvalidUtf8,
                absl::StrCat("string is not text ", DialectName(opts_.dialect),
                             " can carry (invalid UTF-8 or NUL)"));
  }
  if (ABSL_PREDICT_FALSE(s.size() > INT32_MAX - 3)) {
    return Fail(ErrorKind::kLimitExceeded, "string longer than 2 GiB");
  }
  PutU32(static_cast<uint32_t>(s.size()));
  PutPadded(s.data(), s.size());
  return true;
}

// ---- Scalars
// -------------------------------------------------------------------

Writer& Writer::Nil() {
  uint32_t id;
  if (Slot(Type::kNil) && Id(Type::kNil, &id)) PutU32(id);
  return *this;
}

Writer& Writer::RID(uint64_t rid) {
  uint32_t id;
  if (!Slot(Type::kRID) || !Id(Type::kRID, &id)) return *this;
  PutU32(id);
  if (opts_.dialect == Dialect::kGodot4) PutU64(rid);
  return *this;
}

Writer& Writer::Callable() {
  uint32_t id;
  if (Slot(Type::kCallable) && Id(Type::kCallable, &id)) PutU32(id);
  return *this;
}

Writer& Writer::Signal(absl::string_view name, uint64_t object_id) {
  uint32_t id;
  if (!Slot(Type::kSignal) || !Id(Type::kSignal, &id)) return *this;
  PutU32(id);
  if (Text(name)) PutU64(object_id);
  return *this;
}

Writer& Writer::Math(Type t, absl::Span<const double> c) {
  if (!Slot(t)) return *this;
  const uint32_t h = real_header_[static_cast<int>(t)];
  if (h == kNoId || c.size() != comps_[static_cast<int>(t)]) {
    BadMath(t);
    return *this;
  }
  PutU32(h);
  PutReals(c.data(), c.size(), (h & wire::kFlag64) != 0);
  return *this;
}

Writer& Writer::Ints(Type t, absl::Span<const int32_t> c) {
  uint32_t id;
  if (!Slot(t) || !Id(t, &id)) return *this;
  if (IntComponents(t) == 0 ||
      c.size() != static_cast<size_t>(IntComponents(t))) {
    Fail(ErrorKind::kInvalidArgument, "wrong component count for the type");
    return *this;
  }
  uint8_t* o = Extend(4 + 4 * c.size());
  wire::StoreU32(o, id);
  for (size_t i = 0; i < c.size(); ++i) {
    wire::StoreU32(o + 4 + 4 * i, static_cast<uint32_t>(c[i]));
  }
  return *this;
}

// ---- NodePath and Object
// ---------------------------------------------------------

Writer& Writer::NodePath(absl::Span<const absl::string_view> names,
                         absl::Span<const absl::string_view> subnames,
                         bool absolute) {
  uint32_t id;
  if (!Slot(Type::kNodePath) || !Id(Type::kNodePath, &id)) return *this;
  if (names.size() > wire::kCountMask || subnames.size() > wire::kCountMask) {
    Fail(ErrorKind::kLimitExceeded, "NodePath too large");
    return *this;
  }
  PutU32(id);
  PutU32(static_cast<uint32_t>(names.size()) | wire::kNodePathNewFormat);
  PutU32(static_cast<uint32_t>(subnames.size()));
  PutU32(absolute ? wire::kNodePathAbsolute : 0);
  for (absl::string_view s : names) {
    if (!Text(s)) return *this;
  }
  for (absl::string_view s : subnames) {
    if (!Text(s)) return *this;
  }
  return *this;
}

Writer& Writer::NullObject() {
  if (Slot(Type::kObject)) PutU32(0);  // NIL
  return *this;
}

Writer& Writer::ObjectId(uint64_t object_id) {
  uint32_t id;
  if (!Slot(Type::kObject) || !Id(Type::kObject, &id)) return *this;
  PutU32(id | wire::kFlagObjectAsId);
  PutU64(object_id);
  return *this;
}

Writer& Writer::BeginObject(absl::string_view class_name, uint32_t count) {
  uint32_t id;
  if (!Slot(Type::kObject) || !Id(Type::kObject, &id)) return *this;
  if (!opts_.full_objects) {
    Fail(ErrorKind::kUnsupported,
         "a full Object can only be written with full_objects");
    return *this;
  }
  PutU32(id);
  if (!Text(class_name)) return *this;
  return Begin(kObject, count, 0, 0);
}

Writer& Writer::EndObject() { return End(kObject); }

// ---- Containers
// ------------------------------------------------------------------

// Writes the count word (or its place) and opens the frame.
Writer& Writer::Begin(Kind kind, uint32_t count, uint8_t check_a,
                      uint8_t check_b) {
  if (count != kUnknownCount && count > wire::kCountMask) {
    Fail(ErrorKind::kLimitExceeded, "container too large");
    return *this;
  }
  const size_t count_pos = len_;
  PutU32(count == kUnknownCount ? 0 : count);
  ++depth_;
  if (depth_ >= stack_.size()) stack_.resize(stack_.size() * 2);
  top_ = &stack_[depth_];
  State s = kind == kArray ? kElement : kind == kDict ? kEntryKey : kPropName;
  if (depth_ > static_cast<size_t>(opts_.max_depth)) s = kDeep;
  *top_ = Frame{kind, s, check_a, check_b, count, 0, count_pos};
  return *this;
}

Writer& Writer::End(Kind kind) {
  Frame& f = *top_;
  if (f.state == kDead) return *this;
  static constexpr const char* kNames[] = {"root", "Array", "Dictionary",
                                           "Object"};
  if (f.kind != kind) {
    Fail(ErrorKind::kInvalidArgument,
         absl::StrCat("End", kNames[kind], " without Begin", kNames[kind],
                      f.kind == kRoot
                          ? ""
                          : absl::StrCat(" (a ", kNames[f.kind], " is open)")));
    return *this;
  }
  if (f.state == kKeyValue || f.state == kValue) {
    Fail(ErrorKind::kInvalidArgument,
         absl::StrCat(kNames[kind], " ended after a key without its value"));
    return *this;
  }
  if (f.expected == kUnknownCount) {
    if (f.written > wire::kCountMask) {
      Fail(ErrorKind::kLimitExceeded, "container too large");
      return *this;
    }
    wire::StoreU32(at(f.count_pos), f.written);
  } else if (f.written != f.expected) {
    Fail(ErrorKind::kInvalidArgument,
         absl::StrCat(kNames[kind], " count mismatch: ", f.expected,
                      " declared, ", f.written, " written"));
    return *this;
  }
  --depth_;
  top_ = &stack_[depth_];
  return *this;
}

// The 2-bit kind of a typed-container side and the check of its children.
bool Writer::ContainerSide(const ContainerType& ct, uint32_t* kind,
                           uint8_t* check) {
  *kind = internal::ContainerKindBits(ct, opts_.full_objects);
  *check = 0;
  if (ct.kind != ContainerType::Kind::kBuiltin) {
    if (ct.is_typed()) *check = kObjects;
    return true;
  }
  if (ids_[static_cast<int>(ct.builtin)] == kNoId) {
    return Fail(ErrorKind::kUnsupported, "container element type");
  }
  *check = ct.builtin == Type::kObject
               ? kObjects
               : static_cast<uint8_t>(static_cast<int>(ct.builtin) + 1);
  return true;
}

// The payload of a typed side after the header (spec §5.3).
bool Writer::ContainerPayload(const ContainerType& ct) {
  if (ct.kind == ContainerType::Kind::kBuiltin) {
    PutU32(ids_[static_cast<int>(ct.builtin)]);
    return true;
  }
  if (ct.kind == ContainerType::Kind::kNone) return true;
  return Text(internal::ContainerName(ct, opts_.full_objects));
}

Writer& Writer::BeginArray(uint32_t count) {
  uint32_t id;
  if (Slot(Type::kArray) && Id(Type::kArray, &id)) {
    PutU32(id);
    Begin(kArray, count, 0, 0);
  }
  return *this;
}

Writer& Writer::BeginArray(const ContainerType& element_type, uint32_t count) {
  if (!element_type.is_typed()) return BeginArray(count);
  uint32_t id, kind;
  uint8_t check;
  if (!Slot(Type::kArray) || !Id(Type::kArray, &id)) return *this;
  if (opts_.dialect != Dialect::kGodot4) {
    Fail(ErrorKind::kUnsupported, "typed Array outside godot4");
    return *this;
  }
  if (!ContainerSide(element_type, &kind, &check)) return *this;
  PutU32(id | kind << wire::kArrayKindShift);
  if (!ContainerPayload(element_type)) return *this;
  return Begin(kArray, count, check, 0);
}

// As the encoder writes them: element type id; the class name as a
// StringName value for Object elements (or nothing and the object-as-id
// flag without full_objects); count; elements.
Writer& Writer::BeginTypedArray(Type which, const ContainerType& element_type,
                                uint32_t count) {
  uint32_t id, tid;
  if (which != Type::kTypedArray && which != Type::kPackedTypedArray) {
    Fail(ErrorKind::kInvalidArgument, "BeginTypedArray of another type");
    return *this;
  }
  if (!Slot(which) || !Id(which, &id)) return *this;
  const ContainerType& ct = element_type;
  const Type elem = internal::TypedArrayElement(ct);
  if (!Id(elem, &tid)) return *this;
  const bool as_id = elem == Type::kObject && !opts_.full_objects;
  PutU32(id | (as_id ? wire::kFlagObjectAsId : 0));
  PutU32(tid);
  if (elem == Type::kObject && !as_id) {
    PutU32(ids_[static_cast<int>(Type::kStringName)]);
    if (!Text(ct.name)) return *this;
  }
  return Begin(kArray, count, 0, 0);
}

Writer& Writer::EndArray() { return End(kArray); }

Writer& Writer::BeginDictionary(uint32_t count) {
  uint32_t id;
  if (Slot(Type::kDictionary) && Id(Type::kDictionary, &id)) {
    PutU32(id);
    Begin(kDict, count, 0, 0);
  }
  return *this;
}

Writer& Writer::BeginDictionary(const ContainerType& key_type,
                                const ContainerType& value_type,
                                uint32_t count) {
  if (!key_type.is_typed() && !value_type.is_typed()) {
    return BeginDictionary(count);
  }
  uint32_t id, kk, vk;
  uint8_t ck, cv;
  if (!Slot(Type::kDictionary) || !Id(Type::kDictionary, &id)) return *this;
  if (opts_.dialect != Dialect::kGodot4) {
    Fail(ErrorKind::kUnsupported, "typed Dictionary outside godot4");
    return *this;
  }
  if (!ContainerSide(key_type, &kk, &ck) ||
      !ContainerSide(value_type, &vk, &cv)) {
    return *this;
  }
  PutU32(id | kk << wire::kDictKeyKindShift | vk << wire::kDictValueKindShift);
  if (!ContainerPayload(key_type) || !ContainerPayload(value_type)) {
    return *this;
  }
  return Begin(kDict, count, ck, cv);
}

Writer& Writer::EndDictionary() { return End(kDict); }

Writer& Writer::Key() {
  if (top_->state == kEntryKey) {
    top_->state = kKeyValue;
  } else {
    Misplaced(Type::kNil);
  }
  return *this;
}

Writer& Writer::Raw(ByteView value) {
  Type t;
  if (value.size() < 4) {
    Fail(ErrorKind::kTruncated, "Raw: not an encoded value");
    return *this;
  }
  const uint32_t header = wire::LoadU32(value.data());
  if (!TypeFromWireId(opts_.dialect, header & wire::kTypeMask, &t)) {
    Fail(ErrorKind::kInvalidType, "Raw: not a type of this dialect");
    return *this;
  }
  if (t == Type::kObject && !(header & wire::kFlagObjectAsId) &&
      !opts_.full_objects) {
    Fail(ErrorKind::kUnsupported,
         "Raw: a full Object can only be written with full_objects");
    return *this;
  }
  if (Slot(t)) PutBytes(value.data(), value.size());
  return *this;
}

// ---- Packed arrays
// ---------------------------------------------------------------

bool Writer::PackedHeader(Type t, size_t n, bool* wide) {
  uint32_t id;
  if (!Slot(t) || !Id(t, &id)) return false;
  if (n > INT32_MAX) {
    return Fail(ErrorKind::kLimitExceeded,
                absl::StrCat(TypeName(t), " too large"));
  }
  *wide = opts_.real_is_double && HasRealWidthFlag(opts_.dialect, t);
  uint8_t* o = Extend(8);
  wire::StoreU32(o, id | (*wide ? wire::kFlag64 : 0));
  wire::StoreU32(o + 4, static_cast<uint32_t>(n));
  return true;
}

Writer& Writer::PackedBytes(absl::Span<const uint8_t> b) {
  bool wide;
  if (PackedHeader(Type::kPackedByteArray, b.size(), &wide)) {
    PutPadded(b.data(), b.size());
  }
  return *this;
}

bool Writer::Components(Type t, bool reals, size_t n, size_t* elements) {
  // Components per element: the vector arrays' from codec/types.h (the one
  // home of the shape facts), a PackedInt32Array's one; 0: not one of them.
  const size_t k = t == Type::kPackedInt32Array
                       ? 1
                       : static_cast<size_t>(PackedComponents(t));
  const bool real =
      t == Type::kPackedVector2Array || t == Type::kPackedVector3Array ||
      t == Type::kPackedVector4Array || t == Type::kPackedColorArray;
  if (k == 0 || real != reals || n % k != 0) {
    return Fail(ErrorKind::kInvalidArgument,
                absl::StrCat("not components of a ", TypeName(t)));
  }
  *elements = n / k;
  return true;
}

Writer& Writer::PackedInt32s(absl::Span<const int32_t> x, Type t) {
  size_t n;
  bool wide;
  if (top_->state != kDead && Components(t, false, x.size(), &n) &&
      PackedHeader(t, n, &wide)) {
    PutArray(x.data(), x.size(), 4, simd::StoreI32LE);
  }
  return *this;
}

Writer& Writer::PackedInt64s(absl::Span<const int64_t> x) {
  bool wide;
  if (PackedHeader(Type::kPackedInt64Array, x.size(), &wide)) {
    PutArray(x.data(), x.size(), 8, simd::StoreI64LE);
  }
  return *this;
}

Writer& Writer::PackedFloat32s(absl::Span<const float> x) {
  bool wide;
  if (PackedHeader(Type::kPackedFloat32Array, x.size(), &wide)) {
    PutArray(x.data(), x.size(), 4, simd::StoreF32LE);
  }
  return *this;
}

Writer& Writer::PackedFloat64s(absl::Span<const double> x) {
  bool wide;
  if (PackedHeader(Type::kPackedFloat64Array, x.size(), &wide)) {
    PutArray(x.data(), x.size(), 8, simd::StoreF64LE);
  }
  return *this;
}

template <typename T>
void Writer::Reals(Type t, absl::Span<const T> c) {
  size_t n;
  bool wide;
  if (top_->state != kDead && Components(t, true, c.size(), &n) &&
      PackedHeader(t, n, &wide)) {
    PutReals(c.data(), c.size(), wide);
  }
}

Writer& Writer::PackedReals(Type t, absl::Span<const float> c) {
  Reals(t, c);
  return *this;
}

Writer& Writer::PackedReals(Type t, absl::Span<const double> c) {
  Reals(t, c);
  return *this;
}

// Each element as the engine writes it (its length counting a NUL, the
// NUL, the padding): the //simd kernel's layout, after the text rule.
template <typename S>
void Writer::Strings(absl::Span<const S> s) {
  bool wide;
  if (!PackedHeader(Type::kPackedStringArray, s.size(), &wide)) return;
  for (const S& x : s) {
    const auto* p = reinterpret_cast<const uint8_t*>(x.data());
    if (!wire::PlainAscii(p, x.size()) &&
        !core::IsEncodableText(x, opts_.dialect)) {
      Fail(ErrorKind::kInvalidUtf8, "string is not text the dialect can carry");
      return;
    }
  }
  for (const S& x : s) {
    const std::string_view v(x.data(), x.size());
    simd::WritePackedStrings(&v, 1, Extend(simd::PackedStringsSize(&v, 1)));
  }
}

Writer& Writer::PackedStrings(absl::Span<const absl::string_view> s) {
  Strings(s);
  return *this;
}

Writer& Writer::PackedStrings(absl::Span<const std::string> s) {
  Strings(s);
  return *this;
}

}  // namespace encode
}  // namespace gdwire
