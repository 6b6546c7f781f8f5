// Copyright 2026 The gdwire Authors.
//
// codec/enet/testing/builder.h: hand-made ENet datagrams for tests (fields
// big-endian as ENet sends them).

#ifndef GDWIRE_CODEC_ENET_TESTING_BUILDER_H_
#define GDWIRE_CODEC_ENET_TESTING_BUILDER_H_

#include <cstdint>
#include <vector>

namespace gdwire {
namespace enet {
namespace testing {

class Builder {
 public:
  // The header: peer id, session id, optional sent time.
  explicit Builder(uint16_t peer_id, uint8_t session = 0, int sent_time = -1) {
    U16(static_cast<uint16_t>(peer_id | session << 12 |
                              (sent_time >= 0 ? 0x8000 : 0)));
    if (sent_time >= 0) U16(static_cast<uint16_t>(sent_time));
  }
  Builder& U8(uint8_t v) {
    b_.push_back(v);
    return *this;
  }
  Builder& U16(uint16_t v) { return U8(v >> 8).U8(v & 255); }
  Builder& U32(uint32_t v) { return U16(v >> 16).U16(v & 0xFFFF); }
  Builder& Bytes(const std::vector<uint8_t>& v) {
    b_.insert(b_.end(), v.begin(), v.end());
    return *this;
  }
  Builder& Cmd(uint8_t command, uint8_t channel, uint16_t seq) {
    return U8(command).U8(channel).U16(seq);
  }
  Builder& Connect(uint16_t peer, uint32_t channels, uint32_t data,
                   uint32_t connect_id = 0x11223344, uint32_t mtu = 1400) {
    Cmd(2 | 0x80, 0xFF, 1).U16(peer).U8(0xFF).U8(0xFF).U32(mtu).U32(65536);
    return U32(channels)
        .U32(0)
        .U32(0)
        .U32(5000)
        .U32(2)
        .U32(2)
        .U32(connect_id)
        .U32(data);
  }
  Builder& Verify(uint16_t peer, uint8_t in_session, uint8_t out_session,
                  uint32_t channels, uint32_t connect_id = 0x11223344) {
    Cmd(3 | 0x80, 0xFF, 1).U16(peer).U8(in_session).U8(out_session);
    U32(1400).U32(65536).U32(channels).U32(0).U32(0).U32(5000).U32(2).U32(2);
    return U32(connect_id);
  }
  Builder& Reliable(uint8_t channel, uint16_t seq,
                    const std::vector<uint8_t>& data) {
    Cmd(6 | 0x80, channel, seq).U16(static_cast<uint16_t>(data.size()));
    return Bytes(data);
  }
  Builder& Unreliable(uint8_t channel, uint16_t reliable_seq, uint16_t seq,
                      const std::vector<uint8_t>& data) {
    Cmd(7, channel, reliable_seq).U16(seq);
    return U16(static_cast<uint16_t>(data.size())).Bytes(data);
  }
  Builder& Unsequenced(uint8_t channel, uint16_t group,
                       const std::vector<uint8_t>& data) {
    Cmd(9 | 0x40, channel, 0).U16(group);
    return U16(static_cast<uint16_t>(data.size())).Bytes(data);
  }
  Builder& Fragment(bool reliable, uint8_t channel, uint16_t seq,
                    uint16_t start, uint32_t count, uint32_t number,
                    uint32_t total, uint32_t offset,
                    const std::vector<uint8_t>& data) {
    Cmd(reliable ? (8 | 0x80) : 12, channel, seq).U16(start);
    U16(static_cast<uint16_t>(data.size())).U32(count).U32(number);
    return U32(total).U32(offset).Bytes(data);
  }
  Builder& Disconnect(uint16_t seq, uint32_t data) {
    return Cmd(4 | 0x80, 0xFF, seq).U32(data);
  }
  Builder& Ping(uint16_t seq) { return Cmd(5 | 0x80, 0xFF, seq); }
  Builder& Ack(uint8_t channel, uint16_t seq, uint16_t time) {
    return Cmd(1, channel, 0).U16(seq).U16(time);
  }
  const std::vector<uint8_t>& bytes() const { return b_; }
  operator std::vector<uint8_t>() const { return b_; }

 private:
  std::vector<uint8_t> b_;
};

}  // namespace testing
}  // namespace enet
}  // namespace gdwire

#endif  // GDWIRE_CODEC_ENET_TESTING_BUILDER_H_
