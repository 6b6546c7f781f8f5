// Copyright 2026 The gdwire Authors.
//
// `gdwire serve-echo`: a Godot 4 multiplayer server (server/server.h) for
// tests and demos. Godot clients join it with
// ENetMultiplayerPeer.create_client; it answers every remote call
// `echo(...)` on any node by calling `echo_reply(...)` with the same
// argument bytes on the same node of the caller, sends raw packets
// (send_bytes) back to their sender, relays client-to-client packets as
// Godot's server does, and logs one line per event.

#include <signal.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "codec/enet/compression.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/text.h"
#include "codec/text/text.h"
#include "server/server.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {
namespace {

constexpr char kUsage[] =
    "usage: gdwire serve-echo --manifest=FILE [--port=P] [--bind=ADDR]\n"
    "                         [--format=text|json] [--log=FILE] [--quiet]\n"
    "                         [--compress=MODE] [--max-peers=N]\n"
    "                         [--exit-after-disconnects=N] [--max-seconds=S]\n"
    "                         [--max-errors-per-peer=N] [--allow-objects]\n"
    "                         [--auth-token=T] [--no-relay]\n"
    "\n"
    "A Godot 4 multiplayer server (id 1) on ENet, for tests and demos:\n"
    "Godot clients join it with ENetMultiplayerPeer.create_client(ADDR, P).\n"
    "It answers every remote call echo(...) on any node with echo_reply(...)\n"
    "on the same node of the caller, with the same argument bytes (mode and\n"
    "channel: echo_reply's @rpc config in the manifest); sends raw packets\n"
    "(send_bytes) back to their sender in the same mode and channel; relays\n"
    "client-to-client calls as Godot's server does; tells every client of\n"
    "the others (peer_connected / peer_disconnected).\n"
    "\n"
    "  --manifest=FILE  the game's manifest (gdwire manifest PROJECT_DIR)\n"
    "  --port=P         UDP port (default 0: any free one, printed)\n"
    "  --bind=ADDR      IPv4 address to listen on (default *: all)\n"
    "  --format=F       log lines: text (default) or json\n"
    "  --log=FILE       the log (default: stdout)\n"
    "  --quiet          log connects, disconnects and errors, not packets\n"
    "  --compress=MODE  the clients' ENetConnection.compress: none (default),\n"
    "                   range_coder, fastlz, zlib, zstd\n"
    "  --max-peers=N    ENet connections at once (default 4095)\n"
    "  --exit-after-disconnects=N  exit 0 once N peers have joined and all\n"
    "                   have left\n"
    "  --max-seconds=S  exit 3 after S seconds\n"
    "  --max-errors-per-peer=N  drop a peer after N bad packets (default:\n"
    "                   never)\n"
    "  --allow-objects  decode Objects in arguments (off, as in Godot)\n"
    "  --no-relay       SceneMultiplayer.server_relay off: no peer notices,\n"
    "                   no relays (n peers joining cost n^2 notices with it)\n"
    "  --auth-token=T   hold each new peer in authentication (the clients\n"
    "                   set multiplayer.auth_callback): a peer whose\n"
    "                   send_auth data is T is answered \"ok\" and admitted\n"
    "                   (complete_auth); any other data is answered\n"
    "                   \"denied\" and the peer dropped\n"
    "\n"
    "JSON lines: {\"event\":\"connect\"|\"disconnect\",\"peer\":ID};\n"
    "{\"event\":\"packet\",\"dir\":\"in\"|\"out\",\"client\":ID,\"mode\":M,...}"
    "\n"
    "with the fields of `gdwire capture --format=json` for the packet and,\n"
    "for a remote call, \"arg_texts\" (var_to_str of each argument);\n"
    "{\"event\":\"error\",\"peer\":ID,\"packet\":K,\"kind\":...,\"offset\":N,\n"
    "\"message\":...}. Text lines: connect 2 / in 2 ch0 reliable: rpc ... /\n"
    "error 2 packet 5: ...\n";

volatile sig_atomic_t g_stop = 0;
void OnSignal(int) { g_stop = 1; }

class EchoServer : public server::Handler {
 public:
  EchoServer(FILE* log, bool json, bool quiet)
      : log_(log), json_(json), quiet_(quiet) {}

  server::Server* server = nullptr;
  std::string auth_token;
  int joined = 0;
  int present = 0;

  void OnPeerConnected(int32_t peer) override {
    ++joined;
    ++present;
    Line(json_ ? absl::StrCat("{\"event\":\"connect\",\"peer\":", peer, "}")
               : absl::StrCat("connect ", peer));
  }
  void OnPeerDisconnected(int32_t peer) override {
    --present;
    Line(json_ ? absl::StrCat("{\"event\":\"disconnect\",\"peer\":", peer, "}")
               : absl::StrCat("disconnect ", peer));
  }
  void OnCall(const server::IncomingCall& call) override {
    if (call.method == nullptr || *call.method != "echo") return;
    absl::Status st = server->core().Reply(call, "echo_reply");
    if (!st.ok()) ReplyError(call.from, st);
  }
  void OnRaw(int32_t from, const server::Delivery& d,
             absl::string_view bytes) override {
    absl::Status st = server->core().SendBytes(from, bytes, d);
    if (!st.ok()) ReplyError(from, st);
  }
  void OnAuth(int32_t peer, absl::string_view data) override {
    const bool ok = data == auth_token;
    Line(json_ ? absl::StrCat("{\"event\":\"auth\",\"peer\":", peer,
                              ",\"ok\":", ok ? "true" : "false", "}")
               : absl::StrCat("auth ", peer, ok ? " ok" : " denied"));
    absl::Status st = server->core().SendAuth(peer, ok ? "ok" : "denied");
    if (st.ok()) {
      st = ok ? server->core().CompleteAuth(peer)
              : server->core().DisconnectPeer(peer);
    }
    if (!st.ok()) ReplyError(peer, st);
  }
  void OnPeerError(const server::PeerError& e) override {
    if (json_) {
      std::string s = absl::StrCat("{\"event\":\"error\",\"peer\":", e.peer,
                                   ",\"packet\":", e.packet, ",\"kind\":");
      JsonString(ErrorKindName(e.error.kind), &s);
      absl::StrAppend(&s, ",\"offset\":", e.error.offset, ",\"message\":");
      JsonString(e.error.ToString(), &s);
      s += "}";
      Line(s);
    } else {
      Line(absl::StrCat("error ", e.peer, " packet ", e.packet, ": ",
                        e.error.ToString()));
    }
  }
  void OnPacket(bool incoming, int32_t peer, const server::Delivery& d,
                const multiplayer::Event& ev) override {
    if (quiet_) return;
    if (!json_) {
      Line(absl::StrCat(incoming ? "in " : "out ", peer, " ch", d.channel, " ",
                        server::TransferModeName(d.mode), ": ",
                        multiplayer::ToText(ev)));
      return;
    }
    std::string s =
        absl::StrCat("{\"event\":\"packet\",\"dir\":\"",
                     incoming ? "in" : "out", "\",\"client\":", peer,
                     ",\"mode\":\"", server::TransferModeName(d.mode), "\",");
    std::string body = multiplayer::ToJson(ev);  // {...}
    s.append(body, 1, body.size() - 2);
    if (const auto* rc =
            std::get_if<multiplayer::RemoteCall>(&ev.payload().body)) {
      s += ",\"arg_texts\":[";
      bool first = true;
      auto add = [&](const Variant& v) {
        if (!first) s += ",";
        first = false;
        JsonString(text::ToText(v, Dialect::kGodot4), &s);
      };
      if (rc->byte_only) {
        if (!rc->raw_args.empty()) {
          add(Variant::PackedBytes(
              std::vector<uint8_t>(rc->raw_args.begin(), rc->raw_args.end())));
        }
      } else {
        for (const multiplayer::Value& a : rc->args) add(a.value);
      }
      s += "]";
    }
    s += "}";
    Line(s);
  }

  void Flush() { std::fflush(log_); }

 private:
  void ReplyError(int32_t peer, const absl::Status& st) {
    if (json_) {
      std::string s = absl::StrCat("{\"event\":\"reply_error\",\"peer\":", peer,
                                   ",\"message\":");
      JsonString(st.message(), &s);
      s += "}";
      Line(s);
    } else {
      Line(absl::StrCat("reply_error ", peer, ": ", st.message()));
    }
  }
  void Line(const std::string& s) {
    std::fwrite(s.data(), 1, s.size(), log_);
    std::fputc('\n', log_);
  }

  FILE* log_;
  bool json_;
  bool quiet_;
};

bool ParseCompression(const std::string& s, enet::Compression* c) {
  for (enet::Compression m :
       {enet::Compression::kNone, enet::Compression::kRangeCoder,
        enet::Compression::kFastLz, enet::Compression::kZlib,
        enet::Compression::kZstd}) {
    if (enet::CompressionName(m) == s) {
      *c = m;
      return true;
    }
  }
  return false;
}

int Usage(const std::string& why) {
  std::fprintf(stderr, "gdwire serve-echo: %s\n\n%s", why.c_str(), kUsage);
  return kExitUsage;
}

// The flags that shape the server and when it stops. Returns a usage
// error, or "" when every flag is good.
struct ServeFlags {
  server::ServerOptions opts;
  std::string format = "text";
  int exit_after = 0;  // disconnects after which to stop (0: never)
  double max_seconds = 0;
};

std::string ParseServeFlags(const Args& args, ServeFlags* f) {
  server::ServerOptions& opts = f->opts;
  uint32_t n = 0;
  if (args.Has("port")) {
    if (!absl::SimpleAtoi(args.Get("port", ""), &n) || n > 65535) {
      return "--port must be 0..65535";
    }
    opts.port = static_cast<uint16_t>(n);
  }
  opts.bind_address = args.Get("bind", "*");
  if (args.Has("max-peers")) {
    if (!absl::SimpleAtoi(args.Get("max-peers", ""), &n) || n == 0) {
      return "--max-peers must be a positive number";
    }
    opts.max_peers = n;
  }
  if (!ParseCompression(args.Get("compress", "none"), &opts.compression)) {
    return "--compress must be none, range_coder, fastlz, zlib or zstd";
  }
  f->format = args.Get("format", "text");
  if (f->format != "text" && f->format != "json") {
    return "--format must be text or json";
  }
  if (args.Has("exit-after-disconnects") &&
      (!absl::SimpleAtoi(args.Get("exit-after-disconnects", ""),
                         &f->exit_after) ||
       f->exit_after <= 0)) {
    return "--exit-after-disconnects must be a positive number";
  }
  if (args.Has("max-seconds") &&
      (!absl::SimpleAtod(args.Get("max-seconds", ""), &f->max_seconds) ||
       f->max_seconds <= 0)) {
    return "--max-seconds must be a positive number";
  }
  if (args.Has("max-errors-per-peer")) {
    if (!absl::SimpleAtoi(args.Get("max-errors-per-peer", ""), &n)) {
      return "--max-errors-per-peer must be a number";
    }
    opts.core.max_errors_per_peer = n;
  }
  if (!args.Has("manifest")) {
    return "--manifest=FILE is needed (gdwire manifest PROJECT_DIR)";
  }
  opts.core.packet.values.allow_objects = args.Has("allow-objects");
  // The echo passes the argument bytes on: they are checked, not built
  // into values (the log's events build their own).
  opts.core.packet.keep_values = false;
  opts.core.trace = !args.Has("quiet");
  opts.core.authenticate = args.Has("auth-token");
  opts.core.server_relay = !args.Has("no-relay");
  return "";
}

// Services the server until a signal, the disconnect count or the time
// limit; the exit code.
int ServeUntilDone(server::Server* server, EchoServer* echo,
                   const ServeFlags& f) {
  signal(SIGINT, OnSignal);
  signal(SIGTERM, OnSignal);
  const auto start = std::chrono::steady_clock::now();
  int code = kExitOk;
  while (!g_stop) {
    const absl::Status st = server->Service(20);
    echo->Flush();
    if (!st.ok()) {
      std::fprintf(stderr, "gdwire serve-echo: %s\n",
                   std::string(st.message()).c_str());
      code = kExitBadInput;
      break;
    }
    if (f.exit_after > 0 && echo->joined >= f.exit_after &&
        echo->present == 0) {
      break;
    }
    if (f.max_seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                .count() > f.max_seconds) {
      std::fprintf(stderr, "gdwire serve-echo: --max-seconds reached\n");
      code = 3;
      break;
    }
  }
  echo->Flush();
  return code;
}

}  // namespace

int ServeEcho(int argc, char** argv) {
  Args args;
  absl::Status st = ParseArgs(
      argc, argv,
      {"help", "manifest", "port", "bind", "format", "log", "quiet", "compress",
       "max-peers", "exit-after-disconnects", "max-seconds",
       "max-errors-per-peer", "allow-objects", "auth-token", "no-relay"},
      &args);
  if (!st.ok()) return Usage(std::string(st.message()));
  if (args.Has("help")) {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  if (!args.positional.empty()) return Usage("no positional arguments");
  ServeFlags f;
  if (const std::string bad = ParseServeFlags(args, &f); !bad.empty()) {
    return Usage(bad);
  }
  auto manifest = multiplayer::LoadManifest(args.Get("manifest", ""));
  if (!manifest.ok()) {
    std::fprintf(stderr, "gdwire serve-echo: %s\n",
                 std::string(manifest.status().message()).c_str());
    return kExitBadInput;
  }
  f.opts.core.manifest = manifest->get();

  FILE* log = stdout;
  std::unique_ptr<FILE, int (*)(FILE*)> log_file(nullptr, &std::fclose);
  if (args.Has("log") && args.Get("log", "") != "-") {
    log_file.reset(std::fopen(args.Get("log", "").c_str(), "w"));
    if (!log_file) {
      std::fprintf(stderr, "gdwire serve-echo: cannot write %s\n",
                   args.Get("log", "").c_str());
      return kExitBadInput;
    }
    log = log_file.get();
  }
  EchoServer echo(log, f.format == "json", args.Has("quiet"));
  echo.auth_token = args.Get("auth-token", "");
  auto server = server::Server::Start(f.opts, &echo);
  if (!server.ok()) {
    std::fprintf(stderr, "gdwire serve-echo: %s\n",
                 std::string(server.status().message()).c_str());
    return kExitBadInput;
  }
  echo.server = server->get();
  std::fprintf(stderr, "gdwire serve-echo: listening on %s:%u\n",
               f.opts.bind_address.c_str(), (*server)->port());
  std::fflush(stderr);
  return ServeUntilDone(server->get(), &echo, f);
}

}  // namespace cli
}  // namespace gdwire
