// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/godot3_session.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codec/text/json.h"

namespace gdwire {
namespace multiplayer {
namespace godot3 {
namespace {

std::string J(absl::string_view s) {
  return text::ToJson(Variant::String(std::string(s)));
}

std::string NodeName(const NodeRef& n) {
  if (n.source == NodeSource::kUnresolved) {
    return absl::StrCat("<cache ", n.cache_id, ">");
  }
  return n.path;
}

}  // namespace

Session::Session(const SessionOptions& options) : options_(options) {}

absl::Status Session::FeedEnet(int32_t from, int32_t to, int channel,
                               absl::Span<const uint8_t> bytes, Event* event) {
  absl::StatusOr<EnetFrame> f = SplitEnet(channel, bytes);
  if (!f.ok()) return f.status();
  Event ev;
  ev.from = from;
  ev.to = to;
  ev.channel = channel;
  if (f->config) {
    ev.config = true;
    ev.config_message = f->message;
    ev.config_peer = f->peer;
    ev.processed = true;
    *event = std::move(ev);
    return absl::OkStatus();
  }
  ev.source = f->source;
  ev.target = f->target;
  absl::Status st = Run(f->payload, &ev);
  if (st.ok()) *event = std::move(ev);
  return st;
}

absl::Status Session::Feed(int32_t from, int32_t to,
                           absl::Span<const uint8_t> bytes, Event* event) {
  Event ev;
  ev.from = from;
  ev.to = to;
  ev.source = static_cast<uint32_t>(from);
  ev.target = to;
  absl::Status st = Run(bytes, &ev);
  if (st.ok()) *event = std::move(ev);
  return st;
}

absl::Status Session::Run(absl::Span<const uint8_t> bytes, Event* ev) {
  absl::StatusOr<Packet> p = godot3::Decode(bytes, options_.packet);
  if (!p.ok()) return p.status();
  ev->packet = *std::move(p);
  ev->processed = ev->target == ev->to || ev->target == 0 ||
                  (ev->target < -1 && -int64_t{ev->target} != ev->to);
  const Packet& pk = *ev->packet;
  if (const auto* c = std::get_if<RemoteCall>(&pk.body)) {
    Resolve(ev, c->target);
  } else if (const auto* s = std::get_if<RemoteSet>(&pk.body)) {
    Resolve(ev, s->target);
  } else if (const auto* s = std::get_if<SimplifyPath>(&pk.body)) {
    ev->node.source = NodeSource::kInline;
    ev->node.path = s->path;
    ev->node.cache_id = s->cache_id;
    // The receiver that keeps it: the target (a relayed announcement is
    // seen on both hops).
    const int32_t receiver = ev->target > 0 ? ev->target : ev->to;
    if (s->path.size() <= options_.max_path_bytes && options_.max_paths > 0) {
      const Key key(ev->source, receiver, s->cache_id);
      auto it = paths_.find(key);
      if (it != paths_.end()) {
        path_bytes_ += s->path.size() - it->second.first.size();
        it->second.first = s->path;
      } else {
        paths_.emplace(key, std::make_pair(s->path, ++seq_));
        order_.emplace_back(key, seq_);
        path_bytes_ += s->path.size();
      }
      while (paths_.size() > options_.max_paths ||
             path_bytes_ > options_.max_path_bytes) {
        const auto [old, seq] = order_.front();
        order_.pop_front();
        auto o = paths_.find(old);
        if (o == paths_.end() || o->second.second != seq) continue;
        path_bytes_ -= o->second.first.size();
        paths_.erase(o);
      }
    }
  } else if (const auto* c = std::get_if<ConfirmPath>(&pk.body)) {
    ev->node.source = NodeSource::kInline;
    ev->node.path = c->path;
  }
  return absl::OkStatus();
}

void Session::Resolve(Event* ev, const Target& t) {
  if (t.path) {
    ev->node.source = NodeSource::kInline;
    ev->node.path = *t.path;
    return;
  }
  ev->node.cache_id = t.node_id;
  const int32_t receiver = ev->target > 0 ? ev->target : ev->to;
  auto it = paths_.find(Key(ev->source, receiver, t.node_id));
  if (it == paths_.end()) {
    ev->node.source = NodeSource::kUnresolved;
    return;
  }
  ev->node.source = NodeSource::kCache;
  ev->node.path = it->second.first;
}

std::string ToText(const Event& ev) {
  if (ev.config) {
    return absl::StrCat("config ",
                        ev.config_message == EnetFrame::kAddPeer ? "add_peer"
                        : ev.config_message == EnetFrame::kRemovePeer
                            ? "remove_peer"
                            : absl::StrCat("message ", ev.config_message),
                        " ", ev.config_peer);
  }
  if (!ev.packet) return "?";
  std::string body = ToText(*ev.packet, NodeName(ev.node));
  const bool relayed = static_cast<int64_t>(ev.source) != ev.from ||
                       (ev.target > 0 && ev.target != ev.to);
  if (relayed) {
    return absl::StrCat("relay ", ev.source, " -> ", ev.target, ": ", body);
  }
  return body;
}

std::string ToJson(const Event& ev) {
  std::string out = absl::StrCat("{\"from\":", ev.from, ",\"to\":", ev.to,
                                 ",\"channel\":", ev.channel);
  if (ev.config) {
    absl::StrAppend(
        &out, ",\"config\":{\"message\":",
        J(ev.config_message == EnetFrame::kAddPeer      ? "add_peer"
          : ev.config_message == EnetFrame::kRemovePeer ? "remove_peer"
                                                        : "unknown"),
        ",\"peer\":", ev.config_peer, "}}");
    return out;
  }
  if (!ev.packet) return out + "}";
  const Packet& p = *ev.packet;
  absl::StrAppend(&out, ",\"source\":", ev.source, ",\"target\":", ev.target,
                  ",\"processed\":", ev.processed ? "true" : "false",
                  ",\"command\":", J(CommandName(p.command())));
  auto node = [&]() {
    std::string n = absl::StrCat(",\"node\":{\"source\":",
                                 J(NodeSourceName(ev.node.source)));
    if (ev.node.source != NodeSource::kUnresolved) {
      absl::StrAppend(&n, ",\"path\":", J(ev.node.path));
    }
    if (ev.node.source != NodeSource::kInline) {
      absl::StrAppend(&n, ",\"cache_id\":", ev.node.cache_id);
    }
    return n + "}";
  };
  if (const auto* c = std::get_if<RemoteCall>(&p.body)) {
    std::vector<std::string> args;
    for (const Value& v : c->args) args.push_back(text::ToJson(v.value));
    absl::StrAppend(&out, node(), ",\"method\":", J(c->method), ",\"args\":[",
                    absl::StrJoin(args, ","), "]");
  } else if (const auto* s = std::get_if<RemoteSet>(&p.body)) {
    absl::StrAppend(&out, node(), ",\"property\":", J(s->property),
                    ",\"value\":", text::ToJson(s->value.value));
  } else if (const auto* s = std::get_if<SimplifyPath>(&p.body)) {
    absl::StrAppend(&out, ",\"cache_id\":", s->cache_id,
                    ",\"path\":", J(s->path));
  } else if (const auto* c = std::get_if<ConfirmPath>(&p.body)) {
    absl::StrAppend(&out, ",\"path\":", J(c->path));
  } else if (const auto* r = std::get_if<Raw>(&p.body)) {
    absl::StrAppend(&out, ",\"bytes\":", J(absl::BytesToHexString(r->bytes)));
  }
  return out + "}";
}

}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire
