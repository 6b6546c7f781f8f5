// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/godot3.h"

#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codec/multiplayer/internal/values.h"
#include "codec/text/text.h"

namespace gdwire {
namespace multiplayer {
namespace godot3 {
namespace {

using internal::DecodeValue;
using internal::DecodeValues;
using internal::EncodeValue;
using internal::MakeError;
using internal::PutU32;
using internal::Reader;

void Split(std::string bytes, std::string* text, std::string* tail) {
  const size_t nul = bytes.find('\0');
  if (nul == std::string::npos) {
    *text = std::move(bytes);
    tail->clear();
    return;
  }
  *tail = bytes.substr(nul);
  bytes.resize(nul);
  *text = std::move(bytes);
}

// The node id, the name after it (to its NUL) and where the values end.
Error ReadTarget(Reader* r, absl::string_view cmd, Target* t, std::string* name,
                 size_t* end) {
  Error e = r->Need(5, absl::StrCat(cmd, ".node_id"));
  if (!e.ok()) return e;
  if (r->size() < 6) {
    return MakeError(ErrorKind::kTruncated, r->abs(r->size()),
                     absl::StrCat(cmd, ".name"), "truncated: no name");
  }
  t->node_id = r->U32();
  *end = r->size();
  if (t->node_id & 0x80000000u) {
    const uint32_t ofs = t->node_id & 0x7FFFFFFFu;
    if (ofs >= r->size() || ofs < r->pos()) {
      return MakeError(
          ErrorKind::kBadFrame, r->abs(1), absl::StrCat(cmd, ".node_id"),
          absl::StrCat("inline path offset ", ofs, " outside the packet"));
    }
    *end = ofs;
    std::string text, tail;
    Split(std::string(reinterpret_cast<const char*>(r->bytes().data() + ofs),
                      r->size() - ofs),
          &text, &tail);
    t->path = std::move(text);
    t->path_tail = std::move(tail);
  }
  const uint8_t* begin = r->bytes().data() + r->pos();
  const void* nul = std::memchr(begin, 0, *end - r->pos());
  if (nul == nullptr) {
    return MakeError(ErrorKind::kTruncated, r->abs(*end),
                     absl::StrCat(cmd, ".name"),
                     "truncated: the name has no NUL");
  }
  const size_t n = static_cast<const uint8_t*>(nul) - begin;
  *name = r->Take(n);
  r->Skip(1);
  return {};
}

Error DecodeBody(Reader* r, const PacketOptions& o, Packet* out) {
  if (r->size() == 0) {
    return MakeError(ErrorKind::kTruncated, 0, "packet", "empty packet");
  }
  const uint8_t cmd = r->U8();
  if (cmd > static_cast<uint8_t>(Command::kRaw)) {
    return MakeError(ErrorKind::kInvalidType, 0, "packet",
                     absl::StrCat("unknown command ", cmd));
  }
  const std::string p(CommandName(static_cast<Command>(cmd)));
  switch (static_cast<Command>(cmd)) {
    case Command::kRemoteCall: {
      RemoteCall c;
      size_t end = 0;
      Error e = ReadTarget(r, p, &c.target, &c.method, &end);
      if (!e.ok()) return e;
      if (r->pos() >= end) {
        return MakeError(ErrorKind::kTruncated, r->abs(r->pos()),
                         p + ".arg_count", "truncated: no argument count");
      }
      const int argc = r->U8();
      e = DecodeValues(r, end, argc, o.values, p + ".args", o.max_values,
                       &c.args, /*compressed=*/false);
      if (!e.ok()) return e;
      c.args_tail = r->Take(end - r->pos());
      out->body = std::move(c);
      break;
    }
    case Command::kRemoteSet: {
      RemoteSet s;
      size_t end = 0;
      Error e = ReadTarget(r, p, &s.target, &s.property, &end);
      if (!e.ok()) return e;
      e = DecodeValue(r, end, o.values, p + ".value", &s.value,
                      /*compressed=*/false);
      if (!e.ok()) return e;
      s.tail = r->Take(end - r->pos());
      out->body = std::move(s);
      break;
    }
    case Command::kSimplifyPath: {
      SimplifyPath s;
      Error e = r->Need(4, p + ".cache_id");
      if (!e.ok()) return e;
      s.cache_id = r->U32();
      Split(r->Take(r->left()), &s.path, &s.path_tail);
      out->body = std::move(s);
      break;
    }
    case Command::kConfirmPath: {
      ConfirmPath c;
      Error e = r->Need(1, p + ".path");
      if (!e.ok()) return e;
      Split(r->Take(r->left()), &c.path, &c.path_tail);
      out->body = std::move(c);
      break;
    }
    case Command::kRaw: {
      Raw raw;
      Error e = r->Need(1, p + ".bytes");
      if (!e.ok()) return e;
      raw.bytes = r->Take(r->left());
      out->body = std::move(raw);
      break;
    }
  }
  r->Skip(r->left());
  return {};
}

Error Invalid(const std::string& path, absl::string_view why) {
  return MakeError(ErrorKind::kInvalidArgument, 0, path, why);
}

// Writes the node id (patched later for an inline path) and the name.
Error PutTarget(const Target& t, const std::string& name, const std::string& p,
                std::string* out) {
  if (!t.path && (t.node_id & 0x80000000u)) {
    return Invalid(p + ".node_id", "node id bit 31 set without a path");
  }
  if (name.find('\0') != std::string::npos) {
    return Invalid(p + ".name", "a name with a NUL");
  }
  PutU32(t.node_id, out);
  out->append(name);
  out->push_back('\0');
  return {};
}

void PutPath(const Target& t, size_t start, std::string* out) {
  if (!t.path) return;
  std::string id;
  PutU32(0x80000000u | static_cast<uint32_t>(out->size() - start), &id);
  out->replace(start + 1, 4, id);
  out->append(*t.path);
  out->append(t.path_tail);
}

std::string V(const Variant& v) {
  std::string s = text::ToText(v, Dialect::kGodot3);
  for (char& c : s) {
    if (c == '\n') c = ' ';
  }
  return s;
}

}  // namespace

absl::string_view CommandName(Command c) {
  switch (c) {
    case Command::kRemoteCall:
      return "remote_call";
    case Command::kRemoteSet:
      return "remote_set";
    case Command::kSimplifyPath:
      return "simplify_path";
    case Command::kConfirmPath:
      return "confirm_path";
    case Command::kRaw:
      return "raw";
  }
  return "unknown";
}

absl::StatusOr<Packet> Decode(absl::Span<const uint8_t> bytes,
                              const PacketOptions& options) {
  PacketOptions o = options;
  o.values.dialect = Dialect::kGodot3;
  Reader r(bytes, 0);
  Packet p;
  Error e = DecodeBody(&r, o, &p);
  if (!e.ok()) return e.ToStatus();
  return p;
}

absl::StatusOr<std::string> Encode(const Packet& packet) {
  std::string out;
  const Command cmd = packet.command();
  const std::string p(CommandName(cmd));
  out.push_back(static_cast<char>(cmd));
  Error e;
  switch (cmd) {
    case Command::kRemoteCall: {
      const RemoteCall& c = std::get<RemoteCall>(packet.body);
      if (c.args.size() > 255) return Invalid(p, ">255 args").ToStatus();
      e = PutTarget(c.target, c.method, p, &out);
      if (!e.ok()) return e.ToStatus();
      out.push_back(static_cast<char>(c.args.size()));
      for (size_t i = 0; i < c.args.size() && e.ok(); ++i) {
        e = EncodeValue(c.args[i], absl::StrCat(p, ".args[", i, "]"), &out,
                        Dialect::kGodot3, /*compressed=*/false);
      }
      if (!e.ok()) return e.ToStatus();
      out.append(c.args_tail);
      PutPath(c.target, 0, &out);
      break;
    }
    case Command::kRemoteSet: {
      const RemoteSet& s = std::get<RemoteSet>(packet.body);
      e = PutTarget(s.target, s.property, p, &out);
      if (e.ok()) {
        e = EncodeValue(s.value, p + ".value", &out, Dialect::kGodot3,
                        /*compressed=*/false);
      }
      if (!e.ok()) return e.ToStatus();
      out.append(s.tail);
      PutPath(s.target, 0, &out);
      break;
    }
    case Command::kSimplifyPath: {
      const SimplifyPath& s = std::get<SimplifyPath>(packet.body);
      PutU32(s.cache_id, &out);
      out.append(s.path);
      out.append(s.path_tail);
      break;
    }
    case Command::kConfirmPath: {
      const ConfirmPath& c = std::get<ConfirmPath>(packet.body);
      if (c.path.empty() && c.path_tail.empty()) {
        return Invalid(p, "an empty confirmation").ToStatus();
      }
      out.append(c.path);
      out.append(c.path_tail);
      break;
    }
    case Command::kRaw: {
      const Raw& r = std::get<Raw>(packet.body);
      if (r.bytes.empty()) return Invalid(p, "no bytes").ToStatus();
      out.append(r.bytes);
      break;
    }
  }
  return out;
}

absl::StatusOr<EnetFrame> SplitEnet(int channel,
                                    absl::Span<const uint8_t> bytes) {
  Reader r(bytes, 0);
  EnetFrame f;
  if (channel == 0) {
    f.config = true;
    if (bytes.size() != 8) {
      return MakeError(bytes.size() < 8 ? ErrorKind::kTruncated
                                        : ErrorKind::kBadFrame,
                       std::min<size_t>(bytes.size(), 8), "enet_config",
                       absl::StrCat("a configuration message is 8 bytes, not ",
                                    bytes.size()))
          .ToStatus();
    }
    f.message = r.U32();
    f.peer = r.U32();
    return f;
  }
  Error e = r.Need(8, "enet_header");
  if (!e.ok()) return e.ToStatus();
  f.source = r.U32();
  f.target = static_cast<int32_t>(r.U32());
  f.payload = bytes.subspan(8);
  return f;
}

std::string JoinEnet(const EnetFrame& frame) {
  std::string out;
  if (frame.config) {
    PutU32(frame.message, &out);
    PutU32(frame.peer, &out);
    return out;
  }
  PutU32(frame.source, &out);
  PutU32(static_cast<uint32_t>(frame.target), &out);
  out.append(reinterpret_cast<const char*>(frame.payload.data()),
             frame.payload.size());
  return out;
}

std::string ToText(const Packet& packet, absl::string_view node_path) {
  auto node = [&](const Target& t) {
    if (t.path) return *t.path;
    if (!node_path.empty()) return std::string(node_path);
    return absl::StrCat("<cache ", t.node_id, ">");
  };
  switch (packet.command()) {
    case Command::kRemoteCall: {
      const RemoteCall& c = std::get<RemoteCall>(packet.body);
      std::vector<std::string> args;
      for (const Value& v : c.args) args.push_back(V(v.value));
      return absl::StrCat("rpc ", node(c.target), ".", c.method, "(",
                          absl::StrJoin(args, ", "), ")");
    }
    case Command::kRemoteSet: {
      const RemoteSet& s = std::get<RemoteSet>(packet.body);
      return absl::StrCat("rset ", node(s.target), ".", s.property, " = ",
                          V(s.value.value));
    }
    case Command::kSimplifyPath: {
      const SimplifyPath& s = std::get<SimplifyPath>(packet.body);
      return absl::StrCat("simplify_path ", s.cache_id, " = ", s.path);
    }
    case Command::kConfirmPath:
      return absl::StrCat("confirm_path ",
                          std::get<ConfirmPath>(packet.body).path);
    case Command::kRaw: {
      const Raw& r = std::get<Raw>(packet.body);
      const size_t n = std::min<size_t>(r.bytes.size(), 64);
      return absl::StrCat("raw ", r.bytes.size(), " bytes ",
                          absl::BytesToHexString(r.bytes.substr(0, n)),
                          n < r.bytes.size() ? "..." : "");
    }
  }
  return "?";
}

}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire
