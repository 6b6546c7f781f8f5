// Copyright 2026 The gdwire Authors.
//
// The WebSocket decoder (one TCP direction) on hand-made bytes: the HTTP
// upgrade, masking, the three length forms, fragmentation with control
// frames between the fragments, and hostile frames (huge lengths, the top
// length bit, reserved opcodes, text and compressed messages, gaps).

#include "codec/capture/internal/websocket.h"

#include <string>
#include <vector>

#include "codec/capture/test_util.h"
#include "codec/reference/encoder.h"
#include "codec/text/text.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace capture {
namespace internal {
namespace {

constexpr char kRequest[] =
    "GET /game HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nUpgrade: websocket\r\n"
    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    "Sec-WebSocket-Version: 13\r\n\r\n";
constexpr char kResponse[] =
    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
    "Connection: Upgrade\r\n"
    "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n";

std::string Bytes(const Variant& v) {
  auto b = reference::Encode(v, EncodeOptions());
  EXPECT_TRUE(b.ok());
  return b.ok() ? *b : "";
}

struct Out : Emitter {
  std::vector<std::string> texts;
  std::vector<uint64_t> indexes, offsets;
  std::vector<std::pair<ProblemKind, std::string>> problems;
  void Value(Transport t, uint64_t index, uint64_t offset, Variant v) override {
    EXPECT_EQ(t, Transport::kWebSocket);
    texts.push_back(text::ToText(v, Dialect::kGodot4));
    indexes.push_back(index);
    offsets.push_back(offset);
  }
  void Problem(Transport, ProblemKind kind, uint64_t,
               std::string text) override {
    problems.push_back({kind, std::move(text)});
  }
  std::string All() const {
    std::string s;
    for (const auto& p : problems) s += p.second + "\n";
    return s;
  }
};

// Feeds `bytes` to a fresh decoder in pieces of `piece` bytes.
struct Ws {
  Out out;
  WebSocketDecoder d{DecodeOptions(), 1u << 20, &out};
  uint64_t at = 0;
  void Feed(const std::string& bytes, size_t piece = 1 << 30) {
    for (size_t i = 0; i < bytes.size(); i += piece) {
      const size_t n = std::min(piece, bytes.size() - i);
      d.Data(at, absl::MakeConstSpan(
                     reinterpret_cast<const uint8_t*>(bytes.data() + i), n));
      at += n;
    }
  }
};

using testing::WsFrame;

TEST(WebSocket, ClientMaskedAndServerPlain) {
  const std::string v1 = Bytes(Variant::Int(12));
  const std::string v2 = Bytes(Variant::String("hi"));
  for (size_t piece : {size_t{1}, size_t{3}, size_t{7}, size_t{1} << 30}) {
    Ws client;
    client.Feed(std::string(kRequest) + WsFrame(0x82, v1, true) +
                    WsFrame(0x82, v2, true, 0xdeadbeef),
                piece);
    client.d.End(false);
    EXPECT_EQ(client.out.texts, (std::vector<std::string>{"12", "\"hi\""}));
    EXPECT_EQ(client.out.All(), "");
    EXPECT_EQ(client.out.offsets[0], sizeof(kRequest) - 1);
    Ws server;
    server.Feed(std::string(kResponse) + WsFrame(0x82, v1, false), piece);
    EXPECT_EQ(server.out.texts, (std::vector<std::string>{"12"}));
    EXPECT_EQ(server.out.All(), "");
  }
}

TEST(WebSocket, LengthForms) {
  // 7-bit, 16-bit and 64-bit payload lengths.
  for (size_t n : {size_t{10}, size_t{300}, size_t{70000}}) {
    const Variant v = Variant::PackedBytes(std::vector<uint8_t>(n, 0x5a));
    Ws ws;
    ws.Feed(std::string(kResponse) + WsFrame(0x82, Bytes(v), false) +
            WsFrame(0x82, Bytes(v), true));
    ASSERT_EQ(ws.out.texts.size(), 2u) << n << ws.out.All();
    EXPECT_EQ(ws.out.texts[0], text::ToText(v, Dialect::kGodot4));
    EXPECT_EQ(ws.out.texts[1], ws.out.texts[0]);
  }
}

TEST(WebSocket, FragmentsWithControlFramesBetween) {
  const std::string v = Bytes(Variant::String("fragmented message body"));
  Ws ws;
  ws.Feed(std::string(kRequest) + WsFrame(0x02, v.substr(0, 5), true) +
          WsFrame(0x89, "ping", true) + WsFrame(0x00, v.substr(5, 9), true) +
          WsFrame(0x8a, "", true) + WsFrame(0x80, v.substr(14), true) +
          WsFrame(0x82, Bytes(Variant::Int(3)), true));
  EXPECT_EQ(ws.out.texts,
            (std::vector<std::string>{"\"fragmented message body\"", "3"}));
  EXPECT_EQ(ws.out.indexes, (std::vector<uint64_t>{0, 1}));
  EXPECT_EQ(ws.out.All(), "");
}

TEST(WebSocket, CloseFrameEndsTheDirection) {
  Ws ws;
  ws.Feed(std::string(kResponse) +
          WsFrame(0x88,
                  "\x03\xe8"
                  "done",
                  false) +
          "garbage after close");
  ws.d.End(false);
  EXPECT_TRUE(ws.out.texts.empty());
  EXPECT_EQ(ws.out.All(), "");
}

TEST(WebSocket, TextAndCompressedMessagesAreReportedAndSkipped) {
  Ws ws;
  ws.Feed(std::string(kResponse) + WsFrame(0x81, "hello", false) +
          WsFrame(0xc2, "\x01\x02\x03", false) +
          WsFrame(0x82, Bytes(Variant::Int(1)), false));
  EXPECT_EQ(ws.out.texts, (std::vector<std::string>{"1"}));
  EXPECT_EQ(ws.out.indexes, (std::vector<uint64_t>{2}));
  ASSERT_EQ(ws.out.problems.size(), 2u);
  EXPECT_EQ(ws.out.problems[0].first, ProblemKind::kProtocol);
  EXPECT_EQ(ws.out.problems[1].first, ProblemKind::kProtocol);
}

TEST(WebSocket, UndecodableMessageIsReportedNextOneDecoded) {
  Ws ws;
  ws.Feed(std::string(kResponse) + WsFrame(0x82, "\x7f\0\0\0", false) +
          WsFrame(0x82, "", false) +
          WsFrame(0x82, Bytes(Variant::Int(2)), false));
  EXPECT_EQ(ws.out.texts, (std::vector<std::string>{"2"}));
  ASSERT_EQ(ws.out.problems.size(), 2u) << ws.out.All();
  EXPECT_EQ(ws.out.problems[0].first, ProblemKind::kDecode);
}

TEST(WebSocket, HugeLengthIsSkippedNotAllocated) {
  // A frame that claims 2^62 bytes: over the message limit, skipped; the
  // decoder holds nothing while it counts the payload away.
  std::string f = "\x82\x7f";
  const uint64_t n = uint64_t{1} << 62;
  for (int i = 7; i >= 0; --i) f.push_back(static_cast<char>(n >> (8 * i)));
  Ws ws;
  ws.Feed(std::string(kResponse) + f + std::string(100000, 'x'));
  ws.d.End(true);
  EXPECT_TRUE(ws.out.texts.empty());
  ASSERT_EQ(ws.out.problems.size(), 2u) << ws.out.All();
  EXPECT_EQ(ws.out.problems[0].first, ProblemKind::kLimit);
  EXPECT_EQ(ws.out.problems[1].first, ProblemKind::kTruncated);
}

TEST(WebSocket, FragmentsOverTheLimitAreSkipped) {
  Out out;
  WebSocketDecoder d(DecodeOptions(), 1000, &out);
  const std::string bytes = std::string(kResponse) +
                            WsFrame(0x02, std::string(600, 'a'), false) +
                            WsFrame(0x80, std::string(600, 'b'), false) +
                            WsFrame(0x82, Bytes(Variant::Int(4)), false);
  d.Data(0, absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(bytes.data()),
                                bytes.size()));
  EXPECT_EQ(out.texts, (std::vector<std::string>{"4"}));
  ASSERT_EQ(out.problems.size(), 1u);
  EXPECT_EQ(out.problems[0].first, ProblemKind::kLimit);
}

TEST(WebSocket, HostileFramesLoseTheDirection) {
  std::string top = "\x82\x7f\x80";
  top += std::string(7, '\0');
  const std::string cases[] = {
      top,                         // length with its top bit set
      std::string("\x83\x00", 2),  // reserved data opcode
      std::string("\x8b\x00", 2),  // reserved control opcode
  };
  for (const std::string& c : cases) {
    Ws ws;
    ws.Feed(std::string(kResponse) + c +
            WsFrame(0x82, Bytes(Variant::Int(1)), false));
    EXPECT_TRUE(ws.out.texts.empty());
    ASSERT_EQ(ws.out.problems.size(), 1u) << ws.out.All();
    EXPECT_EQ(ws.out.problems[0].first, ProblemKind::kFraming);
  }
}

TEST(WebSocket, ProtocolErrorsThatKeepFraming) {
  Ws ws;
  ws.Feed(std::string(kResponse) +
          WsFrame(0x00, "orphan continuation", false) +   // no message
          WsFrame(0x09, "fragmented ping", false) +       // control, no FIN
          WsFrame(0x02, "\x02\0\0", false) +              // unfinished ...
          WsFrame(0x82, Bytes(Variant::Int(6)), false));  // ... new message
  EXPECT_EQ(ws.out.texts, (std::vector<std::string>{"6"}));
  EXPECT_EQ(ws.out.problems.size(), 3u) << ws.out.All();
}

TEST(WebSocket, RefusedOrMissingUpgrade) {
  const std::string heads[] = {
      "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET / HTTP/1.1\r\n" + std::string(20000, 'h'),
  };
  for (const std::string& h : heads) {
    Ws ws;
    ws.Feed(h + WsFrame(0x82, Bytes(Variant::Int(1)), false));
    EXPECT_TRUE(ws.out.texts.empty());
    ASSERT_EQ(ws.out.problems.size(), 1u) << ws.out.All();
    EXPECT_EQ(ws.out.problems[0].first, ProblemKind::kProtocol);
  }
}

TEST(WebSocket, GapInsidePayloadCostsOneMessage) {
  const std::string big = Bytes(Variant::String(std::string(500, 'q')));
  const std::string f1 = WsFrame(0x82, big, true);
  const std::string f2 = WsFrame(0x82, Bytes(Variant::Int(9)), true);
  Ws ws;
  ws.Feed(std::string(kRequest) + f1.substr(0, 100));
  ws.d.Gap(ws.at, 50);
  ws.at += 50;
  ws.Feed(f1.substr(150) + f2);
  EXPECT_EQ(ws.out.texts, (std::vector<std::string>{"9"}));
  EXPECT_EQ(ws.out.indexes, (std::vector<uint64_t>{1}));
  ASSERT_EQ(ws.out.problems.size(), 1u);
  EXPECT_EQ(ws.out.problems[0].first, ProblemKind::kGap);
  // A gap that takes a frame header: the rest is lost.
  Ws lost;
  lost.Feed(std::string(kRequest) + f2.substr(0, 1));
  lost.d.Gap(lost.at, 3);
  lost.at += 3;
  lost.Feed(f2.substr(4) + f2);
  EXPECT_TRUE(lost.out.texts.empty());
  ASSERT_EQ(lost.out.problems.size(), 1u);
  EXPECT_EQ(lost.out.problems[0].first, ProblemKind::kGap);
}

TEST(WebSocket, EndInsideAMessage) {
  Ws ws;
  const std::string f = WsFrame(0x82, Bytes(Variant::Int(77)), true);
  ws.Feed(std::string(kRequest) + f.substr(0, f.size() - 2));
  ws.d.End(false);
  EXPECT_TRUE(ws.out.texts.empty());
  ASSERT_EQ(ws.out.problems.size(), 1u);
  EXPECT_EQ(ws.out.problems[0].first, ProblemKind::kTruncated);
}

}  // namespace
}  // namespace internal
}  // namespace capture
}  // namespace gdwire
