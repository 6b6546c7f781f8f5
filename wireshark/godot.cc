// Copyright 2026 The gdwire Authors.

#include "wireshark/godot.h"

#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codec/capture/net_reader.h"
#include "codec/enet/datagram.h"
#include "codec/error.h"
#include "codec/frame/framing.h"
#include "codec/gdwire.h"
#include "codec/stream/value_reader.h"
#include "codec/text/text.h"
#include "codec/wire.h"
#include "wireshark/common.h"
#include "wireshark/multiplayer.h"
#include "wireshark/value_tree.h"

namespace gdwire {
namespace wireshark {
namespace {

int proto_godot = -1;
int hf_transport = -1;
int hf_length = -1;
int hf_text = -1;
int hf_error = -1;
int hf_error_kind = -1;
int hf_error_offset = -1;
int hf_error_path = -1;
int ett_godot = -1;
int ett_error = -1;
expert_field ei_decode = EI_INIT;
expert_field ei_length = EI_INIT;

dissector_handle_t tcp_handle;
dissector_handle_t udp_handle;
dissector_handle_t ws_handle;
// WebSocket connections on these ports are Godot's (godot.ws.port).
range_t* ws_ports = nullptr;

// gdwire capture's CaptureOptions::max_message_bytes.
constexpr uint32_t kMaxMessage = 64u << 20;
// A heuristic claims a TCP connection only under this length.
constexpr uint32_t kMaxHeuristicMessage = 16u << 20;

// What the plugin knows of a WebSocket connection (file scope, plain data).
struct WsConnection {
  enum Mode : uint8_t {
    kUnknown,
    kPutVar,
    kCandidate,  // the server's first message was a peer id
    kMultiplayer
  } mode = kUnknown;
  bool claimed = false;  // a put_var message decoded
  uint32_t client_id = 0;
  void* greeting = nullptr;  // the id message's events (multiplayer.h)
};

// Decodes bytes [offset, offset + len) of tvb as one value and shows it.
// Returns whether it decoded.
// `start`: where the message begins (its StreamPeer prefix, if any).
bool ShowValue(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, int start,
               int offset, int len, const char* transport) {
  int have = 0;
  const uint8_t* bytes = Bytes(tvb, offset, &have);
  if (have > len) have = len;
  absl::StatusOr<Variant> v = absl::InvalidArgumentError("no bytes");
  if (have == len) {
    v = gdwire::Decode(absl::MakeConstSpan(bytes, static_cast<size_t>(have)),
                       DecodeOpts());
  }
  const int item_len = tvb_captured_length_remaining(tvb, start);
  proto_item* top =
      proto_tree_add_item(tree, proto_godot, tvb, start, item_len, ENC_NA);
  proto_tree* gt = proto_item_add_subtree(top, ett_godot);
  proto_item* ti =
      proto_tree_add_string(gt, hf_transport, tvb, 0, 0, transport);
  proto_item_set_generated(ti);
  if (offset - start == 4) {
    proto_tree_add_uint(gt, hf_length, tvb, start, 4,
                        static_cast<uint32_t>(len));
  }
  if (v.ok()) {
    const std::string text = text::ToText(*v, CurrentDialect());
    col_append_sep_str(pinfo->cinfo, COL_INFO, " | ",
                       capture::OneLine(text).c_str());
    proto_item_append_text(top, ", %s", TypeName(v->type()).data());
    if (gt != nullptr) {
      proto_tree_add_string(gt, hf_text, tvb, offset, have, text.c_str());
      AddValueTree(gt, tvb, offset, have, *v, CurrentDialect(), "Value");
    }
    return true;
  }
  Error e = ErrorFromStatus(v.status());
  if (have < len) {
    e = Error(ErrorKind::kTruncated, static_cast<uint64_t>(have), "$",
              "the capture holds only part of the message");
  }
  const std::string msg = e.ToString();
  col_append_sep_str(pinfo->cinfo, COL_INFO, " | ", ("[" + msg + "]").c_str());
  proto_item* ei =
      proto_tree_add_string(gt, hf_error, tvb, offset, have, msg.c_str());
  expert_add_info_format(pinfo, ei, &ei_decode, "%s", msg.c_str());
  proto_tree* et = proto_item_add_subtree(ei, ett_error);
  const std::string kind(ErrorKindName(e.kind));
  proto_tree_add_string(et, hf_error_kind, tvb, 0, 0, kind.c_str());
  proto_tree_add_uint64(et, hf_error_offset, tvb, 0, 0, e.offset);
  proto_tree_add_string(et, hf_error_path, tvb, 0, 0, e.path.c_str());
  return false;
}

uint32_t Prefix(tvbuff_t* tvb, int offset) {
  return settings().big_endian ? tvb_get_ntohl(tvb, offset)
                               : tvb_get_letohl(tvb, offset);
}

guint PduLength(packet_info*, tvbuff_t* tvb, int offset, void*) {
  const uint32_t n = Prefix(tvb, offset);
  if (n > kMaxMessage) {
    // Not followed: the rest of the segment is shown as the error.
    return static_cast<guint>(tvb_reported_length_remaining(tvb, offset));
  }
  return n + 4;
}

int DissectTcpPdu(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
  const int len = tvb_reported_length(tvb);
  const uint32_t n = Prefix(tvb, 0);
  if (n > kMaxMessage) {
    proto_item* top =
        proto_tree_add_item(tree, proto_godot, tvb, 0, len, ENC_NA);
    expert_add_info_format(pinfo, top, &ei_length,
                           "length prefix %u over the %u-byte limit: the "
                           "StreamPeer framing is not followed",
                           n, kMaxMessage);
    col_append_sep_str(pinfo->cinfo, COL_INFO, " | ",
                       "[length prefix over the limit]");
    return len;
  }
  ShowValue(tvb, pinfo, tree, 0, 4, static_cast<int>(n), "tcp");
  return len;
}

int DissectTcp(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree,
               void* data) {
  col_set_str(pinfo->cinfo, COL_PROTOCOL, "Godot");
  col_clear(pinfo->cinfo, COL_INFO);
  tcp_dissect_pdus(tvb, pinfo, tree, TRUE, 4, PduLength, DissectTcpPdu, data);
  return tvb_captured_length(tvb);
}

int DissectUdp(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
  col_set_str(pinfo->cinfo, COL_PROTOCOL, "Godot");
  col_clear(pinfo->cinfo, COL_INFO);
  const int len = tvb_reported_length(tvb);
  ShowValue(tvb, pinfo, tree, 0, 0, len, "udp");
  return tvb_captured_length(tvb);
}

// The heuristics' first test of a value's header (u32 at `p`): what an
// engine writes has the type in bits 0-7 and its flags in bits 16-19
// (ENCODE_FLAG_64, OBJECT_AS_ID, typed containers) and nothing else. The
// engines' decoders ignore the other bits, so random bytes often decode:
// a heuristic asks for more than they do.
bool PlausibleHeader(const uint8_t* p) {
  constexpr uint32_t kWritten = wire::kTypeMask |
                                wire::kKindMask << wire::kDictKeyKindShift |
                                wire::kKindMask << wire::kDictValueKindShift;
  return (wire::LoadU32(p) & ~kWritten) == 0;
}

// A whole message decodes to one value (and looks like an engine's).
bool Decodes(tvbuff_t* tvb, packet_info* pinfo) {
  int len = 0;
  const uint8_t* bytes = Bytes(tvb, 0, &len);
  if (len < 4 || len % 4 != 0 ||
      len != static_cast<int>(tvb_reported_length(tvb)) ||
      !PlausibleHeader(bytes)) {
    return false;
  }
  return gdwire::Decode(absl::MakeConstSpan(bytes, static_cast<size_t>(len)),
                        DecodeOpts())
      .ok();
}

gboolean HeuristicTcp(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree,
                      void* data) {
  int len = 0;
  if (tvb_captured_length(tvb) < 4) return FALSE;
  const uint32_t n = Prefix(tvb, 0);
  if (n < 4 || n % 4 != 0 || n > kMaxHeuristicMessage) return FALSE;
  if (tvb_captured_length(tvb) < 8) {
    // Godot sends the prefix and the value in two segments: decide when
    // the value's first bytes are here too (asked of TCP's reassembly; the
    // heuristics run again on both segments together).
    if (!pinfo->can_desegment) return FALSE;
    pinfo->desegment_offset = 0;
    pinfo->desegment_len = DESEGMENT_ONE_MORE_SEGMENT;
    return TRUE;
  }
  const uint8_t* bytes = Bytes(tvb, 0, &len);
  if (!PlausibleHeader(bytes + 4)) return FALSE;
  {
    // The segment's messages so far decode (the last may be cut off).
    FrameOptions framing;
    framing.framing = Framing::kStream;
    framing.big_endian = settings().big_endian;
    framing.max_frame_bytes = kMaxHeuristicMessage;
    stream::ValueReader reader(DecodeOpts(), framing);
    std::vector<Variant> values;
    if (!reader
             .Feed(absl::MakeConstSpan(bytes, static_cast<size_t>(len)),
                   &values)
             .ok()) {
      return FALSE;
    }
  }
  conversation_t* conv = find_or_create_conversation(pinfo);
  conversation_set_dissector(conv, tcp_handle);
  DissectTcp(tvb, pinfo, tree, data);
  return TRUE;
}

gboolean HeuristicUdp(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree,
                      void* data) {
  int len = 0;
  const uint8_t* bytes = Bytes(tvb, 0, &len);
  if (bytes == nullptr ||
      enet::LooksLikeEnetConnect(
          absl::MakeConstSpan(bytes, static_cast<size_t>(len))) ||
      !Decodes(tvb, pinfo)) {
    return FALSE;
  }
  conversation_t* conv = find_or_create_conversation(pinfo);
  conversation_set_dissector(conv, udp_handle);
  DissectUdp(tvb, pinfo, tree, data);
  return TRUE;
}

// A WebSocket binary message: put_var, or WebSocketMultiplayerPeer.
// `any`: claim it even when it does not decode (a port or Decode As).
bool Ws(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, bool any) {
  conversation_t* conv = find_or_create_conversation(pinfo);
  auto* c = static_cast<WsConnection*>(
      conversation_get_proto_data(conv, proto_godot));
  if (c == nullptr) {
    c = wmem_new0(wmem_file_scope(), WsConnection);
    conversation_add_proto_data(conv, proto_godot, c);
  }
  struct tcp_analysis* tcpd = get_tcp_conversation_data(conv, pinfo);
  const bool from_server =
      tcpd != nullptr && tcpd->server_port != 0 &&
      pinfo->srcport == static_cast<guint32>(tcpd->server_port);
  const uint64_t connection = tcpd != nullptr ? tcpd->stream + 1 : 0;
  int len = 0;
  const uint8_t* bytes = Bytes(tvb, 0, &len);
  const absl::Span<const uint8_t> msg(bytes, static_cast<size_t>(len));
  if (!PINFO_FD_VISITED(pinfo)) {
    if (c->mode == WsConnection::kUnknown) {
      // As gdwire capture: the connection's first message decides, and a
      // peer id from the server makes it WebSocketMultiplayerPeer; here
      // only once the next message is a SceneMultiplayer packet.
      uint32_t id = 0;
      if (from_server && capture::NetReader::IsWebSocketPeerId(msg, &id)) {
        c->mode = WsConnection::kCandidate;
        c->client_id = id;
        c->greeting =
            FeedWsPeerId(pinfo, connection, id, tvb_reported_length(tvb));
        return false;
      }
      c->mode = WsConnection::kPutVar;
    } else if (c->mode == WsConnection::kCandidate) {
      if (IsMultiplayerPacket(msg)) {
        c->mode = WsConnection::kMultiplayer;
        MoveEvents(c->greeting, pinfo);
      } else {
        c->mode = WsConnection::kPutVar;
        DropEvents(c->greeting);
      }
      c->greeting = nullptr;
    }
    if (c->mode == WsConnection::kMultiplayer) {
      FeedWsMessage(pinfo, connection, !from_server, c->client_id, msg,
                    tvb_reported_length(tvb));
    }
  }
  if (c->mode == WsConnection::kMultiplayer) {
    ShowEvents(tvb, pinfo, tree);
    return true;
  }
  if (!any && !c->claimed && !Decodes(tvb, pinfo)) return false;
  c->claimed = true;
  col_set_str(pinfo->cinfo, COL_PROTOCOL, "Godot");
  if (p_get_proto_data(pinfo->pool, pinfo, proto_godot, 0) == nullptr) {
    // The frame's first message: the Info column is ours.
    col_clear(pinfo->cinfo, COL_INFO);
    p_add_proto_data(pinfo->pool, pinfo, proto_godot, 0, GINT_TO_POINTER(1));
  }
  ShowValue(tvb, pinfo, tree, 0, 0, len, "ws");
  return true;
}

int DissectWs(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
  Ws(tvb, pinfo, tree, true);
  return tvb_captured_length(tvb);
}

// Wireshark hands WebSocket payloads to the "ws" heuristics (its ws.port
// table is looked up with the port of the last port match, not the
// connection's): the port preference is applied here.
gboolean HeuristicWs(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree,
                     void*) {
  const bool port =
      ws_ports != nullptr && (value_is_in_range(ws_ports, pinfo->srcport) ||
                              value_is_in_range(ws_ports, pinfo->destport));
  return Ws(tvb, pinfo, tree, port) ? TRUE : FALSE;
}

void ApplyPrefs() {}

}  // namespace

void RegisterGodot() {
  proto_godot =
      proto_register_protocol("Godot Variant (put_var)", "Godot", "godot");
  static hf_register_info hf[] = {
      {&hf_transport,
       {"Transport", "godot.transport", FT_STRING, BASE_NONE, nullptr, 0x0,
        "tcp (StreamPeer), udp (PacketPeerUDP) or ws (WebSocketPeer)", HFILL}},
      {&hf_length,
       {"Length", "godot.length", FT_UINT32, BASE_DEC, nullptr, 0x0,
        "StreamPeer length prefix", HFILL}},
      {&hf_text,
       {"Text", "godot.text", FT_STRING, BASE_NONE, nullptr, 0x0,
        "The value as the engine's var_to_str text", HFILL}},
      {&hf_error,
       {"Error", "godot.error", FT_STRING, BASE_NONE, nullptr, 0x0,
        "Why the message is not a valid value", HFILL}},
      {&hf_error_kind,
       {"Kind", "godot.error.kind", FT_STRING, BASE_NONE, nullptr, 0x0, nullptr,
        HFILL}},
      {&hf_error_offset,
       {"Offset", "godot.error.offset", FT_UINT64, BASE_DEC, nullptr, 0x0,
        "Byte of the value where the error was found", HFILL}},
      {&hf_error_path,
       {"Path", "godot.error.path", FT_STRING, BASE_NONE, nullptr, 0x0,
        "Where in the value: $, $[3], $[\"key\"], ...", HFILL}},
  };
  static gint* ett[] = {&ett_godot, &ett_error};
  static ei_register_info ei[] = {
      {&ei_decode,
       {"godot.error.expert", PI_MALFORMED, PI_ERROR, "Not a valid Godot value",
        EXPFILL}},
      {&ei_length,
       {"godot.length.expert", PI_MALFORMED, PI_ERROR,
        "StreamPeer length prefix over the limit", EXPFILL}},
  };
  proto_register_field_array(proto_godot, hf, G_N_ELEMENTS(hf));
  proto_register_subtree_array(ett, G_N_ELEMENTS(ett));
  expert_module_t* em = expert_register_protocol(proto_godot);
  expert_register_field_array(em, ei, G_N_ELEMENTS(ei));
  RegisterValueFields(proto_godot);

  module_t* m = prefs_register_protocol(proto_godot, ApplyPrefs);
  static const enum_val_t dialects[] = {
      {"godot3", "Godot 3.x", 0},
      {"godot4", "Godot 4.x", 1},
      {"pandemonium", "Pandemonium 5.x", 2},
      {"pandemonium4", "Pandemonium 4.x", 3},
      {nullptr, nullptr, 0},
  };
  prefs_register_enum_preference(m, "dialect", "Dialect",
                                 "Which engine wrote the values",
                                 &settings().dialect, dialects, FALSE);
  prefs_register_bool_preference(
      m, "allow_objects", "Decode full Objects",
      "Off, as in Godot: an encoded Object is an error",
      &settings().allow_objects);
  prefs_register_bool_preference(
      m, "big_endian", "Big-endian StreamPeer prefixes",
      "StreamPeer.big_endian was set", &settings().big_endian);
  prefs_register_filename_preference(
      m, "manifest", "Game manifest",
      "The game's manifest (gdwire manifest PROJECT_DIR): RPC method and "
      "synchronized property names",
      &settings().manifest, FALSE);
  ws_ports = range_empty(wmem_epan_scope());
  prefs_register_range_preference(
      m, "ws.port", "WebSocket ports",
      "WebSocket connections on these ports carry Godot values (or "
      "WebSocketMultiplayerPeer packets), also those that do not decode",
      &ws_ports, 65535);

  tcp_handle = register_dissector("godot.tcp", DissectTcp, proto_godot);
  udp_handle = register_dissector("godot.udp", DissectUdp, proto_godot);
  ws_handle = register_dissector("godot.ws", DissectWs, proto_godot);
  RegisterMultiplayer();
}

void HandoffGodot() {
  dissector_add_uint_range_with_preference("tcp.port", "", tcp_handle);
  dissector_add_uint_range_with_preference("udp.port", "", udp_handle);
  heur_dissector_add("tcp", HeuristicTcp, "Godot put_var over TCP", "godot_tcp",
                     proto_godot, HEURISTIC_ENABLE);
  heur_dissector_add("udp", HeuristicUdp, "Godot put_var over UDP", "godot_udp",
                     proto_godot, HEURISTIC_ENABLE);
  heur_dissector_add("ws", HeuristicWs, "Godot over WebSocket", "godot_ws",
                     proto_godot, HEURISTIC_ENABLE);
}

}  // namespace wireshark
}  // namespace gdwire
