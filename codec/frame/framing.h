// Copyright 2026 The gdwire Authors.
//
// codec/frame/framing.h: which framing surrounds encoded values (spec §9),
// shared by the complete-buffer framings (codec/frame/frame.h) and the push
// parser (codec/stream/parser.h).
//
//   gdwire::FrameOptions f;
//   f.framing = gdwire::Framing::kStream;  // StreamPeer.put_var
//   f.max_frame_bytes = 1 << 20;

#ifndef GDWIRE_CODEC_FRAME_FRAMING_H_
#define GDWIRE_CODEC_FRAME_FRAMING_H_

#include <cstdint>

namespace gdwire {

//   kNone          one value per packet (PacketPeer.put_var), or values back
//                  to back in a buffer
//   kStream        StreamPeer.put_var / FileAccess.store_var: a u32 length
//                  (little-endian, or big-endian with the peer's switch)
//                  before each value
//   kPacketStream  PacketPeerStream: a u32 little-endian length before each
//                  packet, whatever the stream's endianness
enum class Framing : uint8_t { kNone, kStream, kPacketStream };

struct FrameOptions {
  Framing framing = Framing::kNone;
  // kStream only: the length prefix is big-endian (StreamPeer.big_endian,
  // FileAccess.big_endian, File.endian_swap).
  bool big_endian = false;
  // Largest frame accepted; a larger length prefix is an error (kBadFrame),
  // never an allocation. PacketPeerStream's engine default is 65532.
  uint32_t max_frame_bytes = 256u << 20;
};

}  // namespace gdwire

#endif  // GDWIRE_CODEC_FRAME_FRAMING_H_
