// Copyright 2026 The gdwire Authors.
//
// benchmarks/enet_bench.cc: Godot's own networking decoded from a real
// recording (Godot 4.6.3, ENetMultiplayerPeer + SceneMultiplayer, server and
// two clients: tests/data/captures/enet/), one core, bytes = the UDP
// payloads (every ENet datagram of the recording):
//
//   BM_EnetMemcpy        memcpy of the same datagrams (the baseline)
//   BM_EnetDecode        the ENet layer alone (codec/enet: headers,
//                        commands, acknowledgements, reliable order,
//                        fragments, decompression)
//   BM_EnetMultiplayer   ENet + SceneMultiplayer (codec/multiplayer:
//                        packets, path caches, spawns, relays, and the
//                        Variant decode of every argument and value)
//   BM_EnetCapture/0    (MB/s of the capture file, as BM_TcpCapture)
//                        what `gdwire capture` does before printing: the
//                        capture file's frames through capture::DecodeBytes
//                        with NetEvents built (one line of text each)
//   BM_EnetCapture/1    the same for --format=json (text, JSON and the
//                        values' texts of every event)
//   BM_TcpCapture/0,1    the same two on the put_var TCP/UDP/WebSocket
//                        recording of Godot 4.6.3 (tests/data/captures/
//                        godot4.pcap): values' text, or text and JSON
//
//   bazel run -c opt //benchmarks:enet_bench [-- --gdwire_pcap=FILE]

#include <pcap/pcap.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "benchmark/benchmark.h"
#include "codec/capture/capture.h"
#include "codec/capture/internal/packet.h"
#include "codec/enet/session.h"
#include "codec/multiplayer/session.h"
#include "codec/text/json.h"
#include "codec/text/text.h"

namespace {

using gdwire::capture::Endpoint;

std::string g_path = "tests/data/captures/enet/godot4_enet_none.pcap";

struct Datagram {
  int64_t time;
  Endpoint src, dst;
  std::vector<uint8_t> payload;
};

struct Recording {
  std::string file;  // the pcap's bytes
  std::vector<Datagram> datagrams;
  size_t bytes = 0;
};

const Recording& Load() {
  static Recording* r = [] {
    auto* rec = new Recording;
    std::ifstream in(g_path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    rec->file = ss.str();
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_offline(g_path.c_str(), err);
    if (p == nullptr) {
      std::fprintf(stderr, "enet_bench: %s\n", err);
      std::exit(2);
    }
    const int link = pcap_datalink(p);
    pcap_pkthdr* h;
    const u_char* data;
    while (pcap_next_ex(p, &h, &data) == 1) {
      gdwire::capture::internal::Packet pk;
      std::string why;
      if (!gdwire::capture::internal::ParsePacket(
              link, absl::MakeConstSpan(data, h->caplen), h->len, &pk, &why) ||
          pk.proto != gdwire::capture::internal::Proto::kUdp) {
        continue;
      }
      Datagram d;
      d.time = int64_t{h->ts.tv_sec} * 1000000000 + h->ts.tv_usec * 1000;
      d.src = pk.src;
      d.dst = pk.dst;
      d.payload.assign(pk.payload.begin(), pk.payload.end());
      rec->bytes += d.payload.size();
      rec->datagrams.push_back(std::move(d));
    }
    pcap_close(p);
    if (rec->datagrams.empty()) {
      std::fprintf(stderr, "enet_bench: no UDP datagram in %s\n",
                   g_path.c_str());
      std::exit(2);
    }
    return rec;
  }();
  return *r;
}

void BM_EnetMemcpy(benchmark::State& state) {
  const Recording& r = Load();
  std::vector<uint8_t> out(64 * 1024);
  for (auto _ : state) {
    for (const Datagram& d : r.datagrams) {
      std::memcpy(out.data(), d.payload.data(), d.payload.size());
      benchmark::DoNotOptimize(out.data());
    }
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * r.bytes);
}
BENCHMARK(BM_EnetMemcpy);

void BM_EnetDecode(benchmark::State& state) {
  const Recording& r = Load();
  uint64_t packets = 0;
  for (auto _ : state) {
    gdwire::enet::Decoder dec(
        gdwire::enet::DecoderOptions(),
        [&](const gdwire::enet::Event& e) {
          if (e.kind == gdwire::enet::EventKind::kPacket) {
            packets += e.packet.size() > 0;
          }
        },
        nullptr);
    for (const Datagram& d : r.datagrams) {
      dec.Datagram(d.time, d.src, d.dst, d.payload);
    }
    dec.Finish();
  }
  benchmark::DoNotOptimize(packets);
  state.SetBytesProcessed(state.iterations() * r.bytes);
  state.counters["packets"] = benchmark::Counter(static_cast<double>(packets),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_EnetDecode);

void BM_EnetMultiplayer(benchmark::State& state) {
  const Recording& r = Load();
  uint64_t events = 0, errors = 0;
  for (auto _ : state) {
    gdwire::multiplayer::Session session;
    gdwire::multiplayer::Event ev;
    std::map<uint64_t, int32_t> client_id;
    gdwire::enet::Decoder dec(
        gdwire::enet::DecoderOptions(),
        [&](const gdwire::enet::Event& e) {
          if (e.kind == gdwire::enet::EventKind::kConnect &&
              e.connect != nullptr) {
            client_id[e.flow] = static_cast<int32_t>(e.connect->data);
          }
          if (e.kind != gdwire::enet::EventKind::kPacket) return;
          const int32_t c = client_id[e.flow];
          const bool up =
              e.direction == gdwire::enet::Direction::kClientToServer;
          const int channel = e.channel < 2 ? 0 : e.channel - 1;
          if (session.Feed(up ? c : 1, up ? 1 : c, channel, e.packet, &ev)
                  .ok()) {
            ++events;
          } else {
            ++errors;
          }
        },
        nullptr);
    for (const Datagram& d : r.datagrams) {
      dec.Datagram(d.time, d.src, d.dst, d.payload);
    }
    dec.Finish();
  }
  if (errors > 0) state.SkipWithError("a packet did not decode");
  state.SetBytesProcessed(state.iterations() * r.bytes);
  state.counters["events"] = benchmark::Counter(static_cast<double>(events),
                                                benchmark::Counter::kIsRate);
}
BENCHMARK(BM_EnetMultiplayer);

void BM_EnetCapture(benchmark::State& state) {
  const Recording& r = Load();
  uint64_t text_bytes = 0;
  gdwire::capture::CaptureOptions opts;
  opts.net_json = opts.net_values = state.range(0) == 1;
  opts.on_net_event = [&](const gdwire::capture::NetEvent& e) {
    text_bytes += e.text.size() + e.json.size();
  };
  for (auto _ : state) {
    absl::Status st =
        gdwire::capture::DecodeBytes(r.file, opts, nullptr, nullptr);
    if (!st.ok()) state.SkipWithError("capture did not decode");
  }
  benchmark::DoNotOptimize(text_bytes);
  // Bytes of the capture file, as BM_TcpCapture counts them.
  state.SetBytesProcessed(state.iterations() * r.file.size());
}
BENCHMARK(BM_EnetCapture)->Arg(0)->Arg(1);

// The put_var capture of the same engine, rendered as the CLI does: bytes =
// the file's (its frames carry ~60% payload on loopback).
void BM_TcpCapture(benchmark::State& state) {
  static std::string* file = [] {
    std::ifstream in("tests/data/captures/godot4.pcap", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return new std::string(ss.str());
  }();
  uint64_t text_bytes = 0;
  const bool json = state.range(0) == 1;
  auto on_message = [&](const gdwire::capture::Message& m) {
    text_bytes +=
        gdwire::text::ToText(m.value, gdwire::Dialect::kGodot4).size();
    if (json) text_bytes += gdwire::text::ToJson(m.value).size();
  };
  gdwire::capture::CaptureStats stats;
  for (auto _ : state) {
    absl::Status st = gdwire::capture::DecodeBytes(
        *file, gdwire::capture::CaptureOptions(), on_message, nullptr, &stats);
    if (!st.ok()) state.SkipWithError("capture did not decode");
  }
  benchmark::DoNotOptimize(text_bytes);
  state.SetBytesProcessed(state.iterations() * file->size());
}
BENCHMARK(BM_TcpCapture)->Arg(0)->Arg(1);

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--gdwire_pcap=", 14) == 0) {
      g_path = argv[i] + 14;
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
