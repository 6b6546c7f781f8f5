// Copyright 2026 The gdwire Authors.

#include "codec/stream/internal/wire_text.h"

#include <algorithm>
#include <cstring>

namespace gdwire {
namespace stream {
namespace internal {
namespace {

// Sequence length from a lead byte under Godot 3's rules, 0 if invalid.
int LenientLength(uint8_t c) {
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) return 2;
  if ((c & 0xF0) == 0xE0) return 3;
  if ((c & 0xF8) == 0xF0) return 4;
  if ((c & 0xFC) == 0xF8) return 5;
  if ((c & 0xFE) == 0xFC) return 6;
  return 0;
}

// Bytes of code point `cp` in shortest generalised UTF-8.
int EncodedLength(uint32_t cp) {
  return cp < 0x80        ? 1
         : cp < 0x800     ? 2
         : cp < 0x10000   ? 3
         : cp < 0x200000  ? 4
         : cp < 0x4000000 ? 5
                          : 6;
}

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
  const uint8_t c = seq_[0];
  if (strict_) {
    uint32_t cp = len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    const uint32_t min = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
    for (int k = 1; k < len; ++k) {
      if ((seq_[k] & 0xC0) != 0x80) return Fail(seq_start_ + k);
      cp = (cp << 6) | (seq_[k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      Fail(seq_start_);
    }
    return;
  }
  uint32_t cp = (0xFFu >> (len + 1)) & c;
  for (int k = 1; k < len; ++k) {
    const uint8_t b = seq_[k];
    if ((b & 0xC0) != 0x80) return Fail(seq_start_ + k);
    if (cp == 0 && k == 2 && ((b & 0x7F) >> (7 - len)) == 0) {
      return Fail(seq_start_);
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  if (EncodedLength(cp) != len) canonical_ = false;
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
    int len;
    if (strict_) {
      len = (c & 0xE0) == 0xC0   ? 2
            : (c & 0xF0) == 0xE0 ? 3
            : (c & 0xF8) == 0xF0 ? 4
                                 : 0;
    } else {
      len = LenientLength(c);
      if (len == 2 && (c & 0x1E) == 0) len = 0;  // C0, C1: overlong
    }
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

WireTextScanner::Text WireTextScanner::Consume(const uint8_t* p, size_t k) {
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

void AppendCanonical(absl::string_view text, std::string* out) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    const size_t a = AsciiPrefix(p + i, n - i);
    out->append(text.data() + i, a);
    i += a;
    if (i >= n) break;
    const int len = std::max(1, LenientLength(p[i]));
    uint32_t cp = (0xFFu >> (len + 1)) & p[i];
    for (int k = 1; k < len && i + k < n; ++k)
      cp = (cp << 6) | (p[i + k] & 0x3F);
    i += len;
    const int m = EncodedLength(cp);
    static constexpr uint8_t kLead[7] = {0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC};
    char buf[6];
    for (int k = m - 1; k > 0; --k) {
      buf[k] = static_cast<char>(0x80 | (cp & 0x3F));
      cp >>= 6;
    }
    buf[0] = static_cast<char>(kLead[m] | cp);
    out->append(buf, m);
  }
}

}  // namespace internal
}  // namespace stream
}  // namespace gdwire
