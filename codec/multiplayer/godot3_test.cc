// Copyright 2026 The gdwire Authors.
//
// Godot 3.2 MultiplayerAPI packets and NetworkedMultiplayerENet frames,
// written by hand from core/io/multiplayer_api.cpp and
// modules/enet/networked_multiplayer_enet.cpp (3.2 branch).

#include "codec/multiplayer/godot3.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codec/error.h"
#include "codec/text/text.h"
#include "codec/variant.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace godot3 {
namespace {

std::string Hex(absl::string_view hex) {
  std::string clean;
  for (char c : hex) {
    if (c != ' ') clean.push_back(c);
  }
  return absl::HexStringToBytes(clean);
}

std::string C(absl::string_view s) { return std::string(s) + '\0'; }

// var2str on one line.
std::string Var(const Variant& v) {
  std::string s = text::ToText(v, Dialect::kGodot3);
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

struct Vector {
  const char* name;
  std::string bytes;
  bool self_delimiting;
};

std::vector<Vector> Vectors() {
  return {
      // set_hp(5) on cache id 1: plain Variants (int: type 2, i32).
      {"rpc", Hex("00 01000000") + C("set_hp") + Hex("01 02000000 05000000"),
       true},
      // ping() with the path "Player" at offset 11 (node 0x8000000b).
      {"rpc_inline", Hex("00 0b000080") + C("ping") + Hex("00") + C("Player"),
       false},
      // Two args: true, "ab"; a 64-bit int (flag 1 << 16).
      {"rpc_args",
       Hex("00 02000000") + C("m") +
           Hex("03 01000000 01000000 04000000 02000000 61620000 "
               "02000100 0000000001000000"),
       true},
      {"rset", Hex("01 01000000") + C("hp") + Hex("02000000 03000000"), true},
      {"simplify", Hex("02 01000000") + C("Player"), false},
      {"confirm", Hex("03") + C("Player"), false},
      {"raw", Hex("04 0a0b"), false},
  };
}

TEST(Godot3Test, VectorsRoundTrip) {
  for (const Vector& v : Vectors()) {
    SCOPED_TRACE(v.name);
    absl::StatusOr<Packet> p = Decode(v.bytes);
    ASSERT_TRUE(p.ok()) << p.status();
    absl::StatusOr<std::string> back = Encode(*p);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(absl::BytesToHexString(*back), absl::BytesToHexString(v.bytes));
  }
}

TEST(Godot3Test, EveryTruncationFailsOrRoundTrips) {
  for (const Vector& v : Vectors()) {
    for (size_t n = 0; n < v.bytes.size(); ++n) {
      SCOPED_TRACE(absl::StrCat(v.name, " cut at ", n));
      absl::StatusOr<Packet> p =
          Decode(absl::string_view(v.bytes).substr(0, n));
      if (v.self_delimiting) {
        ASSERT_FALSE(p.ok());
      }
      if (p.ok()) {
        absl::StatusOr<std::string> back = Encode(*p);
        ASSERT_TRUE(back.ok());
        EXPECT_EQ(*back, v.bytes.substr(0, n));
      }
    }
  }
}

TEST(Godot3Test, Fields) {
  absl::StatusOr<Packet> p = Decode(Vectors()[2].bytes);
  ASSERT_TRUE(p.ok()) << p.status();
  const RemoteCall& c = std::get<RemoteCall>(p->body);
  EXPECT_EQ(c.method, "m");
  ASSERT_EQ(c.args.size(), 3u);
  EXPECT_EQ(c.args[0].value, Variant::Bool(true));
  EXPECT_EQ(c.args[1].value, Variant::String("ab"));
  EXPECT_EQ(c.args[2].value, Variant::Int(int64_t{1} << 32));
  EXPECT_EQ(ToText(*p), "rpc <cache 2>.m(true, \"ab\", 4294967296)");

  p = Decode(Vectors()[1].bytes);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(ToText(*p), "rpc Player.ping()");
  p = Decode(Vectors()[3].bytes);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(ToText(*p, "Player"), "rset Player.hp = 3");
  p = Decode(Vectors()[4].bytes);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(ToText(*p), "simplify_path 1 = Player");
  EXPECT_EQ(ToText(*Decode(Hex("04 0a0b"))), "raw 2 bytes 0a0b");
}

TEST(Godot3Test, Errors) {
  absl::StatusOr<Packet> p = Decode(Hex("09 00"));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).kind, ErrorKind::kInvalidType);
  p = Decode(Hex("00 01000000 616263"));  // name without NUL
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).path, "remote_call.name");
  p = Decode(Hex("00 01000000") + C("m") + Hex("01 04000000 09000000 61"));
  ASSERT_FALSE(p.ok());
  Error e = ErrorFromStatus(p.status());
  EXPECT_EQ(e.kind, ErrorKind::kTruncated);
  EXPECT_EQ(e.path, "remote_call.args[0]");
  p = Decode(Hex("00 ff000080") + C("m") + Hex("00"));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(ErrorFromStatus(p.status()).kind, ErrorKind::kBadFrame);
}

TEST(Godot3Test, EnetFraming) {
  const std::string data = Hex("02000000 01000000 04 0a0b");
  absl::StatusOr<EnetFrame> f = SplitEnet(
      1, absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(data.data()),
                             data.size()));
  ASSERT_TRUE(f.ok());
  EXPECT_FALSE(f->config);
  EXPECT_EQ(f->source, 2u);
  EXPECT_EQ(f->target, 1);
  EXPECT_EQ(f->payload.size(), 3u);
  EXPECT_EQ(JoinEnet(*f), data);

  const std::string config = Hex("00000000 03000000");
  f = SplitEnet(
      0, absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(config.data()),
                             config.size()));
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f->config);
  EXPECT_EQ(f->message, EnetFrame::kAddPeer);
  EXPECT_EQ(f->peer, 3u);
  EXPECT_EQ(JoinEnet(*f), config);

  const std::string short_config = Hex("00000000");
  EXPECT_FALSE(
      SplitEnet(0,
                absl::MakeConstSpan(
                    reinterpret_cast<const uint8_t*>(short_config.data()), 4))
          .ok());
  EXPECT_FALSE(
      SplitEnet(1,
                absl::MakeConstSpan(
                    reinterpret_cast<const uint8_t*>(short_config.data()), 4))
          .ok());
}

}  // namespace
}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire

namespace gdwire {
namespace multiplayer {
namespace godot3 {
namespace {

// testdata/godot3_packets.jsonl: the ENet packets of a real Godot 3.2.3 run
// (testdata/godot3_gen/gen.gd, captured with tcpdump, extracted with
// extract_enet.py) and what each node received (var2str of each value).
std::string Field(const std::string& line, const std::string& name) {
  std::smatch m;
  std::regex re("\"" + name + "\": (\"(?:[^\"\\\\]|\\\\.)*\"|-?[0-9]+)");
  if (!std::regex_search(line, m, re)) return "";
  std::string v = m[1];
  if (!v.empty() && v[0] == '"') v = v.substr(1, v.size() - 2);
  return v;
}

std::string Unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out.push_back(s[i]);
  }
  return out;
}

TEST(Godot3Engine, PacketsDecodeAndNameWhatTheEngineReceived) {
  std::ifstream in("codec/multiplayer/testdata/godot3_packets.jsonl");
  ASSERT_TRUE(in.good());
  std::string line;
  std::map<std::pair<bool, uint32_t>, std::string> paths;  // (c2s, id)
  std::vector<std::string> ours, engine;
  int packets = 0;
  while (std::getline(in, line)) {
    if (line.find("\"kind\": \"packet\"") == std::string::npos) {
      // {"args": [...], "at": N, "from": N, ..., "what": "rpc set_pos"}
      const size_t a = line.find("\"args\": [") + 9;
      const size_t b = line.find("], \"at\"");
      std::string args = line.substr(a, b - a);
      std::vector<std::string> parts;
      std::smatch m;
      std::regex str("\"((?:[^\"\\\\]|\\\\.)*)\"");
      for (auto it = std::sregex_iterator(args.begin(), args.end(), str);
           it != std::sregex_iterator(); ++it) {
        parts.push_back(Unescape((*it)[1]));
      }
      std::string node = Field(line, "node");
      node = node.empty() ? "" : node.substr(node.rfind('/') + 1);
      engine.push_back(absl::StrCat(Field(line, "at"), " <- ",
                                    Field(line, "from"), " ",
                                    Field(line, "what"), " ", node, "(",
                                    absl::StrJoin(parts, ", "), ")"));
      continue;
    }
    ++packets;
    const bool c2s = Field(line, "dir") == "c2s";
    const std::string bytes = absl::HexStringToBytes(Field(line, "hex"));
    absl::StatusOr<EnetFrame> f = SplitEnet(
        std::stoi(Field(line, "channel")),
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes.data()),
                            bytes.size()));
    ASSERT_TRUE(f.ok()) << f.status();
    ASSERT_FALSE(f->config);
    EXPECT_EQ(JoinEnet(*f), bytes);
    absl::StatusOr<Packet> p = Decode(f->payload);
    ASSERT_TRUE(p.ok()) << p.status() << " " << line;
    absl::StatusOr<std::string> back = Encode(*p);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(absl::BytesToHexString(*back),
              absl::BytesToHexString(bytes.substr(8)));
    const std::string at = c2s ? "1" : absl::StrCat(f->target);
    const std::string head = absl::StrCat(at, " <- ", f->source, " ");
    auto node = [&](const Target& t) {
      return t.path ? *t.path : paths[{c2s, t.node_id}];
    };
    if (const auto* s = std::get_if<SimplifyPath>(&p->body)) {
      paths[{c2s, s->cache_id}] = s->path;
    } else if (const auto* c = std::get_if<RemoteCall>(&p->body)) {
      std::vector<std::string> args;
      for (const Value& v : c->args) args.push_back(Var(v.value));
      ours.push_back(absl::StrCat(head, "rpc ", c->method, " ", node(c->target),
                                  "(", absl::StrJoin(args, ", "), ")"));
    } else if (const auto* s = std::get_if<RemoteSet>(&p->body)) {
      ours.push_back(absl::StrCat(head, "rset ", s->property, " ",
                                  node(s->target), "(", Var(s->value.value),
                                  ")"));
    } else if (const auto* r = std::get_if<Raw>(&p->body)) {
      ours.push_back(absl::StrCat(c2s ? "1" : "2", " <- ", f->source, " raw (",
                                  Var(Variant::PackedBytes(std::vector<uint8_t>(
                                      r->bytes.begin(), r->bytes.end()))),
                                  ")"));
    }
  }
  EXPECT_GE(packets, 10);
  std::sort(ours.begin(), ours.end());
  std::sort(engine.begin(), engine.end());
  EXPECT_EQ(absl::StrJoin(ours, "\n"), absl::StrJoin(engine, "\n"));
}

}  // namespace
}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire
