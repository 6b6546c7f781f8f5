// Copyright 2026 The gdwire Authors.

#include "tools/cli/net_profile.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

namespace {

void AddTo(NetProfile::Row* r, const capture::NetEvent& e) {
  ++r->packets;
  r->payload += e.payload_bytes;
  r->enet += e.enet_bytes;
  r->transport += e.transport_bytes;
}

std::vector<std::pair<std::string, NetProfile::Row>> Sorted(
    const std::map<std::string, NetProfile::Row>& t) {
  std::vector<std::pair<std::string, NetProfile::Row>> v(t.begin(), t.end());
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return a.second.total() > b.second.total();
  });
  return v;
}

std::string RowText(const std::string& name, const NetProfile::Row& r) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%9llu %12llu %10llu %10llu %12llu  ",
                static_cast<unsigned long long>(r.packets),
                static_cast<unsigned long long>(r.payload),
                static_cast<unsigned long long>(r.enet),
                static_cast<unsigned long long>(r.transport),
                static_cast<unsigned long long>(r.total()));
  return absl::StrCat(buf, name, "\n");
}

std::string RowJson(const NetProfile::Row& r) {
  return absl::StrCat("{\"packets\":", r.packets, ",\"payload\":", r.payload,
                      ",\"enet\":", r.enet, ",\"transport\":", r.transport,
                      ",\"total\":", r.total(), "}");
}

}  // namespace

void NetProfile::Add(const capture::NetEvent& e) {
  if (e.channel < 0) return;  // connect, accept, disconnect: ENet's own
  AddTo(&total_, e);
  AddTo(&by_kind_[e.kind], e);
  const std::string node = e.node.empty() ? "(unknown node)" : e.node;
  if (e.kind == "rpc") {
    AddTo(&by_method_[absl::StrCat(node, ".", e.method)], e);
  }
  if (e.kind == "rpc" || e.kind == "sync" || e.kind == "spawn" ||
      e.kind == "despawn") {
    AddTo(&by_node_[node], e);
  }
  if (e.kind == "sync") AddTo(&by_sync_[node], e);
  AddTo(&by_peer_[absl::StrCat(e.src_peer, " -> ", e.dst_peer)], e);
}

void NetProfile::SetWire(uint64_t datagrams, uint64_t udp_payload_bytes,
                         uint64_t transport_bytes) {
  auto minus = [](uint64_t a, uint64_t b) { return a > b ? a - b : 0; };
  wire_known_ = true;
  control_.packets = datagrams;  // datagrams, not packets: see Text()
  control_.enet = minus(udp_payload_bytes, total_.payload + total_.enet);
  control_.transport = minus(transport_bytes, total_.transport);
}

std::string NetProfile::Text() const {
  std::string out;
  const char* head =
      "  packets payload_bytes enet_bytes udp_ip_bytes  total_bytes  ";
  auto table = [&](const char* title, const Table& t) {
    if (t.empty()) return;
    absl::StrAppend(&out, "\n", head, title, "\n");
    for (const auto& kv : Sorted(t)) out += RowText(kv.first, kv.second);
  };
  absl::StrAppend(&out, head, "all multiplayer packets\n");
  out +=
      RowText("packets (payload as the engine's profiler counts it)", total_);
  if (wire_known_) {
    Row control = control_;
    control.packets = 0;
    out += RowText("ENet's own (acks, pings, handshake, resends)", control);
    Row all = total_;
    all.packets = control_.packets;
    all.enet += control_.enet;
    all.transport += control_.transport;
    out += RowText("everything on the wire (count: UDP datagrams)", all);
  }
  table("by kind", by_kind_);
  table("by RPC method", by_method_);
  table("by node", by_node_);
  table("by synchronizer", by_sync_);
  table("by peer (multiplayer ids)", by_peer_);
  return out;
}

std::string NetProfile::Json() const {
  std::string out = absl::StrCat("{\"packets\":", RowJson(total_),
                                 ",\"control\":", RowJson(control_));
  auto table = [&](const char* name, const Table& t) {
    absl::StrAppend(&out, ",\"", name, "\":{");
    bool first = true;
    for (const auto& kv : Sorted(t)) {
      if (!first) out.push_back(',');
      first = false;
      JsonString(kv.first, &out);
      absl::StrAppend(&out, ":", RowJson(kv.second));
    }
    out.push_back('}');
  };
  table("by_kind", by_kind_);
  table("by_method", by_method_);
  table("by_node", by_node_);
  table("by_sync", by_sync_);
  table("by_peer", by_peer_);
  out.push_back('}');
  return out;
}

}  // namespace cli
}  // namespace gdwire
