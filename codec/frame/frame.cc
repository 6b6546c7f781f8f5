// Copyright 2026 The gdwire Authors.

#include "codec/frame/frame.h"

#include "absl/strings/str_cat.h"
#include "codec/core/context.h"
#include "codec/core/walk.h"
#include "codec/encode/encoder.h"
#include "codec/frame/internal/prefix.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/wire.h"

namespace gdwire {
namespace {

Error FrameError(uint64_t offset, std::string detail) {
  Error e;
  e.kind = ErrorKind::kBadFrame;
  e.offset = offset;
  e.path = "$";
  e.detail = std::move(detail);
  return e;
}

// The engine's defects exist in the reference decoder and encoder only
// (options.h): with that option, and only then, they do the work.
bool EmulatesDefects(bool defects, Dialect d) {
  return defects && IsPandemonium(d);
}

// One value at the start of `bytes` (whose first byte is at `base`) with the
// read core's full decode, the path starting at "$".
Error DecodeOne(absl::Span<const uint8_t> bytes, const DecodeOptions& o,
                uint64_t base, Variant* v, size_t* used) {
  if (EmulatesDefects(o.pandemonium_engine_defects, o.dialect)) {
    return reference::DecodeValue(bytes, o, v, used, base);
  }
  core::Context c;
  c.data = bytes.data();
  c.size = bytes.size();
  c.base = base;
  c.opts = o;
  return core::DecodeMessage(c, v, used);
}

}  // namespace

bool ParseFraming(absl::string_view name, Framing* out) {
  if (name == "none") {
    *out = Framing::kNone;
  } else if (name == "stream") {
    *out = Framing::kStream;
  } else if (name == "packet-stream") {
    *out = Framing::kPacketStream;
  } else {
    return false;
  }
  return true;
}

absl::Status ForEachFrame(
    absl::Span<const uint8_t> bytes, const FrameOptions& options,
    const std::function<absl::Status(absl::Span<const uint8_t>, uint64_t)>&
        fn) {
  if (options.framing == Framing::kNone) return fn(bytes, 0);
  size_t pos = 0;
  while (pos < bytes.size()) {
    uint32_t len = 0;
    switch (frame_internal::ReadPrefix(bytes, pos, options, &len)) {
      case frame_internal::Prefix::kWhole:
        break;
      case frame_internal::Prefix::kCutPrefix:
        return FrameError(pos, "truncated frame length").ToStatus();
      case frame_internal::Prefix::kNegative:
        return FrameError(pos, absl::StrCat("negative frame length ",
                                            static_cast<int32_t>(len)))
            .ToStatus();
      case frame_internal::Prefix::kOversize:
        return FrameError(pos, absl::StrCat("frame of ", len,
                                            " bytes exceeds the limit of ",
                                            options.max_frame_bytes))
            .ToStatus();
      case frame_internal::Prefix::kCutFrame:
        return FrameError(pos,
                          absl::StrCat("truncated frame of ", len, " bytes (",
                                       bytes.size() - pos - 4, " present)"))
            .ToStatus();
    }
    if (absl::Status st = fn(bytes.subspan(pos + 4, len), pos + 4); !st.ok()) {
      return st;
    }
    pos += 4 + len;
  }
  return absl::OkStatus();
}

void AppendFrame(absl::string_view payload, const FrameOptions& options,
                 std::string* out) {
  if (options.framing != Framing::kNone) {
    uint8_t b[4];
    if (options.framing == Framing::kStream && options.big_endian) {
      wire::StoreU32BE(b, static_cast<uint32_t>(payload.size()));
    } else {
      wire::StoreU32(b, static_cast<uint32_t>(payload.size()));
    }
    out->append(reinterpret_cast<const char*>(b), 4);
  }
  out->append(payload.data(), payload.size());
}

absl::Status DecodeFramedEach(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode,
    const std::function<absl::Status(Variant, uint64_t)>& fn) {
  DecodeOptions inner = decode;
  inner.reject_trailing_bytes = false;
  // One allocation budget for every value of the call (options.h).
  uint64_t account = 0;
  inner.max_alloc_bytes = decode.AllocBudget(bytes.size());
  if (inner.alloc_account == nullptr) inner.alloc_account = &account;
  size_t index = 0;
  return ForEachFrame(
      bytes, frame,
      [&](absl::Span<const uint8_t> payload, uint64_t offset) -> absl::Status {
        size_t pos = 0;
        do {
          Variant v;
          size_t used = 0;
          Error e =
              DecodeOne(payload.subspan(pos), inner, offset + pos, &v, &used);
          if (!e.ok()) {
            if (frame.framing != Framing::kNone &&
                e.kind == ErrorKind::kTruncated) {
              e.kind = ErrorKind::kBadFrame;
              e.detail += absl::StrCat(" (the value runs past its frame of ",
                                       payload.size(), " bytes)");
            }
            e.path = absl::StrCat("#", index, e.path);
            return e.ToStatus();
          }
          if (absl::Status st = fn(std::move(v), offset + pos); !st.ok()) {
            return st;
          }
          ++index;
          pos += used;
          if (frame.framing != Framing::kNone) {
            if (decode.reject_trailing_bytes && pos != payload.size()) {
              return FrameError(
                         offset + pos,
                         absl::StrCat("value ends ", payload.size() - pos,
                                      " bytes before its frame"))
                  .ToStatus();
            }
            break;
          }
        } while (pos < payload.size());
        return absl::OkStatus();
      });
}

absl::StatusOr<std::vector<Variant>> DecodeFramed(
    absl::Span<const uint8_t> bytes, const FrameOptions& frame,
    const DecodeOptions& decode) {
  // The values and the vector that holds them share one budget. The vector
  // is reserved once, for exactly as many values as the buffer holds
  // (growing it would charge up to four slots per value, which would not
  // fit the automatic budget for a buffer of many tiny values): framed
  // buffers are counted by their length prefixes; back-to-back values
  // (kNone) by a first decoding pass that keeps nothing.
  uint64_t account = 0;
  DecodeOptions shared = decode;
  shared.max_alloc_bytes = decode.AllocBudget(bytes.size());
  if (shared.alloc_account == nullptr) shared.alloc_account = &account;
  size_t count = 0;
  if (frame.framing == Framing::kNone) {
    uint64_t first_pass = *shared.alloc_account;
    DecodeOptions counting = shared;
    counting.alloc_account = &first_pass;
    absl::Status st =
        DecodeFramedEach(bytes, frame, counting, [&](Variant, uint64_t) {
          ++count;
          return absl::OkStatus();
        });
    if (!st.ok()) return st;
  } else {
    // Errors are left to the decoding pass, which meets them in order.
    ForEachFrame(bytes, frame, [&](absl::Span<const uint8_t>, uint64_t) {
      ++count;
      return absl::OkStatus();
    }).IgnoreError();
  }
  const uint64_t slots = uint64_t{count} * sizeof(Variant);
  if (slots > shared.max_alloc_bytes - *shared.alloc_account) {
    Error e;
    e.kind = ErrorKind::kLimitExceeded;
    e.path = "$";
    e.detail = absl::StrCat("decoding needs more than max_alloc_bytes (",
                            shared.max_alloc_bytes, " bytes) of memory");
    e.godot_error = GodotErrorCode(e.kind, false);
    return e.ToStatus();
  }
  *shared.alloc_account += slots;
  std::vector<Variant> values;
  values.reserve(count);
  absl::Status st =
      DecodeFramedEach(bytes, frame, shared, [&](Variant v, uint64_t) {
        values.push_back(std::move(v));
        return absl::OkStatus();
      });
  if (!st.ok()) return st;
  return values;
}

absl::StatusOr<std::string> EncodeFramed(absl::Span<const Variant> values,
                                         const FrameOptions& frame,
                                         const EncodeOptions& encode) {
  std::string out, payload;
  for (size_t i = 0; i < values.size(); ++i) {
    payload.clear();
    Error e = EmulatesDefects(encode.pandemonium_engine_defects, encode.dialect)
                  ? reference::EncodeTo(values[i], encode, &payload)
                  : encode::EncodeTo(values[i], encode, &payload);
    if (!e.ok()) {
      e.path = absl::StrCat("#", i, e.path);
      return e.ToStatus();
    }
    AppendFrame(payload, frame, &out);
  }
  return out;
}

}  // namespace gdwire
