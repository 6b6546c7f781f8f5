// Copyright 2026 The gdwire Authors.
//
// server/core.h without the network: packets in, packets out, checked
// byte for byte against what Godot's server sends (SceneMultiplayer,
// SceneCacheInterface, SceneRPCInterface of Godot 4.6) and decoded with
// the multiplayer codec.

#include "server/core.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "gtest/gtest.h"
#include "server/testing/test_manifest.h"

namespace gdwire {
namespace server {
namespace {

using multiplayer::MakePacket;
using multiplayer::MakeValue;
using multiplayer::Packet;

constexpr const char* kSum = testing::kTestChecksum;
constexpr char kOtherSum[] = "ffffffffffffffffffffffffffffffff";

struct Sent {
  int32_t peer;
  Delivery delivery;
  std::string bytes;
};

class FakeTransport : public Transport {
 public:
  void Send(int32_t peer, const Delivery& d,
            absl::Span<const uint8_t> b) override {
    sent.push_back({peer, d, std::string(b.begin(), b.end())});
  }
  void Disconnect(int32_t peer) override { dropped.push_back(peer); }
  std::vector<Sent> sent;
  std::vector<int32_t> dropped;
};

class Recorder : public Handler {
 public:
  Core* core = nullptr;
  bool echo = true;
  std::vector<std::string> events;
  std::vector<PeerError> errors;
  std::vector<IncomingCall> calls;
  std::vector<std::string> call_paths;
  std::vector<std::string> auth;

  void OnPeerConnected(int32_t p) override {
    events.push_back(absl::StrCat("+", p));
  }
  void OnPeerDisconnected(int32_t p) override {
    events.push_back(absl::StrCat("-", p));
  }
  void OnAuth(int32_t p, absl::string_view d) override {
    auth.push_back(absl::StrCat(p, ":", d));
  }
  void OnCall(const IncomingCall& c) override {
    events.push_back(absl::StrCat("call ", c.from, " ", c.node_path, ".",
                                  c.method ? *c.method : "?",
                                  c.broadcast ? " broadcast" : ""));
    if (echo && c.method && *c.method == "echo") {
      EXPECT_TRUE(core->Reply(c, "echo_reply").ok());
    }
  }
  void OnRaw(int32_t from, const Delivery& d, absl::string_view b) override {
    events.push_back(absl::StrCat("raw ", from, " ", b));
  }
  void OnPeerError(const PeerError& e) override { errors.push_back(e); }
};

std::string Enc(const Packet& p) {
  absl::StatusOr<std::string> b = multiplayer::Encode(p);
  EXPECT_TRUE(b.ok()) << b.status();
  return b.ok() ? *b : std::string();
}

absl::Span<const uint8_t> Span(const std::string& s) {
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(s.data()),
                             s.size());
}

std::string Sys(uint8_t sys, int32_t peer, const std::string& tail = "") {
  std::string s = {7, static_cast<char>(sys)};
  for (int i = 0; i < 4; ++i) s += static_cast<char>((peer >> (8 * i)) & 0xFF);
  return s + tail;
}

std::string Simplify(uint32_t id, const std::string& path,
                     const std::string& sum = kSum) {
  multiplayer::SimplifyPath sp;
  sp.checksum = sum;
  sp.cache_id = id;
  sp.path = path;
  return Enc(MakePacket(sp));
}

std::string Call(uint32_t node_id, uint16_t method, std::vector<Variant> args,
                 std::optional<std::string> path = std::nullopt) {
  multiplayer::RemoteCall rc;
  rc.node_id = node_id;
  rc.path = std::move(path);
  rc.method_id = method;
  for (Variant& v : args) rc.args.push_back(MakeValue(std::move(v)));
  return Enc(MakePacket(rc));
}

class CoreTest : public ::testing::Test {
 protected:
  void SetUp() override { Make(CoreOptions()); }
  void Make(CoreOptions o) {
    manifest_ = testing::TestManifest();
    o.manifest = manifest_.get();
    core_ = std::make_unique<Core>(o, &t_, &h_);
    h_.core = core_.get();
  }
  void In(int32_t peer, const std::string& bytes,
          Delivery d = Delivery{0, TransferMode::kReliable}) {
    core_->Receive(peer, d, Span(bytes));
  }
  std::vector<Sent> Take() {
    std::vector<Sent> s;
    s.swap(t_.sent);
    return s;
  }

  std::unique_ptr<multiplayer::FileManifest> manifest_;
  FakeTransport t_;
  Recorder h_;
  std::unique_ptr<Core> core_;
};

TEST_F(CoreTest, AdmitsPeersAndTellsTheOthersAsGodotDoes) {
  core_->PeerConnected(2);
  EXPECT_TRUE(Take().empty());  // nobody else yet
  core_->PeerConnected(3);
  std::vector<Sent> s = Take();
  // _admit_peer: to 2 "3 joined", to 3 "2 is here"; reliable, channel 0.
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].peer, 2);
  EXPECT_EQ(s[0].bytes, Sys(1, 3));
  EXPECT_EQ(s[1].peer, 3);
  EXPECT_EQ(s[1].bytes, Sys(1, 2));
  EXPECT_EQ(s[0].delivery.mode, TransferMode::kReliable);
  EXPECT_EQ(s[0].delivery.channel, 0);
  core_->PeerDisconnected(2);
  s = Take();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].peer, 3);
  EXPECT_EQ(s[0].bytes, Sys(2, 2));
  EXPECT_EQ(core_->Peers(), std::vector<int32_t>{3});
  EXPECT_EQ(h_.events, (std::vector<std::string>{"+2", "+3", "-2"}));
}

TEST_F(CoreTest, ConfirmsPathsWithTheManifestChecksum) {
  core_->PeerConnected(2);
  In(2, Simplify(5, "Main"));
  In(2, Simplify(6, "Main/Lobby", kOtherSum));
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 2u);
  // [CONFIRM_PATH][valid][u32 id]
  EXPECT_EQ(s[0].bytes, std::string("\x02\x01\x05\x00\x00\x00", 6));
  EXPECT_EQ(s[1].bytes, std::string("\x02\x00\x06\x00\x00\x00", 6));
  EXPECT_EQ(core_->Stats(2)->paths, 2u);
}

TEST_F(CoreTest, EchoesByCacheIdAnnouncingItsOwnPathFirst) {
  core_->PeerConnected(2);
  In(2, Simplify(5, "Main"));
  Take();
  const std::string call =
      Call(5, 0, {Variant::Int(300), Variant::String("hé")});
  In(2, call);
  std::vector<Sent> s = Take();
  // The server's own cache: SimplifyPath(id 1, "Main") reliable ch 0, then
  // echo_reply (#1) with the path inline (not yet confirmed), in
  // echo_reply's mode and channel, with the caller's argument bytes.
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].bytes, Simplify(1, "Main"));
  EXPECT_EQ(s[0].delivery.mode, TransferMode::kReliable);
  auto reply = multiplayer::Decode(s[1].bytes);
  ASSERT_TRUE(reply.ok()) << reply.status();
  const auto& rc = std::get<multiplayer::RemoteCall>(reply->body);
  EXPECT_EQ(rc.path, std::optional<std::string>("Main"));
  EXPECT_EQ(rc.method_id, 1);
  auto in = multiplayer::Decode(call);
  const auto& orig = std::get<multiplayer::RemoteCall>(in->body);
  ASSERT_EQ(rc.args.size(), 2u);
  EXPECT_EQ(rc.args[0].wire.empty() ? "" : rc.args[0].wire, orig.args[0].wire);
  EXPECT_EQ(rc.args[1].wire, orig.args[1].wire);
  EXPECT_EQ(s[1].delivery.mode, TransferMode::kUnreliableOrdered);
  EXPECT_EQ(s[1].delivery.channel, 2);
  // Once confirmed: the cache id (8 bits), no new SimplifyPath.
  In(2, std::string("\x02\x01\x01\x00\x00\x00", 6));
  In(2, call);
  s = Take();
  ASSERT_EQ(s.size(), 1u);
  reply = multiplayer::Decode(s[0].bytes);
  ASSERT_TRUE(reply.ok());
  const auto& rc2 = std::get<multiplayer::RemoteCall>(reply->body);
  EXPECT_FALSE(rc2.path.has_value());
  EXPECT_EQ(rc2.node_id, 1u);
  EXPECT_EQ(rc2.node_id_bytes, 1);
}

// The checksum covers the method names only: two scripts with the same
// names but other modes and channels share it; the reply takes the node's
// own configuration (found by the load generator: Main/Fast's replies went
// out in Main's mode and channel).
TEST_F(CoreTest, ReplyUsesTheNodesOwnConfigNotTheChecksumsFirst) {
  core_->PeerConnected(2);
  In(2, Call(0, 0, {Variant::Int(1)}, "Main/Fast"));
  In(2, Call(0, 0, {Variant::Int(1)}, "Main"));
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 4u);  // path + reply, twice
  EXPECT_EQ(s[1].delivery.mode, TransferMode::kUnreliable);
  EXPECT_EQ(s[1].delivery.channel, 1);
  EXPECT_EQ(s[3].delivery.mode, TransferMode::kUnreliableOrdered);
  EXPECT_EQ(s[3].delivery.channel, 2);
}

TEST_F(CoreTest, NoArgumentsAndByteOnlyKeepTheirForm) {
  core_->PeerConnected(2);
  multiplayer::RemoteCall rc;
  rc.path = "Main";
  rc.method_id = 0;
  rc.byte_only = true;
  rc.raw_args = "\x01\x02\x03";
  In(2, Enc(MakePacket(rc)));
  rc.raw_args.clear();
  In(2, Enc(MakePacket(rc)));
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 3u);  // SimplifyPath, two replies
  auto r1 = multiplayer::Decode(s[1].bytes);
  auto r2 = multiplayer::Decode(s[2].bytes);
  ASSERT_TRUE(r1.ok() && r2.ok());
  EXPECT_TRUE(std::get<multiplayer::RemoteCall>(r1->body).byte_only);
  EXPECT_EQ(std::get<multiplayer::RemoteCall>(r1->body).raw_args,
            "\x01\x02\x03");
  EXPECT_TRUE(std::get<multiplayer::RemoteCall>(r2->body).byte_only);
  EXPECT_EQ(std::get<multiplayer::RemoteCall>(r2->body).raw_args, "");
}

TEST_F(CoreTest, RelaysAsGodotsServer) {
  for (int32_t p : {2, 3, 4}) core_->PeerConnected(p);
  Take();
  const std::string nested = Call(0, 0, {Variant::Int(1)}, "Main");
  const Delivery unrel{1, TransferMode::kUnreliable};
  // To one peer: forwarded with the source in place of the target, in the
  // packet's own mode and channel; the server does not run it.
  In(2, Sys(3, 4, nested), unrel);
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].peer, 4);
  EXPECT_EQ(s[0].bytes, Sys(3, 2, nested));
  EXPECT_EQ(s[0].delivery.mode, TransferMode::kUnreliable);
  EXPECT_EQ(s[0].delivery.channel, 1);
  EXPECT_TRUE(h_.calls.empty());
  // To all (0): every other client, and the server runs it as from 2.
  h_.echo = false;
  In(2, Sys(3, 0, nested));
  s = Take();
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].peer, 3);
  EXPECT_EQ(s[1].peer, 4);
  EXPECT_EQ(h_.events.back(), "call 2 Main.echo broadcast");
  // All but 3 (-3): only 4, and the server.
  In(2, Sys(3, -3, nested));
  s = Take();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].peer, 4);
  // All but the server (-1): 3 and 4, not run.
  const size_t before = h_.events.size();
  In(2, Sys(3, -1, nested));
  EXPECT_EQ(Take().size(), 2u);
  EXPECT_EQ(h_.events.size(), before);
  // A target that left: dropped quietly.
  In(2, Sys(3, 99, nested));
  EXPECT_TRUE(Take().empty());
  EXPECT_TRUE(h_.errors.empty());
}

TEST_F(CoreTest, RawPacketsAndSendBytes) {
  core_->PeerConnected(2);
  In(2, std::string("\x03hi", 3));
  EXPECT_EQ(h_.events.back(), "raw 2 hi");
  ASSERT_TRUE(core_->SendBytes(0, "yo", {3, TransferMode::kUnreliable}).ok());
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].bytes, std::string("\x03yo", 3));
  EXPECT_EQ(s[0].delivery.channel, 3);
  EXPECT_FALSE(core_->SendBytes(2, "", {}).ok());
  EXPECT_EQ(core_->SendBytes(7, "x", {}).code(), absl::StatusCode::kNotFound);
}

TEST_F(CoreTest, RpcByNameToAllButOne) {
  for (int32_t p : {2, 3}) core_->PeerConnected(p);
  Take();
  ASSERT_TRUE(
      core_->Rpc(-3, "Main/Lobby", "echo_reply", {Variant::Float(0.5)}).ok());
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 2u);  // SimplifyPath and the call, to 2 only
  EXPECT_EQ(s[0].peer, 2);
  EXPECT_EQ(s[0].bytes, Simplify(1, "Main/Lobby"));
  EXPECT_EQ(s[1].peer, 2);
  EXPECT_EQ(core_->Rpc(2, "Main", "nope", {}).code(),
            absl::StatusCode::kNotFound);
  EXPECT_FALSE(core_->Rpc(1, "Main", "echo_reply", {}).ok());
}

TEST_F(CoreTest, EachBadPacketIsAnErrorForItsPeerAlone) {
  for (int32_t p : {2, 3}) core_->PeerConnected(p);
  Take();
  In(2, std::string("\x00\x05", 2));  // remote call cut short
  In(2, Call(9, 0, {}));              // a cache id never announced
  In(2, Call(0, 7, {}, "Main"));      // no method #7 on Main
  In(2, Call(0, 3, {}, "Main"));      // authority-only method
  In(2, Sys(1, 5));                   // add_peer from a client
  In(2, std::string("\x02\x01\x09\x00\x00\x00", 6));  // unknown confirm
  ASSERT_EQ(h_.errors.size(), 6u);
  for (size_t i = 0; i < h_.errors.size(); ++i) {
    EXPECT_EQ(h_.errors[i].peer, 2);
    EXPECT_EQ(h_.errors[i].packet, i + 1);
  }
  EXPECT_EQ(h_.errors[0].error.kind, ErrorKind::kTruncated);
  EXPECT_NE(h_.errors[3].error.detail.find("not allowed"), std::string::npos);
  // The other peer is served as before.
  In(3, Call(0, 0, {Variant::Int(1)}, "Main"));
  EXPECT_EQ(Take().size(), 2u);
  EXPECT_EQ(core_->Stats(2)->errors, 6u);
  EXPECT_EQ(core_->Stats(3)->errors, 0u);
}

TEST_F(CoreTest, PathCacheIsBoundedPerPeer) {
  CoreOptions o;
  o.max_paths_per_peer = 3;
  o.max_errors_per_peer = 2;
  Make(o);
  core_->PeerConnected(2);
  for (uint32_t i = 0; i < 5; ++i) In(2, Simplify(i, "Main"));
  EXPECT_EQ(core_->Stats(2).has_value(), false);  // dropped after 2 errors
  ASSERT_EQ(h_.errors.size(), 2u);
  EXPECT_EQ(h_.errors[0].error.kind, ErrorKind::kLimitExceeded);
  EXPECT_EQ(t_.dropped, std::vector<int32_t>{2});
}

TEST_F(CoreTest, AuthenticationAsSceneMultiplayer) {
  CoreOptions o;
  o.authenticate = true;
  Make(o);
  core_->PeerConnected(2);
  EXPECT_TRUE(h_.events.empty());  // held
  In(2, Call(0, 0, {}, "Main"));   // not an auth packet: refused
  ASSERT_EQ(h_.errors.size(), 1u);
  In(2, std::string("\x07\x00secret", 8));
  EXPECT_EQ(h_.auth, std::vector<std::string>{"2:secret"});
  ASSERT_TRUE(core_->SendAuth(2, "ok?").ok());
  In(2, std::string("\x07\x00", 2));  // the peer is done
  EXPECT_TRUE(h_.events.empty());
  ASSERT_TRUE(core_->CompleteAuth(2).ok());
  EXPECT_EQ(h_.events, std::vector<std::string>{"+2"});
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].bytes, std::string("\x07\x00ok?", 5));
  EXPECT_EQ(s[1].bytes, std::string("\x07\x00", 2));
  EXPECT_FALSE(core_->CompleteAuth(2).ok());
}

TEST_F(CoreTest, WithoutServerRelayNoNoticesAndNoRelays) {
  CoreOptions o;
  o.server_relay = false;
  Make(o);
  for (int32_t p : {2, 3}) core_->PeerConnected(p);
  EXPECT_TRUE(Take().empty());
  In(2, Sys(3, 3, Call(0, 0, {}, "Main")));
  EXPECT_TRUE(Take().empty());
  ASSERT_EQ(h_.errors.size(), 1u);
  EXPECT_EQ(h_.errors[0].error.kind, ErrorKind::kUnsupported);
  core_->PeerDisconnected(2);
  EXPECT_TRUE(Take().empty());
}

// packet.keep_values off: the arguments reach the handler as their bytes
// (checked), the reply carries the same bytes, and a bad argument is the
// same error.
TEST_F(CoreTest, ArgumentsAsBytesOnly) {
  CoreOptions o;
  o.packet.keep_values = false;
  Make(o);
  o.manifest = manifest_.get();
  class Grab : public Handler {
   public:
    Core* core = nullptr;
    std::vector<std::string> wires;
    std::vector<Type> types;
    void OnCall(const IncomingCall& c) override {
      for (const multiplayer::Value& a : c.call->args) {
        wires.push_back(a.wire);
        types.push_back(a.value.type());
      }
      EXPECT_TRUE(core->Reply(c, "echo_reply").ok());
    }
  } grab;
  Core core(o, &t_, &grab);
  grab.core = &core;
  core.PeerConnected(2);
  const std::string call =
      Call(0, 0, {Variant::String("héllo"), Variant::Int(70000)}, "Main");
  core.Receive(2, {}, Span(call));
  ASSERT_EQ(grab.wires.size(), 2u);
  EXPECT_FALSE(grab.wires[0].empty());   // the String's bytes
  EXPECT_EQ(grab.types[0], Type::kNil);  // not built
  EXPECT_EQ(grab.types[1], Type::kInt);  // short-form ints are decoded
  std::vector<Sent> s = Take();
  ASSERT_EQ(s.size(), 2u);
  // The same reply as with owned values (the manifest kept alive for the
  // cores above).
  auto keep = std::move(manifest_);
  Make(CoreOptions());
  core_->PeerConnected(2);
  In(2, call);
  std::vector<Sent> owned = Take();
  ASSERT_EQ(owned.size(), 2u);
  EXPECT_EQ(s[1].bytes, owned[1].bytes);
  // A cut String: the same error either way.
  std::string bad = call.substr(0, call.size() - 6);
  PeerError lean_error;
  class Err : public Handler {
   public:
    PeerError* out;
    void OnPeerError(const PeerError& e) override { *out = e; }
  } err;
  err.out = &lean_error;
  Core lean(o, &t_, &err);
  lean.PeerConnected(2);
  lean.Receive(2, {}, Span(bad));
  In(2, bad);
  ASSERT_EQ(h_.errors.size(), 1u);
  EXPECT_EQ(lean_error.error.kind, h_.errors[0].error.kind);
  EXPECT_EQ(lean_error.error.offset, h_.errors[0].error.offset);
  EXPECT_EQ(lean_error.error.path, h_.errors[0].error.path);
}

TEST_F(CoreTest, UnknownPathsCanBeRefusedAsGodotDoes) {
  CoreOptions o;
  o.accept_unknown_paths = false;
  Make(o);
  core_->PeerConnected(2);
  In(2, Simplify(1, "Nowhere"));
  EXPECT_TRUE(Take().empty());
  EXPECT_TRUE(h_.errors.empty());
}

TEST_F(CoreTest, TraceGivesCaptureEvents) {
  class Tracer : public Recorder {
   public:
    std::vector<std::string> lines;
    void OnPacket(bool in, int32_t peer, const Delivery&,
                  const multiplayer::Event& ev) override {
      lines.push_back(
          absl::StrCat(in ? "in " : "out ", peer, " ",
                       multiplayer::CommandName(ev.packet.command()),
                       ev.method ? " " + *ev.method : ""));
    }
  } tracer;
  CoreOptions o;
  o.trace = true;
  auto m = testing::TestManifest();
  o.manifest = m.get();
  Core core(o, &t_, &tracer);
  tracer.core = &core;
  core.PeerConnected(2);
  const std::string call = Call(0, 0, {Variant::Int(1)}, "Main");
  core.Receive(2, {}, Span(call));
  EXPECT_EQ(tracer.lines, (std::vector<std::string>{
                              "in 2 remote_call echo", "out 2 simplify_path",
                              "out 2 remote_call echo_reply"}));
}

}  // namespace
}  // namespace server
}  // namespace gdwire
