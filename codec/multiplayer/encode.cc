// Copyright 2026 The gdwire Authors.
//
// Encode(): the inverse of decode.cc, byte for byte.

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "codec/multiplayer/internal/values.h"
#include "codec/multiplayer/packet.h"

namespace gdwire {
namespace multiplayer {
namespace {

using internal::EncodeValue;
using internal::MakeError;
using internal::PutU16;
using internal::PutU32;
using internal::PutU64;

Error Invalid(const std::string& path, absl::string_view why) {
  return MakeError(ErrorKind::kInvalidArgument, 0, path, why);
}

Error PutValues(const std::vector<Value>& values, const std::string& path,
                std::string* out) {
  for (size_t i = 0; i < values.size(); ++i) {
    Error e = EncodeValue(values[i], absl::StrCat(path, "[", i, "]"), out);
    if (!e.ok()) return e;
  }
  return {};
}

Error PutCall(const RemoteCall& c, uint8_t spare, const std::string& p,
              std::string* out) {
  const size_t start = out->size();
  uint8_t node_bytes = c.node_id_bytes;
  if (c.path) {
    if (node_bytes != 0 && node_bytes != 4) {
      return Invalid(p + ".node_id", "an inline path needs a 32-bit node id");
    }
    node_bytes = 4;
  } else {
    if (c.node_id & 0x80000000u) {
      return Invalid(p + ".node_id", "node id bit 31 set without a path");
    }
    if (node_bytes == 0) {
      node_bytes = c.node_id <= 0xFF ? 1 : c.node_id <= 0xFFFF ? 2 : 4;
    }
    if (node_bytes != 1 && node_bytes != 2 && node_bytes != 4) {
      return Invalid(p + ".node_id", "node id width is 1, 2 or 4 bytes");
    }
    if (node_bytes < 4 && c.node_id >> (8 * node_bytes) != 0) {
      return Invalid(p + ".node_id", "node id too wide for its width");
    }
  }
  uint8_t method_bytes = c.method_id_bytes;
  if (method_bytes == 0) method_bytes = c.method_id <= 0xFF ? 1 : 2;
  if (method_bytes != 1 && method_bytes != 2) {
    return Invalid(p + ".method_id", "method id width is 1 or 2 bytes");
  }
  if (method_bytes == 1 && c.method_id > 0xFF) {
    return Invalid(p + ".method_id", "method id too wide for 8 bits");
  }
  if (c.byte_only && (!c.args.empty() || !c.args_tail.empty())) {
    return Invalid(p + ".args", "byte_only calls carry raw_args only");
  }
  if (!c.byte_only && !c.raw_args.empty()) {
    return Invalid(p + ".raw_args", "raw_args need byte_only");
  }
  if (c.args.size() > 255) {
    return Invalid(p + ".args", "more than 255 arguments");
  }
  const int node_code = node_bytes == 1 ? 0 : node_bytes == 2 ? 1 : 2;
  out->push_back(static_cast<char>((spare & 0x08) | node_code << 4 |
                                   (method_bytes == 2 ? 0x40 : 0) |
                                   (c.byte_only ? 0x80 : 0)));
  const size_t node_at = out->size();
  if (node_bytes == 1) {
    out->push_back(static_cast<char>(c.node_id));
  } else if (node_bytes == 2) {
    PutU16(static_cast<uint16_t>(c.node_id), out);
  } else {
    PutU32(c.node_id, out);
  }
  if (method_bytes == 1) {
    out->push_back(static_cast<char>(c.method_id));
  } else {
    PutU16(c.method_id, out);
  }
  if (c.byte_only) {
    out->append(c.raw_args);
  } else {
    out->push_back(static_cast<char>(c.args.size()));
    Error e = PutValues(c.args, p + ".args", out);
    if (!e.ok()) return e;
    out->append(c.args_tail);
  }
  if (c.path) {
    const uint64_t ofs = out->size() - start;
    if (ofs > 0x7FFFFFFF) return Invalid(p + ".path", "packet too large");
    std::string id;
    PutU32(0x80000000u | static_cast<uint32_t>(ofs), &id);
    out->replace(node_at, 4, id);
    out->append(*c.path);
    out->append(c.path_tail);
  }
  return {};
}

Error PutSpawn(const Spawn& s, const std::string& p, std::string* out) {
  if (s.name.size() + s.name_tail.size() == 0) {
    return Invalid(p + ".name", "a spawn needs a name");
  }
  if ((s.scene_id == Spawn::kCustomScene) != s.custom_arg.has_value()) {
    return Invalid(p + ".custom_arg",
                   "a custom argument goes with scene id 255, only");
  }
  out->push_back(static_cast<char>(s.scene_id));
  PutU32(s.spawner_cache_id, out);
  PutU32(s.net_id, out);
  PutU32(static_cast<uint32_t>(s.sync_net_ids.size()), out);
  PutU32(static_cast<uint32_t>(s.name.size() + s.name_tail.size()), out);
  for (uint32_t id : s.sync_net_ids) PutU32(id, out);
  out->append(s.name);
  out->append(s.name_tail);
  if (s.custom_arg) {
    const size_t size_at = out->size();
    PutU32(0, out);
    Error e = EncodeValue(*s.custom_arg, p + ".custom_arg", out);
    if (!e.ok()) return e;
    out->append(s.custom_arg_tail);
    std::string size;
    PutU32(static_cast<uint32_t>(out->size() - size_at - 4), &size);
    out->replace(size_at, 4, size);
  }
  return PutValues(s.state, p + ".state", out);
}

Error PutSync(const Sync& s, const std::string& p, std::string* out) {
  if (!s.delta) PutU16(s.time, out);
  for (size_t i = 0; i < s.blocks.size(); ++i) {
    const SyncBlock& b = s.blocks[i];
    PutU32(b.net_id, out);
    if (s.delta) PutU64(b.mask, out);
    const size_t size_at = out->size();
    PutU32(0, out);
    Error e =
        PutValues(b.values, absl::StrCat(p, ".blocks[", i, "].values"), out);
    if (!e.ok()) return e;
    std::string size;
    PutU32(static_cast<uint32_t>(out->size() - size_at - 4), &size);
    out->replace(size_at, 4, size);
  }
  out->append(s.tail);
  return {};
}

Error PutPacket(const Packet& packet, bool nested, const std::string& prefix,
                std::string* out);

Error PutSys(const Sys& s, const std::string& p, std::string* out) {
  out->push_back(static_cast<char>(s.sys));
  if (s.sys == SysCommand::kAuth) {
    out->append(s.data);
    return {};
  }
  PutU32(static_cast<uint32_t>(s.peer), out);
  if (s.sys != SysCommand::kRelay) {
    out->append(s.data);
    return {};
  }
  if (!s.relayed) return Invalid(p + ".relayed", "a relay needs a packet");
  if (!s.data.empty()) return Invalid(p + ".data", "a relay has no data");
  return PutPacket(*s.relayed, /*nested=*/true, "relay.", out);
}

Error PutPacket(const Packet& packet, bool nested, const std::string& prefix,
                std::string* out) {
  const Command cmd = packet.command();
  const std::string p = absl::StrCat(prefix, CommandName(cmd));
  uint8_t spare_mask = 0xF8;
  if (cmd == Command::kRemoteCall) spare_mask = 0x08;
  if (cmd == Command::kSync) spare_mask = 0xE8;
  if (packet.spare_bits & ~spare_mask) {
    return Invalid(p, "spare_bits overlap the command's flags");
  }
  if (cmd == Command::kRemoteCall) {
    return PutCall(std::get<RemoteCall>(packet.body), packet.spare_bits, p,
                   out);
  }
  uint8_t head = static_cast<uint8_t>(cmd) | packet.spare_bits;
  switch (cmd) {
    case Command::kSimplifyPath: {
      const SimplifyPath& s = std::get<SimplifyPath>(packet.body);
      if (s.checksum.size() != 32) {
        return Invalid(p + ".checksum", "the checksum is 32 hex digits");
      }
      out->push_back(static_cast<char>(head));
      out->append(s.checksum);
      out->push_back(static_cast<char>(s.checksum_end));
      PutU32(s.cache_id, out);
      out->append(s.path);
      out->append(s.path_tail);
      return {};
    }
    case Command::kConfirmPath: {
      const ConfirmPath& c = std::get<ConfirmPath>(packet.body);
      out->push_back(static_cast<char>(head));
      out->push_back(static_cast<char>(c.valid));
      PutU32(c.cache_id, out);
      return {};
    }
    case Command::kRaw: {
      const Raw& r = std::get<Raw>(packet.body);
      if (r.bytes.empty()) return Invalid(p, "a raw packet has bytes");
      out->push_back(static_cast<char>(head));
      out->append(r.bytes);
      return {};
    }
    case Command::kSpawn:
      out->push_back(static_cast<char>(head));
      return PutSpawn(std::get<Spawn>(packet.body), p, out);
    case Command::kDespawn: {
      const Despawn& d = std::get<Despawn>(packet.body);
      out->push_back(static_cast<char>(head));
      PutU32(d.net_id, out);
      out->append(d.tail);
      return {};
    }
    case Command::kSync: {
      const Sync& s = std::get<Sync>(packet.body);
      out->push_back(static_cast<char>(head | (s.delta ? 0x10 : 0)));
      return PutSync(s, p, out);
    }
    case Command::kSys:
      if (nested) return Invalid(p, "a relay of a sys packet");
      out->push_back(static_cast<char>(head));
      return PutSys(std::get<Sys>(packet.body), p, out);
    case Command::kRemoteCall:
      break;
  }
  return {};
}

}  // namespace

absl::Status EncodeTo(const Packet& packet, std::string* out) {
  const size_t size = out->size();
  Error e = PutPacket(packet, /*nested=*/false, "", out);
  if (!e.ok()) {
    out->resize(size);
    return e.ToStatus();
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> Encode(const Packet& packet) {
  std::string out;
  absl::Status st = EncodeTo(packet, &out);
  if (!st.ok()) return st;
  return out;
}

}  // namespace multiplayer
}  // namespace gdwire
