// Copyright 2026 The gdwire Authors.

#include "codec/error.h"

#include <string>

#include "absl/strings/cord.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace gdwire {
namespace {
constexpr char kPayloadUrl[] = "type.gdwire/error";
}  // namespace

absl::string_view ErrorKindName(ErrorKind k) {
  switch (k) {
    case ErrorKind::kOk:
      return "ok";
    case ErrorKind::kTruncated:
      return "truncated";
    case ErrorKind::kInvalidType:
      return "invalid_type";
    case ErrorKind::kInvalidLength:
      return "invalid_length";
    case ErrorKind::kInvalidUtf8:
      return "invalid_utf8";
    case ErrorKind::kInvalidNodePath:
      return "invalid_node_path";
    case ErrorKind::kInvalidContainerType:
      return "invalid_container_type";
    case ErrorKind::kObjectsNotAllowed:
      return "objects_not_allowed";
    case ErrorKind::kTooDeep:
      return "too_deep";
    case ErrorKind::kTrailingBytes:
      return "trailing_bytes";
    case ErrorKind::kLimitExceeded:
      return "limit_exceeded";
    case ErrorKind::kUnsupported:
      return "unsupported";
    case ErrorKind::kBadFrame:
      return "bad_frame";
    case ErrorKind::kInvalidArgument:
      return "invalid_argument";
  }
  return "unknown";
}

int GodotErrorCode(ErrorKind k, bool in_string) {
  switch (k) {
    case ErrorKind::kOk:
      return 0;
    case ErrorKind::kObjectsNotAllowed:
      return 4;  // ERR_UNAUTHORIZED
    case ErrorKind::kTooDeep:
      return 6;  // ERR_OUT_OF_MEMORY
    case ErrorKind::kTruncated:
    case ErrorKind::kInvalidLength:
      return in_string ? 18 : 30;  // ERR_FILE_EOF : ERR_INVALID_DATA
    default:
      return 30;  // ERR_INVALID_DATA
  }
}

std::string Error::ToString() const {
  if (ok()) return "ok";
  std::string s = path.empty() ? std::string("$") : path;
  absl::StrAppend(&s, ": ", detail.empty() ? ErrorKindName(kind) : detail,
                  " at byte ", offset);
  return s;
}

absl::Status Error::ToStatus() const {
  if (ok()) return absl::OkStatus();
  absl::StatusCode code = absl::StatusCode::kInvalidArgument;
  switch (kind) {
    case ErrorKind::kLimitExceeded:
    case ErrorKind::kTooDeep:
      code = absl::StatusCode::kResourceExhausted;
      break;
    case ErrorKind::kObjectsNotAllowed:
      code = absl::StatusCode::kPermissionDenied;
      break;
    case ErrorKind::kUnsupported:
      code = absl::StatusCode::kUnimplemented;
      break;
    default:
      break;
  }
  absl::Status st(code, ToString());
  st.SetPayload(kPayloadUrl,
                absl::Cord(absl::StrCat(static_cast<int>(kind), "\n", offset,
                                        "\n", path, "\n", detail)));
  return st;
}

Error ErrorFromStatus(const absl::Status& status) {
  Error e;
  if (status.ok()) return e;
  auto payload = status.GetPayload(kPayloadUrl);
  if (!payload.has_value()) {
    e.kind = ErrorKind::kInvalidArgument;
    e.detail = std::string(status.message());
    return e;
  }
  std::vector<std::string> parts =
      absl::StrSplit(std::string(*payload), absl::MaxSplits('\n', 3));
  int kind = 0;
  if (parts.size() == 4 && absl::SimpleAtoi(parts[0], &kind) &&
      absl::SimpleAtoi(parts[1], &e.offset)) {
    e.kind = static_cast<ErrorKind>(kind);
    e.path = parts[2];
    e.detail = parts[3];
  } else {
    e.kind = ErrorKind::kInvalidArgument;
    e.detail = std::string(status.message());
  }
  return e;
}

}  // namespace gdwire
