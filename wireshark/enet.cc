// Copyright 2026 The gdwire Authors.

#include "wireshark/enet.h"

#include <cstring>
#include <string>

#include "absl/types/span.h"
#include "codec/enet/datagram.h"
#include "wireshark/common.h"
#include "wireshark/multiplayer.h"

namespace gdwire {
namespace wireshark {
namespace {

int proto_enet = -1;
int hf_peer_id = -1;
int hf_compressed = -1;
int hf_has_sent_time = -1;
int hf_session_id = -1;
int hf_sent_time = -1;
int hf_checksum = -1;
int hf_compression = -1;
int hf_command = -1;
int hf_acknowledge = -1;
int hf_unsequenced = -1;
int hf_channel = -1;
int hf_reliable_seq = -1;
int hf_ack_seq = -1;
int hf_ack_sent_time = -1;
int hf_outgoing_peer_id = -1;
int hf_incoming_session = -1;
int hf_outgoing_session = -1;
int hf_mtu = -1;
int hf_window = -1;
int hf_channel_count = -1;
int hf_in_bandwidth = -1;
int hf_out_bandwidth = -1;
int hf_throttle_interval = -1;
int hf_throttle_accel = -1;
int hf_throttle_decel = -1;
int hf_connect_id = -1;
int hf_connect_data = -1;
int hf_value = -1;
int hf_sequence = -1;
int hf_fragment_count = -1;
int hf_fragment_number = -1;
int hf_total_length = -1;
int hf_fragment_offset = -1;
int hf_data_length = -1;
int hf_data = -1;
// Wireshark's reassembly items.
int hf_fragments = -1;
int hf_fragment = -1;
int hf_fragment_overlap = -1;
int hf_fragment_overlap_conflicts = -1;
int hf_fragment_multiple_tails = -1;
int hf_fragment_too_long = -1;
int hf_fragment_error = -1;
int hf_fragment_count_items = -1;
int hf_reassembled_in = -1;
int hf_reassembled_length = -1;
int hf_reassembled_data = -1;
int ett_enet = -1;
int ett_command = -1;
int ett_fragment = -1;
int ett_fragments = -1;
expert_field ei_malformed = EI_INIT;

dissector_handle_t enet_handle;
reassembly_table fragment_table;

const fragment_items kFragmentItems = {
    &ett_fragment,
    &ett_fragments,
    &hf_fragments,
    &hf_fragment,
    &hf_fragment_overlap,
    &hf_fragment_overlap_conflicts,
    &hf_fragment_multiple_tails,
    &hf_fragment_too_long,
    &hf_fragment_error,
    &hf_fragment_count_items,
    &hf_reassembled_in,
    &hf_reassembled_length,
    &hf_reassembled_data,
    "ENet fragments",
};

const value_string kCommandNames[] = {
    {1, "ACKNOWLEDGE"},
    {2, "CONNECT"},
    {3, "VERIFY_CONNECT"},
    {4, "DISCONNECT"},
    {5, "PING"},
    {6, "SEND_RELIABLE"},
    {7, "SEND_UNRELIABLE"},
    {8, "SEND_FRAGMENT"},
    {9, "SEND_UNSEQUENCED"},
    {10, "BANDWIDTH_LIMIT"},
    {11, "THROTTLE_CONFIGURE"},
    {12, "SEND_UNRELIABLE_FRAGMENT"},
    {0, nullptr},
};

void AddConnect(proto_tree* ct, tvbuff_t* t, int off, int len,
                const enet::ConnectInfo& c, bool connect) {
  proto_tree_add_uint(ct, hf_outgoing_peer_id, t, off, len, c.outgoing_peer_id);
  proto_tree_add_uint(ct, hf_incoming_session, t, off, len,
                      c.incoming_session_id);
  proto_tree_add_uint(ct, hf_outgoing_session, t, off, len,
                      c.outgoing_session_id);
  proto_tree_add_uint(ct, hf_mtu, t, off, len, c.mtu);
  proto_tree_add_uint(ct, hf_window, t, off, len, c.window_size);
  proto_tree_add_uint(ct, hf_channel_count, t, off, len, c.channel_count);
  proto_tree_add_uint(ct, hf_in_bandwidth, t, off, len, c.incoming_bandwidth);
  proto_tree_add_uint(ct, hf_out_bandwidth, t, off, len, c.outgoing_bandwidth);
  proto_tree_add_uint(ct, hf_throttle_interval, t, off, len,
                      c.throttle_interval);
  proto_tree_add_uint(ct, hf_throttle_accel, t, off, len,
                      c.throttle_acceleration);
  proto_tree_add_uint(ct, hf_throttle_decel, t, off, len,
                      c.throttle_deceleration);
  proto_tree_add_uint(ct, hf_connect_id, t, off, len, c.connect_id);
  if (connect) proto_tree_add_uint(ct, hf_connect_data, t, off, len, c.data);
}

// One command under `et`; `t` holds the (decompressed) datagram.
void AddCommand(proto_tree* et, tvbuff_t* t, packet_info* pinfo,
                const enet::Command& c, const uint8_t* base) {
  const int off = static_cast<int>(c.offset);
  const int len = static_cast<int>(c.size);
  const uint8_t type = static_cast<uint8_t>(c.type);
  proto_item* ci = proto_tree_add_uint_format(
      et, hf_command, t, off, len, type, "%s, channel %u, seq %u",
      val_to_str_const(type, kCommandNames, "unknown"), c.channel,
      c.reliable_seq);
  proto_tree* ct = proto_item_add_subtree(ci, ett_command);
  proto_tree_add_boolean(ct, hf_acknowledge, t, off, 1, c.acknowledge);
  proto_tree_add_boolean(ct, hf_unsequenced, t, off, 1, c.unsequenced);
  proto_tree_add_uint(ct, hf_channel, t, off + 1, 1, c.channel);
  proto_tree_add_uint(ct, hf_reliable_seq, t, off + 2, 2, c.reliable_seq);
  switch (c.type) {
    case enet::CommandType::kAcknowledge:
      proto_tree_add_uint(ct, hf_ack_seq, t, off + 4, 2, c.ack_reliable_seq);
      proto_tree_add_uint(ct, hf_ack_sent_time, t, off + 6, 2, c.ack_sent_time);
      break;
    case enet::CommandType::kConnect:
    case enet::CommandType::kVerifyConnect:
      AddConnect(ct, t, off + 4, len - 4, c.connect,
                 c.type == enet::CommandType::kConnect);
      break;
    case enet::CommandType::kDisconnect:
    case enet::CommandType::kBandwidthLimit:
    case enet::CommandType::kThrottleConfigure:
      for (int i = 0; i < 3; ++i) {
        if (c.type == enet::CommandType::kDisconnect && i > 0) break;
        if (c.type == enet::CommandType::kBandwidthLimit && i > 1) break;
        proto_tree_add_uint(ct, hf_value, t, off + 4 + 4 * i, 4, c.value[i]);
      }
      break;
    default:
      break;
  }
  if (c.data.data() == nullptr && c.data.empty()) return;
  const bool fragment = c.type == enet::CommandType::kSendFragment ||
                        c.type == enet::CommandType::kSendUnreliableFragment;
  if (c.type == enet::CommandType::kSendUnreliable ||
      c.type == enet::CommandType::kSendUnsequenced || fragment) {
    proto_tree_add_uint(ct, hf_sequence, t, off + 4, 2, c.sequence);
  }
  if (fragment) {
    proto_tree_add_uint(ct, hf_fragment_count, t, off + 8, 4, c.fragment_count);
    proto_tree_add_uint(ct, hf_fragment_number, t, off + 12, 4,
                        c.fragment_number);
    proto_tree_add_uint(ct, hf_total_length, t, off + 16, 4, c.total_length);
    proto_tree_add_uint(ct, hf_fragment_offset, t, off + 20, 4,
                        c.fragment_offset);
  }
  const int data_off = static_cast<int>(c.data.data() - base);
  const int data_len = static_cast<int>(c.data.size());
  proto_tree_add_uint(ct, hf_data_length, t, data_off, 0,
                      static_cast<uint32_t>(data_len));
  if (data_len > 0) {
    proto_tree_add_item(ct, hf_data, t, data_off, data_len, ENC_NA);
  }
  if (fragment && c.total_length > 0 &&
      c.fragment_offset + static_cast<uint64_t>(data_len) <= c.total_length) {
    // Put back together by Wireshark; the key: direction (addresses and
    // ports), channel, send kind, start sequence number.
    const guint32 id =
        (c.type == enet::CommandType::kSendUnreliableFragment ? 1u << 31 : 0u) |
        (guint32{c.channel} << 16) | c.sequence;
    const bool more = c.fragment_offset + data_len != c.total_length;
    fragment_head* head =
        fragment_add_check(&fragment_table, t, data_off, pinfo, id, nullptr,
                           c.fragment_offset, data_len, more);
    process_reassembled_data(t, data_off, pinfo, "Reassembled ENet packet",
                             head, &kFragmentItems, nullptr, ct);
  }
}

int DissectEnet(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
  col_set_str(pinfo->cinfo, COL_PROTOCOL, "ENet");
  col_clear(pinfo->cinfo, COL_INFO);
  int len = 0;
  const uint8_t* bytes = Bytes(tvb, 0, &len);
  const absl::Span<const uint8_t> payload(bytes, static_cast<size_t>(len));
  conversation_t* conv = find_or_create_conversation(pinfo);
  const uint64_t header_bytes =
      pinfo->fd->pkt_len > static_cast<guint32>(len)
          ? pinfo->fd->pkt_len - static_cast<guint32>(len)
          : 0;
  if (len == static_cast<int>(tvb_reported_length(tvb))) {
    FeedEnet(pinfo, conv->conv_index + 1, payload, header_bytes);
  }
  proto_item* top = proto_tree_add_item(tree, proto_enet, tvb, 0, -1, ENC_NA);
  proto_tree* et = proto_item_add_subtree(top, ett_enet);
  // Parsed here for the tree (stateless; one Datagram reused, Wireshark
  // dissects one packet at a time); the multiplayer decoding above follows
  // the flow.
  static enet::Datagram datagram;
  enet::Datagram* d = &datagram;
  enet::ParseOptions po;
  const absl::Status st = enet::ParseDatagram(payload, po, d);
  if (!st.ok()) {
    const std::string m(st.message());
    expert_add_info_format(pinfo, top, &ei_malformed, "%s", m.c_str());
    col_add_str(pinfo->cinfo, COL_INFO, m.c_str());
    ShowEvents(tvb, pinfo, tree);
    return tvb_captured_length(tvb);
  }
  tvbuff_t* t = tvb;
  const uint8_t* base = bytes;
  if (d->compressed && !d->storage.empty() &&
      d->decompressed_size <= d->storage.size()) {
    // The decompressed datagram: its first decompressed_size bytes (the
    // buffer behind it is larger).
    const size_t n = d->decompressed_size;
    auto* copy =
        static_cast<uint8_t*>(wmem_memdup(pinfo->pool, d->storage.data(), n));
    t = tvb_new_child_real_data(tvb, copy, static_cast<guint>(n),
                                static_cast<gint>(n));
    add_new_data_source(pinfo, t, "Decompressed ENet");
    // Command::data points into d->storage: same offsets in `copy`.
    base = d->storage.data();
  }
  const int hlen = d->has_sent_time ? 4 : 2;
  proto_tree_add_uint(et, hf_peer_id, tvb, 0, 2, d->peer_id);
  proto_tree_add_boolean(et, hf_compressed, tvb, 0, 2, d->compressed);
  proto_tree_add_boolean(et, hf_has_sent_time, tvb, 0, 2, d->has_sent_time);
  proto_tree_add_uint(et, hf_session_id, tvb, 0, 2, d->session_id);
  if (d->has_sent_time && len >= 4) {
    proto_tree_add_uint(et, hf_sent_time, tvb, 2, 2, d->sent_time);
  }
  if (d->has_checksum && len >= hlen + 4) {
    proto_tree_add_uint(et, hf_checksum, tvb, hlen, 4, d->checksum);
  }
  if (d->compressed) {
    const std::string c(enet::CompressionName(d->compression));
    proto_tree_add_string(et, hf_compression, tvb, 0, 2, c.c_str());
  }
  for (const enet::Command& c : d->commands) {
    col_append_sep_str(pinfo->cinfo, COL_INFO, ", ",
                       val_to_str_const(static_cast<guint32>(c.type),
                                        kCommandNames, "unknown"));
    if (et != nullptr) AddCommand(et, t, pinfo, c, base);
  }
  if (!d->tail.ok()) {
    const std::string m = d->tail.ToString();
    expert_add_info_format(pinfo, top, &ei_malformed, "%s", m.c_str());
  }
  ShowEvents(tvb, pinfo, tree);
  return tvb_captured_length(tvb);
}

gboolean HeuristicEnet(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree,
                       void* data) {
  int len = 0;
  const uint8_t* bytes = Bytes(tvb, 0, &len);
  if (bytes == nullptr ||
      !EnetClaims(pinfo,
                  absl::MakeConstSpan(bytes, static_cast<size_t>(len)))) {
    return FALSE;
  }
  conversation_set_dissector(find_or_create_conversation(pinfo), enet_handle);
  DissectEnet(tvb, pinfo, tree, data);
  return TRUE;
}

void ApplyPrefs() { SetEnetPorts(prefs_get_range_value("enet", "udp.port")); }

}  // namespace

void RegisterEnet() {
  proto_enet =
      proto_register_protocol("ENet (Godot's ENetConnection)", "ENet", "enet");
#define U(hf, name, abbr, type, base)                             \
  {                                                               \
    &hf, { name, abbr, type, base, nullptr, 0x0, nullptr, HFILL } \
  }
  static hf_register_info hf[] = {
      U(hf_peer_id, "Peer id", "enet.peer_id", FT_UINT16, BASE_DEC),
      U(hf_compressed, "Compressed", "enet.compressed", FT_BOOLEAN, BASE_NONE),
      U(hf_has_sent_time, "Has sent time", "enet.has_sent_time", FT_BOOLEAN,
        BASE_NONE),
      U(hf_session_id, "Session id", "enet.session_id", FT_UINT8, BASE_DEC),
      U(hf_sent_time, "Sent time", "enet.sent_time", FT_UINT16, BASE_DEC),
      U(hf_checksum, "Checksum", "enet.checksum", FT_UINT32, BASE_HEX),
      U(hf_compression, "Compression", "enet.compression", FT_STRING,
        BASE_NONE),
      {&hf_command,
       {"Command", "enet.command", FT_UINT8, BASE_DEC, VALS(kCommandNames), 0x0,
        nullptr, HFILL}},
      U(hf_acknowledge, "Acknowledge flag", "enet.command.acknowledge",
        FT_BOOLEAN, BASE_NONE),
      U(hf_unsequenced, "Unsequenced flag", "enet.command.unsequenced",
        FT_BOOLEAN, BASE_NONE),
      U(hf_channel, "Channel", "enet.channel", FT_UINT8, BASE_DEC),
      U(hf_reliable_seq, "Reliable sequence number", "enet.reliable_seq",
        FT_UINT16, BASE_DEC),
      U(hf_ack_seq, "Received reliable sequence number", "enet.ack.seq",
        FT_UINT16, BASE_DEC),
      U(hf_ack_sent_time, "Received sent time", "enet.ack.sent_time", FT_UINT16,
        BASE_DEC),
      U(hf_outgoing_peer_id, "Outgoing peer id", "enet.connect.peer_id",
        FT_UINT16, BASE_DEC),
      U(hf_incoming_session, "Incoming session id",
        "enet.connect.incoming_session", FT_UINT8, BASE_DEC),
      U(hf_outgoing_session, "Outgoing session id",
        "enet.connect.outgoing_session", FT_UINT8, BASE_DEC),
      U(hf_mtu, "MTU", "enet.connect.mtu", FT_UINT32, BASE_DEC),
      U(hf_window, "Window size", "enet.connect.window_size", FT_UINT32,
        BASE_DEC),
      U(hf_channel_count, "Channel count", "enet.connect.channel_count",
        FT_UINT32, BASE_DEC),
      U(hf_in_bandwidth, "Incoming bandwidth", "enet.connect.in_bandwidth",
        FT_UINT32, BASE_DEC),
      U(hf_out_bandwidth, "Outgoing bandwidth", "enet.connect.out_bandwidth",
        FT_UINT32, BASE_DEC),
      U(hf_throttle_interval, "Packet throttle interval",
        "enet.connect.throttle_interval", FT_UINT32, BASE_DEC),
      U(hf_throttle_accel, "Packet throttle acceleration",
        "enet.connect.throttle_acceleration", FT_UINT32, BASE_DEC),
      U(hf_throttle_decel, "Packet throttle deceleration",
        "enet.connect.throttle_deceleration", FT_UINT32, BASE_DEC),
      U(hf_connect_id, "Connect id", "enet.connect.id", FT_UINT32, BASE_HEX),
      U(hf_connect_data, "Data (Godot 4: the client's multiplayer id)",
        "enet.connect.data", FT_UINT32, BASE_DEC),
      U(hf_value, "Value", "enet.value", FT_UINT32, BASE_DEC),
      U(hf_sequence, "Unreliable / unsequenced / start sequence number",
        "enet.sequence", FT_UINT16, BASE_DEC),
      U(hf_fragment_count, "Fragment count", "enet.fragment.count", FT_UINT32,
        BASE_DEC),
      U(hf_fragment_number, "Fragment number", "enet.fragment.number",
        FT_UINT32, BASE_DEC),
      U(hf_total_length, "Total length", "enet.fragment.total_length",
        FT_UINT32, BASE_DEC),
      U(hf_fragment_offset, "Fragment offset", "enet.fragment.offset",
        FT_UINT32, BASE_DEC),
      U(hf_data_length, "Data length", "enet.data_length", FT_UINT32, BASE_DEC),
      U(hf_data, "Data", "enet.data", FT_BYTES, BASE_NONE),
      U(hf_fragments, "Fragments", "enet.fragments", FT_NONE, BASE_NONE),
      U(hf_fragment, "Fragment", "enet.fragments.fragment", FT_FRAMENUM,
        BASE_NONE),
      U(hf_fragment_overlap, "Overlap", "enet.fragments.overlap", FT_BOOLEAN,
        BASE_NONE),
      U(hf_fragment_overlap_conflicts, "Overlapping data differs",
        "enet.fragments.overlap.conflicts", FT_BOOLEAN, BASE_NONE),
      U(hf_fragment_multiple_tails, "Multiple tails",
        "enet.fragments.multiple_tails", FT_BOOLEAN, BASE_NONE),
      U(hf_fragment_too_long, "Fragment too long",
        "enet.fragments.too_long_fragment", FT_BOOLEAN, BASE_NONE),
      U(hf_fragment_error, "Reassembly error", "enet.fragments.error",
        FT_FRAMENUM, BASE_NONE),
      U(hf_fragment_count_items, "Fragment count", "enet.fragments.count",
        FT_UINT32, BASE_DEC),
      U(hf_reassembled_in, "Reassembled in", "enet.reassembled_in", FT_FRAMENUM,
        BASE_NONE),
      U(hf_reassembled_length, "Reassembled length", "enet.reassembled.length",
        FT_UINT32, BASE_DEC),
      U(hf_reassembled_data, "Reassembled data", "enet.reassembled.data",
        FT_BYTES, BASE_NONE),
  };
#undef U
  static gint* ett[] = {&ett_enet, &ett_command, &ett_fragment, &ett_fragments};
  static ei_register_info ei[] = {
      {&ei_malformed,
       {"enet.malformed", PI_MALFORMED, PI_ERROR,
        "ENet datagram that does not read", EXPFILL}},
  };
  proto_register_field_array(proto_enet, hf, G_N_ELEMENTS(hf));
  proto_register_subtree_array(ett, G_N_ELEMENTS(ett));
  expert_module_t* em = expert_register_protocol(proto_enet);
  expert_register_field_array(em, ei, G_N_ELEMENTS(ei));
  prefs_register_protocol(proto_enet, ApplyPrefs);
  reassembly_table_register(&fragment_table,
                            &addresses_ports_reassembly_table_functions);
  enet_handle = register_dissector("enet", DissectEnet, proto_enet);
}

void HandoffEnet() {
  dissector_add_uint_range_with_preference("udp.port", "", enet_handle);
  heur_dissector_add("udp", HeuristicEnet, "ENet over UDP (Godot)", "enet_udp",
                     proto_enet, HEURISTIC_ENABLE);
  ApplyPrefs();
}

}  // namespace wireshark
}  // namespace gdwire
