// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/session.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace multiplayer {
namespace {

constexpr uint32_t kPathIdFlag = 0x80000000u;

template <typename Order, typename Map>
void CompactOrder(Order* order, const Map& map) {
  if (order->size() <= 2 * map.size() + 64) return;
  Order kept;
  for (const auto& [key, seq] : *order) {
    auto it = map.find(key);
    if (it != map.end() && it->second.seq == seq) kept.emplace_back(key, seq);
  }
  order->swap(kept);
}

}  // namespace

absl::string_view NodeSourceName(NodeSource s) {
  switch (s) {
    case NodeSource::kNone:
      return "none";
    case NodeSource::kInline:
      return "inline";
    case NodeSource::kCache:
      return "cache";
    case NodeSource::kSpawned:
      return "spawned";
    case NodeSource::kUnresolved:
      return "unresolved";
  }
  return "unknown";
}

const Packet& Event::payload() const {
  if (const Sys* s = std::get_if<Sys>(&packet.body)) {
    if (s->sys == SysCommand::kRelay && s->relayed) return *s->relayed;
  }
  return packet;
}

Session::Session(const SessionOptions& options, const Manifest* manifest)
    : options_(options), manifest_(manifest) {}

absl::Status Session::Feed(int32_t from, int32_t to, int channel,
                           absl::Span<const uint8_t> bytes, Event* event) {
  absl::StatusOr<Packet> p = Decode(bytes, options_.packet);
  if (!p.ok()) return p.status();
  *event = Event();
  event->from = from;
  event->to = to;
  event->channel = channel;
  event->packet = *std::move(p);
  event->origin = from;
  event->target = to;
  if (const Sys* s = std::get_if<Sys>(&event->packet.body)) {
    if (s->sys == SysCommand::kRelay) {
      if (from == 1) {
        event->origin = s->peer;  // the server forwards: the source
      } else {
        event->target = s->peer;  // a client sends: the destination
      }
    }
  }
  Resolve(event);
  return absl::OkStatus();
}

NodeRef Session::LookupCache(int32_t sender, int32_t receiver,
                             uint32_t id) const {
  NodeRef ref;
  ref.cache_id = id;
  auto it = paths_.find(PathKey(sender, receiver, id));
  if (it == paths_.end()) {
    // Cache ids are the sender's, the same for every receiver: a relayed
    // broadcast (receiver <= 0) finds the path another receiver was sent.
    auto by = by_sender_.find(NetKey(sender, id));
    if (by != by_sender_.end()) it = paths_.find(by->second);
  }
  if (it == paths_.end()) {
    ref.source = NodeSource::kUnresolved;
    return ref;
  }
  ref.source = NodeSource::kCache;
  ref.path = it->second.path;
  return ref;
}

NodeRef Session::LookupSync(int32_t sender, int32_t receiver,
                            uint32_t net_id) const {
  if (net_id & kPathIdFlag) {
    NodeRef ref = LookupCache(sender, receiver, net_id & ~kPathIdFlag);
    ref.net_id = net_id;
    return ref;
  }
  NodeRef ref;
  ref.net_id = net_id;
  ref.source = NodeSource::kUnresolved;
  auto owner = sync_owner_.find(PathKey(sender, receiver, net_id));
  if (owner == sync_owner_.end()) return ref;
  auto spawn = spawns_.find(PathKey(sender, receiver, owner->second));
  if (spawn == spawns_.end()) return ref;
  ref.source = NodeSource::kSpawned;
  ref.spawned_name = spawn->second.name;
  ref.path = absl::StrCat(spawn->second.spawner_path, "/", spawn->second.name);
  return ref;
}

void Session::AddPath(int32_t sender, int32_t receiver, uint32_t id,
                      const std::string& path) {
  if (path.size() > options_.max_path_bytes || options_.max_paths == 0) {
    return;
  }
  const PathKey key(sender, receiver, id);
  auto it = paths_.find(key);
  if (it != paths_.end()) {
    path_bytes_ -= it->second.path.size();
    it->second.path = path;
    path_bytes_ += path.size();
  } else {
    const uint64_t seq = ++seq_;
    paths_.emplace(key, PathEntry{path, seq});
    path_order_.emplace_back(key, seq);
    path_bytes_ += path.size();
  }
  by_sender_[NetKey(sender, id)] = key;
  while (paths_.size() > options_.max_paths ||
         path_bytes_ > options_.max_path_bytes) {
    const auto [old, seq] = path_order_.front();
    path_order_.pop_front();
    auto o = paths_.find(old);
    if (o == paths_.end() || o->second.seq != seq) continue;
    path_bytes_ -= o->second.path.size();
    auto by = by_sender_.find(NetKey(std::get<0>(old), std::get<2>(old)));
    if (by != by_sender_.end() && by->second == old) by_sender_.erase(by);
    paths_.erase(o);
  }
  CompactOrder(&path_order_, paths_);
}

void Session::AddSpawn(int32_t sender, int32_t receiver, const Spawn& s,
                       const NodeRef& spawner) {
  if (options_.max_spawns == 0) return;
  const PathKey key(sender, receiver, s.net_id);
  RemoveSpawn(key);
  const uint64_t seq = ++seq_;
  SpawnEntry e;
  e.spawner_path = spawner.source == NodeSource::kCache
                       ? spawner.path
                       : absl::StrCat("<cache ", spawner.cache_id, ">");
  e.name = s.name;
  const size_t syncs =
      std::min(s.sync_net_ids.size(), options_.max_spawn_syncs);
  e.sync_net_ids.assign(s.sync_net_ids.begin(), s.sync_net_ids.begin() + syncs);
  e.seq = seq;
  for (uint32_t id : e.sync_net_ids) {
    sync_owner_[PathKey(sender, receiver, id)] = s.net_id;
  }
  spawns_[key] = std::move(e);
  spawn_order_.emplace_back(key, seq);
  while (
      spawns_.size() > options_.max_spawns ||
      (sync_owner_.size() > options_.max_spawn_syncs && spawns_.size() > 1)) {
    const auto [old, old_seq] = spawn_order_.front();
    spawn_order_.pop_front();
    auto o = spawns_.find(old);
    if (o == spawns_.end() || o->second.seq != old_seq) continue;
    RemoveSpawn(old);
  }
  CompactOrder(&spawn_order_, spawns_);
}

void Session::RemoveSpawn(const PathKey& key) {
  auto it = spawns_.find(key);
  if (it == spawns_.end()) return;
  const auto [sender, receiver, net_id] = key;
  for (uint32_t id : it->second.sync_net_ids) {
    auto o = sync_owner_.find(PathKey(sender, receiver, id));
    if (o != sync_owner_.end() && o->second == net_id) sync_owner_.erase(o);
  }
  spawns_.erase(it);
}

void Session::ForgetPeer(int32_t peer) {
  for (auto it = paths_.begin(); it != paths_.end();) {
    if (std::get<0>(it->first) == peer || std::get<1>(it->first) == peer) {
      path_bytes_ -= it->second.path.size();
      auto by = by_sender_.find(
          NetKey(std::get<0>(it->first), std::get<2>(it->first)));
      if (by != by_sender_.end() && by->second == it->first) {
        by_sender_.erase(by);
      }
      it = paths_.erase(it);
    } else {
      ++it;
    }
  }
  std::vector<PathKey> gone;
  for (const auto& [key, e] : spawns_) {
    if (std::get<0>(key) == peer || std::get<1>(key) == peer) {
      gone.push_back(key);
    }
  }
  for (const PathKey& key : gone) RemoveSpawn(key);
  CompactOrder(&path_order_, paths_);
  CompactOrder(&spawn_order_, spawns_);
}

void Session::Resolve(Event* ev) {
  const Packet& p = ev->payload();
  const int32_t origin = ev->origin;
  const int32_t target = ev->target;
  if (const auto* c = std::get_if<RemoteCall>(&p.body)) {
    if (c->path) {
      ev->node.source = NodeSource::kInline;
      ev->node.path = *c->path;
    } else {
      ev->node = LookupCache(origin, target, c->node_id);
    }
    if (manifest_ != nullptr && (ev->node.source == NodeSource::kInline ||
                                 ev->node.source == NodeSource::kCache)) {
      ev->method = manifest_->MethodName(ev->node.path, c->method_id);
    }
  } else if (const auto* s = std::get_if<SimplifyPath>(&p.body)) {
    ev->node.source = NodeSource::kInline;
    ev->node.path = s->path;
    ev->node.cache_id = s->cache_id;
    AddPath(origin, target, s->cache_id, s->path);
  } else if (const auto* c = std::get_if<ConfirmPath>(&p.body)) {
    // The confirmer answers the announcer: the id is the receiver's.
    ev->node = LookupCache(target, origin, c->cache_id);
  } else if (const auto* s = std::get_if<Spawn>(&p.body)) {
    ev->node = LookupCache(origin, target, s->spawner_cache_id);
    ev->spawned_name = s->name;
    AddSpawn(origin, target, *s, ev->node);
  } else if (const auto* d = std::get_if<Despawn>(&p.body)) {
    const PathKey key(origin, target, d->net_id);
    auto it = spawns_.find(key);
    ev->node.net_id = d->net_id;
    if (it == spawns_.end()) {
      ev->node.source = NodeSource::kUnresolved;
    } else {
      ev->node.source = NodeSource::kSpawned;
      ev->node.spawned_name = it->second.name;
      ev->node.path =
          absl::StrCat(it->second.spawner_path, "/", it->second.name);
      ev->spawned_name = it->second.name;
      RemoveSpawn(key);
    }
  } else if (const auto* s = std::get_if<Sync>(&p.body)) {
    for (const SyncBlock& b : s->blocks) {
      ev->sync_nodes.push_back(LookupSync(origin, target, b.net_id));
      std::vector<std::string> names;
      const NodeRef& node = ev->sync_nodes.back();
      if (manifest_ != nullptr && node.source != NodeSource::kUnresolved) {
        size_t bit = 0;
        for (size_t i = 0; i < b.values.size(); ++i) {
          size_t index = i;
          if (s->delta) {
            while (bit < 64 && !(b.mask >> bit & 1)) ++bit;
            index = bit++;
          }
          std::optional<std::string> n =
              manifest_->PropertyName(node.path, s->delta, index);
          names.push_back(n ? *n : std::string());
        }
      }
      ev->sync_properties.push_back(std::move(names));
    }
  }
}

}  // namespace multiplayer
}  // namespace gdwire
