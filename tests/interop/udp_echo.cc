// Copyright 2026 The gdwire Authors.
//
// tests/interop/udp_echo.cc: the PacketPeerUDP half of the live interop
// test (tests/interop/run_interop.sh, Pandemonium): one UDP socket on
// 127.0.0.1.
//
//   udp_echo --dialect=pandemonium --port_file=PATH [--timeout_s=120]
//
// The engine sends datagrams with PacketPeerUDP.put_var: a value, then its
// var2str text (a String); gdwire decodes both (each datagram is one value,
// as PacketPeer.get_var reads it), checks gdwire::text::ToText of the value
// against the engine's text, and answers with its own encoding of the value
// (the engine checks that it equals what it sent). "gdwire-interop end N"
// ends the run. Prints "UDP dialect=... received=N lost=L mismatched=M
// errors=E"; exit status 0 only when all are 0.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "codec/reference/decoder.h"
#include "codec/reference/encoder.h"
#include "codec/text/text.h"
#include "codec/types.h"

namespace gdwire {
namespace {

int Main(int argc, char** argv) {
  Dialect dialect = Dialect::kPandemonium;
  std::string port_file;
  int timeout_s = 120;
  for (int i = 1; i < argc; ++i) {
    std::pair<std::string, std::string> kv =
        absl::StrSplit(argv[i], absl::MaxSplits('=', 1));
    if (kv.first == "--dialect" && ParseDialect(kv.second, &dialect)) continue;
    if (kv.first == "--port_file") {
      port_file = kv.second;
      continue;
    }
    if (kv.first == "--timeout_s" && absl::SimpleAtoi(kv.second, &timeout_s)) {
      continue;
    }
    std::fprintf(stderr,
                 "usage: udp_echo --dialect=D --port_file=PATH "
                 "[--timeout_s=120]\n");
    return 2;
  }
  const int fd = socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof(addr);
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&addr), len) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    std::perror("udp_echo: socket");
    return 1;
  }
  const int port = ntohs(addr.sin_port);
  std::printf("listening udp 127.0.0.1:%d\n", port);
  std::fflush(stdout);
  if (!port_file.empty()) {
    FILE* f = std::fopen((port_file + ".tmp").c_str(), "w");
    if (f == nullptr) return 1;
    std::fprintf(f, "%d\n", port);
    std::fclose(f);
    std::rename((port_file + ".tmp").c_str(), port_file.c_str());
  }
  DecodeOptions dopts;
  dopts.dialect = dialect;
  EncodeOptions eopts;
  eopts.dialect = dialect;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  uint64_t received = 0, mismatched = 0, errors = 0;
  int64_t declared = -1;
  bool have_value = false;
  Variant value;
  std::vector<uint8_t> buf(1 << 16);
  while (declared < 0 && std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 200) <= 0) continue;
    sockaddr_in from{};
    socklen_t from_len = sizeof(from);
    const ssize_t n = recvfrom(fd, buf.data(), buf.size(), 0,
                               reinterpret_cast<sockaddr*>(&from), &from_len);
    if (n < 0) continue;
    absl::StatusOr<Variant> v = reference::Decode(
        absl::MakeConstSpan(buf.data(), static_cast<size_t>(n)), dopts);
    if (!v.ok()) {
      ++errors;
      std::fprintf(stderr, "udp_echo: datagram %llu: %s\n",
                   static_cast<unsigned long long>(received + 1),
                   std::string(v.status().message()).c_str());
      continue;
    }
    if (!have_value) {
      if (v->type() == Type::kString &&
          absl::StartsWith(v->as_string(), "gdwire-interop end ")) {
        if (!absl::SimpleAtoi(absl::string_view(v->as_string()).substr(19),
                              &declared)) {
          ++errors;
          declared = 0;
        }
        break;
      }
      value = std::move(*v);
      have_value = true;
      continue;
    }
    have_value = false;
    ++received;
    const std::string mine = text::ToText(value, dialect);
    if (v->type() != Type::kString || v->as_string() != mine) {
      ++mismatched;
      if (mismatched <= 5) {
        std::fprintf(
            stderr, "udp_echo: value %llu: ToText \"%s\" engine \"%s\"\n",
            static_cast<unsigned long long>(received),
            mine.substr(0, 300).c_str(),
            v->type() == Type::kString ? v->as_string().substr(0, 300).c_str()
                                       : "(not a String)");
      }
    }
    absl::StatusOr<std::string> out = reference::Encode(value, eopts);
    if (!out.ok()) {
      ++errors;
      continue;
    }
    sendto(fd, out->data(), out->size(), 0, reinterpret_cast<sockaddr*>(&from),
           from_len);
  }
  const uint64_t lost =
      declared > static_cast<int64_t>(received) ? declared - received : 0;
  if (declared < 0) ++errors;  // no end message
  std::printf(
      "UDP dialect=%s received=%llu lost=%llu mismatched=%llu "
      "errors=%llu\n",
      std::string(DialectName(dialect)).c_str(),
      static_cast<unsigned long long>(received),
      static_cast<unsigned long long>(lost),
      static_cast<unsigned long long>(mismatched),
      static_cast<unsigned long long>(errors));
  close(fd);
  return lost == 0 && mismatched == 0 && errors == 0 ? 0 : 1;
}

}  // namespace
}  // namespace gdwire

int main(int argc, char** argv) { return gdwire::Main(argc, argv); }
