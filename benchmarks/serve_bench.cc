// Copyright 2026 The gdwire Authors.
//
// The server's work per remote call, without the network (values:1 the
// arguments decoded into owned values, values:0 checked and kept as bytes,
// PacketOptions::keep_values, as serve-echo runs): a Godot client's
// `echo(...)` packet in, decoded, dispatched to the handler, and the
// `echo_reply(...)` packet encoded and handed to the transport
// (server/core.h; the transport here only counts bytes). Beside it, in the
// same run, memcpy of the same bytes in and out. The whole server with
// ENet and real clients, and Godot's own server, are measured by
// server/echo/load/bench.sh.
//
// Counters: calls/s (items) and the packet bytes in and out (bytes).

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "server/core.h"
#include "server/testing/test_manifest.h"

namespace gdwire {
namespace server {
namespace {

class CountingTransport : public Transport {
 public:
  void Send(int32_t, const Delivery&, absl::Span<const uint8_t> b) override {
    ++packets;
    bytes += b.size();
  }
  void Disconnect(int32_t) override {}
  uint64_t packets = 0;
  uint64_t bytes = 0;
};

class Echo : public Handler {
 public:
  Core* core = nullptr;
  uint64_t calls = 0;
  void OnCall(const IncomingCall& c) override {
    if (c.method != nullptr && *c.method == "echo") {
      ++calls;
      core->Reply(c, "echo_reply").IgnoreError();
    }
  }
};

// The argument sets: what game RPCs carry.
std::vector<Variant> Args(int set) {
  std::vector<Variant> a;
  switch (set) {
    case 0:  // input: a sequence number and two bools
      a = {Variant::Int(4711), Variant::Bool(true), Variant::Bool(false)};
      break;
    case 1:  // movement: position, yaw, velocity, tick
      a = {Variant::Vector3(12.5, 0.25, -8.0), Variant::Float(1.5707),
           Variant::Vector3(0.0, -9.8, 3.0), Variant::Int(123456)};
      break;
    case 2: {  // chat: a name and a line of text (non-ASCII)
      a = {Variant::String("Jugador_42"),
           Variant::String(
               "¡Hola! ¿Vamos al puente del norte? Llevo pociones.")};
      break;
    }
    default: {  // state: a Dictionary and a PackedInt32Array
      Dictionary d;
      d.Set(Variant::String("hp"), Variant::Int(87));
      d.Set(Variant::String("mana"), Variant::Int(40));
      d.Set(Variant::String("pos"), Variant::Vector2(3.5, 7.25));
      d.Set(Variant::String("name"), Variant::String("Ayla"));
      a = {Variant::MakeDictionary(std::move(d)),
           Variant::PackedInt32({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})};
      break;
    }
  }
  return a;
}

const char* kSetNames[] = {"input", "movement", "chat", "state"};

struct Fixture {
  std::unique_ptr<multiplayer::FileManifest> manifest;
  CountingTransport transport;
  Echo echo;
  std::unique_ptr<Core> core;
  std::string packet;
};

std::unique_ptr<Fixture> Make(int set, bool trace, bool keep_values = true) {
  auto f = std::make_unique<Fixture>();
  f->manifest = testing::TestManifest();
  CoreOptions o;
  o.manifest = f->manifest.get();
  o.trace = trace;
  o.packet.keep_values = keep_values;
  f->core = std::make_unique<Core>(o, &f->transport, &f->echo);
  f->echo.core = f->core.get();
  f->core->PeerConnected(2);
  // The client announced Main/Lobby as cache id 1 and the server's own
  // path was confirmed: the steady state, every call by cache id.
  multiplayer::SimplifyPath sp;
  sp.checksum = testing::kTestChecksum;
  sp.cache_id = 1;
  sp.path = "Main/Lobby";
  std::string b = *multiplayer::Encode(multiplayer::MakePacket(sp));
  f->core->Receive(2, {},
                   absl::MakeConstSpan(
                       reinterpret_cast<const uint8_t*>(b.data()), b.size()));
  multiplayer::RemoteCall rc;
  rc.node_id = 1;
  rc.method_id = 0;
  for (Variant& v : Args(set)) rc.args.push_back(multiplayer::MakeValue(v));
  f->packet = *multiplayer::Encode(multiplayer::MakePacket(rc));
  // One call to announce the server's path, then its confirmation.
  f->core->Receive(
      2, {},
      absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(f->packet.data()),
                          f->packet.size()));
  const uint8_t confirm[6] = {2, 1, 1, 0, 0, 0};
  f->core->Receive(2, {}, confirm);
  return f;
}

void BM_CoreEcho(benchmark::State& state) {
  const int set = static_cast<int>(state.range(0));
  const bool trace = state.range(1) != 0;
  const bool keep = state.range(2) != 0;
  auto f = Make(set, trace, keep);
  const auto span = absl::MakeConstSpan(
      reinterpret_cast<const uint8_t*>(f->packet.data()), f->packet.size());
  const uint64_t calls0 = f->echo.calls;
  const uint64_t out0 = f->transport.bytes;
  for (auto _ : state) {
    f->core->Receive(2, {}, span);
  }
  const uint64_t calls = f->echo.calls - calls0;
  if (calls != static_cast<uint64_t>(state.iterations())) {
    state.SkipWithError("not every call was answered");
    return;
  }
  state.SetItemsProcessed(static_cast<int64_t>(calls));
  state.SetBytesProcessed(static_cast<int64_t>(calls * f->packet.size() +
                                               (f->transport.bytes - out0)));
  state.SetLabel(std::string(kSetNames[set]) + (trace ? " traced" : "") +
                 (keep ? "" : " bytes only") + ", " +
                 std::to_string(f->packet.size()) + " B in");
}
BENCHMARK(BM_CoreEcho)
    ->ArgsProduct({{0, 1, 2, 3}, {0}, {1, 0}})
    ->Args({1, 1, 1})
    ->ArgNames({"set", "trace", "values"});

// The floor: the same packet copied in and its reply's bytes copied out.
void BM_Memcpy(benchmark::State& state) {
  const int set = static_cast<int>(state.range(0));
  auto f = Make(set, false);
  std::string in = f->packet, buf(in.size() * 2 + 64, '\0');
  for (auto _ : state) {
    std::memcpy(&buf[0], in.data(), in.size());
    std::memcpy(&buf[in.size()], buf.data(), in.size());
    benchmark::DoNotOptimize(buf.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() * in.size() * 2);
  state.SetLabel(kSetNames[set]);
}
BENCHMARK(BM_Memcpy)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->ArgName("set");

}  // namespace
}  // namespace server
}  // namespace gdwire

BENCHMARK_MAIN();
