// Copyright 2026 The gdwire Authors.
//
// MaterializeValue: the Walker with a handler that builds the engine's
// value: typed-container admission (Godot 4's ContainerTypeValidate) and
// Dictionary key identity (later duplicates overwrite earlier ones).

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "codec/view/internal/walk.h"
#include "codec/view/internal/walker.h"

namespace gdwire {
namespace view {
namespace internal {
namespace {

// Godot 4's typed-container insertion check: false when the element is
// dropped; may convert it.
bool Admit(const ContainerType& ct, Variant* v) {
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
      // Through a C++ float, as the engine's `(float)inout_variant`.
      *v = Variant::Float(static_cast<float>(v->as_int()));
      return true;
    }
    return false;
  }
  if (want != Type::kObject) return true;
  const Object& o = v->object();
  if (o.kind != Object::Kind::kId) return true;
  // An object sent as an id is an EncodedObjectAsID (a RefCounted).
  return ct.name == "EncodedObjectAsID" || ct.name == "Object" ||
         ct.name == "RefCounted" || ct.name == "Reference";
}

class Builder {
 public:
  static constexpr bool kBuild = true;

  explicit Builder(const Context& c) : c_(c) {}

  void BeginArray(const TypeDescriptor& et) {
    Frame& f = Push(Type::kArray);
    f.array.element_type = ToContainerType(c_, et);
  }
  void BeginDictionary(const TypeDescriptor& kt, const TypeDescriptor& vt) {
    Frame& f = Push(Type::kDictionary);
    f.dict.key_type = ToContainerType(c_, kt);
    f.dict.value_type = ToContainerType(c_, vt);
  }
  void BeginObject(const WireText& cls) {
    Frame& f = Push(Type::kObject);
    f.object.kind = Object::Kind::kFull;
    f.object.class_name = TextOf(c_, cls);
  }
  void PropertyName(const WireText& name) {
    stack_.back().name = TextOf(c_, name);
  }
  void End() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    switch (f.kind) {
      case Type::kArray:
        Value(Variant::MakeArray(std::move(f.array)));
        break;
      case Type::kDictionary:
        Value(Variant::MakeDictionary(std::move(f.dict)));
        break;
      default:
        Value(Variant::MakeObject(std::move(f.object)));
        break;
    }
  }
  void Value(Variant v) {
    if (stack_.empty()) {
      result_ = std::move(v);
      return;
    }
    Frame& f = stack_.back();
    switch (f.kind) {
      case Type::kArray:
        if (Admit(f.array.element_type, &v)) {
          f.array.items.push_back(std::move(v));
        }
        break;
      case Type::kDictionary:
        if (!f.have_key) {
          f.key = std::move(v);
          f.have_key = true;
        } else {
          f.have_key = false;
          Insert(&f, std::move(v));
        }
        break;
      default:
        f.object.properties.emplace_back(std::move(f.name), std::move(v));
        break;
    }
  }

  Variant Take() { return std::move(result_); }

 private:
  struct Frame {
    Type kind;
    Array array;
    Dictionary dict;
    Object object;
    std::string name;  // Object: the property being read
    Variant key;       // Dictionary: the key read, waiting for its value
    bool have_key = false;
    std::unordered_multimap<size_t, size_t> index;  // KeyHash -> entry
  };

  Frame& Push(Type kind) {
    stack_.emplace_back();
    stack_.back().kind = kind;
    return stack_.back();
  }

  void Insert(Frame* f, Variant value) {
    Variant key = std::move(f->key);
    f->key = Variant();
    if (!Admit(f->dict.key_type, &key) || !Admit(f->dict.value_type, &value)) {
      return;
    }
    const size_t h = KeyHash(key);
    auto range = f->index.equal_range(h);
    for (auto it = range.first; it != range.second; ++it) {
      if (KeyEquals(f->dict.entries[it->second].first, key)) {
        f->dict.entries[it->second].second = std::move(value);
        return;
      }
    }
    f->index.emplace(h, f->dict.entries.size());
    f->dict.entries.emplace_back(std::move(key), std::move(value));
  }

  const Context& c_;
  std::vector<Frame> stack_;
  Variant result_;
};

}  // namespace

Error MaterializeValue(const Context& c, size_t pos, int depth, Variant* out,
                       size_t* end) {
  Builder b(c);
  Error e = Walker<Builder>(c, /*check_text=*/true, &b).Run(pos, depth, end);
  *out = e.ok() ? b.Take() : Variant();
  return e;
}

}  // namespace internal
}  // namespace view
}  // namespace gdwire
