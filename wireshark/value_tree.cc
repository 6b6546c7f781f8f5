// Copyright 2026 The gdwire Authors.

#include "wireshark/value_tree.h"

#include <algorithm>
#include <cinttypes>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codec/text/text.h"

namespace gdwire {
namespace wireshark {
namespace {

int hf_type = -1;
int hf_int = -1;
int hf_float = -1;
int hf_bool = -1;
int hf_string = -1;
int hf_node_path = -1;
int hf_rid = -1;
int hf_object_class = -1;
int hf_count = -1;
int hf_key = -1;
int hf_elements = -1;
int hf_element_type = -1;
int ett_value = -1;

// Labels stay short: Wireshark cuts an item's text at 240 bytes anyway.
constexpr size_t kMaxLabel = 200;

std::string Short(std::string s) {
  if (s.size() > kMaxLabel) {
    size_t n = kMaxLabel;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    s.resize(n);
    s += "...";
  }
  return s;
}

std::string PathText(const NodePath& p) {
  std::string s = p.absolute ? "/" : "";
  absl::StrAppend(&s, absl::StrJoin(p.names, "/"));
  if (!p.subnames.empty()) {
    absl::StrAppend(&s, ":", absl::StrJoin(p.subnames, ":"));
  }
  return s;
}

std::string ContainerTypeText(const ContainerType& c) {
  switch (c.kind) {
    case ContainerType::Kind::kNone:
      return "";
    case ContainerType::Kind::kBuiltin:
      return std::string(TypeName(c.builtin));
    default:
      return c.name;
  }
}

// The first kMaxPacked elements of a packed vector, color or byte array as
// the same type, for their text.
Variant PackedHead(const Variant& v) {
  const Type t = v.type();
  const size_t k = static_cast<size_t>(PackedComponents(t));
  auto head = [](const auto& vec, size_t n) {
    using V = std::decay_t<decltype(vec)>;
    return V(vec.begin(), vec.begin() + std::min(vec.size(), n));
  };
  switch (t) {
    case Type::kPackedByteArray:
      return Variant::PackedBytes(head(v.packed_bytes(), kMaxPacked));
    case Type::kPackedColorArray:
      return Variant::PackedColors(head(v.packed_float32(), kMaxPacked * 4));
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return Variant::PackedIntVectors(t,
                                       head(v.packed_int32(), kMaxPacked * k));
    default:
      return v.packed_wide() ? Variant::PackedRealVectors(
                                   t, head(v.packed_float64(), kMaxPacked * k))
                             : Variant::PackedRealVectors32(
                                   t, head(v.packed_float32(), kMaxPacked * k));
  }
}

class Builder {
 public:
  Builder(tvbuff_t* tvb, int offset, int length, Dialect dialect)
      : tvb_(tvb), offset_(offset), length_(length), dialect_(dialect) {}

  proto_item* Add(proto_tree* parent, const Variant& v,
                  const std::string& label, int depth) {
    ++nodes_;
    const Type t = v.type();
    const std::string tname(TypeName(t));
    proto_item* item = nullptr;
    switch (t) {
      case Type::kBool:
        item = proto_tree_add_boolean_format(
            parent, hf_bool, tvb_, offset_, length_, v.as_bool(), "%s: %s",
            label.c_str(), v.as_bool() ? "true" : "false");
        break;
      case Type::kInt:
        item = proto_tree_add_int64_format(parent, hf_int, tvb_, offset_,
                                           length_, v.as_int(), "%s: %" PRId64,
                                           label.c_str(), v.as_int());
        break;
      case Type::kFloat:
        item = proto_tree_add_double_format(
            parent, hf_float, tvb_, offset_, length_, v.as_float(), "%s: %s",
            label.c_str(), Short(text::ToText(v, dialect_)).c_str());
        break;
      case Type::kString:
      case Type::kStringName:
        item = proto_tree_add_string_format(
            parent, hf_string, tvb_, offset_, length_, v.as_string().c_str(),
            "%s: %s", label.c_str(), Short(text::ToText(v, dialect_)).c_str());
        break;
      case Type::kNodePath:
        item = proto_tree_add_string_format(
            parent, hf_node_path, tvb_, offset_, length_,
            PathText(v.node_path()).c_str(), "%s: %s", label.c_str(),
            Short(text::ToText(v, dialect_)).c_str());
        break;
      case Type::kRID:
        item = proto_tree_add_uint64_format(
            parent, hf_rid, tvb_, offset_, length_, v.rid(), "%s: %s",
            label.c_str(), text::ToText(v, dialect_).c_str());
        break;
      default:
        break;
    }
    if (item != nullptr) {
      proto_tree* sub = proto_item_add_subtree(item, ett_value);
      proto_item* ti =
          proto_tree_add_string(sub, hf_type, tvb_, 0, 0, tname.c_str());
      proto_item_set_hidden(ti);
      return item;
    }
    // Everything else: the type as the item, the parts below it.
    std::string summary;
    const bool container = t == Type::kArray || t == Type::kTypedArray ||
                           t == Type::kPackedTypedArray ||
                           t == Type::kDictionary;
    if (t == Type::kArray || t == Type::kTypedArray ||
        t == Type::kPackedTypedArray) {
      const std::string et = ContainerTypeText(v.array().element_type);
      summary = absl::StrCat(tname, et.empty() ? "" : "[" + et + "]", " (",
                             v.array().size(), ")");
    } else if (t == Type::kDictionary) {
      const std::string kt = ContainerTypeText(v.dictionary().key_type);
      const std::string vt = ContainerTypeText(v.dictionary().value_type);
      summary = absl::StrCat(
          tname, kt.empty() && vt.empty() ? "" : "[" + kt + ", " + vt + "]",
          " (", v.dictionary().size(), ")");
    } else if (IsPackedArray(t)) {
      summary = absl::StrCat(tname, " (", v.packed_size(), ")");
    } else {
      summary = Short(text::ToText(v, dialect_));
    }
    item = proto_tree_add_string_format(parent, hf_type, tvb_, offset_, length_,
                                        tname.c_str(), "%s: %s", label.c_str(),
                                        summary.c_str());
    proto_tree* sub = proto_item_add_subtree(item, ett_value);
    if (container || IsPackedArray(t) || t == Type::kObject) {
      Children(sub, v, depth);
    }
    return item;
  }

 private:
  // Whether another child fits; adds the "... more" line when not.
  bool Room(proto_tree* sub, size_t i, size_t n, int depth) {
    if (depth < kMaxDepth && nodes_ < kMaxNodes && i < kMaxChildren) {
      return true;
    }
    proto_tree_add_uint_format(sub, hf_count, tvb_, 0, 0,
                               static_cast<uint32_t>(n - i),
                               "... %zu more not shown", n - i);
    return false;
  }

  void Children(proto_tree* sub, const Variant& v, int depth) {
    const Type t = v.type();
    if (t == Type::kDictionary) {
      const Dictionary& d = v.dictionary();
      const std::string kt = ContainerTypeText(d.key_type);
      const std::string vt = ContainerTypeText(d.value_type);
      if (!kt.empty() || !vt.empty()) {
        proto_tree_add_string(sub, hf_element_type, tvb_, 0, 0,
                              (kt + ", " + vt).c_str());
      }
      proto_tree_add_uint(sub, hf_count, tvb_, 0, 0,
                          static_cast<uint32_t>(d.size()));
      for (size_t i = 0; i < d.size(); ++i) {
        if (!Room(sub, i, d.size(), depth)) break;
        const Variant& key = d.entries[i].first;
        const bool text_key =
            key.type() == Type::kString || key.type() == Type::kStringName;
        const std::string ktext =
            text_key ? key.as_string() : text::ToText(key, dialect_);
        proto_item* e = Add(sub, d.entries[i].second,
                            Short(text::ToText(key, dialect_)), depth + 1);
        proto_tree* es = proto_item_add_subtree(e, ett_value);
        proto_item* ki =
            proto_tree_add_string(es, hf_key, tvb_, 0, 0, ktext.c_str());
        proto_item_set_generated(ki);
      }
      return;
    }
    if (t == Type::kArray || t == Type::kTypedArray ||
        t == Type::kPackedTypedArray) {
      const Array& a = v.array();
      const std::string et = ContainerTypeText(a.element_type);
      if (!et.empty()) {
        proto_tree_add_string(sub, hf_element_type, tvb_, 0, 0, et.c_str());
      }
      proto_tree_add_uint(sub, hf_count, tvb_, 0, 0,
                          static_cast<uint32_t>(a.size()));
      for (size_t i = 0; i < a.size(); ++i) {
        if (!Room(sub, i, a.size(), depth)) break;
        Add(sub, a.items[i], absl::StrCat("[", i, "]"), depth + 1);
      }
      return;
    }
    if (t == Type::kObject) {
      const Object& o = v.object();
      if (o.kind == Object::Kind::kFull) {
        proto_tree_add_string(sub, hf_object_class, tvb_, 0, 0,
                              o.class_name.c_str());
        for (size_t i = 0; i < o.properties.size(); ++i) {
          if (!Room(sub, i, o.properties.size(), depth)) break;
          Add(sub, o.properties[i].second, o.properties[i].first, depth + 1);
        }
      }
      return;
    }
    Packed(sub, v);
  }

  void Packed(proto_tree* sub, const Variant& v) {
    const size_t n = v.packed_size();
    proto_tree_add_uint(sub, hf_count, tvb_, 0, 0, static_cast<uint32_t>(n));
    const size_t shown = std::min<size_t>(n, kMaxPacked);
    switch (v.type()) {
      case Type::kPackedInt32Array:
        for (size_t i = 0; i < shown; ++i) {
          proto_tree_add_int64_format(sub, hf_int, tvb_, 0, 0,
                                      v.packed_int32()[i], "[%zu]: %d", i,
                                      v.packed_int32()[i]);
        }
        break;
      case Type::kPackedInt64Array:
        for (size_t i = 0; i < shown; ++i) {
          proto_tree_add_int64_format(sub, hf_int, tvb_, 0, 0,
                                      v.packed_int64()[i], "[%zu]: %" PRId64, i,
                                      v.packed_int64()[i]);
        }
        break;
      case Type::kPackedFloat32Array:
      case Type::kPackedFloat64Array: {
        const auto reals = v.packed_reals();
        for (size_t i = 0; i < shown; ++i) {
          const std::string s =
              text::ToText(Variant::Float(reals[i]), dialect_);
          proto_tree_add_double_format(sub, hf_float, tvb_, 0, 0, reals[i],
                                       "[%zu]: %s", i, s.c_str());
        }
        break;
      }
      case Type::kPackedStringArray:
        for (size_t i = 0; i < shown; ++i) {
          const std::string& s = v.packed_strings()[i];
          const std::string q =
              Short(text::ToText(Variant::String(s), dialect_));
          proto_tree_add_string_format(sub, hf_string, tvb_, 0, 0, s.c_str(),
                                       "[%zu]: %s", i, q.c_str());
        }
        break;
      default: {
        const std::string s = Short(text::ToText(PackedHead(v), dialect_));
        proto_tree_add_string_format(sub, hf_elements, tvb_, 0, 0, s.c_str(),
                                     "First %zu: %s", shown, s.c_str());
      }
    }
    if (shown < n) {
      proto_tree_add_uint_format(sub, hf_count, tvb_, 0, 0,
                                 static_cast<uint32_t>(n - shown),
                                 "... %zu more not shown", n - shown);
    }
  }

  tvbuff_t* tvb_;
  int offset_, length_;
  Dialect dialect_;
  int nodes_ = 0;
};

}  // namespace

void RegisterValueFields(int proto) {
  static hf_register_info hf[] = {
      {&hf_type,
       {"Type", "godot.type", FT_STRING, BASE_NONE, nullptr, 0x0,
        "The value's Variant type (Godot 4 names)", HFILL}},
      {&hf_int,
       {"int", "godot.int", FT_INT64, BASE_DEC, nullptr, 0x0, nullptr, HFILL}},
      {&hf_float,
       {"float", "godot.float", FT_DOUBLE, BASE_NONE, nullptr, 0x0, nullptr,
        HFILL}},
      {&hf_bool,
       {"bool", "godot.bool", FT_BOOLEAN, BASE_NONE, nullptr, 0x0, nullptr,
        HFILL}},
      {&hf_string,
       {"String", "godot.string", FT_STRING, BASE_NONE, nullptr, 0x0,
        "A String or StringName", HFILL}},
      {&hf_node_path,
       {"NodePath", "godot.node_path", FT_STRING, BASE_NONE, nullptr, 0x0,
        nullptr, HFILL}},
      {&hf_rid,
       {"RID", "godot.rid", FT_UINT64, BASE_DEC, nullptr, 0x0, nullptr, HFILL}},
      {&hf_object_class,
       {"Object class", "godot.object_class", FT_STRING, BASE_NONE, nullptr,
        0x0, nullptr, HFILL}},
      {&hf_count,
       {"Count", "godot.count", FT_UINT32, BASE_DEC, nullptr, 0x0,
        "Elements of an Array, Dictionary or packed array", HFILL}},
      {&hf_key,
       {"Key", "godot.key", FT_STRING, BASE_NONE, nullptr, 0x0,
        "A Dictionary key (a String key without quotes)", HFILL}},
      {&hf_elements,
       {"Elements", "godot.elements", FT_STRING, BASE_NONE, nullptr, 0x0,
        "The first elements of a packed array", HFILL}},
      {&hf_element_type,
       {"Element type", "godot.element_type", FT_STRING, BASE_NONE, nullptr,
        0x0, "A typed container's element (key, value) type", HFILL}},
  };
  static gint* ett[] = {&ett_value};
  proto_register_field_array(proto, hf, G_N_ELEMENTS(hf));
  proto_register_subtree_array(ett, G_N_ELEMENTS(ett));
}

proto_item* AddValueTree(proto_tree* tree, tvbuff_t* tvb, int offset,
                         int length, const Variant& v, Dialect dialect,
                         const char* label) {
  Builder b(tvb, offset, length, dialect);
  return b.Add(tree, v, label, 0);
}

}  // namespace wireshark
}  // namespace gdwire
