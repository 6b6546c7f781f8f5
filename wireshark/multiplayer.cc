// Copyright 2026 The gdwire Authors.

#include "wireshark/multiplayer.h"

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/capture/net_reader.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "wireshark/common.h"
#include "wireshark/value_tree.h"

namespace gdwire {
namespace wireshark {
namespace {

int proto_godotmp = -1;
int hf_event = -1;
int hf_kind = -1;
int hf_text = -1;
int hf_node = -1;
int hf_method = -1;
int hf_src = -1;
int hf_dst = -1;
int hf_src_peer = -1;
int hf_dst_peer = -1;
int hf_channel = -1;
int hf_enet_channel = -1;
int hf_delivery = -1;
int hf_connection = -1;
int hf_index = -1;
int hf_payload_bytes = -1;
int hf_values = -1;
int hf_problem = -1;
int ett_godotmp = -1;
int ett_event = -1;
int ett_values = -1;
expert_field ei_problem = EI_INIT;
expert_field ei_manifest = EI_INIT;

// What one frame completed.
struct Stored {
  std::vector<capture::NetEvent> events;
  std::vector<std::string> problems;
};

// One capture file's decoding, from Wireshark's init routine (a file is
// opened, or dissection starts again) to its cleanup routine.
struct State {
  std::unique_ptr<multiplayer::FileManifest> manifest;
  std::string manifest_error;
  std::unique_ptr<capture::NetReader> reader;
  // What each frame completed, attached to the frame (p_add_proto_data:
  // it stays with the frame when tshark -2 -R renumbers them).
  std::deque<Stored> stored;
  packet_info* feeding = nullptr;  // the frame being fed
};

State* g_state = nullptr;
Stored* StoredOf(packet_info* pinfo, bool make);
std::vector<uint16_t> g_enet_ports;

void Init() {
  delete g_state;
  g_state = new State;
  capture::CaptureOptions o;
  o.decode = DecodeOpts();
  o.enet_ports = g_enet_ports;
  o.net_json = false;
  o.net_variants = true;
  const char* path = settings().manifest;
  if (path != nullptr && path[0] != '\0') {
    auto m = multiplayer::LoadManifest(path);
    if (m.ok()) {
      g_state->manifest = *std::move(m);
      o.manifest = g_state->manifest.get();
    } else {
      g_state->manifest_error = std::string(m.status().message());
    }
  }
  State* s = g_state;
  o.on_net_event = [s](const capture::NetEvent& e) {
    Stored* cur = StoredOf(s->feeding, true);
    cur->events.push_back(e);
    // Kept for every event of the file: the values' texts are not shown
    // (their trees are, and the event's text), so they are not kept.
    for (capture::NetEvent::Values& g : cur->events.back().values) {
      std::vector<std::string>().swap(g.texts);
    }
  };
  g_state->reader =
      std::make_unique<capture::NetReader>(o, [s](const capture::Problem& p) {
        StoredOf(s->feeding, true)
            ->problems.push_back(
                absl::StrCat(capture::ProblemKindName(p.kind), ": ", p.text));
      });
}

void Cleanup() {
  delete g_state;
  g_state = nullptr;
}

State* state() {
  if (g_state == nullptr) Init();
  return g_state;
}

// The frame's Stored, made at its first feed.
Stored* StoredOf(packet_info* pinfo, bool make) {
  auto* st = static_cast<Stored*>(
      p_get_proto_data(wmem_file_scope(), pinfo, proto_godotmp, 1));
  if (st == nullptr && make) {
    State* s = state();
    s->stored.emplace_back();
    st = &s->stored.back();
    p_add_proto_data(wmem_file_scope(), pinfo, proto_godotmp, 1, st);
  }
  return st;
}

}  // namespace

void SetEnetPorts(range_t* ports) {
  g_enet_ports.clear();
  if (ports == nullptr) return;
  for (guint i = 0; i < ports->nranges; ++i) {
    for (guint32 p = ports->ranges[i].low;
         p <= ports->ranges[i].high && p <= 0xFFFF; ++p) {
      g_enet_ports.push_back(static_cast<uint16_t>(p));
    }
  }
}

bool EnetClaims(const packet_info* pinfo, absl::Span<const uint8_t> payload) {
  return state()->reader->ClaimsDatagram(Source(pinfo), Destination(pinfo),
                                         payload);
}

void FeedEnet(packet_info* pinfo, uint64_t flow,
              absl::Span<const uint8_t> payload, uint64_t header_bytes) {
  State* s = state();
  // Once per dissection of the frame (packet scope: tshark -2 -R gives a
  // frame that its read filter drops the number of the next one).
  if (PINFO_FD_VISITED(pinfo) || pinfo->flags.in_error_pkt ||
      p_get_proto_data(pinfo->pool, pinfo, proto_godotmp, 2) != nullptr) {
    return;
  }
  p_add_proto_data(pinfo->pool, pinfo, proto_godotmp, 2, GINT_TO_POINTER(1));
  s->feeding = pinfo;
  s->reader->Datagram(Time(pinfo), flow, Source(pinfo), Destination(pinfo),
                      payload, header_bytes);
}

void* FeedWsPeerId(packet_info* pinfo, uint64_t connection, uint32_t client_id,
                   uint64_t wire_bytes) {
  State* s = state();
  if (PINFO_FD_VISITED(pinfo)) return nullptr;
  s->feeding = pinfo;
  // The server sends the id: the destination is the client.
  s->reader->WebSocketPeerId(Time(pinfo), connection, Destination(pinfo),
                             Source(pinfo), client_id, wire_bytes);
  return StoredOf(pinfo, false);
}

void MoveEvents(void* from, packet_info* to) {
  auto* f = static_cast<Stored*>(from);
  if (f == nullptr || PINFO_FD_VISITED(to)) return;
  Stored* t = StoredOf(to, true);
  if (t == f) return;
  t->events.insert(t->events.begin(), f->events.begin(), f->events.end());
  t->problems.insert(t->problems.begin(), f->problems.begin(),
                     f->problems.end());
  DropEvents(from);
}

void DropEvents(void* from) {
  auto* f = static_cast<Stored*>(from);
  if (f == nullptr) return;
  f->events.clear();
  f->problems.clear();
}

bool IsMultiplayerPacket(absl::Span<const uint8_t> message) {
  multiplayer::PacketOptions o;
  o.values = DecodeOpts();
  o.keep_values = false;
  absl::StatusOr<multiplayer::Packet> p = multiplayer::Decode(message, o);
  // A raw packet is any bytes behind one command byte: not proof enough.
  return p.ok() && p->command() != multiplayer::Command::kRaw;
}

void FeedWsMessage(packet_info* pinfo, uint64_t connection, bool from_client,
                   uint32_t client_id, absl::Span<const uint8_t> message,
                   uint64_t wire_bytes) {
  State* s = state();
  if (PINFO_FD_VISITED(pinfo)) return;
  s->feeding = pinfo;
  const capture::Endpoint src = Source(pinfo), dst = Destination(pinfo);
  s->reader->WebSocketMessage(Time(pinfo), connection, from_client ? src : dst,
                              from_client ? dst : src, from_client, client_id,
                              message, wire_bytes);
}

void ShowEvents(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree) {
  // Once per frame and pass (a frame may carry several WebSocket messages).
  if (p_get_proto_data(pinfo->pool, pinfo, proto_godotmp, 0) != nullptr) {
    return;
  }
  p_add_proto_data(pinfo->pool, pinfo, proto_godotmp, 0, GINT_TO_POINTER(1));
  State* s = state();
  const Stored* found = StoredOf(pinfo, false);
  if (found == nullptr || (found->events.empty() && found->problems.empty())) {
    return;
  }
  const Stored& st = *found;
  col_set_str(pinfo->cinfo, COL_PROTOCOL, "GodotMP");
  if (!st.events.empty()) col_clear(pinfo->cinfo, COL_INFO);
  const Dialect dialect = CurrentDialect();
  proto_item* top = proto_tree_add_item(tree, proto_godotmp, tvb, 0, 0, ENC_NA);
  proto_tree* mt = proto_item_add_subtree(top, ett_godotmp);
  if (!s->manifest_error.empty()) {
    expert_add_info_format(pinfo, top, &ei_manifest, "manifest: %s",
                           s->manifest_error.c_str());
  }
  for (const capture::NetEvent& e : st.events) {
    col_append_sep_str(pinfo->cinfo, COL_INFO, " | ",
                       capture::OneLine(e.text).c_str());
    if (mt == nullptr) continue;
    proto_item* ei = proto_tree_add_string_format(
        mt, hf_event, tvb, 0, 0, e.text.c_str(), "%s", e.text.c_str());
    proto_tree* et = proto_item_add_subtree(ei, ett_event);
    proto_tree_add_string(et, hf_kind, tvb, 0, 0, e.kind.c_str());
    proto_tree_add_string(et, hf_text, tvb, 0, 0, e.text.c_str());
    if (!e.node.empty()) {
      proto_tree_add_string(et, hf_node, tvb, 0, 0, e.node.c_str());
    }
    if (!e.method.empty()) {
      proto_tree_add_string(et, hf_method, tvb, 0, 0, e.method.c_str());
    }
    const std::string src = e.src.ToString(), dst = e.dst.ToString();
    proto_tree_add_string(et, hf_src, tvb, 0, 0, src.c_str());
    proto_tree_add_string(et, hf_dst, tvb, 0, 0, dst.c_str());
    proto_tree_add_uint(et, hf_src_peer, tvb, 0, 0, e.src_peer);
    proto_tree_add_uint(et, hf_dst_peer, tvb, 0, 0, e.dst_peer);
    if (e.channel >= 0) {
      proto_tree_add_int(et, hf_channel, tvb, 0, 0, e.channel);
    }
    if (e.enet_channel >= 0) {
      proto_tree_add_int(et, hf_enet_channel, tvb, 0, 0, e.enet_channel);
    }
    if (!e.delivery.empty()) {
      const std::string d(e.delivery);
      proto_tree_add_string(et, hf_delivery, tvb, 0, 0, d.c_str());
    }
    proto_tree_add_uint64(et, hf_connection, tvb, 0, 0, e.connection);
    proto_tree_add_uint64(et, hf_index, tvb, 0, 0, e.index);
    proto_tree_add_uint64(et, hf_payload_bytes, tvb, 0, 0, e.payload_bytes);
    for (const capture::NetEvent::Values& g : e.values) {
      if (g.variants.empty()) continue;
      const std::string label = g.node.empty()
                                    ? std::string("Values")
                                    : absl::StrCat("Values of ", g.node);
      proto_item* vi = proto_tree_add_string_format(
          et, hf_values, tvb, 0, 0, g.node.c_str(), "%s (%zu)", label.c_str(),
          g.variants.size());
      proto_tree* vt = proto_item_add_subtree(vi, ett_values);
      for (size_t i = 0; i < g.variants.size(); ++i) {
        const std::string l = absl::StrCat("[", i, "]");
        AddValueTree(vt, tvb, 0, 0, g.variants[i], dialect, l.c_str());
      }
    }
  }
  for (const std::string& p : st.problems) {
    proto_item* pi =
        proto_tree_add_string(mt, hf_problem, tvb, 0, 0, p.c_str());
    expert_add_info_format(pinfo, pi, &ei_problem, "%s", p.c_str());
    if (st.events.empty()) {
      col_append_sep_str(pinfo->cinfo, COL_INFO, " | ", p.c_str());
    }
  }
}

void RegisterMultiplayer() {
  proto_godotmp = proto_register_protocol(
      "Godot high-level multiplayer (SceneMultiplayer)", "GodotMP", "godotmp");
  static hf_register_info hf[] = {
      {&hf_event,
       {"Event", "godotmp.event", FT_STRING, BASE_NONE, nullptr, 0x0,
        "One multiplayer event, as gdwire capture prints it", HFILL}},
      {&hf_kind,
       {"Kind", "godotmp.kind", FT_STRING, BASE_NONE, nullptr, 0x0,
        "connect, accept, rpc, simplify_path, confirm_path, spawn, sync, "
        "raw, relay, sys_..., disconnect",
        HFILL}},
      {&hf_text,
       {"Text", "godotmp.text", FT_STRING, BASE_NONE, nullptr, 0x0,
        "The event as one line (values as var_to_str)", HFILL}},
      {&hf_node,
       {"Node", "godotmp.node", FT_STRING, BASE_NONE, nullptr, 0x0,
        "Node path (from the path cache when the packet names a cache id)",
        HFILL}},
      {&hf_method,
       {"Method", "godotmp.method", FT_STRING, BASE_NONE, nullptr, 0x0,
        "RPC method or property (#N without the manifest)", HFILL}},
      {&hf_src,
       {"Source", "godotmp.src", FT_STRING, BASE_NONE, nullptr, 0x0,
        "The sending end (address:port): an event completed by another "
        "direction's packet (a WebSocket peer id) names its own",
        HFILL}},
      {&hf_dst,
       {"Destination", "godotmp.dst", FT_STRING, BASE_NONE, nullptr, 0x0,
        nullptr, HFILL}},
      {&hf_src_peer,
       {"Source peer", "godotmp.src_peer", FT_UINT32, BASE_DEC, nullptr, 0x0,
        "Multiplayer id of the sender (1: the server; 0: not known)", HFILL}},
      {&hf_dst_peer,
       {"Destination peer", "godotmp.dst_peer", FT_UINT32, BASE_DEC, nullptr,
        0x0, nullptr, HFILL}},
      {&hf_channel,
       {"Channel", "godotmp.channel", FT_INT32, BASE_DEC, nullptr, 0x0,
        "The game's transfer channel", HFILL}},
      {&hf_enet_channel,
       {"ENet channel", "godotmp.enet_channel", FT_INT32, BASE_DEC, nullptr,
        0x0, nullptr, HFILL}},
      {&hf_delivery,
       {"Delivery", "godotmp.delivery", FT_STRING, BASE_NONE, nullptr, 0x0,
        "reliable, unreliable, unreliable_ordered", HFILL}},
      {&hf_connection,
       {"Connection", "godotmp.connection", FT_UINT64, BASE_DEC, nullptr, 0x0,
        nullptr, HFILL}},
      {&hf_index,
       {"Index", "godotmp.index", FT_UINT64, BASE_DEC, nullptr, 0x0,
        "Event number in this direction, from 0", HFILL}},
      {&hf_payload_bytes,
       {"Payload bytes", "godotmp.payload_bytes", FT_UINT64, BASE_DEC, nullptr,
        0x0, nullptr, HFILL}},
      {&hf_values,
       {"Values", "godotmp.values", FT_STRING, BASE_NONE, nullptr, 0x0,
        "Arguments, spawn state or a synchronizer's values", HFILL}},
      {&hf_problem,
       {"Problem", "godotmp.problem", FT_STRING, BASE_NONE, nullptr, 0x0,
        nullptr, HFILL}},
  };
  static gint* ett[] = {&ett_godotmp, &ett_event, &ett_values};
  static ei_register_info ei[] = {
      {&ei_problem,
       {"godotmp.problem.expert", PI_MALFORMED, PI_WARN,
        "Multiplayer packet that does not decode", EXPFILL}},
      {&ei_manifest,
       {"godotmp.manifest.expert", PI_PROTOCOL, PI_WARN,
        "The manifest preference does not load", EXPFILL}},
  };
  proto_register_field_array(proto_godotmp, hf, G_N_ELEMENTS(hf));
  proto_register_subtree_array(ett, G_N_ELEMENTS(ett));
  expert_module_t* em = expert_register_protocol(proto_godotmp);
  expert_register_field_array(em, ei, G_N_ELEMENTS(ei));
  register_init_routine(Init);
  register_cleanup_routine(Cleanup);
}

}  // namespace wireshark
}  // namespace gdwire
