// Copyright 2026 The gdwire Authors.
//
// Real packets: testdata/godot4_packets.jsonl was written by Godot 4.6.3
// itself (testdata/godot4_gen/gen.gd: three SceneMultiplayers joined by a
// MultiplayerPeerExtension that logs every packet put, and every RPC each
// node received with var_to_str of its arguments). Every packet must
// decode and re-encode to the engine's bytes, and the session must name
// every received RPC's node, method and arguments as the engine did.

#include "codec/multiplayer/session.h"

#include <algorithm>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/text.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace {

struct Logged {
  int from = 0, to = 0, channel = 0;
  std::string bytes;
};
struct EngineRpc {
  std::string key;  // "at from method(args)"
};

int IntField(const std::string& line, const std::string& name) {
  std::smatch m;
  std::regex re("\"" + name + "\":(-?[0-9]+)");
  if (!std::regex_search(line, m, re)) return 0;
  return std::stoi(m[1]);
}

std::string StrField(const std::string& line, const std::string& name) {
  std::smatch m;
  std::regex re("\"" + name + "\":\"((?:[^\"\\\\]|\\\\.)*)\"");
  if (!std::regex_search(line, m, re)) return "";
  return m[1];
}

// The JSON array of strings "args":[...] unescaped.
std::vector<std::string> Args(const std::string& line) {
  std::vector<std::string> out;
  const size_t start = line.find("\"args\":[");
  size_t i = start + 8;
  while (i < line.size() && line[i] != ']') {
    if (line[i] == ',') {
      ++i;
      continue;
    }
    ++i;  // opening quote
    std::string s;
    while (line[i] != '"') {
      if (line[i] == '\\') {
        ++i;
        s.push_back(line[i] == 'n' ? '\n' : line[i]);
      } else {
        s.push_back(line[i]);
      }
      ++i;
    }
    ++i;
    out.push_back(s);
  }
  return out;
}

void Load(std::vector<Logged>* packets, std::vector<std::string>* rpcs) {
  std::ifstream in("codec/multiplayer/testdata/godot4_packets.jsonl");
  ASSERT_TRUE(in.good());
  std::string line;
  while (std::getline(in, line)) {
    if (line.find("\"kind\":\"packet\"") != std::string::npos) {
      Logged l;
      l.from = IntField(line, "from");
      l.to = IntField(line, "to");
      l.channel = IntField(line, "channel");
      l.bytes = absl::HexStringToBytes(StrField(line, "hex"));
      packets->push_back(l);
    } else {
      std::string node = StrField(line, "node");
      // "/root/P1/Main/Player2" -> "Main/Player2" (relative to the root).
      node = node.substr(node.find('/', 6) + 1);
      rpcs->push_back(absl::StrCat(
          IntField(line, "at"), " <- ", IntField(line, "from"), " ", node, ".",
          StrField(line, "method"), "(", absl::StrJoin(Args(line), ", "), ")"));
    }
  }
}

TEST(EnginePackets, DecodeAndReencodeByteForByte) {
  std::vector<Logged> packets;
  std::vector<std::string> rpcs;
  Load(&packets, &rpcs);
  ASSERT_GE(packets.size(), 80u);
  std::vector<int> seen(8);
  for (const Logged& l : packets) {
    absl::StatusOr<Packet> p = Decode(l.bytes);
    ASSERT_TRUE(p.ok()) << p.status() << " " << absl::BytesToHexString(l.bytes);
    seen[static_cast<int>(p->command())]++;
    absl::StatusOr<std::string> back = Encode(*p);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(absl::BytesToHexString(*back), absl::BytesToHexString(l.bytes));
  }
  // Every command the engine sends appeared (raw included).
  for (int c = 0; c < 8; ++c) EXPECT_GT(seen[c], 0) << c;
}

TEST(EnginePackets, SessionNamesWhatTheEngineReceived) {
  std::vector<Logged> packets;
  std::vector<std::string> engine;
  Load(&packets, &engine);
  StaticManifest manifest;
  manifest.AddRpcMethods("Main/Player2",
                         {"set_pos", "method_b", "raw", "ping", "many"});
  manifest.AddSyncProperties("Main/Spawner/Bot7", {"position"},
                             {"rotation", "visible"});
  Session session(SessionOptions(), &manifest);
  std::vector<std::string> ours;
  std::vector<std::string> lines;
  for (const Logged& l : packets) {
    Event ev;
    ASSERT_TRUE(session.Feed(l.from, l.to, l.channel, l.bytes, &ev).ok());
    lines.push_back(ToText(ev));
    EXPECT_FALSE(ToJson(ev).empty());
    const Packet& p = ev.payload();
    const auto* call = std::get_if<RemoteCall>(&p.body);
    if (call == nullptr) continue;
    // Where the engine processes it: the hop's receiver, unless a client
    // sends a relay to the server for someone else.
    const bool relay = &p != &ev.packet;
    int receiver = ev.to;
    if (relay && ev.from != 1) {
      if (ev.target > 0 || ev.target == -1) continue;
      receiver = 1;
    }
    ASSERT_NE(ev.node.source, NodeSource::kUnresolved) << ToText(ev);
    ASSERT_TRUE(ev.method.has_value());
    std::vector<std::string> args;
    if (call->byte_only) {
      if (!call->raw_args.empty()) {
        args.push_back(
            text::ToText(Variant::PackedBytes(std::vector<uint8_t>(
                             call->raw_args.begin(), call->raw_args.end())),
                         Dialect::kGodot4));
      }
    } else {
      for (const Value& v : call->args) {
        args.push_back(absl::StrReplaceAll(
            text::ToText(v.value, Dialect::kGodot4), {{"\n", " "}}));
      }
    }
    ours.push_back(absl::StrCat(receiver, " <- ", ev.origin, " ", ev.node.path,
                                ".", *ev.method, "(", absl::StrJoin(args, ", "),
                                ")"));
  }
  // The engine refused one call (raw() with an empty PackedByteArray
  // arrives without arguments): ours has it, the engine's log does not.
  auto refused =
      std::find(ours.begin(), ours.end(), "2 <- 1 Main/Player2.raw()");
  ASSERT_NE(refused, ours.end());
  ours.erase(refused);
  std::sort(ours.begin(), ours.end());
  std::sort(engine.begin(), engine.end());
  EXPECT_EQ(absl::StrJoin(ours, "\n"), absl::StrJoin(engine, "\n"));

  const std::string all = absl::StrJoin(lines, "\n");
  EXPECT_NE(all.find("spawn Bot7 net 1 by Main/Spawner custom(7) syncs [2] "
                     "state(Vector2(7, 14), 0.5, true)"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("sync time 1 [Main/Spawner/Bot7 net 2: "
                     "position=Vector2(7, 14); Main/Spawner/Bot300 net 4: "
                     "Vector2(300, 600)]"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("sync delta [Main/Spawner/Bot7 net 2 mask 0x2: "
                     "visible=false]"),
            std::string::npos)
      << all;
  EXPECT_EQ(all.find("despawn net 1\n"), std::string::npos) << all;
  EXPECT_NE(all.find("despawn net 1 Main/Spawner/Bot7"), std::string::npos);
  EXPECT_NE(all.find("rpc Main/Player2.many(null, [1, \"x\"], { \"k\": "
                     "Vector2i(1, 2) }, &\"sn\", NodePath(\"a/b:c\"), "
                     "Color(1, 0, 0, 1))"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("relay 2 -> 3: rpc Main/Player2.method_b(\"via\", "
                     "\"relay\")"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("sys add_peer 3"), std::string::npos);
  EXPECT_NE(all.find("raw 3 bytes 0a0b0c"), std::string::npos);
  EXPECT_EQ(session.spawn_count(), 2u);  // Bot300, at clients 2 and 3
}

}  // namespace
}  // namespace multiplayer
}  // namespace gdwire
