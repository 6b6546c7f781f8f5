// Copyright 2026 The gdwire Authors.
//
// The real Godot 3.2.3 recording tests/data/captures/enet/godot3_enet.pcap
// (a server and two clients, NetworkedMultiplayerENet, 4 channels): its
// ENet payloads (testdata/godot3_enet_payloads.jsonl, extracted with
// testdata/enet_payloads.py) all split into the config notice or the
// 8-byte header and a MultiplayerAPI packet that decodes and re-encodes
// byte for byte, and every call, rset and raw packet the engines logged as
// received (godot3_enet.events/*.events.jsonl) is named the same: sender,
// node, method or property, var2str of every value.

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codec/multiplayer/godot3.h"
#include "codec/multiplayer/godot3_session.h"
#include "codec/multiplayer/testing/json_line.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace godot3 {
namespace {

using ::gdwire::multiplayer::testing::Field;
using ::gdwire::multiplayer::testing::Unescape;

std::string Text(const Variant& v) {
  std::string s = text::ToText(v, Dialect::kGodot3);
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

std::vector<std::string> EngineReceived() {
  std::vector<std::string> out;
  for (const char* who : {"server", "client1", "client2"}) {
    std::ifstream in(absl::StrCat(
        "tests/data/captures/enet/godot3_enet.events/", who, ".events.jsonl"));
    EXPECT_TRUE(in.good()) << who;
    std::string line;
    while (std::getline(in, line)) {
      if (line.find("\"dir\":\"recv\"") == std::string::npos ||
          line.find("\"local\":true") != std::string::npos) {
        continue;
      }
      const std::string head =
          absl::StrCat(Field(line, "self"), " <- ", Field(line, "peer"), " ");
      if (line.find("\"raw\":") != std::string::npos) {
        out.push_back(head + "raw " + Field(line, "raw"));
      } else if (line.find("\"property\":") != std::string::npos) {
        out.push_back(head + "rset Main." + Field(line, "property") + " = " +
                      Unescape(Field(line, "value")));
      } else {
        std::vector<std::string> args;
        size_t i = line.find("\"args\":[") + 8;
        while (line[i] != ']') {
          if (line[i] == ',') ++i;
          size_t j = i + 1;
          while (line[j] != '"') j += line[j] == '\\' ? 2 : 1;
          args.push_back(Unescape(line.substr(i + 1, j - i - 1)));
          i = j + 1;
        }
        out.push_back(head + "rpc Main." + Field(line, "method") + "(" +
                      absl::StrJoin(args, ", ") + ")");
      }
    }
  }
  return out;
}

TEST(Godot3Capture, EveryPacketAndEveryReceivedCall) {
  std::ifstream in("codec/multiplayer/testdata/godot3_enet_payloads.jsonl");
  ASSERT_TRUE(in.good());
  std::string line;
  // (sender, receiver, cache id) -> path, as each receiver keeps them.
  std::map<std::tuple<uint32_t, int, uint32_t>, std::string> paths;
  std::vector<std::string> ours;
  std::vector<std::string> lines;  // the session's text
  Session session;
  int packets = 0, configs = 0;
  while (std::getline(in, line)) {
    ++packets;
    const int to = std::stoi(Field(line, "to"));
    const std::string bytes = absl::HexStringToBytes(Field(line, "hex"));
    absl::StatusOr<EnetFrame> f = SplitEnet(
        std::stoi(Field(line, "channel")),
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes.data()),
                            bytes.size()));
    ASSERT_TRUE(f.ok()) << f.status() << " " << line.substr(0, 200);
    EXPECT_EQ(JoinEnet(*f), bytes);
    Event ev;
    ASSERT_TRUE(
        session
            .FeedEnet(std::stoi(Field(line, "from")), to,
                      std::stoi(Field(line, "channel")),
                      absl::MakeConstSpan(
                          reinterpret_cast<const uint8_t*>(bytes.data()),
                          bytes.size()),
                      &ev)
            .ok());
    lines.push_back(ToText(ev));
    EXPECT_FALSE(ToJson(ev).empty());
    if (f->config) {
      ++configs;
      EXPECT_TRUE(f->message == EnetFrame::kAddPeer ||
                  f->message == EnetFrame::kRemovePeer);
      continue;
    }
    absl::StatusOr<Packet> p = Decode(f->payload);
    ASSERT_TRUE(p.ok()) << p.status() << " " << line.substr(0, 200);
    absl::StatusOr<std::string> back = Encode(*p);
    ASSERT_TRUE(back.ok()) << back.status();
    ASSERT_EQ(*back, bytes.substr(8));
    // Who processes it: the hop's receiver, when it is a target.
    const bool processed = f->target == to || f->target == 0 ||
                           (f->target < -1 && -int64_t{f->target} != to);
    EXPECT_EQ(ev.processed, processed);
    if (!processed) continue;
    if (ev.node.source != NodeSource::kNone &&
        !std::holds_alternative<SimplifyPath>(p->body) &&
        !std::holds_alternative<ConfirmPath>(p->body)) {
      EXPECT_EQ(ev.node.source == NodeSource::kUnresolved ? "?" : ev.node.path,
                "Main")
          << lines.back();
    }
    const std::string head = absl::StrCat(to, " <- ", f->source, " ");
    auto node = [&](const Target& t) {
      if (t.path) return *t.path;
      auto it = paths.find({f->source, to, t.node_id});
      return it == paths.end() ? absl::StrCat("<cache ", t.node_id, ">")
                               : it->second;
    };
    if (const auto* s = std::get_if<SimplifyPath>(&p->body)) {
      paths[{f->source, to, s->cache_id}] = s->path;
    } else if (const auto* c = std::get_if<RemoteCall>(&p->body)) {
      std::vector<std::string> args;
      for (const Value& v : c->args) args.push_back(Text(v.value));
      ours.push_back(head + "rpc " + node(c->target) + "." + c->method + "(" +
                     absl::StrJoin(args, ", ") + ")");
    } else if (const auto* s = std::get_if<RemoteSet>(&p->body)) {
      ours.push_back(head + "rset " + node(s->target) + "." + s->property +
                     " = " + Text(s->value.value));
    } else if (const auto* r = std::get_if<Raw>(&p->body)) {
      ours.push_back(head + "raw " + absl::BytesToHexString(r->bytes));
    }
  }
  EXPECT_GT(packets, 200);
  const std::string all = absl::StrJoin(lines, "\n");
  EXPECT_NE(all.find("config add_peer "), std::string::npos);
  EXPECT_NE(all.find("rset Main.v1_remote = 5"), std::string::npos) << all;
  EXPECT_NE(all.find("relay "), std::string::npos);
  EXPECT_GT(configs, 0);
  std::vector<std::string> engine = EngineReceived();
  ASSERT_GT(engine.size(), 150u);
  std::sort(ours.begin(), ours.end());
  std::sort(engine.begin(), engine.end());
  EXPECT_EQ(absl::StrJoin(ours, "\n"), absl::StrJoin(engine, "\n"));
}

}  // namespace
}  // namespace godot3
}  // namespace multiplayer
}  // namespace gdwire
