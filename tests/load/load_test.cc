// Copyright 2026 The gdwire Authors.
//
// tests/load/load_test.cc: the load test (issue 14 part 2). An epoll server
// on the push parser (load_server.h) holds 1,000 concurrent loopback
// connections. Clients (one thread, non-blocking) send StreamPeer-framed
// random values in random pieces (1 byte up to 1.5 KB); some connections
// send garbage, an oversize or negative frame prefix, a value too deep, a
// string that is not UTF-8, stall mid-value or drip one byte at a time
// (slowloris), half-close mid-value, or reset mid-value.
//
// What each connection must get is computed independently: its whole byte
// stream fed in one piece to a fresh ValueReader (the push parser's verdict
// does not depend on how bytes are cut). The test checks that every valid
// message of every healthy connection is answered with its re-encoding, in
// order, that each bad connection gets its own error (kind and byte offset)
// after the answers to its valid messages and is closed, and that the
// server's record of every connection agrees. It prints the figures
// (connections, messages/s, MB/s, heap per idle connection, errors seen).
//
// Environment: LOAD_CONNECTIONS (1000), LOAD_MESSAGES (per healthy
// connection, 30).

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <new>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/encode/encoder.h"
#include "codec/error.h"
#include "codec/frame/frame.h"
#include "codec/stream/value_reader.h"
#include "codec/variant.h"
#include "gtest/gtest.h"
#include "tests/load/load_server.h"
#include "tests/random_variant.h"

// ---- heap per thread: every operator new/delete of this binary ----------
namespace {
thread_local int64_t tl_heap = 0;
void* CountedAlloc(size_t n) {
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) std::abort();
  tl_heap += static_cast<int64_t>(malloc_usable_size(p));
  return p;
}
void CountedFree(void* p) {
  if (p == nullptr) return;
  tl_heap -= static_cast<int64_t>(malloc_usable_size(p));
  std::free(p);
}
}  // namespace
void* operator new(size_t n) { return CountedAlloc(n); }
void* operator new[](size_t n) { return CountedAlloc(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  return CountedAlloc(n);
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  return CountedAlloc(n);
}
void operator delete(void* p) noexcept { CountedFree(p); }
void operator delete[](void* p) noexcept { CountedFree(p); }
void operator delete(void* p, size_t) noexcept { CountedFree(p); }
void operator delete[](void* p, size_t) noexcept { CountedFree(p); }

namespace gdwire {
namespace load {

int64_t ThreadHeapBytes() { return tl_heap; }

namespace {

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int EnvInt(const char* name, int def) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::atoi(v) : def;
}

enum class Kind {
  kHealthy,
  kGarbageFrame,  // a valid prefix, random payload
  kRawGarbage,    // random bytes where a prefix belongs
  kOversize,      // a frame prefix over max_frame_bytes
  kNegative,      // a prefix with bit 31 set
  kTooDeep,       // a value nested deeper than max_depth
  kBadUtf8,       // a String that is not UTF-8
  kStall,         // half a value, then nothing (slowloris)
  kDrip,          // one byte every 250 ms (slowloris)
  kHalfClose,     // shutdown(SHUT_WR) mid-value
  kReset,         // RST mid-value
};

const char* KindName(Kind k) {
  switch (k) {
    case Kind::kHealthy:
      return "healthy";
    case Kind::kGarbageFrame:
      return "garbage frame";
    case Kind::kRawGarbage:
      return "raw garbage";
    case Kind::kOversize:
      return "oversize prefix";
    case Kind::kNegative:
      return "negative prefix";
    case Kind::kTooDeep:
      return "too deep";
    case Kind::kBadUtf8:
      return "bad UTF-8";
    case Kind::kStall:
      return "stall";
    case Kind::kDrip:
      return "drip";
    case Kind::kHalfClose:
      return "half-close";
    case Kind::kReset:
      return "reset";
  }
  return "?";
}

struct Client {
  Kind kind = Kind::kHealthy;
  int fd = -1;
  int port = 0;
  std::string stream;  // the bytes it sends (all of them)
  size_t sent = 0;
  int64_t next_drip_ms = 0;
  bool sending_done = false;
  // Expected: the re-encoding of each value, then the error (if any).
  std::vector<std::string> expect;
  std::string expect_error;  // "" none, ErrorKind name, "timeout"
  uint64_t expect_offset = 0;
  // Received.
  std::unique_ptr<stream::ValueReader> replies;
  size_t got = 0;
  bool got_error = false;
  std::string error;
  uint64_t error_offset = 0;
  bool eof = false;
  bool closed = false;
  std::string failure;  // the first thing that went wrong
};

void Put32(std::string* s, uint32_t v) {
  for (int i = 0; i < 4; ++i) s->push_back(static_cast<char>(v >> (8 * i)));
}

}  // namespace

class LoadTest : public ::testing::Test {
 protected:
  DecodeOptions ServerDecode() {
    DecodeOptions d;
    d.dialect = Dialect::kGodot4;
    d.max_depth = 64;
    d.max_alloc_bytes = 1u << 20;  // per value
    return d;
  }
  FrameOptions Framing() {
    FrameOptions f;
    f.framing = gdwire::Framing::kStream;
    f.max_frame_bytes = 64u << 10;
    return f;
  }
};

TEST_F(LoadTest, ThousandConnectionsSomeHostile) {
  const int n_conn = EnvInt("LOAD_CONNECTIONS", 1000);
  const int n_msg = EnvInt("LOAD_MESSAGES", 30);

  // Two descriptors per connection (both ends live in this process).
  rlimit rl{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &rl), 0);
  const rlim_t need = static_cast<rlim_t>(2 * n_conn + 256);
  if (rl.rlim_cur < need) {
    rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= need
                      ? need
                      : rl.rlim_max;
    ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &rl), 0) << std::strerror(errno);
  }
  ASSERT_GE(rl.rlim_cur, need)
      << "RLIMIT_NOFILE hard limit " << rl.rlim_max << " is below " << need;

  LoadServer::Options so;
  so.decode = ServerDecode();
  so.framing = Framing();
  so.value_deadline_ms = 3000;
  LoadServer server(so);
  std::thread server_thread([&] { server.Run(); });

  // ---- the clients' streams and what each must get back ----------------
  std::mt19937_64 rng(20261124);
  testing::RandomVariant rv(7);
  testing::RandomOptions ro;
  ro.dialect = Dialect::kGodot4;
  ro.max_depth = 3;
  ro.max_items = 5;
  ro.max_packed = 24;
  ro.objects = false;
  EncodeOptions enc;
  enc.dialect = Dialect::kGodot4;
  const FrameOptions framing = Framing();
  auto valid_frame = [&](std::string* out) {
    absl::StatusOr<std::string> b = encode::Encode(rv.Make(ro), enc);
    ASSERT_TRUE(b.ok()) << b.status();
    AppendFrame(*b, framing, out);
  };
  const Kind bad_kinds[] = {
      Kind::kGarbageFrame, Kind::kRawGarbage, Kind::kOversize, Kind::kNegative,
      Kind::kTooDeep,      Kind::kBadUtf8,    Kind::kStall,    Kind::kDrip,
      Kind::kHalfClose,    Kind::kReset};
  const int n_bad_each = std::max(1, n_conn / 100);  // 1 % of each kind
  std::vector<Client> clients(static_cast<size_t>(n_conn));
  int bad = 0;
  for (Kind k : bad_kinds) {
    for (int i = 0; i < n_bad_each && bad < n_conn; ++i) {
      clients[static_cast<size_t>(bad++)].kind = k;
    }
  }
  std::shuffle(clients.begin(), clients.end(), rng);
  int healthy = 0;
  for (Client& c : clients) {
    const bool good = c.kind == Kind::kHealthy;
    healthy += good;
    const int valid = good ? n_msg : static_cast<int>(rng() % 5);
    for (int i = 0; i < valid; ++i) valid_frame(&c.stream);
    std::string tail;
    switch (c.kind) {
      case Kind::kHealthy:
        break;
      case Kind::kGarbageFrame:
        Put32(&c.stream, 32);
        for (int i = 0; i < 32; ++i) c.stream.push_back(char(rng()));
        break;
      case Kind::kRawGarbage:
        for (int i = 0; i < 64; ++i) c.stream.push_back(char(rng()));
        break;
      case Kind::kOversize:
        Put32(&c.stream, (1u << 20) + static_cast<uint32_t>(rng() % 1000));
        c.stream.append(16, 'x');
        break;
      case Kind::kNegative:
        Put32(&c.stream, 0x80000000u | static_cast<uint32_t>(rng() % 1000));
        c.stream.append(16, 'x');
        break;
      case Kind::kTooDeep: {
        Variant v = Variant::Int(1);
        for (int d = 0; d < 100; ++d) {
          Variant a = Variant::MakeArray();
          a.mutable_array().Append(std::move(v));
          v = std::move(a);
        }
        absl::StatusOr<std::string> b = encode::Encode(v, enc);
        ASSERT_TRUE(b.ok()) << b.status();
        AppendFrame(*b, framing, &c.stream);
        break;
      }
      case Kind::kBadUtf8: {
        std::string s;
        Put32(&s, 4);  // godot4 String
        Put32(&s, 2);
        s += "\xC3\x28";  // a lead byte without its continuation
        s.append(2, '\0');
        AppendFrame(s, framing, &c.stream);
        break;
      }
      case Kind::kStall:
      case Kind::kDrip:
      case Kind::kHalfClose:
      case Kind::kReset: {
        std::string f;
        do {
          f.clear();
          valid_frame(&f);
        } while (f.size() < 48);
        c.stream.append(f, 0, c.kind == Kind::kDrip ? f.size() : f.size() / 2);
        break;
      }
    }
    // The verdict on the whole stream in one piece.
    stream::ValueReader oneshot(ServerDecode(), framing);
    std::vector<Variant> values;
    absl::Status st = oneshot.Feed(c.stream, &values);
    if (st.ok() && c.kind == Kind::kHalfClose) st = oneshot.Finish(&values);
    for (const Variant& v : values) {
      absl::StatusOr<std::string> b = encode::Encode(v, enc);
      ASSERT_TRUE(b.ok()) << b.status();
      c.expect.push_back(*std::move(b));
    }
    if (!st.ok()) {
      const Error e = ErrorFromStatus(st);
      c.expect_error = std::string(ErrorKindName(e.kind));
      c.expect_offset = e.offset;
    } else if (!oneshot.parser().at_boundary()) {
      c.expect_error = "timeout";
      c.expect_offset = c.stream.size();
    }
    if (c.kind == Kind::kDrip) {
      // One byte every 250 ms: the dripped value (at least 48 bytes) cannot
      // complete within the server's value deadline, so the server cuts the
      // connection ("timeout") inside it; the short valid messages before
      // it may or may not make the deadline: a prefix of them is answered.
      c.expect_error = "timeout";
      c.expect_offset = c.stream.size();
    }
    if (good) {
      ASSERT_EQ(c.expect.size(), static_cast<size_t>(n_msg));
      ASSERT_EQ(c.expect_error, "");
    }
    c.replies = std::make_unique<stream::ValueReader>(DecodeOptions(), framing);
  }

  // ---- connect all, then measure the server's heap per idle connection --
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<uint16_t>(server.port()));
  const int ep = epoll_create1(0);
  ASSERT_GE(ep, 0);
  for (Client& c : clients) {
    c.fd = socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(c.fd, 0) << std::strerror(errno);
    ASSERT_EQ(connect(c.fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0)
        << std::strerror(errno);
    sockaddr_in me{};
    socklen_t len = sizeof me;
    getsockname(c.fd, reinterpret_cast<sockaddr*>(&me), &len);
    c.port = ntohs(me.sin_port);
    int one = 1;
    setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    ASSERT_EQ(fcntl(c.fd, F_SETFL, fcntl(c.fd, F_GETFL) | O_NONBLOCK), 0);
  }
  for (size_t i = 0; i < clients.size(); ++i) {
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = i;
    epoll_ctl(ep, EPOLL_CTL_ADD, clients[i].fd, &ev);
  }
  for (int64_t t0 = NowMs(); server.accepted.load() < n_conn;) {
    ASSERT_LT(NowMs() - t0, 20000)
        << "server accepted only " << server.accepted.load();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const LoadServer::Memory fresh = server.MeasureMemory();

  // ---- traffic ------------------------------------------------------------
  const int64_t t_start = NowMs();
  const int64_t t_limit = t_start + 50000;
  size_t finished = 0;
  auto is_done = [&](const Client& c) {
    if (c.kind == Kind::kReset) return c.closed;
    if (c.expect_error.empty()) return c.got == c.expect.size() || c.eof;
    return c.eof;
  };
  std::vector<bool> done(clients.size(), false);
  std::vector<epoll_event> events(512);
  static char rbuf[65536];
  int64_t t_healthy_done = 0;
  size_t healthy_done = 0;
  while (finished < clients.size() && NowMs() < t_limit) {
    bool progress = false;
    const int64_t now = NowMs();
    for (Client& c : clients) {
      if (c.sending_done || c.closed) continue;
      size_t piece;
      if (c.kind == Kind::kDrip) {
        if (now < c.next_drip_ms) continue;
        c.next_drip_ms = now + 250;
        piece = 1;
      } else {
        piece = rng() % 4 == 0 ? 1 + rng() % 3 : 1 + rng() % 1500;
      }
      piece = std::min(piece, c.stream.size() - c.sent);
      const ssize_t n =
          send(c.fd, c.stream.data() + c.sent, piece, MSG_NOSIGNAL);
      if (n > 0) {
        c.sent += static_cast<size_t>(n);
        progress = true;
      } else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
        c.sending_done = true;  // the server closed it (checked below)
        continue;
      }
      if (c.sent == c.stream.size()) {
        c.sending_done = true;
        if (c.kind == Kind::kHalfClose) shutdown(c.fd, SHUT_WR);
        if (c.kind == Kind::kReset) {
          linger lg{1, 0};
          setsockopt(c.fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
          epoll_ctl(ep, EPOLL_CTL_DEL, c.fd, nullptr);
          close(c.fd);
          c.closed = true;
        }
      }
    }
    const int n = epoll_wait(ep, events.data(), static_cast<int>(events.size()),
                             progress ? 0 : 5);
    for (int i = 0; i < n; ++i) {
      Client& c = clients[events[i].data.u64];
      if (c.closed) continue;
      for (;;) {
        const ssize_t r = recv(c.fd, rbuf, sizeof rbuf, MSG_DONTWAIT);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        if (r <= 0) {
          if (r < 0 && c.failure.empty()) {
            c.failure = absl::StrCat("recv: ", std::strerror(errno));
          }
          c.eof = true;
          epoll_ctl(ep, EPOLL_CTL_DEL, c.fd, nullptr);
          break;
        }
        std::vector<Variant> vals;
        const absl::Status st = c.replies->Feed(
            absl::string_view(rbuf, static_cast<size_t>(r)), &vals);
        if (!st.ok() && c.failure.empty()) {
          c.failure = absl::StrCat("bad answer: ", st.ToString());
        }
        for (const Variant& v : vals) {
          const bool drip_cut =
              c.kind == Kind::kDrip && !c.got_error &&
              v.type() == Type::kDictionary &&
              v.dictionary().Find(Variant::String("error")) != nullptr;
          if (c.got < c.expect.size() && !drip_cut) {
            absl::StatusOr<std::string> b = encode::Encode(v, enc);
            if ((!b.ok() || *b != c.expect[c.got]) && c.failure.empty()) {
              c.failure = absl::StrCat("answer ", c.got, " differs");
            }
            ++c.got;
          } else if (!c.got_error && v.type() == Type::kDictionary) {
            const Variant* e = v.dictionary().Find(Variant::String("error"));
            const Variant* o = v.dictionary().Find(Variant::String("offset"));
            if (e != nullptr && o != nullptr) {
              c.got_error = true;
              c.error = e->as_string();
              c.error_offset = static_cast<uint64_t>(o->as_int());
            } else if (c.failure.empty()) {
              c.failure = "an answer too many";
            }
          } else if (c.failure.empty()) {
            c.failure = "an answer too many";
          }
        }
      }
    }
    for (size_t i = 0; i < clients.size(); ++i) {
      if (done[i] || !is_done(clients[i])) continue;
      done[i] = true;
      ++finished;
      if (clients[i].kind == Kind::kHealthy &&
          ++healthy_done == static_cast<size_t>(healthy)) {
        t_healthy_done = NowMs();
      }
      if (clients[i].eof && !clients[i].closed) {
        close(clients[i].fd);  // the server closed first: let it go
        clients[i].closed = true;
      }
    }
  }
  const int64_t t_end = t_healthy_done != 0 ? t_healthy_done : NowMs();
  const uint64_t msgs = server.messages.load();
  const uint64_t bytes = server.bytes_in.load();

  // ---- what every client got --------------------------------------------
  std::map<std::string, int> errors_seen;
  int failures = 0;
  for (const Client& c : clients) {
    std::string why = c.failure;
    if (why.empty() && !is_done(c)) why = "did not finish";
    if (why.empty() && c.kind != Kind::kReset) {
      if (c.kind == Kind::kDrip ? c.got > c.expect.size()
                                : c.got != c.expect.size()) {
        why = absl::StrCat("got ", c.got, " of ", c.expect.size(), " answers");
      } else if (c.expect_error.empty() && (c.got_error || c.eof)) {
        why = absl::StrCat("healthy but closed (", c.error, ")");
      } else if (!c.expect_error.empty() && c.error != c.expect_error) {
        why = absl::StrCat("error ", c.error, " instead of ", c.expect_error);
      } else if (!c.expect_error.empty() &&
                 (c.kind == Kind::kDrip ? c.error_offset > c.expect_offset
                                        : c.error_offset != c.expect_offset)) {
        why = absl::StrCat("error at ", c.error_offset, " instead of ",
                           c.expect_offset);
      }
    }
    if (!c.expect_error.empty()) ++errors_seen[c.expect_error];
    if (!why.empty() && ++failures <= 10) {
      ADD_FAILURE() << KindName(c.kind) << " connection (port " << c.port
                    << "): " << why;
    }
  }
  EXPECT_EQ(failures, 0);

  // ---- the idle healthy connections: memory, then a clean close ---------
  for (int64_t t0 = NowMs();
       server.open.load() > healthy && NowMs() - t0 < 5000;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const LoadServer::Memory used = server.MeasureMemory();
  EXPECT_EQ(used.open, static_cast<size_t>(healthy));
  for (Client& c : clients) {
    if (!c.closed) close(c.fd);
  }
  for (int64_t t0 = NowMs(); server.open.load() > 0 && NowMs() - t0 < 5000;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(server.open.load(), 0);
  server.Stop();
  server_thread.join();
  close(ep);

  // The server's own record agrees with the clients'.
  const std::map<int, Outcome> outcomes = server.Outcomes();
  int record_failures = 0;
  for (const Client& c : clients) {
    auto it = outcomes.find(c.port);
    std::string why;
    if (it == outcomes.end()) {
      why = "no record";
    } else if (c.kind == Kind::kReset) {
      if (it->second.error.empty()) why = "a reset recorded as clean";
    } else if (it->second.error != c.expect_error) {
      why = absl::StrCat("recorded '", it->second.error, "'");
    } else if (it->second.messages !=
               (c.kind == Kind::kDrip ? c.got : c.expect.size())) {
      why = absl::StrCat("recorded ", it->second.messages, " messages");
    }
    if (!why.empty() && ++record_failures <= 10) {
      ADD_FAILURE() << KindName(c.kind) << " connection (port " << c.port
                    << "): server " << why;
    }
  }
  EXPECT_EQ(record_failures, 0);

  const double secs = std::max<int64_t>(1, t_end - t_start) / 1000.0;
  const double fresh_per = double(fresh.heap_bytes) / n_conn;
  const double idle_per = double(used.heap_bytes) / std::max(1, healthy);
  std::printf(
      "load: %d connections (%d healthy x %d messages, %d hostile), %.2f s\n"
      "  %llu messages answered, %.0f messages/s, %.2f MB/s in (one "
      "process: server thread + client thread on this machine)\n"
      "  per connection: sizeof(ValueReader) %zu B; server heap fresh %.0f "
      "B, idle after traffic %.0f B\n",
      n_conn, healthy, n_msg, n_conn - healthy, secs,
      static_cast<unsigned long long>(msgs), msgs / secs, bytes / secs / 1e6,
      sizeof(stream::ValueReader), fresh_per, idle_per);
  std::printf("  errors seen:");
  for (const auto& [k, n] : errors_seen) std::printf(" %s x%d,", k.c_str(), n);
  std::printf(" reset x%d\n", n_bad_each);
  // Bounded: a few KiB per idle connection (parser + connection record).
  EXPECT_LT(fresh_per, 16384);
  EXPECT_LT(idle_per, 16384);
}

}  // namespace load
}  // namespace gdwire
