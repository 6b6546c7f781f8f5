// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/text.h"

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codec/text/json.h"
#include "codec/text/text.h"

namespace gdwire {
namespace multiplayer {
namespace {

// var_to_str, on one line (its Dictionaries span several).
std::string V(const Variant& v, const TextOptions& o) {
  std::string s;
  const auto* known = o.value_texts;
  auto it = known != nullptr ? known->find(&v) : decltype(known->end())();
  if (known != nullptr && it != known->end()) {
    s = it->second;
  } else {
    s = text::ToText(v, Dialect::kGodot4);
  }
  for (char& c : s) {
    if (c == '\n') c = ' ';
  }
  return s;
}

std::string Hex(absl::string_view bytes, size_t max) {
  if (max != 0 && bytes.size() > max) {
    return absl::StrCat(absl::BytesToHexString(bytes.substr(0, max)), "...");
  }
  return absl::BytesToHexString(bytes);
}

std::string Values(const std::vector<Value>& values, const TextOptions& o) {
  std::vector<std::string> parts;
  parts.reserve(values.size());
  for (const Value& v : values) parts.push_back(V(v.value, o));
  return absl::StrJoin(parts, ", ");
}

Variant BytesVariant(const std::string& s) {
  return Variant::PackedBytes(std::vector<uint8_t>(s.begin(), s.end()));
}

std::string NodeText(const NodeRef& n) {
  switch (n.source) {
    case NodeSource::kInline:
    case NodeSource::kCache:
    case NodeSource::kSpawned:
      return n.path.empty() ? std::string(".") : n.path;
    case NodeSource::kUnresolved:
      if (n.net_id != 0 && !(n.net_id & 0x80000000u)) {
        return absl::StrCat("<net ", n.net_id, ">");
      }
      return absl::StrCat("<cache ", n.cache_id, ">");
    case NodeSource::kNone:
      break;
  }
  return "?";
}

std::string Body(const Event& ev, const Packet& p, const TextOptions& o) {
  switch (p.command()) {
    case Command::kRemoteCall: {
      const RemoteCall& c = std::get<RemoteCall>(p.body);
      std::string method =
          ev.method ? *ev.method : absl::StrCat("method #", c.method_id);
      std::string args =
          c.byte_only ? (c.raw_args.empty() ? std::string()
                                            : V(BytesVariant(c.raw_args), o))
                      : Values(c.args, o);
      return absl::StrCat("rpc ", NodeText(ev.node), ".", method, "(", args,
                          ")");
    }
    case Command::kSimplifyPath: {
      const SimplifyPath& s = std::get<SimplifyPath>(p.body);
      return absl::StrCat("simplify_path ", s.cache_id, " = ",
                          s.path.empty() ? "." : s.path, " (checksum ",
                          absl::CHexEscape(s.checksum), ")");
    }
    case Command::kConfirmPath: {
      const ConfirmPath& c = std::get<ConfirmPath>(p.body);
      return absl::StrCat("confirm_path ", c.cache_id, " ", NodeText(ev.node),
                          c.valid ? " valid" : " checksum mismatch");
    }
    case Command::kRaw: {
      const Raw& r = std::get<Raw>(p.body);
      return absl::StrCat("raw ", r.bytes.size(), " bytes ",
                          Hex(r.bytes, o.max_hex_bytes));
    }
    case Command::kSpawn: {
      const Spawn& s = std::get<Spawn>(p.body);
      std::string out = absl::StrCat("spawn ", s.name, " net ", s.net_id,
                                     " by ", NodeText(ev.node));
      if (s.custom_arg) {
        absl::StrAppend(&out, " custom(", V(s.custom_arg->value, o), ")");
      } else {
        absl::StrAppend(&out, " scene ", s.scene_id);
      }
      absl::StrAppend(&out, " syncs [", absl::StrJoin(s.sync_net_ids, ", "),
                      "] state(", Values(s.state, o), ")");
      return out;
    }
    case Command::kDespawn: {
      const Despawn& d = std::get<Despawn>(p.body);
      std::string out = absl::StrCat("despawn net ", d.net_id);
      if (ev.node.source == NodeSource::kSpawned) {
        absl::StrAppend(&out, " ", ev.node.path);
      }
      return out;
    }
    case Command::kSync: {
      const Sync& s = std::get<Sync>(p.body);
      std::string out =
          s.delta ? "sync delta [" : absl::StrCat("sync time ", s.time, " [");
      for (size_t i = 0; i < s.blocks.size(); ++i) {
        const SyncBlock& b = s.blocks[i];
        if (i) out += "; ";
        const NodeRef* n =
            i < ev.sync_nodes.size() ? &ev.sync_nodes[i] : nullptr;
        absl::StrAppend(&out, n ? NodeText(*n) : "?", " net ",
                        b.net_id & 0x7FFFFFFFu);
        if (s.delta) absl::StrAppend(&out, " mask 0x", absl::Hex(b.mask));
        out += ":";
        for (size_t j = 0; j < b.values.size(); ++j) {
          out += j ? ", " : " ";
          if (i < ev.sync_properties.size() &&
              j < ev.sync_properties[i].size() &&
              !ev.sync_properties[i][j].empty()) {
            absl::StrAppend(&out, ev.sync_properties[i][j], "=");
          }
          out += V(b.values[j].value, o);
        }
      }
      out += "]";
      return out;
    }
    case Command::kSys: {
      const Sys& s = std::get<Sys>(p.body);
      switch (s.sys) {
        case SysCommand::kAuth:
          return s.data.empty()
                     ? std::string("sys auth complete")
                     : absl::StrCat("sys auth ", s.data.size(), " bytes ",
                                    Hex(s.data, o.max_hex_bytes));
        case SysCommand::kAddPeer:
        case SysCommand::kDelPeer:
          return absl::StrCat("sys ", SysCommandName(s.sys), " ", s.peer);
        case SysCommand::kRelay:
          if (!s.relayed) return "relay ?";
          return absl::StrCat("relay ", ev.origin, " -> ", ev.target, ": ",
                              Body(ev, *s.relayed, o));
      }
    }
  }
  return "?";
}

std::string J(absl::string_view s) {
  return text::ToJson(Variant::String(std::string(s)));
}

std::string ValuesJson(const std::vector<Value>& values) {
  std::vector<std::string> parts;
  parts.reserve(values.size());
  for (const Value& v : values) parts.push_back(text::ToJson(v.value));
  return absl::StrCat("[", absl::StrJoin(parts, ","), "]");
}

std::string NodeJson(const NodeRef& n) {
  std::string out = absl::StrCat("{\"source\":", J(NodeSourceName(n.source)));
  if (n.source != NodeSource::kUnresolved) {
    absl::StrAppend(&out, ",\"path\":", J(n.path));
  }
  if (n.source == NodeSource::kCache ||
      (n.source == NodeSource::kUnresolved && n.net_id == 0)) {
    absl::StrAppend(&out, ",\"cache_id\":", n.cache_id);
  }
  if (n.net_id != 0) absl::StrAppend(&out, ",\"net_id\":", n.net_id);
  return out + "}";
}

std::string BodyJson(const Event& ev, const Packet& p) {
  std::string out = absl::StrCat("\"command\":", J(CommandName(p.command())));
  switch (p.command()) {
    case Command::kRemoteCall: {
      const RemoteCall& c = std::get<RemoteCall>(p.body);
      absl::StrAppend(&out, ",\"node\":", NodeJson(ev.node),
                      ",\"method_id\":", c.method_id);
      if (ev.method) absl::StrAppend(&out, ",\"method\":", J(*ev.method));
      if (c.byte_only) {
        absl::StrAppend(
            &out, ",\"raw_args\":", J(absl::BytesToHexString(c.raw_args)));
      } else {
        absl::StrAppend(&out, ",\"args\":", ValuesJson(c.args));
      }
      break;
    }
    case Command::kSimplifyPath: {
      const SimplifyPath& s = std::get<SimplifyPath>(p.body);
      absl::StrAppend(&out, ",\"cache_id\":", s.cache_id,
                      ",\"path\":", J(s.path), ",\"checksum\":", J(s.checksum));
      break;
    }
    case Command::kConfirmPath: {
      const ConfirmPath& c = std::get<ConfirmPath>(p.body);
      absl::StrAppend(&out, ",\"cache_id\":", c.cache_id,
                      ",\"valid\":", c.valid ? "true" : "false",
                      ",\"node\":", NodeJson(ev.node));
      break;
    }
    case Command::kRaw:
      absl::StrAppend(&out, ",\"bytes\":",
                      J(absl::BytesToHexString(std::get<Raw>(p.body).bytes)));
      break;
    case Command::kSpawn: {
      const Spawn& s = std::get<Spawn>(p.body);
      absl::StrAppend(&out, ",\"spawner\":", NodeJson(ev.node),
                      ",\"scene_id\":", s.scene_id, ",\"net_id\":", s.net_id,
                      ",\"name\":", J(s.name), ",\"sync_net_ids\":[",
                      absl::StrJoin(s.sync_net_ids, ","), "]");
      if (s.custom_arg) {
        absl::StrAppend(&out,
                        ",\"custom_arg\":", text::ToJson(s.custom_arg->value));
      }
      absl::StrAppend(&out, ",\"state\":", ValuesJson(s.state));
      break;
    }
    case Command::kDespawn:
      absl::StrAppend(&out, ",\"net_id\":", std::get<Despawn>(p.body).net_id,
                      ",\"node\":", NodeJson(ev.node));
      break;
    case Command::kSync: {
      const Sync& s = std::get<Sync>(p.body);
      absl::StrAppend(&out, ",\"delta\":", s.delta ? "true" : "false");
      if (!s.delta) absl::StrAppend(&out, ",\"time\":", s.time);
      out += ",\"blocks\":[";
      for (size_t i = 0; i < s.blocks.size(); ++i) {
        const SyncBlock& b = s.blocks[i];
        if (i) out += ",";
        absl::StrAppend(&out, "{\"net_id\":", b.net_id);
        if (s.delta) absl::StrAppend(&out, ",\"mask\":", b.mask);
        if (i < ev.sync_nodes.size()) {
          absl::StrAppend(&out, ",\"node\":", NodeJson(ev.sync_nodes[i]));
        }
        absl::StrAppend(&out, ",\"values\":", ValuesJson(b.values));
        if (i < ev.sync_properties.size() && !ev.sync_properties[i].empty()) {
          std::vector<std::string> names;
          for (const std::string& n : ev.sync_properties[i]) {
            names.push_back(n.empty() ? "null" : J(n));
          }
          absl::StrAppend(&out, ",\"properties\":[", absl::StrJoin(names, ","),
                          "]");
        }
        out += "}";
      }
      out += "]";
      break;
    }
    case Command::kSys: {
      const Sys& s = std::get<Sys>(p.body);
      absl::StrAppend(&out, ",\"sys\":", J(SysCommandName(s.sys)));
      if (s.sys != SysCommand::kAuth) {
        absl::StrAppend(&out, ",\"peer\":", s.peer);
      }
      if (s.sys != SysCommand::kRelay) {
        absl::StrAppend(&out, ",\"data\":", J(absl::BytesToHexString(s.data)));
      } else if (s.relayed) {
        absl::StrAppend(&out, ",\"origin\":", ev.origin,
                        ",\"target\":", ev.target, ",\"relayed\":{",
                        BodyJson(ev, *s.relayed), "}");
      }
      break;
    }
  }
  return out;
}

}  // namespace

std::string ToText(const Event& event, const TextOptions& options) {
  std::string out;
  if (options.hop) {
    out =
        absl::StrCat(event.from, " -> ", event.to, " ch ", event.channel, ": ");
  }
  out += Body(event, event.packet, options);
  return out;
}

std::string ToJson(const Event& event) {
  return absl::StrCat("{\"from\":", event.from, ",\"to\":", event.to,
                      ",\"channel\":", event.channel, ",",
                      BodyJson(event, event.packet), "}");
}

}  // namespace multiplayer
}  // namespace gdwire
