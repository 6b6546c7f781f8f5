// Copyright 2026 The gdwire Authors.

#include "benchmarks/snapshot.h"

#include "absl/base/attributes.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace gdwire {
namespace bench {
namespace {

bool IsKey(const Variant& k, const char* name, bool name_keys) {
  return k.type() == (name_keys ? Type::kStringName : Type::kString) &&
         k.as_string() == name;
}

bool Reals(const Variant& v, Type t, float* out) {
  if (v.type() != t) return false;
  const RealsView r = v.reals();
  for (size_t i = 0; i < r.size(); ++i) out[i] = static_cast<float>(r[i]);
  return true;
}

bool PlayerFrom(const Variant& v, bool nk, Type text, PlayerState* p) {
  if (v.type() != Type::kDictionary) return false;
  const auto& e = v.dictionary().entries;
  if (e.size() != 8 && e.size() != 9) return false;
  static const char* kKeys[] = {"id", "name",  "pos",  "vel",      "rot",
                                "hp", "flags", "anim", "inventory"};
  for (size_t i = 0; i < e.size(); ++i) {
    if (!IsKey(e[i].first, kKeys[i], nk)) return false;
  }
  if (e[0].second.type() != Type::kInt || e[1].second.type() != Type::kString ||
      e[5].second.type() != Type::kInt || e[6].second.type() != Type::kInt ||
      e[7].second.type() != text) {
    return false;
  }
  p->id = e[0].second.as_int();
  p->name = e[1].second.as_string();
  if (!Reals(e[2].second, Type::kVector3, p->pos) ||
      !Reals(e[3].second, Type::kVector3, p->vel) ||
      !Reals(e[4].second, Type::kQuaternion, p->rot)) {
    return false;
  }
  p->hp = e[5].second.as_int();
  p->flags = e[6].second.as_int();
  p->anim = e[7].second.as_string();
  p->has_inventory = e.size() == 9;
  if (p->has_inventory) {
    if (e[8].second.type() != Type::kArray) return false;
    for (const Variant& x : e[8].second.array().items) {
      if (x.type() != Type::kInt) return false;
      p->inventory.push_back(x.as_int());
    }
  }
  return true;
}

}  // namespace

bool SnapshotFromVariant(const Variant& v, Snapshot* s) {
  if (v.type() != Type::kDictionary) return false;
  const auto& e = v.dictionary().entries;
  if (e.size() != 3 && e.size() != 5) return false;
  s->name_keys = e[0].first.type() == Type::kStringName;
  const bool nk = s->name_keys;
  s->name_values = e[0].second.type() == Type::kStringName;
  const Type text = s->name_values ? Type::kStringName : Type::kString;
  if (!IsKey(e[0].first, "type", nk) || !IsKey(e[1].first, "tick", nk) ||
      !IsKey(e[2].first, "players", nk) || e[0].second.type() != text ||
      e[1].second.type() != Type::kInt || e[2].second.type() != Type::kArray) {
    return false;
  }
  s->type = e[0].second.as_string();
  s->tick = e[1].second.as_int();
  for (const Variant& x : e[2].second.array().items) {
    PlayerState p;
    if (!PlayerFrom(x, nk, text, &p)) return false;
    s->players.push_back(std::move(p));
  }
  s->has_extra = e.size() == 5;
  if (s->has_extra) {
    if (!IsKey(e[3].first, "path", nk) || !IsKey(e[4].first, "voice", nk) ||
        e[3].second.type() != Type::kPackedVector3Array ||
        e[4].second.type() != Type::kPackedByteArray) {
      return false;
    }
    const RealsView r = e[3].second.packed_reals();
    for (size_t i = 0; i < r.size(); ++i) {
      s->path.push_back(static_cast<float>(r[i]));
    }
    s->voice = e[4].second.packed_bytes();
  }
  return true;
}

namespace {

// A literal key, inlined (its length and text fold, as w->Key("id") does).
template <size_t N>
ABSL_ATTRIBUTE_ALWAYS_INLINE inline encode::Writer& KeyOf(encode::Writer* w,
                                                          bool name,
                                                          const char (&k)[N]) {
  const absl::string_view s(k, N - 1);
  return name ? w->KeyName(s) : w->Key(s);
}

}  // namespace

void WriteSnapshot(encode::Writer* w, const Snapshot& s) {
#define key(k) KeyOf(w, s.name_keys, k)
  w->BeginDictionary(s.has_extra ? 5 : 3);
  auto text = [&](const std::string& t) {
    s.name_values ? w->StringName(t) : w->String(t);
  };
  key("type");
  text(s.type);
  key("tick").Int(s.tick);
  key("players").BeginArray(static_cast<uint32_t>(s.players.size()));
  for (const PlayerState& p : s.players) {
    w->BeginDictionary(p.has_inventory ? 9 : 8);
    key("id").Int(p.id);
    key("name").String(p.name);
    key("pos").Vector3(p.pos[0], p.pos[1], p.pos[2]);
    key("vel").Vector3(p.vel[0], p.vel[1], p.vel[2]);
    key("rot").Quaternion(p.rot[0], p.rot[1], p.rot[2], p.rot[3]);
    key("hp").Int(p.hp);
    key("flags").Int(p.flags);
    key("anim");
    text(p.anim);
    if (p.has_inventory) {
      key("inventory").BeginArray(static_cast<uint32_t>(p.inventory.size()));
      for (int64_t x : p.inventory) w->Int(x);
      w->EndArray();
    }
    w->EndDictionary();
  }
  w->EndArray();
  if (s.has_extra) {
    key("path").PackedReals(Type::kPackedVector3Array, s.path);
    key("voice").PackedBytes(s.voice);
  }
  w->EndDictionary();
#undef key
}

}  // namespace bench
}  // namespace gdwire
