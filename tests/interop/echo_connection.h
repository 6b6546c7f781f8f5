// Copyright 2026 The gdwire Authors.
//
// tests/interop/echo_connection.h: one connection of the interop echo
// server (echo_server.cc, whose header describes the protocol): the hello
// and its "ok", then echo mode (the engine's values checked against
// gdwire's text and sent back) or send mode (gdwire's values sent, the
// engine's answers checked), on a non-blocking socket that the server's
// event loop drives.
//
//   Connection c(fd, /*id=*/1, Dialect::kGodot4, MessageReader::Impl::kStream);
//   if (readable && !c.OnReadable()) c.Finish(&totals);
//   if (c.wants_write()) c.OnWritable();

#ifndef GDWIRE_TESTS_INTEROP_ECHO_CONNECTION_H_
#define GDWIRE_TESTS_INTEROP_ECHO_CONNECTION_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "codec/frame/frame.h"
#include "codec/options.h"
#include "codec/types.h"
#include "codec/variant.h"
#include "tests/interop/message_reader.h"
#include "tests/interop/send_values.h"

namespace gdwire {
namespace interop {

// The counts of every connection that has ended.
struct Totals {
  uint64_t received = 0;
  uint64_t sent = 0;
  uint64_t lost = 0;
  uint64_t mismatched = 0;
  uint64_t errors = 0;
  int connections = 0;
};

class Connection {
 public:
  // Takes ownership of the connected socket `fd`.
  Connection(int fd, int id, Dialect dialect, MessageReader::Impl impl);
  ~Connection();

  int fd() const { return fd_; }
  bool closed() const { return fd_ < 0; }
  bool wants_write() const { return !out_.empty(); }
  uint64_t received() const { return received_; }

  // Reads what is there; false when the peer closed or the connection failed.
  bool OnReadable();
  // Sends what is queued; false when the connection failed.
  bool OnWritable();

  // Ends the connection and adds its counts to `t`; prints its CONN line.
  // `cut`: the server stopped it (--max_messages), so what it did not get
  // to is neither lost nor an error.
  void Finish(Totals* t, bool cut = false);

 private:
  enum class Mode { kHello, kEcho, kSend };

  static FrameOptions HelloFraming();
  DecodeOptions Decode() const;
  EncodeOptions EncodeOptionsFor() const;
  const char* ModeName() const;
  // What Finish judges of a connection that was not cut.
  void JudgeEnd();

  void Fail(const std::string& what);
  void Mismatch(const std::string& what);
  void Send(const Variant& v);

  void OnMessage(Variant v);
  void OnHello(const Variant& v);
  void OnEcho(Variant v);
  void SendNext();
  void OnSendReply(Variant v);

  int fd_;
  const int id_;
  const Dialect dialect_;
  MessageReader reader_;
  FrameOptions frame_ = HelloFraming();
  std::string framing_name_ = "?";
  Mode mode_ = Mode::kHello;
  std::string out_;
  bool done_ = false;
  bool have_value_ = false;
  Variant pending_;
  int64_t declared_ = -1;
  uint64_t count_ = 0, seed_ = 0;
  std::unique_ptr<SendValues> values_;
  std::deque<Variant> inflight_;
  uint64_t received_ = 0, sent_ = 0, replies_ = 0, lost_ = 0;
  uint64_t mismatched_ = 0, errors_ = 0;
};

}  // namespace interop
}  // namespace gdwire

#endif  // GDWIRE_TESTS_INTEROP_ECHO_CONNECTION_H_
