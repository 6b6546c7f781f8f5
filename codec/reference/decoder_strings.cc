// Copyright 2026 The gdwire Authors.
//
// The reference decoder's text (internal/decoder.h): a length-prefixed
// wire string checked and decoded as the dialect's engine does (spec §2.2,
// §7.4; the UTF-8 rules are codec/reference/utf8.h), and a NodePath made of
// such strings (spec §4.4).

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codec/reference/internal/decoder.h"
#include "codec/reference/utf8.h"
#include "codec/types.h"
#include "codec/wire.h"

namespace gdwire {
namespace reference {
namespace decoder_internal {

using wire::LoadU32;

Error Decoder::WireString(std::string* out) {
  const size_t start = pos_;
  if (Remaining() < 4) {
    return Fail(ErrorKind::kTruncated, start, "truncated string length");
  }
  const int32_t n = static_cast<int32_t>(LoadU32(data_ + pos_));
  if (n < 0) {
    return Fail(ErrorKind::kInvalidLength, start,
                absl::StrCat("negative string length ", n), true);
  }
  const uint64_t padded = uint64_t(n) + wire::Pad4(n);
  if (padded > uint64_t{INT32_MAX}) {
    return Fail(ErrorKind::kInvalidLength, start, "string length overflow",
                true);
  }
  if (uint64_t(n) > opts_.max_string_bytes) {
    return Fail(ErrorKind::kLimitExceeded, start,
                absl::StrCat("string of ", n, " bytes exceeds the limit"));
  }
  if (padded > Remaining() - 4) {
    return Fail(ErrorKind::kTruncated, start,
                absl::StrCat("truncated string of ", n, " bytes"), true);
  }
  // The decoded text is never longer than the wire text (canonical UTF-8
  // of the same code points), so one block of n chars holds it.
  if (Error e = Charge(StringHeap(n), start); !e.ok()) return e;
  out->reserve(n);
  size_t bad = 0;
  if (!DecodeWireText(data_ + pos_ + 4, n, opts_.dialect, out, &bad)) {
    return Fail(ErrorKind::kInvalidUtf8, pos_ + 4 + bad, "invalid UTF-8");
  }
  pos_ += 4 + padded;
  return {};
}

Error Decoder::NodePathValue(Variant* out) {
  if (Remaining() < 4) return Truncated(Type::kNodePath);
  const uint32_t w0 = LoadU32(data_ + pos_);
  if ((w0 & wire::kNodePathNewFormat) == 0) {
    return Fail(ErrorKind::kInvalidNodePath, pos_,
                "NodePath in the old (pre-3.0) format");
  }
  if (Remaining() < 12) return Truncated(Type::kNodePath);
  const uint32_t names = w0 & 0x7FFFFFFF;
  const uint32_t subnames = LoadU32(data_ + pos_ + 4);
  const uint32_t flags = LoadU32(data_ + pos_ + 8);
  pos_ += 12;
  // u32 arithmetic, wrapping as in the engine (spec §4.4).
  uint32_t total = names + subnames;
  if (flags & wire::kNodePathPropertyObsolete) ++total;
  bool backed;
  if (Error e = ChargeBacked(total, kMinStringBytes, sizeof(std::string),
                             pos_ - 12, &backed);
      !e.ok()) {
    return e;
  }
  if (Error e = Charge(sizeof(NodePath), pos_ - 12); !e.ok()) return e;
  const uint32_t name_count = std::min(total, names);
  NodePath np;
  if (backed) {
    np.names.reserve(name_count);
    np.subnames.reserve(total - name_count);
  }
  for (uint32_t i = 0; i < total; ++i) {
    std::string s;
    if (Error e = WireString(&s); !e.ok()) return e;
    if (backed) (i < names ? np.names : np.subnames).push_back(std::move(s));
  }
  np.absolute = (flags & wire::kNodePathAbsolute) != 0 && !np.empty();
  *out = Variant::MakeNodePath(std::move(np));
  return {};
}

}  // namespace decoder_internal
}  // namespace reference
}  // namespace gdwire
