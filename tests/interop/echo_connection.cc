// Copyright 2026 The gdwire Authors.
//
// One connection of the interop echo server (echo_connection.h): the
// socket's reads and writes, the hello, echo mode, send mode, and the
// connection's closing report.

#include "tests/interop/echo_connection.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/types/span.h"
#include "codec/error.h"
#include "codec/reference/encoder.h"
#include "codec/text/text.h"
#include "tests/interop/echo_report.h"

namespace gdwire {
namespace interop {
namespace {

constexpr int kWindow = 8;      // send mode: values in flight
constexpr int kMaxReports = 5;  // mismatch details printed per connection

}  // namespace

Connection::Connection(int fd, int id, Dialect dialect,
                       MessageReader::Impl impl)
    : fd_(fd),
      id_(id),
      dialect_(dialect),
      reader_(HelloFraming(), Decode(), impl) {}

Connection::~Connection() {
  if (fd_ >= 0) close(fd_);
}

bool Connection::OnReadable() {
  uint8_t buf[1 << 16];
  for (;;) {
    const ssize_t n = recv(fd_, buf, sizeof(buf), 0);
    if (n > 0) {
      std::vector<Variant> values;
      Error err = reader_.Feed(absl::MakeConstSpan(buf, n), &values);
      for (Variant& v : values) OnMessage(std::move(v));
      if (!err.ok()) {
        Fail(absl::StrCat("decode error: ", err.ToString()));
        return false;
      }
      if (done_) return false;
      continue;
    }
    if (n == 0) return false;  // peer closed
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
    Fail(absl::StrCat("recv: ", std::strerror(errno)));
    return false;
  }
}

bool Connection::OnWritable() {
  while (!out_.empty()) {
    const ssize_t n = send(fd_, out_.data(), out_.size(), MSG_NOSIGNAL);
    if (n > 0) {
      out_.erase(0, n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    Fail(absl::StrCat("send: ", std::strerror(errno)));
    return false;
  }
  return true;
}

void Connection::Finish(Totals* t, bool cut) {
  // When cut: counted as received; nothing else to judge.
  if (!cut) JudgeEnd();
  const uint64_t skipped = values_ != nullptr ? values_->skipped() : 0;
  std::printf(
      "CONN %d mode=%s framing=%s received=%llu sent=%llu lost=%llu "
      "mismatched=%llu errors=%llu%s\n",
      id_, ModeName(), framing_name_.c_str(),
      static_cast<unsigned long long>(received_),
      static_cast<unsigned long long>(sent_),
      static_cast<unsigned long long>(lost_),
      static_cast<unsigned long long>(mismatched_),
      static_cast<unsigned long long>(errors_),
      skipped ? absl::StrCat(" regenerated=", skipped).c_str() : "");
  std::fflush(stdout);
  t->received += received_;
  t->sent += sent_;
  t->lost += lost_;
  t->mismatched += mismatched_;
  t->errors += errors_;
  t->connections += 1;
  close(fd_);
  fd_ = -1;
}

void Connection::JudgeEnd() {
  if (mode_ == Mode::kEcho) {
    if (declared_ < 0) {
      Fail("connection ended without its \"end N\" message");
    } else if (static_cast<uint64_t>(declared_) > received_) {
      lost_ = declared_ - received_;
    }
  } else if (mode_ == Mode::kSend) {
    lost_ = sent_ - replies_;
    if (replies_ < count_) {
      Fail(absl::StrCat("only ", replies_, " of ", count_, " replies"));
      // What the engine had not answered (e.g. what it crashed on).
      uint64_t n = replies_;
      for (const Variant& v : inflight_) {
        Dump(absl::StrCat("conn ", id_, " value ", ++n, " unanswered"),
             text::ToText(v, dialect_), "", HexOf(v, dialect_));
      }
    }
  } else {
    Fail("connection ended before its hello");
  }
}

FrameOptions Connection::HelloFraming() {
  FrameOptions f;
  f.framing = Framing::kStream;
  return f;
}

DecodeOptions Connection::Decode() const {
  DecodeOptions d;
  d.dialect = dialect_;
  return d;
}

EncodeOptions Connection::EncodeOptionsFor() const {
  EncodeOptions e;
  e.dialect = dialect_;
  return e;
}

const char* Connection::ModeName() const {
  return mode_ == Mode::kEcho   ? "echo"
         : mode_ == Mode::kSend ? "send"
                                : "hello";
}

void Connection::Fail(const std::string& what) {
  ++errors_;
  std::fprintf(stderr, "conn %d: %s\n", id_, what.c_str());
}

void Connection::Mismatch(const std::string& what) {
  if (++mismatched_ <= kMaxReports) {
    std::fprintf(stderr, "conn %d: MISMATCH %s\n", id_, what.c_str());
  }
}

void Connection::Send(const Variant& v) {
  EncodeOptions e;
  e.dialect = dialect_;
  std::string payload;
  Error err = reference::EncodeTo(v, e, &payload);
  if (!err.ok()) {
    Fail(absl::StrCat("encode: ", err.ToString()));
    return;
  }
  AppendFrame(payload, frame_, &out_);
}

void Connection::OnMessage(Variant v) {
  switch (mode_) {
    case Mode::kHello:
      return OnHello(v);
    case Mode::kEcho:
      return OnEcho(std::move(v));
    case Mode::kSend:
      return OnSendReply(std::move(v));
  }
}

void Connection::OnHello(const Variant& v) {
  if (v.type() != Type::kString) {
    Fail("hello is not a String");
    done_ = true;
    return;
  }
  std::vector<std::string> w = absl::StrSplit(v.as_string(), ' ');
  bool ok = w.size() >= 3 && w[0] == "gdwire-interop";
  framing_name_ = ok ? w[2] : "?";
  frame_ = FrameOptions();
  if (framing_name_ == "stream") {
    frame_.framing = Framing::kStream;
  } else if (framing_name_ == "stream-be") {
    frame_.framing = Framing::kStream;
    frame_.big_endian = true;
  } else if (framing_name_ == "packet-stream") {
    frame_.framing = Framing::kPacketStream;
  } else {
    ok = false;
  }
  if (ok && w[1] == "echo" && w.size() == 3) {
    mode_ = Mode::kEcho;
  } else if (ok && w[1] == "send" && w.size() == 5 &&
             absl::SimpleAtoi(w[3], &count_) &&
             absl::SimpleAtoi(w[4], &seed_)) {
    mode_ = Mode::kSend;
    values_ = std::make_unique<SendValues>(seed_, dialect_);
  } else {
    Fail(absl::StrCat("bad hello: ", Clip(v.as_string())));
    done_ = true;
    return;
  }
  // The ack goes out in the hello's framing; the engine switches after it.
  AppendFrame(*reference::Encode(Variant::String("ok"), EncodeOptionsFor()),
              HelloFraming(), &out_);
  reader_.SetFraming(frame_);
  if (mode_ == Mode::kSend) {
    while (sent_ < count_ && sent_ - replies_ < kWindow) SendNext();
  }
}

void Connection::OnEcho(Variant v) {
  if (!have_value_) {
    if (v.type() == Type::kString &&
        absl::StartsWith(v.as_string(), "gdwire-interop end ")) {
      int64_t n = -1;
      if (!absl::SimpleAtoi(v.as_string().substr(19), &n) || n < 0) {
        Fail("bad end message");
      }
      declared_ = n;
      done_ = true;
      return;
    }
    pending_ = std::move(v);
    have_value_ = true;
    return;
  }
  have_value_ = false;
  ++received_;
  if (v.type() != Type::kString) {
    Fail(absl::StrCat("message ", received_, ": text is not a String"));
    return;
  }
  const std::string mine = text::ToText(pending_, dialect_);
  if (mine != v.as_string()) {
    Dump(absl::StrCat("conn ", id_, " message ", received_), mine,
         v.as_string(), HexOf(pending_, dialect_));
    Mismatch(absl::StrCat("message ", received_, " (",
                          TypeName(pending_.type()), "): ToText \"", Clip(mine),
                          "\" engine \"", Clip(v.as_string()), "\"; ",
                          FirstDiff(mine, v.as_string())));
  }
  Send(pending_);
  ++sent_;
  pending_ = Variant();
}

void Connection::SendNext() {
  Variant v = values_->Make(sent_);
  Send(v);
  inflight_.push_back(std::move(v));
  ++sent_;
}

void Connection::OnSendReply(Variant v) {
  if (!have_value_) {
    pending_ = std::move(v);
    have_value_ = true;
    return;
  }
  have_value_ = false;
  ++received_;
  if (inflight_.empty()) {
    Fail("reply to nothing");
    return;
  }
  const Variant orig = std::move(inflight_.front());
  inflight_.pop_front();
  ++replies_;
  const std::string mine = text::ToText(orig, dialect_);
  if (v.type() != Type::kString) {
    Fail(absl::StrCat("reply ", replies_, ": text is not a String"));
  } else if (mine != v.as_string()) {
    Dump(absl::StrCat("conn ", id_, " value ", replies_), mine, v.as_string(),
         HexOf(orig, dialect_));
    Mismatch(absl::StrCat("value ", replies_, " (", TypeName(orig.type()),
                          "): ToText \"", Clip(mine), "\" engine \"",
                          Clip(v.as_string()), "\"; ",
                          FirstDiff(mine, v.as_string()), "; bytes ",
                          Clip(HexOf(orig, dialect_))));
  } else if (pending_ != orig) {
    Dump(absl::StrCat("conn ", id_, " value ", replies_, " re-encoded"),
         orig.DebugString(), pending_.DebugString(), HexOf(orig, dialect_));
    Mismatch(absl::StrCat("value ", replies_, " (", TypeName(orig.type()),
                          "): engine re-encoding decodes to ",
                          Clip(pending_.DebugString()), " not ",
                          Clip(orig.DebugString())));
  }
  pending_ = Variant();
  while (sent_ < count_ && sent_ - replies_ < kWindow) SendNext();
  if (replies_ == count_) {
    // Tell the engine we are done: "gdwire-interop end N".
    Send(Variant::String(absl::StrCat("gdwire-interop end ", sent_)));
  }
}

}  // namespace interop
}  // namespace gdwire
