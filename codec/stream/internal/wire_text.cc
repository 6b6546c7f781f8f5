// Copyright 2026 The gdwire Authors.

#include "codec/stream/internal/wire_text.h"

#include <algorithm>
#include <cstring>

#include "codec/core/text.h"
#include "simd/utf8.h"
#include "simd/utf8_rules.h"

namespace gdwire {
namespace stream {
namespace internal {
namespace {

// Index of the first byte >= 0x80 in p[0, k), or k.
size_t AsciiPrefix(const uint8_t* p, size_t k) {
  size_t i = 0;
  for (; i + 8 <= k; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (w & 0x8080808080808080ull) break;
  }
  while (i < k && p[i] < 0x80) ++i;
  return i;
}

}  // namespace

void WireTextScanner::Begin(uint32_t n, Dialect dialect) {
  strict_ = dialect == Dialect::kGodot4;
  dialect_ = dialect;
  kept_ = false;
  n_ = n;
  index_ = 0;
  bom_pending_ = n >= 3;
  text_ended_ = n == 0;
  failed_ = false;
  canonical_ = true;
  bad_ = 0;
  seq_len_ = 0;
  seq_need_ = 0;
}

void WireTextScanner::Sequence() {
  const int len = seq_need_;
  seq_need_ = 0;
  uint32_t cp;
  const int k = strict_ ? simd::StrictDecode(seq_, len, &cp)
                        : simd::LenientDecode(seq_, len, &cp);
  if (k >= 0) return Fail(seq_start_ + k);
  if (simd::ShortestLength(cp) != len) canonical_ = false;
}

void WireTextScanner::Check(const uint8_t* p, size_t k, uint32_t at) {
  size_t i = 0;
  while (i < k && !failed_) {
    if (seq_need_ > 0) {
      seq_[seq_len_++] = p[i++];
      if (seq_len_ == seq_need_) Sequence();
      continue;
    }
    i += AsciiPrefix(p + i, k - i);
    if (i >= k) break;
    const uint8_t c = p[i];
    const int len = strict_ ? simd::StrictLength(c) : simd::LenientLength(c);
    if (len == 0) return Fail(at + static_cast<uint32_t>(i));
    seq_[0] = c;
    seq_len_ = 1;
    seq_need_ = len;
    seq_start_ = at + static_cast<uint32_t>(i);
    ++i;
  }
}

void WireTextScanner::EndText(uint32_t at) {
  // A sequence cut by the NUL or the end of the string.
  if (seq_need_ > 0) Fail(at);
  seq_need_ = 0;
  text_ended_ = true;
}

WireTextScanner::Text WireTextScanner::KeepFirst(const uint8_t* p, size_t k) {
  // As Consume below for a first piece of 3 bytes or more: the BOM is
  // decided here, the text ends at the first NUL; the check waits.
  Text t;
  std::memcpy(patch_, p, k);
  index_ = static_cast<uint32_t>(k);
  kept_ = true;
  size_t off = 0;
  if (bom_pending_) {
    bom_pending_ = false;
    if (p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) off = 3;
  }
  const void* z = std::memchr(p + off, 0, k - off);
  kept_nul_ = z != nullptr;
  t.begin = off;
  t.end = z ? static_cast<const uint8_t*>(z) - p : k;
  return t;
}

WireTextScanner::Text WireTextScanner::CheckWhole(const uint8_t* p, size_t k) {
  Text t;
  const uint32_t at = index_;
  std::memcpy(patch_ + at, p, k);
  index_ = n_;
  kept_ = false;
  text_ended_ = true;
  const simd::WireText w =
      core::CheckText(patch_, n_, sizeof(patch_), dialect_);
  canonical_ = w.canonical;
  if (!w.ok) Fail(static_cast<uint32_t>(w.bad_index));
  if (kept_nul_) return t;  // the text ended in the first piece
  if (w.ok) {
    t.end = w.end - at;  // at the NUL or the string's end
  } else {
    const void* z = std::memchr(p, 0, k);
    t.end = z ? static_cast<const uint8_t*>(z) - p : k;
  }
  return t;
}

void WireTextScanner::Replay() {
  const uint32_t k = index_;
  index_ = 0;
  kept_ = false;
  Scan(patch_, k);  // the text it gives was passed on by KeepFirst
}

WireTextScanner::Text WireTextScanner::Consume(const uint8_t* p, size_t k) {
  if (kept_) {
    if (index_ + k == n_) return CheckWhole(p, k);
    Replay();
  } else if (index_ == 0 && k >= 3 && k < n_ && n_ <= kPatch) {
    return KeepFirst(p, k);
  }
  return Scan(p, k);
}

WireTextScanner::Text WireTextScanner::Scan(const uint8_t* p, size_t k) {
  Text t;
  const uint32_t at = index_;
  index_ += static_cast<uint32_t>(k);
  size_t off = 0;
  if (bom_pending_ && at == 0 && k >= 3) {  // the first three bytes are here
    bom_pending_ = false;
    if (p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) off = 3;
  } else if (bom_pending_) {  // they straddle pieces: hold them back
    const size_t take = std::min<size_t>(3 - at, k);
    if (take > 0) std::memcpy(bom_ + at, p, take);
    off = take;
    if (at + take < 3) return t;
    bom_pending_ = false;
    if (!(bom_[0] == 0xEF && bom_[1] == 0xBB && bom_[2] == 0xBF)) {
      // Not a BOM: the three bytes are text, passed on from the copy.
      const void* z = std::memchr(bom_, 0, 3);
      const size_t end = z ? static_cast<const uint8_t*>(z) - bom_ : 3;
      Check(bom_, end, 0);
      t.held = absl::string_view(reinterpret_cast<const char*>(bom_), end);
      if (z != nullptr) EndText(static_cast<uint32_t>(end));
    }
  }
  t.begin = t.end = off;
  if (!text_ended_ && off < k) {
    const void* z = std::memchr(p + off, 0, k - off);
    const size_t end = z ? static_cast<const uint8_t*>(z) - p : k;
    Check(p + off, end - off, at + static_cast<uint32_t>(off));
    t.end = end;
    if (z != nullptr) EndText(at + static_cast<uint32_t>(end));
  }
  if (index_ == n_ && !text_ended_) EndText(n_);
  return t;
}

}  // namespace internal
}  // namespace stream
}  // namespace gdwire
