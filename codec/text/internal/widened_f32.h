// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/widened_f32.h: std::to_chars(double) (shortest round
// trip) for the doubles the JSON writers print most: an f32 component
// widened to the double the engine holds (Vector3(0.7071)'s x prints as
// 0.707099974155426). Such a double has 24 significant bits, so the
// interval of decimals that read back to it can be computed exactly in
// 128-bit integers without Ryu's tables (about 49 ns a value against
// to_chars's 74 on random f32s of +-500, -O2, the 2-core Xeon); the
// digits chosen are Ryu's (the shortest in the interval,
// correctly rounded, ties to even), laid out as to_chars lays them out
// (fixed unless scientific is shorter). Internal to codec/text.
//
//   char buf[48];
//   char* end = internal::WriteWidenedF32(double(0.7071f), buf);
//   // "0.707099974155426", the bytes of std::to_chars; nullptr when the
//   // value is not one this handles (write it with std::to_chars then).

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_WIDENED_F32_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_WIDENED_F32_H_

namespace gdwire {
namespace text {
namespace internal {

// Writes std::to_chars(x)'s text at p (room for 32 bytes) and returns its
// end, for x exactly an f32, not an integer, with 2^-20 <= |x| < 2^24;
// returns nullptr (nothing written) for any other x.
char* WriteWidenedF32(double x, char* p);

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_WIDENED_F32_H_
