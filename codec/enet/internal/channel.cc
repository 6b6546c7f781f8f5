// Copyright 2026 The gdwire Authors.

#include "codec/enet/internal/channel.h"

#include <enet/enet.h>

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace gdwire {
namespace enet {
namespace internal {
namespace {

constexpr uint32_t kWindowSize = ENET_PEER_RELIABLE_WINDOW_SIZE;
constexpr uint32_t kWindows = ENET_PEER_RELIABLE_WINDOWS;
constexpr uint32_t kFreeWindows = ENET_PEER_FREE_RELIABLE_WINDOWS;
// Unwrapped sequence numbers start here, so that "one before" never wraps.
constexpr uint64_t kBase = uint64_t{1} << 32;

}  // namespace

void Channel::StartAtZero() { Begin(0); }

void Channel::Begin(uint16_t seq) {
  started_ = true;
  incoming_reliable_ = kBase + seq;
  incoming_unreliable_ = 0;
}

// ENet's window test (enet_peer_queue_incoming_command): within the next
// kFreeWindows - 1 windows of 4096 sequence numbers.
bool Channel::InWindow(uint16_t seq) const {
  const uint16_t incoming = static_cast<uint16_t>(incoming_reliable_);
  uint32_t window = seq / kWindowSize;
  const uint32_t current = incoming / kWindowSize;
  if (seq < incoming) window += kWindows;
  return window >= current && window < current + kFreeWindows - 1;
}

uint64_t Channel::Extend(uint16_t seq) const {
  return incoming_reliable_ +
         static_cast<uint16_t>(seq - static_cast<uint16_t>(incoming_reliable_));
}

bool Channel::Reliable(const Command& c, uint64_t overhead) {
  if (!started_) Begin(static_cast<uint16_t>(c.reliable_seq - 1));
  if (c.reliable_seq == static_cast<uint16_t>(incoming_reliable_) ||
      !InWindow(c.reliable_seq)) {
    sink_->Duplicate(c);
    return true;
  }
  const uint64_t seq = Extend(c.reliable_seq);
  if (reliable_.count(seq) != 0) {
    sink_->Duplicate(c);
    return true;
  }
  if (seq == incoming_reliable_ + 1 && reliable_.empty()) {
    // In order: no copy.
    sink_->Deliver(id_, Delivery::kReliable, false, c.data, overhead);
    incoming_reliable_ = seq;
    incoming_unreliable_ = 0;
    DispatchUnreliable();
    return true;
  }
  if (!sink_->Reserve(c.data.size())) {
    SkipGap();
    DispatchReliable();
    if (!sink_->Reserve(c.data.size())) return true;
  }
  Held& h = reliable_[seq];
  h.bytes.assign(c.data.begin(), c.data.end());
  h.overhead = overhead;
  h.charged = c.data.size();
  DispatchReliable();
  if (reliable_.size() > max_held_) {
    SkipGap();
    DispatchReliable();
  }
  return true;
}

bool Channel::CheckFragment(const Command& c) {
  std::string why;
  if (c.fragment_count == 0 ||
      c.fragment_count > ENET_PROTOCOL_MAXIMUM_FRAGMENT_COUNT) {
    why = absl::StrCat("fragment count ", c.fragment_count);
  } else if (c.fragment_number >= c.fragment_count) {
    why = absl::StrCat("fragment number ", c.fragment_number, " of ",
                       c.fragment_count);
  } else if (c.total_length > max_packet_) {
    why =
        absl::StrCat("total length ", c.total_length, " over max_packet_bytes");
  } else if (c.total_length < c.fragment_count) {
    why = absl::StrCat("total length ", c.total_length, " under count ",
                       c.fragment_count);
  } else if (c.fragment_offset >= c.total_length) {
    why = absl::StrCat("fragment offset ", c.fragment_offset,
                       " past total length ", c.total_length);
  } else if (c.data.empty() ||
             c.data.size() > c.total_length - c.fragment_offset) {
    why = absl::StrCat("fragment of ", c.data.size(), " bytes at offset ",
                       c.fragment_offset, " of ", c.total_length);
  }
  if (why.empty()) return true;
  sink_->Report(ProblemKind::kFragment, c.offset,
                absl::StrCat(CommandTypeName(c.type), ": ", why));
  return false;
}

// 1: added (or a duplicate), 0: no memory for a new packet, -1: the
// fragment contradicts the packet's first one (ENet stops the datagram).
int Channel::AddFragment(Held* h, bool fresh, const Command& c,
                         uint64_t overhead) {
  if (fresh) {
    const size_t bitmap = (size_t{c.fragment_count} + 31) / 32;
    const size_t cost = c.total_length + bitmap * 4;
    if (!sink_->Reserve(cost)) return 0;
    h->charged = cost;
    h->bytes.assign(c.total_length, 0);
    h->have.assign(bitmap, 0);
    h->fragment_count = c.fragment_count;
    h->remaining = c.fragment_count;
  } else if (h->fragment_count != c.fragment_count ||
             h->bytes.size() != c.total_length) {
    sink_->Report(ProblemKind::kFragment, c.offset,
                  absl::StrCat(CommandTypeName(c.type), " ", c.fragment_number,
                               ": count/total length differ from the "
                               "packet's first fragment"));
    return -1;
  }
  uint32_t& word = h->have[c.fragment_number / 32];
  const uint32_t bit = uint32_t{1} << (c.fragment_number % 32);
  if (word & bit) {
    sink_->Duplicate(c);
    return 1;
  }
  word |= bit;
  --h->remaining;
  h->overhead += overhead;
  std::memcpy(h->bytes.data() + c.fragment_offset, c.data.data(),
              c.data.size());
  sink_->FragmentAccepted();
  return 1;
}

bool Channel::Fragment(const Command& c, uint64_t overhead) {
  if (!started_) Begin(static_cast<uint16_t>(c.sequence - 1));
  if (!CheckFragment(c)) return false;
  if (c.sequence == static_cast<uint16_t>(incoming_reliable_) ||
      !InWindow(c.sequence)) {
    sink_->Duplicate(c);
    return true;
  }
  const uint64_t seq = Extend(c.sequence);
  auto it = reliable_.find(seq);
  if (it != reliable_.end()) {
    if (it->second.fragment_count == 0) {
      sink_->Report(ProblemKind::kFragment, c.offset,
                    "SEND_FRAGMENT over a reliable packet's sequence number");
      return false;
    }
    if (AddFragment(&it->second, false, c, overhead) < 0) return false;
  } else {
    Held h;
    int r = AddFragment(&h, true, c, overhead);
    if (r == 0) {
      // Out of memory: give up waiting for this channel's gap, retry once.
      SkipGap();
      DispatchReliable();
      if (seq <= incoming_reliable_) return true;
      r = AddFragment(&h, true, c, overhead);
      if (r == 0) return true;
    }
    reliable_.emplace(seq, std::move(h));
  }
  DispatchReliable();
  if (reliable_.size() > max_held_) {
    SkipGap();
    DispatchReliable();
  }
  return true;
}

bool Channel::Unreliable(const Command& c, uint64_t overhead) {
  if (!started_) Begin(c.reliable_seq);
  if (c.reliable_seq == static_cast<uint16_t>(incoming_reliable_)) {
    if (c.sequence <= incoming_unreliable_) {
      sink_->Duplicate(c);
      return true;
    }
    sink_->Deliver(id_, Delivery::kUnreliable, false, c.data, overhead);
    incoming_unreliable_ = c.sequence;
    // Unfinished fragments before it are dropped, as ENet does.
    if (!unreliable_.empty()) DispatchUnreliable();
    return true;
  }
  if (!InWindow(c.reliable_seq)) {
    sink_->Duplicate(c);  // older than the reliable packets delivered
    return true;
  }
  const auto key = std::make_pair(Extend(c.reliable_seq), c.sequence);
  if (unreliable_.count(key) != 0) {
    sink_->Duplicate(c);
    return true;
  }
  if (!sink_->Reserve(c.data.size())) return true;
  Held& h = unreliable_[key];
  h.bytes.assign(c.data.begin(), c.data.end());
  h.overhead = overhead;
  h.charged = c.data.size();
  TrimUnreliable();
  return true;
}

bool Channel::UnreliableFragment(const Command& c, uint64_t overhead) {
  if (!started_) Begin(c.reliable_seq);
  if (!CheckFragment(c)) return false;
  const bool current =
      c.reliable_seq == static_cast<uint16_t>(incoming_reliable_);
  if ((current && c.sequence <= incoming_unreliable_) ||
      (!current && !InWindow(c.reliable_seq))) {
    sink_->Duplicate(c);
    return true;
  }
  const auto key = std::make_pair(Extend(c.reliable_seq), c.sequence);
  auto it = unreliable_.find(key);
  const bool fresh = it == unreliable_.end();
  if (!fresh && it->second.fragment_count == 0) {
    sink_->Report(ProblemKind::kFragment, c.offset,
                  "SEND_UNRELIABLE_FRAGMENT over an unreliable packet");
    return false;
  }
  Held scratch;
  const int r = AddFragment(fresh ? &scratch : &it->second, fresh, c, overhead);
  if (r < 0) return false;
  if (r == 0) return true;
  if (fresh) it = unreliable_.emplace(key, std::move(scratch)).first;
  if (current && it->second.remaining == 0) DispatchUnreliable();
  TrimUnreliable();
  return true;
}

void Channel::Drop(Held* h) {
  sink_->Release(h->charged);
  h->charged = 0;
}

void Channel::DispatchReliable() {
  bool moved = false;
  while (!reliable_.empty()) {
    auto it = reliable_.begin();
    if (it->first != incoming_reliable_ + 1 || it->second.remaining != 0) {
      break;
    }
    Held& h = it->second;
    sink_->Deliver(id_, Delivery::kReliable, h.fragment_count > 0, h.bytes,
                   h.overhead);
    incoming_reliable_ =
        it->first + std::max<uint32_t>(1, h.fragment_count) - 1;
    incoming_unreliable_ = 0;
    Drop(&h);
    reliable_.erase(it);
    moved = true;
  }
  // Entries the advance overtook (overlapping fragment ranges) are stale.
  while (!reliable_.empty() && reliable_.begin()->first <= incoming_reliable_) {
    Drop(&reliable_.begin()->second);
    reliable_.erase(reliable_.begin());
  }
  if (moved) DispatchUnreliable();
}

void Channel::DispatchUnreliable() {
  for (auto it = unreliable_.begin(); it != unreliable_.end();) {
    const uint64_t epoch = it->first.first;
    if (epoch > incoming_reliable_) break;
    Held& h = it->second;
    if (epoch < incoming_reliable_ ||
        it->first.second <= incoming_unreliable_) {
      Drop(&h);  // overtaken: ENet drops it too
      it = unreliable_.erase(it);
      continue;
    }
    if (h.remaining != 0) {
      ++it;
      continue;
    }
    sink_->Deliver(id_, Delivery::kUnreliable, h.fragment_count > 0, h.bytes,
                   h.overhead);
    incoming_unreliable_ = it->first.second;
    Drop(&h);
    it = unreliable_.erase(it);
  }
}

void Channel::SkipGap() {
  if (reliable_.empty()) return;
  const uint64_t first = reliable_.begin()->first;
  if (first <= incoming_reliable_ + 1) return;
  sink_->Report(
      ProblemKind::kGap, 0,
      absl::StrCat("channel ", id_, ": reliable sequence numbers ",
                   (incoming_reliable_ + 1) & 0xFFFF, "..",
                   (first - 1) & 0xFFFF, " not in the capture, skipped"));
  incoming_reliable_ = first - 1;
  incoming_unreliable_ = 0;
}

void Channel::SkipTo(uint64_t epoch) {
  while (!reliable_.empty() && reliable_.begin()->first <= epoch) {
    auto it = reliable_.begin();
    if (it->second.remaining != 0) {
      sink_->Report(
          ProblemKind::kGap, 0,
          absl::StrCat("channel ", id_, ": reliable packet with ",
                       it->second.remaining, " of ", it->second.fragment_count,
                       " fragments not in the capture, skipped"));
      incoming_reliable_ = it->first + it->second.fragment_count - 1;
      incoming_unreliable_ = 0;
      Drop(&it->second);
      reliable_.erase(it);
      continue;
    }
    SkipGap();
    DispatchReliable();
  }
  if (incoming_reliable_ < epoch) {
    sink_->Report(ProblemKind::kGap, 0,
                  absl::StrCat("channel ", id_, ": reliable sequence numbers ",
                               (incoming_reliable_ + 1) & 0xFFFF, "..",
                               epoch & 0xFFFF, " not in the capture, skipped"));
    incoming_reliable_ = epoch;
    incoming_unreliable_ = 0;
  }
  DispatchUnreliable();
}

void Channel::TrimUnreliable() {
  while (unreliable_.size() > max_held_) {
    auto future = unreliable_.upper_bound(
        std::make_pair(incoming_reliable_, uint16_t{0xFFFF}));
    if (future != unreliable_.end()) {
      SkipTo(future->first.first);
      continue;
    }
    // Only unfinished fragments of the current reliable packet: the oldest
    // goes (ENet drops it too once a later one is delivered).
    sink_->Report(ProblemKind::kGap, 0,
                  absl::StrCat("channel ", id_,
                               ": unreliable packet with fragments not in "
                               "the capture, dropped"));
    Drop(&unreliable_.begin()->second);
    unreliable_.erase(unreliable_.begin());
  }
}

void Channel::Flush() {
  while (!reliable_.empty()) SkipTo(reliable_.begin()->first);
  for (;;) {
    auto future = unreliable_.upper_bound(
        std::make_pair(incoming_reliable_, uint16_t{0xFFFF}));
    if (future == unreliable_.end()) break;
    SkipTo(future->first.first);
  }
  Reset();
}

void Channel::Reset() {
  for (auto& e : reliable_) Drop(&e.second);
  for (auto& e : unreliable_) Drop(&e.second);
  reliable_.clear();
  unreliable_.clear();
}

}  // namespace internal
}  // namespace enet
}  // namespace gdwire
