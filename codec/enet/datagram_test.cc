// Copyright 2026 The gdwire Authors.

#include "codec/enet/datagram.h"

#include <enet/enet.h>
#include <zlib.h>

#include <cstring>
#include <vector>

#include "codec/enet/testing/builder.h"
#include "gtest/gtest.h"

namespace gdwire {
namespace enet {
namespace {

using testing::Builder;

std::vector<uint8_t> V(const char* s) {
  return std::vector<uint8_t>(s, s + std::strlen(s));
}

TEST(DatagramTest, HeaderAndCommands) {
  const std::vector<uint8_t> b = Builder(5, 2, 0x1234)
                                     .Ack(1, 7, 99)
                                     .Reliable(1, 8, V("hello"))
                                     .Unreliable(2, 8, 3, V("u"))
                                     .Unsequenced(0, 1025, V("s"))
                                     .Ping(9)
                                     .Disconnect(10, 42);
  Datagram d;
  ASSERT_TRUE(ParseDatagram(b, ParseOptions(), &d).ok());
  EXPECT_EQ(d.peer_id, 5);
  EXPECT_EQ(d.session_id, 2);
  EXPECT_TRUE(d.has_sent_time);
  EXPECT_EQ(d.sent_time, 0x1234);
  EXPECT_FALSE(d.compressed);
  EXPECT_FALSE(d.has_checksum);
  EXPECT_EQ(d.header_size, 4u);
  EXPECT_TRUE(d.tail.ok()) << d.tail.ToString();
  ASSERT_EQ(d.commands.size(), 6u);
  EXPECT_EQ(d.commands[0].type, CommandType::kAcknowledge);
  EXPECT_EQ(d.commands[0].ack_reliable_seq, 7);
  EXPECT_EQ(d.commands[0].ack_sent_time, 99);
  EXPECT_EQ(d.commands[1].type, CommandType::kSendReliable);
  EXPECT_TRUE(d.commands[1].acknowledge);
  EXPECT_EQ(d.commands[1].channel, 1);
  EXPECT_EQ(d.commands[1].reliable_seq, 8);
  EXPECT_EQ(d.commands[1].offset, 12u);
  EXPECT_EQ(std::vector<uint8_t>(d.commands[1].data.begin(),
                                 d.commands[1].data.end()),
            V("hello"));
  EXPECT_EQ(d.commands[2].sequence, 3);
  EXPECT_EQ(d.commands[3].type, CommandType::kSendUnsequenced);
  EXPECT_TRUE(d.commands[3].unsequenced);
  EXPECT_EQ(d.commands[3].sequence, 1025);
  EXPECT_EQ(d.commands[4].type, CommandType::kPing);
  EXPECT_EQ(d.commands[5].value[0], 42u);
}

TEST(DatagramTest, ConnectFieldsAndLooksLikeConnect) {
  const std::vector<uint8_t> b =
      Builder(kNoPeerId, 0, 7).Connect(3, 8, 123456789);
  Datagram d;
  ASSERT_TRUE(ParseDatagram(b, ParseOptions(), &d).ok());
  ASSERT_EQ(d.commands.size(), 1u);
  const ConnectInfo& c = d.commands[0].connect;
  EXPECT_EQ(c.outgoing_peer_id, 3);
  EXPECT_EQ(c.mtu, 1400u);
  EXPECT_EQ(c.window_size, 65536u);
  EXPECT_EQ(c.channel_count, 8u);
  EXPECT_EQ(c.throttle_interval, 5000u);
  EXPECT_EQ(c.data, 123456789u);
  EXPECT_TRUE(LooksLikeEnetConnect(b));
  // Not a connect: a peer id, a wrong channel count, two commands, cut.
  EXPECT_FALSE(LooksLikeEnetConnect(Builder(0, 0, 7).Connect(3, 8, 1).bytes()));
  EXPECT_FALSE(
      LooksLikeEnetConnect(Builder(kNoPeerId, 0, 7).Connect(3, 0, 1).bytes()));
  EXPECT_FALSE(LooksLikeEnetConnect(
      Builder(kNoPeerId, 0, 7).Connect(3, 256, 1).bytes()));
  EXPECT_FALSE(LooksLikeEnetConnect(
      Builder(kNoPeerId, 0, 7).Connect(3, 8, 1, 0, 100).bytes()));  // MTU
  EXPECT_FALSE(LooksLikeEnetConnect(
      Builder(kNoPeerId, 0, 7).Connect(3, 8, 1).Ping(2).bytes()));
  std::vector<uint8_t> cut = b;
  cut.pop_back();
  EXPECT_FALSE(LooksLikeEnetConnect(cut));
  EXPECT_FALSE(LooksLikeEnetConnect({}));
}

TEST(DatagramTest, TruncationAtEveryByte) {
  const std::vector<uint8_t> b =
      Builder(5, 0, 1)
          .Reliable(0, 1, V("abcdef"))
          .Fragment(true, 1, 2, 2, 3, 0, 30, 0, V("0123456789"))
          .Unreliable(0, 1, 1, V("xyz"));
  for (size_t n = 0; n < b.size(); ++n) {
    Datagram d;
    const absl::Status st =
        ParseDatagram(absl::MakeConstSpan(b.data(), n), ParseOptions(), &d);
    if (n < 4) {
      EXPECT_FALSE(st.ok()) << n;
      EXPECT_EQ(ErrorFromStatus(st).kind, ErrorKind::kTruncated);
      continue;
    }
    ASSERT_TRUE(st.ok()) << n << ": " << st;
    if (n == 4) {
      EXPECT_TRUE(d.commands.empty());
      EXPECT_TRUE(d.tail.ok());
      continue;
    }
    // The commands before the cut read, the cut one is reported at its start
    // (a cut between two commands is a shorter, whole datagram).
    if (d.tail.ok()) {
      ASSERT_FALSE(d.commands.empty());
      EXPECT_EQ(d.commands.back().offset + d.commands.back().size, n);
      continue;
    }
    EXPECT_EQ(d.tail.kind, ErrorKind::kTruncated) << n;
    for (const Command& c : d.commands) EXPECT_LE(c.offset + c.size, n);
    EXPECT_GE(d.tail.offset, 4u);
    EXPECT_LT(d.tail.offset, n);
  }
}

TEST(DatagramTest, UnknownCommandAndPadding) {
  std::vector<uint8_t> b = Builder(1).Ping(1);
  b.push_back(13);  // ENET_PROTOCOL_COMMAND_COUNT
  b.insert(b.end(), {0, 0, 0});
  Datagram d;
  ASSERT_TRUE(ParseDatagram(b, ParseOptions(), &d).ok());
  EXPECT_EQ(d.commands.size(), 1u);
  EXPECT_EQ(d.tail.kind, ErrorKind::kInvalidType);
  EXPECT_EQ(d.tail.offset, 6u);
  // Zero padding (Godot's FastLZ under 16 bytes) ends the commands quietly.
  b = Builder(1).Ping(1);
  b.resize(b.size() + 9, 0);
  ASSERT_TRUE(ParseDatagram(b, ParseOptions(), &d).ok());
  EXPECT_EQ(d.commands.size(), 1u);
  EXPECT_TRUE(d.tail.ok());
}

TEST(DatagramTest, DtlsIsReportedNotMisread) {
  std::vector<uint8_t> b = {22, 0xFE, 0xFD, 0, 0, 0, 0, 0,
                            0,  0,    0,    0, 3, 1, 2, 3};
  EXPECT_TRUE(IsDtlsRecord(b));
  Datagram d;
  const absl::Status st = ParseDatagram(b, ParseOptions(), &d);
  EXPECT_EQ(ErrorFromStatus(st).kind, ErrorKind::kUnsupported);
  EXPECT_NE(st.message().find("DTLS"), std::string::npos);
  b[2] = 0x03;
  EXPECT_FALSE(IsDtlsRecord(b));
}

TEST(DatagramTest, ChecksumOnAndAuto) {
  // ENet's CRC32 over the datagram with the connect id in the field.
  const uint32_t connect_id = 0xA1B2C3D4;
  std::vector<uint8_t> plain = Builder(2, 1).Reliable(0, 1, V("crc"));
  std::vector<uint8_t> b(plain.begin(), plain.begin() + 2);
  b.insert(b.end(), 4, 0);
  std::memcpy(b.data() + 2, &connect_id, 4);
  b.insert(b.end(), plain.begin() + 2, plain.end());
  ENetBuffer buf;
  buf.data = b.data();
  buf.dataLength = b.size();
  const uint32_t crc = enet_crc32(&buf, 1);
  std::memcpy(b.data() + 2, &crc, 4);

  ParseOptions o;
  o.connect_id_known = true;
  o.connect_id = connect_id;
  for (Checksum mode : {Checksum::kOn, Checksum::kAuto}) {
    o.checksum = mode;
    Datagram d;
    ASSERT_TRUE(ParseDatagram(b, o, &d).ok());
    EXPECT_TRUE(d.has_checksum);
    EXPECT_EQ(d.header_size, 6u);
    ASSERT_EQ(d.commands.size(), 1u);
    EXPECT_TRUE(d.tail.ok());
  }
  // A wrong connect id: the checksum does not verify.
  o.connect_id = 1;
  o.checksum = Checksum::kOn;
  Datagram d;
  EXPECT_EQ(ErrorFromStatus(ParseDatagram(b, o, &d)).kind,
            ErrorKind::kBadFrame);
}

TEST(DatagramTest, CompressedZlibAndErrors) {
  std::vector<uint8_t> plain = Builder(3).Reliable(0, 1, V("zlib zlib zlib"));
  std::vector<uint8_t> area(plain.begin() + 2, plain.end());
  uLongf n = compressBound(area.size());
  std::vector<uint8_t> z(n);
  ASSERT_EQ(compress2(z.data(), &n, area.data(), area.size(), 9), Z_OK);
  z.resize(n);
  std::vector<uint8_t> b = {static_cast<uint8_t>(0x40), 3};  // compressed
  b.insert(b.end(), z.begin(), z.end());
  for (Compression mode : {Compression::kZlib, Compression::kAuto}) {
    ParseOptions o;
    o.compression = mode;
    Datagram d;
    ASSERT_TRUE(ParseDatagram(b, o, &d).ok());
    EXPECT_TRUE(d.compressed);
    EXPECT_EQ(d.compression, Compression::kZlib);
    ASSERT_EQ(d.commands.size(), 1u);
    EXPECT_EQ(d.commands[0].data.size(), 14u);
  }
  ParseOptions o;
  o.compression = Compression::kNone;
  Datagram d;
  EXPECT_EQ(ErrorFromStatus(ParseDatagram(b, o, &d)).kind,
            ErrorKind::kBadFrame);
  o.compression = Compression::kZstd;
  EXPECT_FALSE(ParseDatagram(b, o, &d).ok());
  // Garbage after a compressed flag: no mode fits.
  std::vector<uint8_t> junk = {0x40, 3, 0xde, 0xad, 0xbe, 0xef, 1, 2, 3};
  o.compression = Compression::kAuto;
  const absl::Status st = ParseDatagram(junk, o, &d);
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(ErrorFromStatus(st).offset, 2u);
}

}  // namespace
}  // namespace enet
}  // namespace gdwire
