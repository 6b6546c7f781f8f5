// Copyright 2026 The gdwire Authors.

#include "tests/load/load_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <utility>

#include "absl/types/span.h"
#include "codec/encode/encoder.h"
#include "codec/error.h"
#include "codec/frame/frame.h"

namespace gdwire {
namespace load {
namespace {

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void Die(const char* what) {
  std::perror(what);
  std::abort();
}

}  // namespace

struct LoadServer::Conn {
  Conn(int f, int p, const DecodeOptions& d, const FrameOptions& fr)
      : fd(f), port(p), reader(d, fr) {}
  enum State : uint8_t { kOpen, kClosing, kDraining };
  int fd;
  int port;
  State state = kOpen;
  bool want_out = false;
  stream::ValueReader reader;
  std::string out;  // answers not yet sent
  size_t out_off = 0;
  int64_t value_start_ms = -1;  // first byte of the unfinished value
  int64_t drain_until_ms = 0;
  Outcome outcome;
};

LoadServer::LoadServer(const Options& options) : opts_(options) {
  listen_fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (listen_fd_ < 0) Die("socket");
  int one = 1;
  setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  if (bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    Die("bind");
  }
  if (listen(listen_fd_, 4096) != 0) Die("listen");
  socklen_t len = sizeof a;
  getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
  port_ = ntohs(a.sin_port);
  epoll_fd_ = epoll_create1(0);
  if (epoll_fd_ < 0) Die("epoll_create1");
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = listen_fd_;
  epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &ev);
}

LoadServer::~LoadServer() {
  for (auto& c : conns_) {
    if (c != nullptr) close(c->fd);
  }
  close(epoll_fd_);
  close(listen_fd_);
}

void LoadServer::Run() {
  heap_baseline_ = ThreadHeapBytes();
  conns_.reserve(8192);
  std::vector<epoll_event> events(256);
  int64_t last_check = NowMs();
  while (!stop_.load()) {
    const int n = epoll_wait(epoll_fd_, events.data(),
                             static_cast<int>(events.size()), 20);
    if (n < 0 && errno != EINTR) Die("epoll_wait");
    for (int i = 0; i < n; ++i) {
      const int fd = events[i].data.fd;
      if (fd == listen_fd_) {
        Accept();
        continue;
      }
      if (static_cast<size_t>(fd) >= conns_.size() || conns_[fd] == nullptr) {
        continue;
      }
      Conn* c = conns_[fd].get();
      if (events[i].events & EPOLLOUT) Flush(c);
      if (conns_[fd] == nullptr) continue;
      if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) Read(c);
    }
    const int64_t now = NowMs();
    if (now - last_check >= 50) {
      CheckDeadlines(now);
      last_check = now;
    }
    if (measure_req_.load() != measure_done_.load()) {
      Memory m;
      m.open = static_cast<size_t>(open.load());
      m.heap_bytes = ThreadHeapBytes() - heap_baseline_;
      memory_ = m;
      measure_done_.store(measure_req_.load());
    }
  }
}

LoadServer::Memory LoadServer::MeasureMemory() {
  const int want = measure_req_.fetch_add(1) + 1;
  while (measure_done_.load() < want) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return memory_;
}

void LoadServer::Accept() {
  for (;;) {
    sockaddr_in a{};
    socklen_t len = sizeof a;
    const int fd = accept4(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len,
                           SOCK_NONBLOCK);
    if (fd < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return;
      Die("accept4");
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (static_cast<size_t>(fd) >= conns_.size()) conns_.resize(fd + 1);
    conns_[fd] = std::make_unique<Conn>(fd, ntohs(a.sin_port), opts_.decode,
                                        opts_.framing);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.fd = fd;
    epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev);
    accepted.fetch_add(1);
    open.fetch_add(1);
  }
}

void LoadServer::Read(Conn* c) {
  static uint8_t buf[16384];
  EncodeOptions enc;
  enc.dialect = opts_.decode.dialect;
  for (;;) {
    const ssize_t n = recv(c->fd, buf, sizeof buf, 0);
    if (n > 0) {
      if (c->state != Conn::kOpen) continue;  // after the answer: drained
      bytes_in.fetch_add(static_cast<uint64_t>(n));
      const absl::Status st = c->reader.Feed(
          absl::MakeConstSpan(buf, static_cast<size_t>(n)), &values_);
      for (const Variant& v : values_) {
        absl::StatusOr<std::string> bytes = encode::Encode(v, enc);
        if (!bytes.ok()) Die("re-encoding a decoded value failed");
        AppendFrame(*bytes, opts_.framing, &c->out);
        ++c->outcome.messages;
      }
      messages.fetch_add(values_.size());
      values_.clear();
      if (!st.ok()) {
        const Error e = ErrorFromStatus(st);
        FailConn(c, std::string(ErrorKindName(e.kind)), e.offset);
        return;
      }
      if (c->reader.parser().at_boundary()) {
        c->value_start_ms = -1;
      } else if (c->value_start_ms < 0) {
        c->value_start_ms = NowMs();
      }
      const int fd = c->fd;  // Flush may close (and free) c
      Flush(c);
      if (conns_[fd] == nullptr) return;
      continue;
    }
    if (n == 0) {  // the peer ended its stream
      if (c->state != Conn::kOpen) {
        Close(c, c->outcome.error, c->outcome.offset);
        return;
      }
      const absl::Status st = c->reader.Finish(&values_);
      for (const Variant& v : values_) {
        absl::StatusOr<std::string> bytes = encode::Encode(v, enc);
        if (bytes.ok()) AppendFrame(*bytes, opts_.framing, &c->out);
        ++c->outcome.messages;
      }
      values_.clear();
      if (!st.ok()) {
        const Error e = ErrorFromStatus(st);
        FailConn(c, std::string(ErrorKindName(e.kind)), e.offset);
        return;
      }
      Close(c, "", c->reader.parser().offset());
      return;
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK) return;
    if (errno == EINTR) continue;
    // ECONNRESET and the like.
    Close(c, c->state == Conn::kOpen ? "reset" : c->outcome.error,
          c->state == Conn::kOpen ? c->reader.parser().offset()
                                  : c->outcome.offset);
    return;
  }
}

void LoadServer::Flush(Conn* c) {
  while (c->out_off < c->out.size()) {
    const ssize_t n = send(c->fd, c->out.data() + c->out_off,
                           c->out.size() - c->out_off, MSG_NOSIGNAL);
    if (n > 0) {
      c->out_off += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!c->want_out) {
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLOUT;
        ev.data.fd = c->fd;
        epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, c->fd, &ev);
        c->want_out = true;
      }
      return;
    }
    Close(c, c->state == Conn::kOpen ? "reset" : c->outcome.error,
          c->outcome.offset);
    return;
  }
  // Everything sent: keep no room for answers on an idle connection.
  if (c->out.capacity() > 4096) {
    std::string().swap(c->out);
  } else {
    c->out.clear();
  }
  c->out_off = 0;
  if (c->want_out) {
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.fd = c->fd;
    epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, c->fd, &ev);
    c->want_out = false;
  }
  if (c->state == Conn::kClosing) {
    shutdown(c->fd, SHUT_WR);
    c->state = Conn::kDraining;
    c->drain_until_ms = NowMs() + 2000;
  }
}

void LoadServer::FailConn(Conn* c, const std::string& error, uint64_t offset) {
  c->outcome.error = error;
  c->outcome.offset = offset;
  c->state = Conn::kClosing;
  c->value_start_ms = -1;
  Variant answer = Variant::MakeDictionary();
  answer.mutable_dictionary().Set(Variant::String("error"),
                                  Variant::String(error));
  answer.mutable_dictionary().Set(Variant::String("offset"),
                                  Variant::Int(static_cast<int64_t>(offset)));
  EncodeOptions enc;
  enc.dialect = opts_.decode.dialect;
  absl::StatusOr<std::string> bytes = encode::Encode(answer, enc);
  if (!bytes.ok()) Die("encoding the error answer failed");
  AppendFrame(*bytes, opts_.framing, &c->out);
  Flush(c);
}

void LoadServer::Close(Conn* c, const std::string& error, uint64_t offset) {
  Outcome o = c->outcome;
  o.error = error;
  o.offset = offset;
  {
    std::lock_guard<std::mutex> l(mu_);
    outcomes_[c->port] = o;
  }
  const int fd = c->fd;
  epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, fd, nullptr);
  close(fd);
  conns_[fd].reset();
  open.fetch_sub(1);
}

void LoadServer::CheckDeadlines(int64_t now_ms) {
  for (size_t fd = 0; fd < conns_.size(); ++fd) {
    Conn* c = conns_[fd].get();
    if (c == nullptr) continue;
    if (c->state == Conn::kOpen && c->value_start_ms >= 0 &&
        now_ms - c->value_start_ms > opts_.value_deadline_ms) {
      FailConn(c, "timeout", c->reader.parser().offset());
    } else if (c->state == Conn::kDraining && now_ms > c->drain_until_ms) {
      Close(c, c->outcome.error, c->outcome.offset);
    }
  }
}

}  // namespace load
}  // namespace gdwire
