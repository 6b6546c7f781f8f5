// Copyright 2026 The gdwire Authors.

#include "codec/capture/internal/ip_defrag.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace capture {
namespace internal {

namespace {
// Bookkeeping per held fragment, counted against the limit.
constexpr size_t kPartOverhead = 64;

uint16_t Be16(const uint8_t* p) {
  return static_cast<uint16_t>(p[0] << 8 | p[1]);
}
uint32_t Be32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 |
         p[3];
}
}  // namespace

void Ipv4Defrag::Drop(const Key& key) {
  auto it = pending_.find(key);
  if (it == pending_.end()) return;
  bytes_ -= it->second.bytes;
  order_.erase(it->second.seq);
  pending_.erase(it);
}

Ipv4Defrag::Result Ipv4Defrag::Add(absl::Span<const uint8_t> packet,
                                   std::string* datagram, std::string* why) {
  why->clear();
  const uint8_t* p = packet.data();
  const size_t ihl = static_cast<size_t>(p[0] & 0x0f) * 4;
  const size_t total = std::min<size_t>(Be16(p + 2), packet.size());
  const uint16_t frag = Be16(p + 6);
  const bool more = (frag & 0x2000) != 0;
  const uint32_t offset = uint32_t{frag & 0x1fffu} * 8;
  const Key key{Be32(p + 12), Be32(p + 16), p[9], Be16(p + 4)};
  const size_t len = total > ihl ? total - ihl : 0;
  if (offset + len > 65535) {
    *why = absl::StrCat("IPv4 fragment (id ", std::get<3>(key),
                        ") past 65,535 bytes");
    return Result::kDropped;
  }
  if (more && len % 8 != 0) {
    *why = absl::StrCat("IPv4 fragment (id ", std::get<3>(key),
                        ") not a multiple of 8 bytes");
    return Result::kDropped;
  }
  auto it = pending_.find(key);
  if (it == pending_.end()) {
    it = pending_.emplace(key, Pending()).first;
    it->second.seq = next_seq_++;
    order_.emplace(it->second.seq, key);
  }
  Pending& d = it->second;
  if (offset == 0 && d.header.empty()) {
    d.header.assign(reinterpret_cast<const char*>(p), ihl);
    d.bytes += ihl;
    bytes_ += ihl;
  }
  if (!more) {
    if (d.have_last && d.total != offset + len) {
      *why = absl::StrCat("IPv4 fragments (id ", std::get<3>(key),
                          ") disagree on the datagram's length");
      Drop(key);
      return Result::kDropped;
    }
    d.have_last = true;
    d.total = static_cast<uint32_t>(offset + len);
  }
  if (len > 0 && d.parts.count(offset) == 0) {
    d.parts.emplace(offset,
                    std::string(reinterpret_cast<const char*>(p + ihl), len));
    d.bytes += len + kPartOverhead;
    bytes_ += len + kPartOverhead;
  }
  // Complete?
  if (d.have_last && !d.header.empty()) {
    uint32_t covered = 0;
    for (const auto& part : d.parts) {
      if (part.first > covered) break;
      covered = std::max<uint32_t>(
          covered, part.first + static_cast<uint32_t>(part.second.size()));
    }
    if (covered >= d.total) {
      std::string out = d.header;
      out.resize(d.header.size() + d.total);
      uint32_t at = 0;
      for (const auto& part : d.parts) {  // first copy of a byte wins
        const uint32_t end = std::min<uint32_t>(
            d.total, part.first + static_cast<uint32_t>(part.second.size()));
        if (end <= at) continue;
        const uint32_t from = std::max(at, part.first);
        std::copy(part.second.begin() + (from - part.first),
                  part.second.begin() + (end - part.first),
                  out.begin() + d.header.size() + from);
        at = end;
      }
      const size_t n = out.size();
      out[2] = static_cast<char>(n >> 8);
      out[3] = static_cast<char>(n);
      out[6] = static_cast<char>(out[6] & 0x40);  // keep DF, no MF
      out[7] = 0;
      *datagram = std::move(out);
      Drop(key);
      return Result::kComplete;
    }
  }
  // Over the limit: give up the oldest incomplete datagrams.
  while (bytes_ > max_bytes_ && !order_.empty()) {
    const Key old = order_.begin()->second;
    *why = absl::StrCat("IPv4 fragments of datagram id ", std::get<3>(old),
                        " dropped (incomplete, over the fragment buffer)");
    Drop(old);
    if (old == key) return Result::kDropped;
  }
  return why->empty() ? Result::kIncomplete : Result::kDropped;
}

}  // namespace internal
}  // namespace capture
}  // namespace gdwire
