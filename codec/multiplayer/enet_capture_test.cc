// Copyright 2026 The gdwire Authors.
//
// The uncompressed real-engine recording tests/data/captures/enet/
// godot4_enet_none.pcap (three Godot 4.6.3 processes over ENet): its ENet
// payloads, extracted with testdata/enet_payloads.py into
// testdata/godot4_enet_none_payloads.jsonl (reliable retransmissions
// dropped, fragments joined), are fed to a Session. Every packet must
// decode and re-encode byte for byte, and every RPC and raw packet each
// engine logged as received (godot4_enet_none.events/*.events.jsonl: the
// original sender, method and var_to_str of each argument) must come out
// of the session the same, relayed ones included.

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codec/multiplayer/packet.h"
#include "codec/multiplayer/session.h"
#include "codec/multiplayer/testing/json_line.h"
#include "codec/multiplayer/text.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace multiplayer {
namespace {

using ::gdwire::multiplayer::testing::Field;
using ::gdwire::multiplayer::testing::Unescape;

std::vector<std::string> EngineReceived() {
  std::vector<std::string> out;
  for (const char* who : {"server", "client1", "client2"}) {
    std::ifstream in(
        absl::StrCat("tests/data/captures/enet/godot4_enet_none.events/", who,
                     ".events.jsonl"));
    EXPECT_TRUE(in.good()) << who;
    std::string line;
    while (std::getline(in, line)) {
      if (line.find("\"dir\":\"recv\"") == std::string::npos) continue;
      const std::string head =
          absl::StrCat(Field(line, "self"), " <- ", Field(line, "peer"), " ");
      if (line.find("\"raw\":") != std::string::npos) {
        out.push_back(head + "raw " + Field(line, "raw"));
        continue;
      }
      std::vector<std::string> args;
      const size_t a = line.find("\"args\":[") + 8;
      size_t i = a;
      while (line[i] != ']') {
        if (line[i] == ',') ++i;
        size_t j = i + 1;
        while (line[j] != '"') j += line[j] == '\\' ? 2 : 1;
        args.push_back(Unescape(line.substr(i + 1, j - i - 1)));
        i = j + 1;
      }
      out.push_back(head + Field(line, "method") + "(" +
                    absl::StrJoin(args, ", ") + ")");
    }
  }
  return out;
}

std::string Text(const Variant& v) {
  std::string s = text::ToText(v, Dialect::kGodot4);
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

TEST(EnetCapture, EveryPacketAndEveryReceivedCall) {
  StaticManifest manifest;
  manifest.AddRpcMethods(
      "Main",
      {"r00_none", "r01_hello", "r02_go", "r03_done", "r04_bye", "r10_one",
       "r11_two", "r12_many", "r20_rel_c0", "r21_unrel_c0", "r22_ord_c0",
       "r23_rel_c1", "r24_unrel_c1", "r25_ord_c1", "r26_rel_c2", "r27_unrel_c2",
       "r28_ord_c2", "r30_big", "r31_big_unrel"});
  Session session(SessionOptions(), &manifest);
  std::ifstream in(
      "codec/multiplayer/testdata/godot4_enet_none_payloads.jsonl");
  ASSERT_TRUE(in.good());
  std::string line;
  std::vector<std::string> ours;
  int packets = 0, syncs = 0, spawns = 0, despawns = 0;
  while (std::getline(in, line)) {
    ++packets;
    const int from = std::stoi(Field(line, "from"));
    const int to = std::stoi(Field(line, "to"));
    const std::string bytes = absl::HexStringToBytes(Field(line, "hex"));
    Event ev;
    absl::Status st =
        session.Feed(from, to, std::stoi(Field(line, "channel")), bytes, &ev);
    ASSERT_TRUE(st.ok()) << st << " " << line.substr(0, 200);
    absl::StatusOr<std::string> back = Encode(ev.packet);
    ASSERT_TRUE(back.ok()) << back.status();
    ASSERT_EQ(*back, bytes) << line.substr(0, 200);
    EXPECT_FALSE(ToText(ev).empty());
    const Packet& p = ev.payload();
    const bool relay = &p != &ev.packet;
    int receiver = ev.to;
    if (relay && ev.from != 1) {
      if (ev.target > 0 || ev.target == -1) continue;  // only forwarded
      receiver = 1;
    }
    const std::string head = absl::StrCat(receiver, " <- ", ev.origin, " ");
    if (const auto* c = std::get_if<RemoteCall>(&p.body)) {
      ASSERT_EQ(ev.node.source == NodeSource::kUnresolved, false) << ToText(ev);
      EXPECT_EQ(ev.node.path, "Main");
      ASSERT_TRUE(ev.method.has_value()) << ToText(ev);
      std::vector<std::string> args;
      if (c->byte_only && !c->raw_args.empty()) {
        args.push_back(Text(Variant::PackedBytes(
            std::vector<uint8_t>(c->raw_args.begin(), c->raw_args.end()))));
      }
      for (const Value& v : c->args) args.push_back(Text(v.value));
      ours.push_back(head + *ev.method + "(" + absl::StrJoin(args, ", ") + ")");
    } else if (const auto* r = std::get_if<Raw>(&p.body)) {
      ours.push_back(head + "raw " + absl::BytesToHexString(r->bytes));
    } else if (p.command() == Command::kSync) {
      ++syncs;
      for (const NodeRef& n : ev.sync_nodes) {
        EXPECT_NE(n.source, NodeSource::kUnresolved) << ToText(ev);
      }
    } else if (p.command() == Command::kSpawn) {
      ++spawns;
      EXPECT_EQ(ev.node.path, "Main/Spawner") << ToText(ev);
    } else if (p.command() == Command::kDespawn) {
      ++despawns;
      EXPECT_EQ(ev.node.source, NodeSource::kSpawned) << ToText(ev);
    }
  }
  EXPECT_GT(packets, 300);
  EXPECT_GT(syncs, 50);
  EXPECT_GT(spawns, 0);
  EXPECT_GT(despawns, 0);
  std::vector<std::string> engine = EngineReceived();
  ASSERT_GT(engine.size(), 200u);
  std::sort(ours.begin(), ours.end());
  std::sort(engine.begin(), engine.end());
  EXPECT_EQ(absl::StrJoin(ours, "\n"), absl::StrJoin(engine, "\n"));
}

}  // namespace
}  // namespace multiplayer
}  // namespace gdwire
