// Copyright 2026 The gdwire Authors.
//
// tests/interop/echo_server.cc: a gdwire loopback server for live interop
// tests against real Godot engines (tests/interop/run_interop.sh).
//
//   echo_server --dialect=godot4 [--port=0] [--port_file=PATH]
//               [--connections=4] [--timeout_s=300] [--max_messages=N]
//               [--dump=FILE] [--reader=stream|reference]
//
// It listens on 127.0.0.1 only (the port given, or an ephemeral one, printed
// as "listening 127.0.0.1:PORT" and written to --port_file), serves
// connections in one event loop (poll, non-blocking), and exits when
// --connections connections have ended, after --max_messages values (the
// connections still open are cut), or with failure at --timeout_s.
//
// Every connection opens with a hello, a String sent by StreamPeer.put_var:
//   "gdwire-interop echo FRAMING"             the engine sends values
//   "gdwire-interop send FRAMING COUNT SEED"  gdwire sends values
// FRAMING is stream, stream-be (StreamPeer.big_endian) or packet-stream
// (PacketPeerStream). The server answers "ok" (little-endian stream frame);
// from then on every message uses FRAMING.
//
// echo: the engine sends pairs (value, var_to_str(value) as a String). The
//   server decodes both as the bytes arrive, checks gdwire::text::ToText of
//   the value against the engine's text, re-encodes the value with gdwire
//   and sends it back (the engine checks it equals what it sent). A final
//   String "gdwire-interop end N" gives the number of values the engine
//   sent, so lost = N - received.
// send: the server makes COUNT random values from SEED (every type of the
//   dialect, nested; tests/random_variant.h), sends them with up to
//   kWindow in flight; the engine decodes each with get_var and answers
//   (put_var(value), var_to_str(value)). The server checks that the text
//   equals ToText and the engine's re-encoding decodes to the same value
//   (bit for bit).
//
// Output: one "CONN ..." line per connection and a closing
//   "SERVER dialect=... connections=... received=... sent=... lost=0
//    mismatched=0 errors=0" line; exit status 0 only when every connection
// ended cleanly with nothing lost or mismatched.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "codec/types.h"
#include "tests/interop/echo_connection.h"
#include "tests/interop/echo_report.h"
#include "tests/interop/message_reader.h"

namespace gdwire {
namespace interop {
namespace {

struct Flags {
  Dialect dialect = Dialect::kGodot4;
  int port = 0;
  std::string port_file;
  int connections = 1;
  int timeout_s = 300;
  uint64_t max_messages = 0;  // 0: no limit
  std::string dump;  // mismatch details (full texts, bytes) appended here
  MessageReader::Impl reader = MessageReader::Impl::kStream;
};

// How the event loop ended.
struct Outcome {
  Totals totals;
  bool timed_out = false;
  bool limit_hit = false;  // --max_messages
};

bool ParseFlags(int argc, char** argv, Flags* f) {
  for (int i = 1; i < argc; ++i) {
    absl::string_view a = argv[i];
    std::pair<std::string, std::string> kv =
        absl::StrSplit(a, absl::MaxSplits('=', 1));
    bool ok = true;
    if (kv.first == "--dialect") {
      ok = ParseDialect(kv.second, &f->dialect);
    } else if (kv.first == "--port") {
      ok = absl::SimpleAtoi(kv.second, &f->port) && f->port >= 0 &&
           f->port < 65536;
    } else if (kv.first == "--port_file") {
      f->port_file = kv.second;
    } else if (kv.first == "--connections") {
      ok = absl::SimpleAtoi(kv.second, &f->connections) && f->connections > 0;
    } else if (kv.first == "--reader") {
      ok = kv.second == "stream" || kv.second == "reference";
      f->reader = kv.second == "reference" ? MessageReader::Impl::kReference
                                           : MessageReader::Impl::kStream;
    } else if (kv.first == "--dump") {
      f->dump = kv.second;
    } else if (kv.first == "--max_messages") {
      ok = absl::SimpleAtoi(kv.second, &f->max_messages);
    } else if (kv.first == "--timeout_s") {
      ok = absl::SimpleAtoi(kv.second, &f->timeout_s) && f->timeout_s > 0;
    } else {
      ok = false;
    }
    if (!ok) {
      std::fprintf(stderr, "echo_server: bad flag %s\n", argv[i]);
      return false;
    }
  }
  return true;
}

// A non-blocking socket listening on 127.0.0.1 (only) at flags.port; the
// port it got in *port. -1 on failure (reported).
int Listen(const Flags& flags, int* port) {
  const int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // 127.0.0.1 only
  addr.sin_port = htons(static_cast<uint16_t>(flags.port));
  if (lfd < 0 || bind(lfd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) ||
      listen(lfd, 8)) {
    std::fprintf(stderr, "echo_server: listen: %s\n", std::strerror(errno));
    return -1;
  }
  socklen_t len = sizeof(addr);
  getsockname(lfd, reinterpret_cast<sockaddr*>(&addr), &len);
  *port = ntohs(addr.sin_port);
  return lfd;
}

// Written then renamed, so a reader never sees a partial number.
bool WritePortFile(const std::string& path, int port) {
  const std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "w");
  if (f == nullptr) return false;
  std::fprintf(f, "%d\n", port);
  std::fclose(f);
  std::rename(tmp.c_str(), path.c_str());
  return true;
}

// True when --max_messages values have come in, on ended and live
// connections together.
bool MessageLimitHit(const Flags& flags, const Outcome& o,
                     const std::vector<std::unique_ptr<Connection>>& conns) {
  if (flags.max_messages == 0) return false;
  uint64_t live = o.totals.received;
  for (auto& c : conns) live += c->received();
  return live >= flags.max_messages;
}

// One round of the event loop: waits up to 200 ms, accepts a connection,
// serves the readable and writable ones and finishes those that ended.
// False when poll failed (reported).
bool ServeOnce(const Flags& flags, int lfd, int* accepted,
               std::vector<std::unique_ptr<Connection>>* conns,
               Totals* totals) {
  std::vector<pollfd> fds;
  fds.push_back({lfd, POLLIN, 0});
  for (auto& c : *conns) {
    fds.push_back(
        {c->fd(), static_cast<short>(POLLIN | (c->wants_write() ? POLLOUT : 0)),
         0});
  }
  if (poll(fds.data(), fds.size(), 200) < 0 && errno != EINTR) {
    std::perror("poll");
    return false;
  }
  if ((fds[0].revents & POLLIN) && *accepted < flags.connections) {
    const int cfd = accept4(lfd, nullptr, nullptr, SOCK_NONBLOCK);
    if (cfd >= 0) {
      int one = 1;
      setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      conns->push_back(std::make_unique<Connection>(
          cfd, ++*accepted, flags.dialect, flags.reader));
    }
  }
  for (size_t i = 1; i < fds.size(); ++i) {
    Connection& c = *(*conns)[i - 1];
    bool alive = true;
    if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) alive = c.OnReadable();
    // Flush what is queued even when the peer is done sending.
    if (c.wants_write()) alive = c.OnWritable() && alive;
    if (!alive) {
      c.OnWritable();  // best effort: the last replies
      c.Finish(totals);
    }
  }
  conns->erase(std::remove_if(conns->begin(), conns->end(),
                              [](const std::unique_ptr<Connection>& c) {
                                return c->closed();
                              }),
               conns->end());
  return true;
}

// Serves until --connections connections have ended, --max_messages values
// have come in, or --timeout_s; the connections still open are then cut.
// False when the loop failed.
bool Serve(const Flags& flags, int lfd, Outcome* o) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(flags.timeout_s);
  std::vector<std::unique_ptr<Connection>> conns;
  int accepted = 0;
  while (o->totals.connections < flags.connections) {
    if (std::chrono::steady_clock::now() > deadline) {
      o->timed_out = true;
      break;
    }
    if (MessageLimitHit(flags, *o, conns)) {
      o->limit_hit = true;
      break;
    }
    if (!ServeOnce(flags, lfd, &accepted, &conns, &o->totals)) return false;
  }
  for (auto& c : conns) c->Finish(&o->totals, o->limit_hit);
  return true;
}

// The closing SERVER line; true when the run passed.
bool Summary(const Flags& flags, const Outcome& o) {
  if (o.timed_out) {
    std::fprintf(stderr, "echo_server: timed out after %d s\n",
                 flags.timeout_s);
  }
  const Totals& t = o.totals;
  std::printf(
      "SERVER dialect=%s connections=%d received=%llu sent=%llu lost=%llu "
      "mismatched=%llu errors=%llu%s%s\n",
      std::string(DialectName(flags.dialect)).c_str(), t.connections,
      static_cast<unsigned long long>(t.received),
      static_cast<unsigned long long>(t.sent),
      static_cast<unsigned long long>(t.lost),
      static_cast<unsigned long long>(t.mismatched),
      static_cast<unsigned long long>(t.errors),
      o.timed_out ? " timed_out" : "", o.limit_hit ? " max_messages" : "");
  return !o.timed_out && t.lost == 0 && t.mismatched == 0 && t.errors == 0 &&
         (o.limit_hit || t.connections == flags.connections);
}

int Main(int argc, char** argv) {
  Flags flags;
  if (!ParseFlags(argc, argv, &flags)) {
    std::fprintf(
        stderr,
        "usage: echo_server --dialect=godot4|godot3|pandemonium [--port=0] "
        "[--port_file=PATH] [--connections=N] [--timeout_s=S] "
        "[--dump=FILE] [--reader=stream|reference] "
        "[--max_messages=N]\n");
    return 2;
  }
  if (!flags.dump.empty() && !OpenDump(flags.dump)) {
    std::perror(flags.dump.c_str());
    return 1;
  }
  int port = 0;
  const int lfd = Listen(flags, &port);
  if (lfd < 0) return 1;
  std::printf("listening 127.0.0.1:%d\n", port);
  std::fflush(stdout);
  if (!flags.port_file.empty() && !WritePortFile(flags.port_file, port)) {
    return 1;
  }
  Outcome outcome;
  if (!Serve(flags, lfd, &outcome)) return 1;
  close(lfd);
  return Summary(flags, outcome) ? 0 : 1;
}

}  // namespace
}  // namespace interop
}  // namespace gdwire

int main(int argc, char** argv) { return gdwire::interop::Main(argc, argv); }
