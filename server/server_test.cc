// Copyright 2026 The gdwire Authors.
//
// server/server.h over real UDP on 127.0.0.1: libenet client hosts connect
// as Godot's ENetMultiplayerPeer.create_client does (the multiplayer id as
// the CONNECT data, 255 channels) and talk to the server in one thread.
// The live tests with the real engine are in server/echo/.

#include "server/server.h"

#include <enet/enet.h>
#include <zlib.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "gtest/gtest.h"
#include "server/testing/test_manifest.h"

namespace gdwire {
namespace server {
namespace {

class Echo : public Handler {
 public:
  Server* server = nullptr;
  std::vector<int32_t> joined, left;
  std::vector<PeerError> errors;
  void OnPeerConnected(int32_t p) override { joined.push_back(p); }
  void OnPeerDisconnected(int32_t p) override { left.push_back(p); }
  void OnCall(const IncomingCall& c) override {
    if (c.method && *c.method == "echo") {
      EXPECT_TRUE(server->core().Reply(c, "echo_reply").ok());
    }
  }
  void OnRaw(int32_t from, const Delivery& d, absl::string_view b) override {
    EXPECT_TRUE(server->core().SendBytes(from, b, d).ok());
  }
  void OnPeerError(const PeerError& e) override { errors.push_back(e); }
};

// A zlib compressor for the client side (Godot's MODE_DEFLATE: a zlib
// stream).
size_t ZCompress(void*, const ENetBuffer* in, size_t n, size_t limit,
                 enet_uint8* out, size_t out_limit) {
  std::string all;
  for (size_t i = 0; i < n; ++i) {
    all.append(static_cast<const char*>(in[i].data), in[i].dataLength);
  }
  all.resize(std::min(all.size(), limit));
  uLongf len = out_limit;
  if (compress2(out, &len, reinterpret_cast<const Bytef*>(all.data()),
                all.size(), 6) != Z_OK) {
    return 0;
  }
  return len;
}
size_t ZDecompress(void*, const enet_uint8* in, size_t n, enet_uint8* out,
                   size_t out_limit) {
  uLongf len = out_limit;
  return uncompress(out, &len, in, n) == Z_OK ? len : 0;
}

struct Client {
  ENetHost* host = nullptr;
  ENetPeer* peer = nullptr;
  bool connected = false;
  bool disconnected = false;
  std::vector<std::pair<int, std::string>> got;  // ENet channel, bytes
  ~Client() {
    if (host != nullptr) enet_host_destroy(host);
  }
};

class ServerTest : public ::testing::Test {
 protected:
  void Start(enet::Compression c = enet::Compression::kNone) {
    manifest_ = testing::TestManifest();
    ServerOptions o;
    o.bind_address = "127.0.0.1";
    o.compression = c;
    o.core.manifest = manifest_.get();
    auto s = Server::Start(o, &echo_);
    ASSERT_TRUE(s.ok()) << s.status();
    server_ = std::move(*s);
    echo_.server = server_.get();
    compression_ = c;
  }
  std::unique_ptr<Client> Connect(uint32_t id) {
    auto c = std::make_unique<Client>();
    c->host = enet_host_create(nullptr, 1, 0, 0, 0);
    if (compression_ == enet::Compression::kRangeCoder) {
      enet_host_compress_with_range_coder(c->host);
    } else if (compression_ == enet::Compression::kZlib) {
      static int ctx;
      ENetCompressor z = {&ctx, ZCompress, ZDecompress, nullptr};
      enet_host_compress(c->host, &z);
    }
    ENetAddress a;
    enet_address_set_host_ip(&a, "127.0.0.1");
    a.port = server_->port();
    // Godot's create_client asks for ENet's most channels (255).
    c->peer =
        enet_host_connect(c->host, &a, ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT, id);
    return c;
  }
  // Runs the server and the clients until `done` or 3 s.
  template <typename F>
  bool Pump(std::vector<Client*> clients, F done) {
    for (int i = 0; i < 600 && !done(); ++i) {
      EXPECT_TRUE(server_->Service(1).ok());
      for (Client* c : clients) {
        ENetEvent ev;
        while (enet_host_service(c->host, &ev, 1) > 0) {
          if (ev.type == ENET_EVENT_TYPE_CONNECT) c->connected = true;
          if (ev.type == ENET_EVENT_TYPE_DISCONNECT) c->disconnected = true;
          if (ev.type == ENET_EVENT_TYPE_RECEIVE) {
            c->got.emplace_back(
                ev.channelID,
                std::string(reinterpret_cast<char*>(ev.packet->data),
                            ev.packet->dataLength));
            enet_packet_destroy(ev.packet);
          }
        }
      }
    }
    return done();
  }
  void Send(Client* c, int channel, const std::string& b, enet_uint32 flags) {
    enet_peer_send(c->peer, channel,
                   enet_packet_create(b.data(), b.size(), flags));
    enet_host_flush(c->host);
  }

  std::unique_ptr<multiplayer::FileManifest> manifest_;
  Echo echo_;
  std::unique_ptr<Server> server_;
  enet::Compression compression_ = enet::Compression::kNone;
};

std::string EchoCall(int64_t v) {
  multiplayer::RemoteCall rc;
  rc.path = "Main";
  rc.method_id = 0;
  rc.args.push_back(multiplayer::MakeValue(Variant::Int(v)));
  return *multiplayer::Encode(multiplayer::MakePacket(rc));
}

TEST_F(ServerTest, RefusesBadIdsAndTellsPeersOfEachOther) {
  Start();
  auto bad = Connect(1);  // the server's own id: refused as Godot does
  auto a = Connect(1000);
  auto b = Connect(2000);
  ASSERT_TRUE(Pump({a.get(), b.get(), bad.get()}, [&] {
    return echo_.joined.size() == 2 && !a->got.empty() && !b->got.empty();
  }));
  EXPECT_EQ(server_->refused(), 1u);
  // sys add_peer, reliable on ENet channel 0.
  EXPECT_EQ(a->got[0].first, 0);
  EXPECT_EQ(a->got[0].second, std::string("\x07\x01\xd0\x07\x00\x00", 6));
  EXPECT_EQ(b->got[0].second, std::string("\x07\x01\xe8\x03\x00\x00", 6));
  enet_peer_disconnect(b->peer, 0);
  ASSERT_TRUE(Pump({a.get(), b.get()}, [&] {
    return echo_.left.size() == 1 && a->got.size() == 2;
  }));
  EXPECT_EQ(echo_.left[0], 2000);
  EXPECT_EQ(a->got[1].second, std::string("\x07\x02\xd0\x07\x00\x00", 6));
}

TEST_F(ServerTest, EchoOnTheChannelsGodotUses) {
  Start();
  auto a = Connect(77);
  ASSERT_TRUE(Pump({a.get()}, [&] { return a->connected; }));
  // Game channel 0 reliable: ENet channel 0, flag reliable.
  Send(a.get(), 0, EchoCall(5), ENET_PACKET_FLAG_RELIABLE);
  ASSERT_TRUE(Pump({a.get()}, [&] { return a->got.size() == 2; }))
      << a->got.size() << " errors " << echo_.errors.size() << " "
      << (echo_.errors.empty() ? "" : echo_.errors[0].error.ToString());
  // SimplifyPath on ENet channel 0; echo_reply is unreliable_ordered on
  // game channel 2: ENet channel 3.
  EXPECT_EQ(a->got[0].first, 0);
  EXPECT_EQ(a->got[0].second[0], 1);  // simplify_path
  EXPECT_EQ(a->got[1].first, 3);
  auto r = multiplayer::Decode(a->got[1].second);
  ASSERT_TRUE(r.ok()) << r.status();
  const auto& rc = std::get<multiplayer::RemoteCall>(r->body);
  ASSERT_EQ(rc.args.size(), 1u);
  EXPECT_EQ(rc.args[0].value.as_int(), 5);
  // A raw packet on game channel 3, unreliable: back the same way.
  Send(a.get(), 4, "\x03raw", ENET_PACKET_FLAG_UNSEQUENCED);
  ASSERT_TRUE(Pump({a.get()}, [&] { return a->got.size() == 3; }));
  EXPECT_EQ(a->got[2].first, 4);
  EXPECT_EQ(a->got[2].second, "\x03raw");
  // Garbage is this peer's error, and the server goes on.
  Send(a.get(), 0, std::string("\x00\x30", 2), ENET_PACKET_FLAG_RELIABLE);
  Send(a.get(), 0, EchoCall(6), ENET_PACKET_FLAG_RELIABLE);
  ASSERT_TRUE(Pump({a.get()}, [&] { return a->got.size() == 4; }));
  ASSERT_EQ(echo_.errors.size(), 1u);
  EXPECT_EQ(echo_.errors[0].peer, 77);
  EXPECT_EQ(echo_.errors[0].packet, 3u);
  EXPECT_EQ(server_->send_failures(), 0u);
}

TEST_F(ServerTest, AClientWithFewerChannelsCountsAsFailedSends) {
  Start();
  auto c = std::make_unique<Client>();
  c->host = enet_host_create(nullptr, 1, 0, 0, 0);
  ENetAddress a;
  enet_address_set_host_ip(&a, "127.0.0.1");
  a.port = server_->port();
  c->peer = enet_host_connect(c->host, &a, 1, 9);  // one channel
  ASSERT_TRUE(Pump({c.get()}, [&] { return c->connected; }));
  Send(c.get(), 0, EchoCall(5), ENET_PACKET_FLAG_RELIABLE);
  ASSERT_TRUE(Pump({c.get()}, [&] { return server_->send_failures() == 1; }));
  EXPECT_EQ(c->got.size(), 1u);  // the SimplifyPath on channel 0 only
}

TEST_F(ServerTest, RangeCoderAndZlibAsTheClientsCompress) {
  for (enet::Compression c :
       {enet::Compression::kRangeCoder, enet::Compression::kZlib}) {
    SCOPED_TRACE(std::string(enet::CompressionName(c)));
    server_.reset();
    echo_ = Echo();
    Start(c);
    auto a = Connect(5);
    ASSERT_TRUE(Pump({a.get()}, [&] { return a->connected; }));
    Send(a.get(), 0, EchoCall(123456789), ENET_PACKET_FLAG_RELIABLE);
    ASSERT_TRUE(Pump({a.get()}, [&] { return a->got.size() == 2; }));
    auto r = multiplayer::Decode(a->got[1].second);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(std::get<multiplayer::RemoteCall>(r->body).args[0].value.as_int(),
              123456789);
  }
}

}  // namespace
}  // namespace server
}  // namespace gdwire
