// Copyright 2026 The gdwire Authors.
//
// tests/load/load_server.h: a small epoll server of the kind a backend
// writes on gdwire's push parser: one thread, non-blocking sockets, one
// stream::ValueReader per connection fed whatever recv() returns
// (StreamPeer framing: a u32 length prefix, then the value). Every value
// decoded is answered with its re-encoding (an echo, framed the same way).
// A connection whose bytes are bad is answered with one error message,
// {"error": ErrorKindName, "offset": <byte>}, then closed (write side shut,
// input drained, then closed, so the answer is not lost to a reset). A value
// (or frame prefix) that does not complete within `value_deadline_ms` of its
// first byte is "timeout" (slowloris). A peer that ends its stream mid-value
// gets Finish()'s error; a reset peer is recorded as "reset".
//
// The server records each connection's outcome by the peer's port, and
// measures its own heap (bytes the server thread holds, counted by the
// test's operator new) so the test can report the memory per connection.

#ifndef GDWIRE_TESTS_LOAD_LOAD_SERVER_H_
#define GDWIRE_TESTS_LOAD_LOAD_SERVER_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "codec/frame/framing.h"
#include "codec/options.h"
#include "codec/stream/value_reader.h"
#include "codec/variant.h"

namespace gdwire {
namespace load {

// Live heap bytes allocated (minus freed) by the calling thread through
// operator new; defined by the test binary (load_test.cc).
int64_t ThreadHeapBytes();

struct Outcome {
  std::string error;  // "" (clean end at a value boundary), an ErrorKind
                      // name, "timeout" or "reset"
  uint64_t offset = 0;
  uint64_t messages = 0;  // values decoded and answered
};

class LoadServer {
 public:
  struct Options {
    DecodeOptions decode;
    FrameOptions framing;
    int value_deadline_ms = 3000;
  };

  // Listens on 127.0.0.1 (an ephemeral port).
  explicit LoadServer(const Options& options);
  ~LoadServer();
  int port() const { return port_; }

  // Serves until Stop(); call on the server thread.
  void Run();
  void Stop() { stop_.store(true); }

  // Asks the server thread to measure its heap per open connection (at its
  // next loop turn); returns it once measured (waits).
  struct Memory {
    size_t open = 0;
    int64_t heap_bytes = 0;  // the server thread's heap, less the baseline
  };
  Memory MeasureMemory();

  std::atomic<int> accepted{0};
  std::atomic<int> open{0};
  std::atomic<uint64_t> messages{0};
  std::atomic<uint64_t> bytes_in{0};

  std::map<int, Outcome> Outcomes() {
    std::lock_guard<std::mutex> l(mu_);
    return outcomes_;
  }

  struct Conn;

 private:
  void Accept();
  void Read(Conn* c);
  void Flush(Conn* c);
  void FailConn(Conn* c, const std::string& error, uint64_t offset);
  void Close(Conn* c, const std::string& error, uint64_t offset);
  void CheckDeadlines(int64_t now_ms);

  Options opts_;
  int listen_fd_ = -1;
  int epoll_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::vector<std::unique_ptr<Conn>> conns_;  // by fd
  std::vector<Variant> values_;               // scratch
  int64_t heap_baseline_ = 0;

  std::atomic<int> measure_req_{0};
  std::atomic<int> measure_done_{0};
  Memory memory_;

  std::mutex mu_;
  std::map<int, Outcome> outcomes_;
};

}  // namespace load
}  // namespace gdwire

#endif  // GDWIRE_TESTS_LOAD_LOAD_SERVER_H_
