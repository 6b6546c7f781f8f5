// Copyright 2026 The gdwire Authors.
//
// Decode(): the byte layouts of packet.h, every size checked before use.

#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/multiplayer/internal/values.h"
#include "codec/multiplayer/packet.h"

namespace gdwire {
namespace multiplayer {
namespace {

using internal::DecodeValue;
using internal::DecodeValues;
using internal::MakeError;
using internal::Reader;

constexpr uint8_t kCmdMask = 0x07;
constexpr uint8_t kSpareBit3 = 0x08;

// Splits text at its first NUL: the text, and the bytes from the NUL on.
void SplitCString(std::string bytes, std::string* text, std::string* tail) {
  const size_t nul = bytes.find('\0');
  if (nul == std::string::npos) {
    *text = std::move(bytes);
    tail->clear();
  } else {
    *tail = bytes.substr(nul);
    bytes.resize(nul);
    *text = std::move(bytes);
  }
}

class PacketDecoder {
 public:
  PacketDecoder(Reader* r, const PacketOptions& o, std::string prefix)
      : r_(*r), o_(o), prefix_(std::move(prefix)) {}

  Error Run(bool nested, Packet* out);

 private:
  std::string P(absl::string_view field) const {
    return absl::StrCat(prefix_, name_, field);
  }
  Error Need(size_t n, absl::string_view field = "") const {
    return r_.Need(n, P(field));
  }
  Error Bad(ErrorKind kind, size_t pos, absl::string_view field,
            absl::string_view detail) const {
    return MakeError(kind, r_.abs(pos), P(field), detail);
  }

  Error RemoteCallBody(uint8_t head, RemoteCall* c);
  Error SimplifyBody(SimplifyPath* s);
  Error ConfirmBody(ConfirmPath* c);
  Error SpawnBody(Spawn* s);
  Error SyncBody(uint8_t head, Sync* s);
  Error SysBody(Sys* s);

  Reader& r_;
  const PacketOptions& o_;
  std::string prefix_;
  absl::string_view name_;
};

Error PacketDecoder::Run(bool nested, Packet* out) {
  if (r_.size() == 0) {
    return MakeError(ErrorKind::kTruncated, r_.abs(0), prefix_ + "packet",
                     "empty packet");
  }
  const uint8_t head = r_.U8();
  const Command cmd = static_cast<Command>(head & kCmdMask);
  name_ = CommandName(cmd);
  Error e;
  switch (cmd) {
    case Command::kRemoteCall: {
      RemoteCall c;
      e = RemoteCallBody(head, &c);
      out->body = std::move(c);
      out->spare_bits = head & kSpareBit3;
      break;
    }
    case Command::kSimplifyPath: {
      SimplifyPath s;
      e = SimplifyBody(&s);
      out->body = std::move(s);
      out->spare_bits = head & 0xF8;
      break;
    }
    case Command::kConfirmPath: {
      ConfirmPath c;
      e = ConfirmBody(&c);
      out->body = c;
      out->spare_bits = head & 0xF8;
      break;
    }
    case Command::kRaw: {
      Raw raw;
      e = Need(1, ".bytes");
      if (e.ok()) raw.bytes = r_.Take(r_.left());
      out->body = std::move(raw);
      out->spare_bits = head & 0xF8;
      break;
    }
    case Command::kSpawn: {
      Spawn s;
      e = SpawnBody(&s);
      out->body = std::move(s);
      out->spare_bits = head & 0xF8;
      break;
    }
    case Command::kDespawn: {
      Despawn d;
      e = Need(4, ".net_id");
      if (e.ok()) {
        d.net_id = r_.U32();
        d.tail = r_.Take(r_.left());
      }
      out->body = std::move(d);
      out->spare_bits = head & 0xF8;
      break;
    }
    case Command::kSync: {
      Sync s;
      e = SyncBody(head, &s);
      out->body = std::move(s);
      out->spare_bits = head & 0xE8;
      break;
    }
    case Command::kSys: {
      if (nested) {
        return Bad(ErrorKind::kBadFrame, 0, "",
                   "a relayed packet may not be a sys packet (the engine "
                   "refuses it)");
      }
      Sys s;
      e = SysBody(&s);
      out->body = std::move(s);
      out->spare_bits = head & 0xF8;
      break;
    }
  }
  return e;
}

Error PacketDecoder::RemoteCallBody(uint8_t head, RemoteCall* c) {
  const int node_code = (head >> 4) & 3;
  if (node_code == 3) {
    return Bad(ErrorKind::kInvalidType, 0, ".node_id",
               "invalid node id width code 3");
  }
  c->node_id_bytes = uint8_t{1} << node_code;
  c->method_id_bytes = (head & 0x40) ? 2 : 1;
  c->byte_only = (head & 0x80) != 0;
  Error e = Need(c->node_id_bytes, ".node_id");
  if (!e.ok()) return e;
  c->node_id = c->node_id_bytes == 1   ? r_.U8()
               : c->node_id_bytes == 2 ? r_.U16()
                                       : r_.U32();
  e = Need(c->method_id_bytes, ".method_id");
  if (!e.ok()) return e;
  c->method_id = c->method_id_bytes == 1 ? r_.U8() : r_.U16();
  size_t end = r_.size();
  if (c->node_id & 0x80000000u) {
    const uint32_t ofs = c->node_id & 0x7FFFFFFFu;
    if (ofs >= r_.size() || ofs < r_.pos()) {
      return Bad(
          ErrorKind::kBadFrame, 1, ".node_id",
          absl::StrCat("inline path offset ", ofs, " outside the packet's ",
                       r_.pos(), "..", r_.size()));
    }
    end = ofs;
    std::string text, tail;
    SplitCString(
        std::string(reinterpret_cast<const char*>(r_.bytes().data() + ofs),
                    r_.size() - ofs),
        &text, &tail);
    c->path = std::move(text);
    c->path_tail = std::move(tail);
  }
  if (c->byte_only) {
    c->raw_args = r_.Take(end - r_.pos());
  } else {
    if (r_.pos() >= end) {
      return MakeError(ErrorKind::kTruncated, r_.abs(r_.pos()), P(".arg_count"),
                       "truncated: no argument count");
    }
    const int argc = r_.U8();
    e = DecodeValues(&r_, end, argc, o_.values, P(".args"), o_.max_values,
                     &c->args, /*compressed=*/true, o_.keep_values);
    if (!e.ok()) return e;
    c->args_tail = r_.Take(end - r_.pos());
  }
  r_.Skip(r_.left());
  return {};
}

Error PacketDecoder::SimplifyBody(SimplifyPath* s) {
  Error e = Need(37);
  if (!e.ok()) return e;
  s->checksum = r_.Take(32);
  s->checksum_end = r_.U8();
  s->cache_id = r_.U32();
  SplitCString(r_.Take(r_.left()), &s->path, &s->path_tail);
  return {};
}

Error PacketDecoder::ConfirmBody(ConfirmPath* c) {
  Error e = Need(5);
  if (!e.ok()) return e;
  if (r_.left() != 5) {
    return Bad(ErrorKind::kBadFrame, r_.pos() + 5, "",
               absl::StrCat("confirm_path is 6 bytes, not ", r_.size(),
                            " (the engine refuses it)"));
  }
  c->valid = r_.U8();
  c->cache_id = r_.U32();
  return {};
}

Error PacketDecoder::SpawnBody(Spawn* s) {
  Error e = Need(17);
  if (!e.ok()) return e;
  s->scene_id = r_.U8();
  s->spawner_cache_id = r_.U32();
  s->net_id = r_.U32();
  const size_t sync_at = r_.pos();
  const uint32_t sync_len = r_.U32();
  const size_t name_at = r_.pos();
  const uint32_t name_len = r_.U32();
  if (sync_len > o_.max_blocks) {
    return Bad(ErrorKind::kLimitExceeded, sync_at, ".sync_net_ids",
               absl::StrCat(sync_len, " sync ids, more than the limit ",
                            o_.max_blocks));
  }
  if (uint64_t{sync_len} * 4 + name_len > r_.left()) {
    return Bad(
        ErrorKind::kTruncated, sync_at, ".sync_net_ids",
        absl::StrCat("truncated: ", sync_len, " sync ids and a ", name_len,
                     "-byte name, ", r_.left(), " bytes left"));
  }
  if (name_len < 1) {
    return Bad(ErrorKind::kInvalidLength, name_at, ".name",
               "zero spawn name size");
  }
  s->sync_net_ids.reserve(sync_len);
  for (uint32_t i = 0; i < sync_len; ++i) s->sync_net_ids.push_back(r_.U32());
  SplitCString(r_.Take(name_len), &s->name, &s->name_tail);
  if (s->scene_id == Spawn::kCustomScene) {
    e = Need(4, ".custom_arg");
    if (!e.ok()) return e;
    const size_t size_at = r_.pos();
    const uint32_t arg_size = r_.U32();
    if (arg_size > r_.left()) {
      return Bad(ErrorKind::kTruncated, size_at, ".custom_arg",
                 absl::StrCat("truncated: a ", arg_size, "-byte argument, ",
                              r_.left(), " bytes left"));
    }
    const size_t end = r_.pos() + arg_size;
    s->custom_arg.emplace();
    e = DecodeValue(&r_, end, o_.values, P(".custom_arg"), &*s->custom_arg,
                    /*compressed=*/true, o_.keep_values);
    if (!e.ok()) return e;
    s->custom_arg_tail = r_.Take(end - r_.pos());
  }
  return DecodeValues(&r_, r_.size(), -1, o_.values, P(".state"), o_.max_values,
                      &s->state, /*compressed=*/true, o_.keep_values);
}

Error PacketDecoder::SyncBody(uint8_t head, Sync* s) {
  Error e = Need(10);
  if (!e.ok()) return e;
  s->delta = (head & 0x10) != 0;
  if (!s->delta) s->time = r_.U16();
  const size_t block_header = s->delta ? 16 : 8;
  size_t values = 0;
  while (r_.pos() + block_header < r_.size()) {
    const std::string field = absl::StrCat(".blocks[", s->blocks.size(), "]");
    if (s->blocks.size() >= o_.max_blocks) {
      return Bad(ErrorKind::kLimitExceeded, r_.pos(), field,
                 absl::StrCat("more than ", o_.max_blocks, " sync blocks"));
    }
    s->blocks.emplace_back();
    SyncBlock& b = s->blocks.back();
    b.net_id = r_.U32();
    if (s->delta) b.mask = r_.U64();
    const size_t size_at = r_.pos();
    const uint32_t size = r_.U32();
    if (size > r_.left()) {
      return Bad(ErrorKind::kTruncated, size_at, field,
                 absl::StrCat("truncated: a ", size, "-byte block, ", r_.left(),
                              " bytes left"));
    }
    e = DecodeValues(&r_, r_.pos() + size, -1, o_.values, P(field + ".values"),
                     o_.max_values - values, &b.values, /*compressed=*/true,
                     o_.keep_values);
    if (!e.ok()) return e;
    values += b.values.size();
  }
  s->tail = r_.Take(r_.left());
  return {};
}

Error PacketDecoder::SysBody(Sys* s) {
  Error e = Need(1, ".sys");
  if (!e.ok()) return e;
  const uint8_t sys = r_.U8();
  if (sys > static_cast<uint8_t>(SysCommand::kRelay)) {
    return Bad(ErrorKind::kInvalidType, 1, ".sys",
               absl::StrCat("unknown sys command ", sys));
  }
  s->sys = static_cast<SysCommand>(sys);
  if (s->sys == SysCommand::kAuth) {
    s->data = r_.Take(r_.left());
    return {};
  }
  e = Need(4, ".peer");
  if (!e.ok()) return e;
  s->peer = static_cast<int32_t>(r_.U32());
  if (s->sys != SysCommand::kRelay) {
    s->data = r_.Take(r_.left());
    return {};
  }
  e = Need(1, ".relayed");
  if (!e.ok()) return e;
  Reader inner(r_.bytes().subspan(r_.pos()), r_.abs(r_.pos()));
  s->relayed = std::make_unique<Packet>();
  PacketDecoder d(&inner, o_, absl::StrCat(prefix_, "relay."));
  e = d.Run(/*nested=*/true, s->relayed.get());
  r_.Skip(r_.left());
  return e;
}

}  // namespace

absl::StatusOr<Packet> Decode(absl::Span<const uint8_t> bytes,
                              const PacketOptions& options) {
  Reader r(bytes, 0);
  Packet p;
  PacketDecoder d(&r, options, "");
  Error e = d.Run(/*nested=*/false, &p);
  if (!e.ok()) return e.ToStatus();
  return p;
}

}  // namespace multiplayer
}  // namespace gdwire
