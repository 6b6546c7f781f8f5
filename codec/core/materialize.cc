// Copyright 2026 The gdwire Authors.
//
// MaterializeValue: the Walker with a handler that builds the engine's
// value. The rules of placing a child are codec/variant's, shared with the
// push parser's builder (codec/stream/variant_builder.cc): typed-container
// admission (AdmitToTypedContainer, AdmitToPandemoniumArray) and
// Dictionary key identity (Dictionary::Set: later duplicates overwrite
// earlier ones); this builder adds the allocation budget's charges.

#include <string>
#include <utility>
#include <vector>

#include "codec/core/walk.h"
#include "codec/core/walker.h"
#include "codec/internal/key_hash.h"

namespace gdwire {
namespace core {
namespace {

class Builder {
 public:
  static constexpr bool kBuild = true;

  Builder(const Context& c, Budget* budget) : c_(c), budget_(budget) {}

  void BeginArray(const TypeDescriptor& et, bool backed, Type which,
                  uint32_t count) {
    Frame& f = Push(Type::kArray);
    if (backed) f.array.items.reserve(count);
    f.array_type = which;
    f.array.element_type = which == Type::kArray
                               ? ToContainerType(c_, et)
                               : ToPandemoniumElementType(c_, et);
    f.backed = backed;
  }
  void BeginDictionary(const TypeDescriptor& kt, const TypeDescriptor& vt,
                       bool backed, uint32_t count) {
    Frame& f = Push(Type::kDictionary);
    if (backed) f.dict.entries.reserve(count);
    f.dict.key_type = ToContainerType(c_, kt);
    f.dict.value_type = ToContainerType(c_, vt);
    f.backed = backed;
  }
  void BeginObject(const WireText& cls, bool backed) {
    Frame& f = Push(Type::kObject);
    f.backed = backed;
    f.object.kind = Object::Kind::kFull;
    f.object.class_name = TextOf(c_, cls);
  }
  void PropertyName(const WireText& name) {
    stack_[depth_ - 1].name = TextOf(c_, name);
  }
  // The innermost container is complete: its contents move into a Variant
  // (the frame stays in place for the next container at this depth).
  Error End(size_t at) {
    Frame& f = stack_[--depth_];
    Variant v;
    switch (f.kind) {
      case Type::kArray:
        v = f.array_type == Type::kTypedArray
                ? Variant::MakeTypedArray(std::move(f.array))
            : f.array_type == Type::kPackedTypedArray
                ? Variant::MakePackedTypedArray(std::move(f.array))
                : Variant::MakeArray(std::move(f.array));
        break;
      case Type::kDictionary:
        v = Variant::MakeDictionary(std::move(f.dict));
        break;
      default:
        v = Variant::MakeObject(std::move(f.object));
        break;
    }
    return Value(std::move(v), at);
  }
  Error Value(Variant v, size_t at) {
    if (depth_ == 0) {
      result_ = std::move(v);
      return {};
    }
    Frame& f = stack_[depth_ - 1];
    switch (f.kind) {
      case Type::kArray: {
        bool keep;
        if (f.array_type != Type::kArray) {
          keep =
              AdmitToPandemoniumArray(f.array_type, f.array.element_type, &v);
        } else if (Error e = AdmitCharged(f.array.element_type, &v, at, &keep);
                   !e.ok()) {
          return e;
        }
        if (keep && f.backed) f.array.items.push_back(std::move(v));
        return {};
      }
      case Type::kDictionary:
        if (!f.have_key) {
          f.key = std::move(v);
          f.key_at = at;
          f.have_key = true;
          return {};
        }
        f.have_key = false;
        return Insert(&f, std::move(v), at);
      default:
        if (f.backed) {
          f.object.properties.emplace_back(std::move(f.name), std::move(v));
        }
        return {};
    }
  }

  Variant Take() { return std::move(result_); }

 private:
  struct Frame {
    Type kind;
    Type array_type = Type::kArray;  // kArray frames: which array type
    Array array;
    Dictionary dict;
    Object object;
    std::string name;  // Object: the property being read
    Variant key;       // Dictionary: the key read, waiting for its value
    size_t key_at = 0;
    bool have_key = false;
    bool backed = true;  // children are kept (else read and dropped)
  };

  // A frame for a new container: a fresh one, or the one a finished
  // container left at this depth, emptied.
  Frame& Push(Type kind) {
    if (depth_ == stack_.size()) stack_.emplace_back();
    Frame& f = stack_[depth_++];
    f.kind = kind;
    switch (kind) {
      case Type::kArray:
        f.array_type = Type::kArray;
        f.array = Array();
        break;
      case Type::kDictionary:
        f.dict = Dictionary();
        f.have_key = false;
        break;
      default:
        f.object = Object();
        break;
    }
    f.backed = true;
    return f;
  }

  Error Charge(uint64_t bytes, size_t at) {
    return budget_ != nullptr ? budget_->Charge(c_, bytes, at) : Error();
  }

  // Admit, charging the copy of the text a String <-> StringName
  // conversion makes.
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
    *keep = AdmitToTypedContainer(ct, v);
    return {};
  }

  Error Insert(Frame* f, Variant value, size_t value_at) {
    Variant key = std::move(f->key);
    f->key = Variant();
    bool keep_key, keep_value;
    if (Error e = AdmitCharged(f->dict.key_type, &key, f->key_at, &keep_key);
        !e.ok()) {
      return e;
    }
    if (Error e =
            AdmitCharged(f->dict.value_type, &value, value_at, &keep_value);
        !e.ok()) {
      return e;
    }
    if (!f->backed || !keep_key || !keep_value) return {};
    // Later duplicates overwrite earlier ones (spec §6), by the engine's
    // key identity: Dictionary::Set, as every builder inserts. The key's
    // containers are complete: KeyHash and KeyEquals may keep their hashes
    // in them (linear time for nested container keys).
    const size_t before = f->dict.entries.size();
    {
      gdwire::internal::KeyHashScope scope;
      f->dict.Set(std::move(key), std::move(value));
    }
    if (f->dict.entries.size() == before) return {};
    // A new entry's index slot, charged as the reference decoder charges
    // its index node: a next pointer and two size_t.
    return Charge(sizeof(void*) + 2 * sizeof(size_t), f->key_at);
  }

  const Context& c_;
  Budget* budget_;
  std::vector<Frame> stack_;  // [0, depth_) are open containers
  size_t depth_ = 0;
  Variant result_;
};

}  // namespace

Error MaterializeValue(const Context& c, size_t pos, int depth, Variant* out,
                       size_t* end) {
  Budget budget;
  budget.limit = c.opts.AllocBudget(c.size);
  if (c.opts.alloc_account != nullptr) budget.charged = *c.opts.alloc_account;
  Builder b(c, &budget);
  Error e =
      Walker<Builder>(c, /*check_text=*/true, &budget, &b).Run(pos, depth, end);
  if (c.opts.alloc_account != nullptr) *c.opts.alloc_account = budget.charged;
  *out = e.ok() ? b.Take() : Variant();
  return e;
}

}  // namespace core
}  // namespace gdwire
