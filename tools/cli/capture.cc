// Copyright 2026 The gdwire Authors.
//
// `gdwire capture FILE.pcap|FILE.pcapng`: Godot traffic decoded straight
// from a packet capture (codec/capture/capture.h): TCP in StreamPeer
// framing, WebSocket binary messages, UDP datagrams. One line per message
// on stdout; problems (gaps, undecodable messages, a cut-off file) on
// stderr, each naming its connection and byte offset.

#include "codec/capture/capture.h"

#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/text/json.h"
#include "codec/text/text.h"
#include "tools/cli/cli.h"
#include "tools/cli/net_profile.h"
#include "tools/cli/ordered_output.h"

namespace gdwire {
namespace cli {

namespace {
constexpr char kHelp[] =
    "usage: gdwire capture [--dialect=godot4|godot3|pandemonium|pandemonium4]\n"
    "                      [--port=P[,P...]] [--to-port=P[,P...]]\n"
    "                      [--host=ADDR[,ADDR...]] [--format=text|json]\n"
    "                      [--values-only] [--allow-objects] [--big-endian]\n"
    "                      [--websocket-port=P[,P...]] [--enet-port=P[,P...]]\n"
    "                      [--no-enet] [--profile] [--manifest=FILE]\n"
    "                      [--quiet] [--stats] [--threads=N]\n"
    "                      FILE.pcap|FILE.pcapng|-\n"
    "\n"
    "Decodes the Godot values in a packet capture (tcpdump -w, Wireshark;\n"
    "pcap or pcapng; Ethernet, Linux cooked, loopback or raw IP). `-` reads\n"
    "standard input as it comes, e.g. live:\n"
    "  tcpdump -i any -U -w - port 9000 | gdwire capture -\n"
    "\n"
    "  tcp  StreamPeerTCP.put_var (a u32 length, then the value); TCP put\n"
    "       back in order per connection and direction\n"
    "  ws   WebSocketPeer.put_var (a TCP connection that begins with an\n"
    "       HTTP upgrade): one binary message is one value\n"
    "  udp  PacketPeerUDP.put_var: one value per datagram\n"
    "  enet Godot's ENetMultiplayerPeer + SceneMultiplayer (a UDP flow that\n"
    "       begins with an ENet CONNECT, or on --enet-port): one line per\n"
    "       event: peers connecting and leaving, remote calls with node path\n"
    "       and arguments, spawns, despawns, syncs, raw bytes, relays\n"
    "\n"
    "One line per message: time (UTC), transport, source -> destination,\n"
    "#connection.message, then the value as the engine's var_to_str text\n"
    "(newlines shown as \\n so that a message stays on one line). ENet:\n"
    "time, enet, #flow.event, the multiplayer ids of the two ends, the ENet\n"
    "channel and delivery, then the event, e.g.\n"
    "  ... enet #1.7 2 -> 1 ch0 reliable rpc /root/Main.set_pos(Vector3(1, 2, "
    "3))\n"
    "\n"
    "  --port=P          either side's port is P (a list: P1,P2)\n"
    "  --to-port=P       the destination port is P (one direction)\n"
    "  --host=ADDR       either side's address is ADDR (IPv4 or IPv6)\n"
    "  --format=json     one JSON object per message: time, ts (seconds),\n"
    "                    transport, src, dst, connection, index, offset,\n"
    "                    text (var_to_str) and value (gdwire's JSON)\n"
    "  --values-only     print only the values, exactly as `gdwire decode`\n"
    "                    prints them (text, or JSON with --format=json)\n"
    "  --big-endian      StreamPeer length prefixes are big-endian\n"
    "  --websocket-port=P  TCP on port P is WebSocket even when its HTTP\n"
    "                    upgrade is not in the capture\n"
    "  --enet-port=P     UDP on port P is ENet even when its handshake is\n"
    "                    not in the capture\n"
    "  --no-enet         read no UDP flow as ENet (put_var datagrams only)\n"
    "  --manifest=FILE   the game's manifest (`gdwire manifest PROJECT_DIR`):\n"
    "                    RPC method and synced property names instead of\n"
    "                    `method #3`; a node whose RPC checksum is not the\n"
    "                    manifest's is reported\n"
    "  --profile         instead of the events, the bandwidth of the\n"
    "                    multiplayer traffic per kind, RPC method, node,\n"
    "                    synchronizer and peer, ENet and UDP/IP bytes apart\n"
    "                    from the payload (JSON with --format=json)\n"
    "  --allow-objects   decode full Objects (off, as in Godot)\n"
    "  --quiet           no problem lines on stderr (the exit status stays)\n"
    "  --stats           a summary on stderr at the end: packets, "
    "connections,\n"
    "                    messages, problems, retransmitted and reordered\n"
    "                    segments, gaps\n"
    "  --threads=N       values turned into text or JSON on N threads,\n"
    "                    printed in order (default: every core; 1: one\n"
    "                    thread); standard input prints each message at\n"
    "                    once, on one thread\n"
    "\n"
    "Problems (gaps in TCP streams, messages that do not decode, a file cut\n"
    "off mid-record) go to stderr as `gdwire capture: <transport> #<conn>\n"
    "<src> -> <dst>: <kind>: <what> at byte <offset>`; they never stop the\n"
    "other connections. A gap inside a message costs that message; after a\n"
    "gap over a message boundary (or in a connection whose start is not in\n"
    "the capture) decoding starts again at the next segment that begins a\n"
    "message (two whole messages decode from it). A progress line goes to\n"
    "stderr when it is a terminal.\n"
    "\n"
    "Exit status: 0 ok, 1 problems found (or the file cannot be read),\n"
    "2 usage.\n";

bool ParsePorts(const std::string& text, std::vector<uint16_t>* out) {
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    uint32_t p = 0;
    if (!absl::SimpleAtoi(part, &p) || p > 65535) return false;
    out->push_back(static_cast<uint16_t>(p));
  }
  return !out->empty();
}

std::string TimeText(const capture::Timestamp& t) {
  const time_t s = static_cast<time_t>(t.sec);
  struct tm tm;
  gmtime_r(&s, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%06uZ",
                tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min, tm.tm_sec, t.nsec / 1000);
  return buf;
}

// The fields every JSON line of `gdwire capture` starts with (no closing
// brace): time, ts, transport, src, dst, connection, index.
void JsonHead(const capture::Timestamp& time, capture::Transport transport,
              const capture::Endpoint& src, const capture::Endpoint& dst,
              uint64_t connection, uint64_t index, std::string* line) {
  line->append("{\"time\":");
  JsonString(TimeText(time), line);
  char ts[48];
  std::snprintf(ts, sizeof ts, "%lld.%09u", static_cast<long long>(time.sec),
                time.nsec);
  absl::StrAppend(line, ",\"ts\":", ts, ",\"transport\":\"",
                  capture::TransportName(transport), "\",\"src\":");
  JsonString(src.ToString(), line);
  line->append(",\"dst\":");
  JsonString(dst.ToString(), line);
  absl::StrAppend(line, ",\"connection\":", connection, ",\"index\":", index);
}

// The port lists of --port, --to-port, --websocket-port and --enet-port.
absl::Status ParsePortFlags(const Args& args, capture::CaptureOptions* opts) {
  const struct {
    const char* flag;
    std::vector<uint16_t>* out;
    const char* error;
  } kPortFlags[] = {
      {"port", &opts->ports, "--port must be ports 0..65535 (P,P,...)"},
      {"to-port", &opts->to_ports,
       "--to-port must be ports 0..65535 (P,P,...)"},
      {"websocket-port", &opts->websocket_ports,
       "--websocket-port must be ports 0..65535 (P,P,...)"},
      {"enet-port", &opts->enet_ports,
       "--enet-port must be ports 0..65535 (P,P,...)"},
  };
  for (const auto& f : kPortFlags) {
    if (args.Has(f.flag) && !ParsePorts(args.Get(f.flag, ""), f.out)) {
      return absl::InvalidArgumentError(f.error);
    }
  }
  return absl::OkStatus();
}

// --dialect, the port and host filters, --format and the file argument.
absl::Status ParseCaptureFlags(const Args& args,
                               capture::CaptureOptions* opts) {
  const std::string dialect = args.Get("dialect", "godot4");
  if (!ParseDialect(dialect, &opts->decode.dialect)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--dialect must be godot3, godot4, pandemonium or "
                     "pandemonium4, not '",
                     dialect, "'"));
  }
  if (absl::Status st = ParsePortFlags(args, opts); !st.ok()) return st;
  if (args.Has("host")) {
    for (absl::string_view h : absl::StrSplit(args.Get("host", ""), ',')) {
      capture::Endpoint e;
      if (!capture::Endpoint::ParseHost(h, &e)) {
        return absl::InvalidArgumentError(
            absl::StrCat("--host: not an IPv4 or IPv6 address: '", h, "'"));
      }
      opts->hosts.push_back(e);
    }
  }
  const std::string format = args.Get("format", "text");
  if (format != "text" && format != "json") {
    return absl::InvalidArgumentError("--format must be text or json");
  }
  if (args.positional.size() != 1) {
    return absl::InvalidArgumentError("one capture file (pcap or pcapng)");
  }
  return absl::OkStatus();
}

// The flags and the manifest; false when Capture is to return *exit_code at
// once (--help, or a usage error, reported).
bool SetUpCapture(int argc, char** argv, Args* args,
                  capture::CaptureOptions* opts,
                  std::unique_ptr<multiplayer::FileManifest>* manifest,
                  int* threads, int* exit_code) {
  absl::Status st = ParseArgs(
      argc, argv,
      {"dialect", "port", "to-port", "host", "format", "values-only",
       "allow-objects", "big-endian", "websocket-port", "enet-port", "no-enet",
       "manifest", "profile", "quiet", "stats", "threads", "help"},
      args);
  if (st.ok() && args->Has("help")) {
    std::fputs(kHelp, stdout);
    *exit_code = kExitOk;
    return false;
  }
  if (st.ok()) st = ParseCaptureFlags(*args, opts);
  if (st.ok()) st = ParseThreads(*args, threads);
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire capture: %s\n\n%s",
                 std::string(st.message()).c_str(), kHelp);
    *exit_code = kExitUsage;
    return false;
  }
  opts->decode.allow_objects = args->Has("allow-objects");
  opts->big_endian = args->Has("big-endian");
  opts->detect_enet = !args->Has("no-enet");
  if (!opts->detect_enet) opts->enet_ports.clear();
  if (args->Has("manifest")) {
    auto m = multiplayer::LoadManifest(args->Get("manifest", ""));
    if (!m.ok()) {
      std::fprintf(stderr, "gdwire capture: --manifest: %s\n",
                   std::string(m.status().message()).c_str());
      *exit_code = kExitUsage;
      return false;
    }
    *manifest = *std::move(m);
    opts->manifest = manifest->get();
  }
  return true;
}

// The line of one message, newline included: the value alone
// (--values-only), or the head and the value, as text or JSON.
void AppendMessageLine(const capture::Message& m, bool values_only, bool json,
                       Dialect dialect, std::string* line) {
  if (values_only) {  // as `gdwire decode` prints a value
    AppendValueLine(m.value, json, dialect, line);
    return;
  }
  if (json) {
    JsonHead(m.time, m.transport, m.src, m.dst, m.connection, m.index, line);
    absl::StrAppend(line, ",\"offset\":", m.offset, ",\"text\":");
    JsonString(text::ToText(m.value, dialect), line);
    absl::StrAppend(line, ",\"value\":", text::ToJson(m.value), "}");
  } else {
    absl::StrAppend(line, TimeText(m.time), " ",
                    capture::TransportName(m.transport), " ", m.src.ToString(),
                    " -> ", m.dst.ToString(), " #", m.connection, ".", m.index,
                    " ", capture::OneLine(text::ToText(m.value, dialect)));
  }
  line->push_back('\n');
}

// What `gdwire capture` prints as the capture is decoded: a line per
// message and per ENet event (or the bandwidth profile, --profile),
// problems and progress on stderr; and their counts. The messages' lines
// are made on `threads` threads, a batch of messages at a time, and
// written in order (OrderedOutput); a problem is printed after the lines
// of everything before it. Live input (standard input) prints each message
// at once, on the calling thread.
class CapturePrinter {
 public:
  CapturePrinter(const Args& args, Dialect dialect, int threads)
      : profile_(args.Has("profile")),
        values_only_(args.Has("values-only")),
        json_(args.Get("format", "text") == "json"),
        quiet_(args.Has("quiet")),
        live_(args.positional[0] == "-"),  // each message at once
        dialect_(dialect),
        batch_limit_(live_ ? 1 : kBatch),
        out_(live_ ? 1 : threads, stdout) {}

  bool profile() const { return profile_; }
  bool values_only() const { return values_only_; }
  bool json() const { return json_; }
  bool live() const { return live_; }
  uint64_t problems() const { return problems_; }
  NetProfile* net_profile() { return &net_profile_; }

  // Takes the message's value (the decoder drops the message after).
  void OnMessage(capture::Message& m) {
    ++messages_;
    if (profile_) return;
    batch_.push_back(Entry{std::move(m), std::string(), true});
    if (batch_.size() >= batch_limit_) Submit();
  }

  void OnNetEvent(const capture::NetEvent& e) {
    if (profile_) {
      net_profile_.Add(e);
      return;
    }
    if (values_only_) return;
    std::string line;
    if (json_) {
      NetEventJson(e, &line);
    } else {
      line = absl::StrCat(
          TimeText(e.time), " ", capture::TransportName(e.transport), " #",
          e.connection, ".", e.index, " ", e.src_peer, " -> ", e.dst_peer);
      if (e.channel >= 0) absl::StrAppend(&line, " ch", e.channel);
      if (!e.delivery.empty()) absl::StrAppend(&line, " ", e.delivery);
      absl::StrAppend(&line, " ", capture::OneLine(e.text));
    }
    line.push_back('\n');
    batch_.push_back(Entry{capture::Message(), std::move(line), false});
    if (batch_.size() >= batch_limit_) Submit();
  }

  void OnProblem(const capture::Problem& p) {
    ++problems_;
    if (quiet_) return;
    Finish();  // the lines of the messages before it first
    ClearProgress();
    if (p.connection == 0) {
      std::fprintf(stderr, "gdwire capture: %s: %s\n",
                   std::string(capture::ProblemKindName(p.kind)).c_str(),
                   p.text.c_str());
    } else {
      std::fprintf(stderr, "gdwire capture: %s #%llu %s -> %s: %s: %s\n",
                   std::string(capture::TransportName(p.transport)).c_str(),
                   static_cast<unsigned long long>(p.connection),
                   p.src.ToString().c_str(), p.dst.ToString().c_str(),
                   std::string(capture::ProblemKindName(p.kind)).c_str(),
                   p.text.c_str());
    }
  }

  // The progress line on a terminal, only for captures that take a while:
  // from one second on, five times a second at most.
  void OnProgress(uint64_t done, uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(1) ||
        now - last_ < std::chrono::milliseconds(200) || done >= total) {
      return;
    }
    last_ = now;
    const int pct = total > 0 ? static_cast<int>(done * 100 / total) : 100;
    std::fprintf(stderr, "\r\033[Kgdwire capture: %d%% (%llu messages)", pct,
                 static_cast<unsigned long long>(messages_));
    progress_shown_ = true;
  }

  // Writes the lines of every message and event so far, and flushes stdout.
  void Finish() {
    Submit();
    out_.Flush();
  }

  // Erases the progress line, if shown.
  void ClearProgress() {
    if (!progress_shown_) return;
    std::fputs("\r\033[K", stderr);
    progress_shown_ = false;
  }

 private:
  // An ENet event as one JSON object: the head, the event's fields, its
  // values' texts by node, and the event itself.
  static void NetEventJson(const capture::NetEvent& e, std::string* line) {
    JsonHead(e.time, e.transport, e.src, e.dst, e.connection, e.index, line);
    absl::StrAppend(line, ",\"src_peer\":", e.src_peer,
                    ",\"dst_peer\":", e.dst_peer, ",\"channel\":", e.channel,
                    ",\"enet_channel\":", e.enet_channel, ",\"delivery\":\"",
                    e.delivery, "\",\"kind\":\"", e.kind,
                    "\",\"bytes\":", e.payload_bytes, ",\"text\":");
    JsonString(e.text, line);
    if (!e.node.empty()) {
      line->append(",\"node\":");
      JsonString(e.node, line);
    }
    if (!e.method.empty()) {
      line->append(",\"method\":");
      JsonString(e.method, line);
    }
    if (!e.values.empty()) {
      line->append(",\"values\":[");
      for (size_t g = 0; g < e.values.size(); ++g) {
        if (g > 0) line->push_back(',');
        line->append("{\"node\":");
        JsonString(e.values[g].node, line);
        line->append(",\"texts\":[");
        for (size_t i = 0; i < e.values[g].texts.size(); ++i) {
          if (i > 0) line->push_back(',');
          JsonString(e.values[g].texts[i], line);
        }
        line->append("]}");
      }
      line->push_back(']');
    }
    absl::StrAppend(line, ",\"event\":", e.json.empty() ? "null" : e.json, "}");
  }

  // A message (its line made by a job) or an ENet event's line, made.
  struct Entry {
    capture::Message message;
    std::string line;
    bool is_message;
  };
  // Messages (and events) a job makes the lines of: enough to outweigh
  // handing them over, few enough to keep every thread busy on a capture
  // of a few hundred messages.
  static constexpr size_t kBatch = 64;

  // Hands the batch to a job; live, writes it out at once.
  void Submit() {
    if (batch_.empty()) return;
    out_.Submit([batch = std::move(batch_), values_only = values_only_,
                 json = json_, dialect = dialect_](std::string* out) {
      for (const Entry& e : batch) {
        if (e.is_message) {
          AppendMessageLine(e.message, values_only, json, dialect, out);
        } else {
          out->append(e.line);
        }
      }
    });
    batch_.clear();
    batch_.reserve(batch_limit_);
    if (live_) out_.Flush();
  }

  const bool profile_, values_only_, json_, quiet_, live_;
  const Dialect dialect_;
  const size_t batch_limit_;
  std::vector<Entry> batch_;
  OrderedOutput out_;
  NetProfile net_profile_;
  uint64_t messages_ = 0, problems_ = 0;
  bool progress_shown_ = false;
  const std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = start_;
};

// --stats: the summary line on stderr.
void PrintStats(const capture::CaptureStats& stats) {
  std::fprintf(
      stderr,
      "gdwire capture: %llu packets (%llu not TCP/UDP, %llu filtered out), "
      "%llu connections, %llu messages, %llu ENet events (%llu datagrams), "
      "%llu problems; %llu segments retransmitted, %llu out of order, %llu "
      "gaps\n",
      static_cast<unsigned long long>(stats.packets),
      static_cast<unsigned long long>(stats.skipped),
      static_cast<unsigned long long>(stats.filtered),
      static_cast<unsigned long long>(stats.connections),
      static_cast<unsigned long long>(stats.messages),
      static_cast<unsigned long long>(stats.net_events),
      static_cast<unsigned long long>(stats.enet_datagrams),
      static_cast<unsigned long long>(stats.problems),
      static_cast<unsigned long long>(stats.duplicates),
      static_cast<unsigned long long>(stats.out_of_order),
      static_cast<unsigned long long>(stats.gaps));
}

}  // namespace

void JsonString(absl::string_view s, std::string* out) {
  text::AppendJsonString(s, out);
}

int Capture(int argc, char** argv) {
  Args args;
  capture::CaptureOptions opts;
  std::unique_ptr<multiplayer::FileManifest> manifest;
  int exit_code = kExitOk;
  int threads = 0;
  if (!SetUpCapture(argc, argv, &args, &opts, &manifest, &threads,
                    &exit_code)) {
    return exit_code;
  }
  CapturePrinter printer(args, opts.decode.dialect, threads);
  // Only what is printed is made.
  opts.net_text = !printer.profile() && !printer.values_only();
  opts.net_json = opts.net_values = opts.net_text && printer.json();
  opts.on_net_event = [&](const capture::NetEvent& e) {
    printer.OnNetEvent(e);
  };
  capture::ProgressFn progress;
  if (isatty(2) != 0 && !printer.live()) {
    progress = [&](uint64_t done, uint64_t total) {
      printer.OnProgress(done, total);
    };
  }
  capture::CaptureStats stats;
  absl::Status st = capture::DecodeFile(
      args.positional[0], opts,
      [&](capture::Message& m) { printer.OnMessage(m); },
      [&](const capture::Problem& p) { printer.OnProblem(p); }, progress,
      &stats);
  printer.Finish();
  printer.ClearProgress();
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire capture: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  if (printer.profile()) {
    NetProfile* net_profile = printer.net_profile();
    net_profile->SetWire(stats.enet_datagrams, stats.enet_bytes,
                         stats.enet_transport_bytes);
    const std::string out =
        printer.json() ? net_profile->Json() + "\n" : net_profile->Text();
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  if (args.Has("stats")) PrintStats(stats);
  return printer.problems() > 0 ? kExitBadInput : kExitOk;
}

}  // namespace cli
}  // namespace gdwire
