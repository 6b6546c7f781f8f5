// Copyright 2026 The gdwire Authors.
//
// NetReader (the multiplayer decoding for callers that take packets apart
// themselves, e.g. the Wireshark plugin) against capture::DecodeFile on the
// real ENet recordings: fed the UDP datagrams of each frame, it gives the
// same events, in the same order, and with net_variants the values whose
// texts the events carry.

#include "codec/capture/net_reader.h"

#include <pcap/pcap.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "codec/capture/capture.h"
#include "codec/capture/internal/packet.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace capture {
namespace {

struct Seen {
  std::vector<std::string> lines;
  size_t values = 0;
};

std::string Line(const NetEvent& e) {
  return e.src.ToString() + " " + e.dst.ToString() + " " + e.text;
}

// The events DecodeFile gives for `path`.
Seen FromFile(const std::string& path, Dialect dialect) {
  Seen s;
  CaptureOptions o;
  o.decode.dialect = dialect;
  o.on_net_event = [&](const NetEvent& e) { s.lines.push_back(Line(e)); };
  EXPECT_TRUE(DecodeFile(
                  path, o, [](const Message&) {}, [](const Problem&) {})
                  .ok());
  return s;
}

// The events NetReader gives for the UDP datagrams of `path`, a flow
// claimed (or not) at its first datagram, as a dissector does.
Seen FromDatagrams(const std::string& path, Dialect dialect) {
  Seen s;
  CaptureOptions o;
  o.decode.dialect = dialect;
  o.net_variants = true;
  o.on_net_event = [&](const NetEvent& e) {
    s.lines.push_back(Line(e));
    for (const NetEvent::Values& g : e.values) {
      EXPECT_EQ(g.variants.size(), g.texts.size()) << e.text;
      for (size_t i = 0; i < g.variants.size() && i < g.texts.size(); ++i) {
        EXPECT_EQ(text::ToText(g.variants[i], dialect), g.texts[i]);
        ++s.values;
      }
    }
  };
  NetReader reader(o, [](const Problem&) {});
  char err[PCAP_ERRBUF_SIZE];
  pcap_t* p = pcap_open_offline(path.c_str(), err);
  EXPECT_NE(p, nullptr) << err;
  if (p == nullptr) return s;
  std::map<std::pair<Endpoint, Endpoint>, std::pair<bool, uint64_t>> flows;
  pcap_pkthdr* h = nullptr;
  const u_char* data = nullptr;
  while (pcap_next_ex(p, &h, &data) == 1) {
    internal::Packet pk;
    std::string why;
    if (!internal::ParsePacket(pcap_datalink(p),
                               absl::MakeConstSpan(data, h->caplen), h->len,
                               &pk, &why) ||
        pk.proto != internal::Proto::kUdp) {
      continue;
    }
    auto key = pk.src < pk.dst ? std::make_pair(pk.src, pk.dst)
                               : std::make_pair(pk.dst, pk.src);
    auto it = flows.find(key);
    if (it == flows.end()) {
      it = flows
               .emplace(key, std::make_pair(reader.ClaimsDatagram(
                                                pk.src, pk.dst, pk.payload),
                                            flows.size() + 1))
               .first;
    }
    if (!it->second.first) continue;
    Timestamp t;
    t.sec = h->ts.tv_sec;
    t.nsec = static_cast<uint32_t>(h->ts.tv_usec) * 1000;
    reader.Datagram(t, it->second.second, pk.src, pk.dst, pk.payload,
                    h->len - pk.payload.size());
  }
  pcap_close(p);
  reader.Finish(Timestamp());
  return s;
}

TEST(NetReaderTest, SameEventsAsTheCaptureDecoder) {
  const std::string dir = "tests/data/captures/";
  for (const auto& [file, dialect] :
       std::vector<std::pair<std::string, Dialect>>{
           {"enet/godot4_enet_zlib.pcap", Dialect::kGodot4},
           {"enet/godot4_enet_range_coder.pcap", Dialect::kGodot4},
           {"enet/godot3_enet.pcap", Dialect::kGodot3},
           {"game/game_none.pcap", Dialect::kGodot4}}) {
    SCOPED_TRACE(file);
    const Seen want = FromFile(dir + file, dialect);
    const Seen got = FromDatagrams(dir + file, dialect);
    EXPECT_GT(want.lines.size(), 100u);
    EXPECT_EQ(got.lines, want.lines);
    EXPECT_GT(got.values, 0u);
  }
}

TEST(NetReaderTest, WebSocketPeerId) {
  uint32_t id = 0;
  const uint8_t ok[] = {0x2a, 0x10, 0x00, 0x00};
  EXPECT_TRUE(NetReader::IsWebSocketPeerId(ok, &id));
  EXPECT_EQ(id, 0x102au);
  const uint8_t nil[] = {0, 0, 0, 0};  // a put_var null
  EXPECT_FALSE(NetReader::IsWebSocketPeerId(nil, &id));
  const uint8_t one[] = {1, 0, 0, 0};  // the server's own id
  EXPECT_FALSE(NetReader::IsWebSocketPeerId(one, &id));
  const uint8_t neg[] = {0, 0, 0, 0x80};
  EXPECT_FALSE(NetReader::IsWebSocketPeerId(neg, &id));
  const uint8_t five[] = {2, 0, 0, 0, 0};
  EXPECT_FALSE(NetReader::IsWebSocketPeerId(five, &id));
}

}  // namespace
}  // namespace capture
}  // namespace gdwire
