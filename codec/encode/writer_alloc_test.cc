// Copyright 2026 The gdwire Authors.
//
// encode::Writer allocates nothing per message once warm: after one pass
// over a set of messages (which grows the caller's buffer and the Writer's
// stack), writing them again -- every kind of call, counts given and
// back-patched, framed -- makes no heap allocation, counted by a replaced
// operator new. Misuse is left out: an error builds its message (a string).

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "codec/encode/writer.h"
#include "gtest/gtest.h"
#include "tests/alloc_counter.h"

using gdwire::test_alloc::allocations;
using gdwire::test_alloc::counting;

namespace gdwire {
namespace encode {
namespace {

struct Player {
  int id;
  std::string name;
  float pos[3];
  std::vector<float> path;
  std::vector<uint8_t> blob;
};

void WriteMessage(Writer* w, int tick, const std::vector<Player>& players,
                  const ContainerType& ints, bool given) {
  const uint32_t n = static_cast<uint32_t>(players.size());
  w->BeginDictionary(given ? 5 : kUnknownCount);
  w->KeyName("type").StringName("snapshot");
  w->Key("tick").Int(tick);
  w->Key("big").Int(int64_t{1} << 40);
  w->Key("players").BeginArray(given ? n : kUnknownCount);
  for (const Player& p : players) {
    w->BeginDictionary();
    w->KeyName("id").Int(p.id);
    w->KeyName("name").String(p.name);
    w->KeyName("pos").Vector3(p.pos[0], p.pos[1], p.pos[2]);
    w->KeyName("rot").Quaternion(0, 0.7071f, 0, 0.7071f);
    w->KeyName("hp").Float(0.1);
    w->KeyName("path").PackedReals(Type::kPackedVector3Array, p.path);
    w->KeyName("blob").PackedBytes(p.blob);
    const absl::string_view names[2] = {"root", "player"};
    const absl::string_view sub[1] = {"position"};
    w->KeyName("node").NodePath(names, sub, true);
    w->KeyName("tags").PackedStrings(absl::MakeConstSpan(names));
    w->KeyName("cell").Vector2i(p.id, -p.id);
    w->Key();
    w->Int(7);
    w->Color(1, 0.5f, 0.25f, 1);
    w->EndDictionary();
  }
  w->EndArray();
  w->KeyName("scores").BeginArray(ints, 3).Int(1).Int(2).Int(3).EndArray();
  w->EndDictionary();
}

TEST(WriterAllocTest, NoAllocationPerMessageOnceWarm) {
  std::vector<Player> players;
  for (int i = 0; i < 16; ++i) {
    Player p{i, absl::StrCat("player_", i), {1.5f * i, 2, -3}, {}, {}};
    for (int k = 0; k < 3 * i; ++k) p.path.push_back(k * 0.25f);
    p.blob.assign(i * 7, static_cast<uint8_t>(i));
    players.push_back(std::move(p));
  }
  const ContainerType ints = ContainerType::Builtin(Type::kInt);
  Writer w;
  std::string out;
  for (int round = 0; round < 2; ++round) {
    if (round == 1) {
      allocations = 0;
      counting = true;
    }
    for (int tick = 0; tick < 200; ++tick) {
      out.clear();
      w.Start(&out, Prefix::kStreamPeer);
      WriteMessage(&w, tick, players, ints, tick % 2 == 0);
      const Error e = w.Finish();
      if (!e.ok()) {
        counting = false;
        FAIL() << e.ToString();
      }
    }
    counting = false;
  }
  EXPECT_GT(out.size(), 1000u);
  EXPECT_EQ(allocations, 0u);
}

// The test can fail: a fresh buffer per message allocates.
TEST(WriterAllocTest, TheCounterSeesAFreshBuffer) {
  Writer w;
  allocations = 0;
  counting = true;
  std::string out;
  w.Start(&out);
  w.String(std::string(100, 'x'));
  const bool ok = w.Finish().ok();
  counting = false;
  EXPECT_TRUE(ok);
  EXPECT_GT(allocations, 0u);
}

}  // namespace
}  // namespace encode
}  // namespace gdwire
