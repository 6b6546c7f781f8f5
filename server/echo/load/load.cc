// Copyright 2026 The gdwire Authors.
//
// gdwire_load: many Godot 4 clients against one SceneMultiplayer server on
// ENet (gdwire serve-echo, or a Godot server running the same echo). Each
// peer joins as ENetMultiplayerPeer.create_client does (its multiplayer id
// as the CONNECT data, 255 channels); several libenet client hosts, one per
// thread, each hold many peers. Healthy peers announce the node path
// (SimplifyPath, checksum from the manifest, cache id 1), call
// `echo(seq, args...)` on it with the path inline until the server
// confirms, then by cache id; answer the server's own SimplifyPath with
// ConfirmPath(valid) as a Godot client does; and check that every
// `echo_reply` carries exactly the argument bytes sent. Hostile peers send
// garbage packets, SimplifyPath floods, abusive ENet fragments and stray
// datagrams, or stall. See --help.

#include <arpa/inet.h>
#include <enet/enet.h>
#include <enet/protocol.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "codec/multiplayer/manifest_file.h"
#include "codec/multiplayer/packet.h"
#include "server/echo/load/packets.h"
#include "server/echo/load/worker.h"

namespace gdwire {
namespace load {
namespace {

constexpr char kUsage[] =
    "usage: gdwire_load --port=P --manifest=FILE [--peers=500] [--seconds=10]\n"
    "                   [--window=4] [--threads=2] [--hostile-garbage=N]\n"
    "                   [--hostile-paths=N] [--hostile-fragments=N]\n"
    "                   [--stall=N] [--json] [--require-all] ...\n"
    "\n"
    "Many Godot 4 clients (ENetMultiplayerPeer) against a SceneMultiplayer\n"
    "server on 127.0.0.1:P that answers echo(...) with echo_reply(...) of the\n"
    "same argument bytes (gdwire serve-echo, or the Godot echo project).\n"
    "\n"
    "  --host=ADDR          server address (default 127.0.0.1)\n"
    "  --port=P             server UDP port (needed)\n"
    "  --manifest=FILE      the game's manifest (gdwire manifest)\n"
    "  --node=PATH          node the healthy peers call (default Main/Rel0)\n"
    "  --method=NAME        its method (default echo); --reply=NAME the\n"
    "                       server's answer (default echo_reply)\n"
    "  --peers=N            healthy peers (default 500)\n"
    "  --hostile-garbage=N  peers sending packets that are not valid\n"
    "                       SceneMultiplayer (random bytes; and packets that\n"
    "                       decode but a server must refuse)\n"
    "  --hostile-paths=N    peers announcing --flood-paths (default 5000) new\n"
    "                       cache ids and paths\n"
    "  --hostile-fragments=N  peers sending hand-made ENet datagrams from\n"
    "                       their host's socket: fragment counts and total\n"
    "                       lengths huge, numbers and offsets out of range,\n"
    "                       lying lengths, random commands; and stray\n"
    "                       datagrams from an unconnected socket (half-open\n"
    "                       CONNECTs, bad CONNECTs, foreign peer ids,\n"
    "                       truncated or \"compressed\" headers)\n"
    "  --stall=N            peers that connect, send calls, then never\n"
    "                       service ENet again (no acks)\n"
    "  --hostile-rate=R     packets/datagrams per second per hostile peer\n"
    "                       (default 50)\n"
    "  --seconds=S          length of the measured run (default 10)\n"
    "  --window=W           calls in flight per healthy peer (default 4)\n"
    "  --threads=T          client hosts / threads (default 2)\n"
    "  --connect-timeout=S  seconds for every peer to connect (default 20)\n"
    "  --connect-rate=R     peers that start connecting per second (default\n"
    "                       0: all at once)\n"
    "  --settle=S           seconds between all connected and the run, for\n"
    "                       the server's peer notices (default 1)\n"
    "  --drain=S            seconds to wait for the last replies (default 5)\n"
    "  --call-timeout=S     a call unanswered this long is missing (default\n"
    "                       10)\n"
    "  --seed=N             random seed (ids, arguments, hostile bytes)\n"
    "  --server-pid=PID     sample that process's CPU time (utime+stime) at\n"
    "                       the start and end of the run, and its VmHWM\n"
    "  --json               one summary line of JSON\n"
    "  --require-all        exit 1 also when a healthy call is missing or a\n"
    "                       peer did not connect\n"
    "\n"
    "Exit: 0 ok; 1 a reply was wrong (or, --require-all, missing); 2 usage\n"
    "or setup.\n";

struct ProcSample {
  bool ok = false;
  double cpu_s = 0;
  int64_t vmhwm_kb = 0;
  int64_t vmrss_kb = 0;
};

ProcSample SampleProcess(int pid) {
  ProcSample s;
  if (pid <= 0) return s;
  std::ifstream stat(absl::StrCat("/proc/", pid, "/stat"));
  std::string line;
  if (!std::getline(stat, line)) return s;
  const size_t rp = line.rfind(')');
  if (rp == std::string::npos) return s;
  std::istringstream rest(line.substr(rp + 2));
  std::vector<std::string> fields;
  std::string x;
  while (rest >> x) fields.push_back(x);
  // Fields 3.. after the name: state is [0]; utime field 14 is [11].
  if (fields.size() < 13) return s;
  const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  s.cpu_s =
      (std::atof(fields[11].c_str()) + std::atof(fields[12].c_str())) / tick;
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  while (std::getline(status, line)) {
    if (absl::StartsWith(line, "VmHWM:")) {
      s.vmhwm_kb = std::atoll(line.c_str() + 6);
    } else if (absl::StartsWith(line, "VmRSS:")) {
      s.vmrss_kb = std::atoll(line.c_str() + 6);
    }
  }
  s.ok = true;
  return s;
}

bool ParseFlag(const std::string& arg, Flags* f, std::string* err) {
  if (!absl::StartsWith(arg, "--")) {
    *err = absl::StrCat("unexpected argument ", arg);
    return false;
  }
  const size_t eq = arg.find('=');
  const std::string name =
      arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
  const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
  const bool has_value = eq != std::string::npos;
  auto num = [&](int* out, int min) {
    if (!has_value || !absl::SimpleAtoi(value, out) || *out < min) {
      *err = absl::StrCat("--", name, " needs a number >= ", min);
      return false;
    }
    return true;
  };
  auto dbl = [&](double* out) {
    if (!has_value || !absl::SimpleAtod(value, out) || *out < 0) {
      *err = absl::StrCat("--", name, " needs a number >= 0");
      return false;
    }
    return true;
  };
  auto str = [&](std::string* out) {
    if (!has_value || value.empty()) {
      *err = absl::StrCat("--", name, " needs a value");
      return false;
    }
    *out = value;
    return true;
  };
  if (name == "host") return str(&f->host);
  if (name == "port") return num(&f->port, 1);
  if (name == "manifest") return str(&f->manifest);
  if (name == "node") return str(&f->node);
  if (name == "method") return str(&f->method);
  if (name == "reply") return str(&f->reply);
  if (name == "peers") return num(&f->peers, 0);
  if (name == "hostile-garbage") return num(&f->garbage, 0);
  if (name == "hostile-paths") return num(&f->paths, 0);
  if (name == "hostile-fragments") return num(&f->fragments, 0);
  if (name == "stall") return num(&f->stall, 0);
  if (name == "flood-paths") return num(&f->flood_paths, 0);
  if (name == "hostile-rate") return dbl(&f->hostile_rate);
  if (name == "seconds") return dbl(&f->seconds);
  if (name == "window") return num(&f->window, 1);
  if (name == "threads") return num(&f->threads, 1);
  if (name == "connect-timeout") return dbl(&f->connect_timeout);
  if (name == "connect-rate") return dbl(&f->connect_rate);
  if (name == "settle") return dbl(&f->settle);
  if (name == "drain") return dbl(&f->drain);
  if (name == "call-timeout") return dbl(&f->call_timeout);
  if (name == "server-pid") return num(&f->server_pid, 1);
  if (name == "seed") {
    if (!has_value || !absl::SimpleAtoi(value, &f->seed)) {
      *err = "--seed needs a number";
      return false;
    }
    return true;
  }
  if (name == "json" && !has_value) return f->json = true;
  if (name == "require-all" && !has_value) return f->require_all = true;
  *err = absl::StrCat("unknown flag ", arg);
  return false;
}

double Percentile(std::vector<uint32_t>* v, double q) {
  if (v->empty()) return 0;
  const size_t k =
      std::min(v->size() - 1, static_cast<size_t>(q * (v->size() - 1) + 0.5));
  std::nth_element(v->begin(), v->begin() + k, v->end());
  return (*v)[k];
}

int Main(int argc, char** argv) {
  auto shared = std::make_unique<Shared>();
  Flags& f = shared->flags;
  f.seed = static_cast<uint64_t>(NowNs()) ^ static_cast<uint64_t>(getpid());
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    std::string err;
    if (!ParseFlag(a, &f, &err)) {
      std::fprintf(stderr, "gdwire_load: %s\n\n%s", err.c_str(), kUsage);
      return 2;
    }
  }
  if (f.port <= 0 || f.port > 65535 || f.manifest.empty()) {
    std::fprintf(stderr, "gdwire_load: --port and --manifest are needed\n\n%s",
                 kUsage);
    return 2;
  }
  auto manifest = multiplayer::LoadManifest(f.manifest);
  if (!manifest.ok()) {
    std::fprintf(stderr, "gdwire_load: %s\n",
                 std::string(manifest.status().message()).c_str());
    return 2;
  }
  absl::StatusOr<Target> target =
      ResolveTarget(**manifest, f.node, f.method, f.reply);
  if (!target.ok()) {
    std::fprintf(stderr, "gdwire_load: %s\n",
                 std::string(target.status().message()).c_str());
    return 2;
  }
  shared->target = *target;
  const std::vector<multiplayer::Value> pool = ValuePool(f.seed);
  for (const std::vector<multiplayer::Value>& args :
       ArgumentSets(pool, 64, f.seed + 1)) {
    absl::StatusOr<CallTemplate> in = MakeCallTemplate(*target, true, 0, args);
    absl::StatusOr<CallTemplate> cached =
        MakeCallTemplate(*target, false, 1, args);
    if (!in.ok() || !cached.ok()) {
      std::fprintf(
          stderr, "gdwire_load: %s\n",
          std::string((in.ok() ? cached : in).status().message()).c_str());
      return 2;
    }
    shared->expected_args.push_back(cached->bytes.substr(
        cached->args_begin, cached->args_end - cached->args_begin));
    shared->inline_calls.push_back(*std::move(in));
    shared->cached_calls.push_back(*std::move(cached));
  }
  shared->announce = SimplifyPathPacket(target->checksum, 1, target->node);

  if (enet_initialize() != 0) {
    std::fprintf(stderr, "gdwire_load: enet_initialize failed\n");
    return 2;
  }
  if (enet_address_set_host_ip(&shared->server, f.host.c_str()) != 0) {
    std::fprintf(stderr, "gdwire_load: bad --host %s\n", f.host.c_str());
    return 2;
  }
  shared->server.port = static_cast<enet_uint16>(f.port);

  // Peers: unique multiplayer ids (random, > 1, as Godot's
  // generate_unique_id), dealt round-robin to the threads.
  std::mt19937_64 rng(f.seed);
  std::vector<std::pair<Kind, int>> kinds = {{Kind::kHealthy, f.peers},
                                             {Kind::kGarbage, f.garbage},
                                             {Kind::kPaths, f.paths},
                                             {Kind::kFragments, f.fragments},
                                             {Kind::kStall, f.stall}};
  std::set<int32_t> ids;
  std::vector<std::vector<Peer>> per_thread(f.threads);
  int dealt = 0;
  for (const auto& [kind, n] : kinds) {
    for (int i = 0; i < n; ++i) {
      Peer p;
      p.kind = kind;
      do {
        p.id = static_cast<int32_t>(2 + rng() % 0x7ffffffd);
      } while (!ids.insert(p.id).second);
      per_thread[dealt++ % f.threads].push_back(std::move(p));
    }
  }
  std::vector<std::unique_ptr<Worker>> workers;
  for (int t = 0; t < f.threads; ++t) {
    workers.push_back(std::make_unique<Worker>(
        shared.get(), std::move(per_thread[t]), f.seed + 100 + t));
  }
  const int64_t t0 = NowNs();
  std::vector<std::thread> threads;
  for (auto& w : workers) threads.emplace_back([&w] { w->Run(); });
  while (shared->ready.load() < f.threads) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const double connect_s = (NowNs() - t0) / 1e9;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(static_cast<int64_t>(f.settle * 1000)));
  const int64_t go = NowNs();
  shared->end_ns.store(go + static_cast<int64_t>(f.seconds * 1e9));
  shared->go_ns.store(go);
  const ProcSample before = SampleProcess(f.server_pid);
  rusage ru0;
  getrusage(RUSAGE_SELF, &ru0);
  shared->go.store(true);
  // Sample the server at the end of the run, before the drain.
  while (NowNs() < shared->end_ns.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const ProcSample after = SampleProcess(f.server_pid);
  rusage ru1;
  getrusage(RUSAGE_SELF, &ru1);
  for (std::thread& t : threads) t.join();
  const ProcSample final_sample = SampleProcess(f.server_pid);

  Stats all;
  bool setup_failed = false;
  for (auto& w : workers) {
    all.Add(w->stats());
    setup_failed |= w->setup_failed();
  }
  auto cpu = [](const rusage& r) {
    return r.ru_utime.tv_sec + r.ru_utime.tv_usec / 1e6 + r.ru_stime.tv_sec +
           r.ru_stime.tv_usec / 1e6;
  };
  const double own_cpu = cpu(ru1) - cpu(ru0);
  const double calls_per_s =
      f.seconds > 0 ? all.answered_in_run / f.seconds : 0;
  const double p50 = Percentile(&all.rtt_us, 0.5);
  const double p99 = Percentile(&all.rtt_us, 0.99);

  int total_peers = 0;
  for (const auto& [kind, n] : kinds) total_peers += n;
  std::string j = absl::StrCat(
      "{\"peers\":", f.peers, ",\"connections\":", total_peers,
      ",\"threads\":", f.threads, ",\"window\":", f.window,
      ",\"seconds\":", f.seconds,
      ",\"connect_s\":", absl::StrFormat("%.3f", connect_s),
      ",\"calls_sent\":", all.sent, ",\"answered\":", all.answered,
      ",\"wrong\":", all.wrong, ",\"missing\":", all.missing,
      ",\"late\":", all.late,
      ",\"calls_per_s\":", absl::StrFormat("%.1f", calls_per_s),
      ",\"rtt_p50_us\":", p50, ",\"rtt_p99_us\":", p99,
      ",\"inline_calls\":", all.inline_calls,
      ",\"replies_inline\":", all.replies_inline,
      ",\"replies_cached\":", all.replies_cached,
      ",\"reply_delivery_mismatch\":", all.reply_delivery_mismatch,
      ",\"server_simplify_path\":", all.server_simplify,
      ",\"confirms_received\":", all.confirms_received,
      ",\"notices\":", all.notices,
      ",\"undecodable_from_server\":", all.undecodable_from_server,
      ",\"connect_failures\":", all.connect_failures, ",\"connected\":{");
  for (int k = 0; k < kKinds; ++k) {
    absl::StrAppend(&j, k ? "," : "", "\"", KindName(static_cast<Kind>(k)),
                    "\":", all.connected[k]);
  }
  j += "},\"dropped_by_server\":{";
  for (int k = 0; k < kKinds; ++k) {
    absl::StrAppend(&j, k ? "," : "", "\"", KindName(static_cast<Kind>(k)),
                    "\":", all.dropped[k]);
  }
  absl::StrAppend(&j, "},\"hostile\":{\"garbage\":{\"peers\":", f.garbage,
                  ",\"packets\":", all.garbage_packets,
                  ",\"refusable_packets\":", all.semantic_packets,
                  "},\"paths\":{\"peers\":", f.paths,
                  ",\"announced\":", all.path_announcements,
                  ",\"confirmed\":", all.path_confirms,
                  ",\"confirmed_invalid\":", all.path_confirms_invalid,
                  "},\"fragments\":{\"peers\":", f.fragments);
  uint64_t frag_total = 0;
  for (int i = 0; i < static_cast<int>(FragmentAbuse::kCount); ++i) {
    frag_total += all.fragment_datagrams[i];
    absl::StrAppend(&j, ",\"", FragmentAbuseName(static_cast<FragmentAbuse>(i)),
                    "\":", all.fragment_datagrams[i]);
  }
  absl::StrAppend(&j, ",\"datagrams\":", frag_total,
                  ",\"stray_datagrams\":", all.stray_datagrams,
                  ",\"half_open_connects\":", all.half_open_connects,
                  "},\"stall\":{\"peers\":", f.stall,
                  ",\"calls\":", all.stall_calls, "}}");
  j += ",\"hostile_ids\":{";
  bool first_kind = true;
  for (int k = 1; k < kKinds; ++k) {
    absl::StrAppend(&j, first_kind ? "" : ",", "\"",
                    KindName(static_cast<Kind>(k)), "\":[");
    first_kind = false;
    bool first = true;
    for (auto& w : workers) {
      for (const Peer& p : w->peers()) {
        if (static_cast<int>(p.kind) != k) continue;
        absl::StrAppend(&j, first ? "" : ",", p.id);
        first = false;
      }
    }
    j += "]";
  }
  j += "}";
  absl::StrAppend(&j, ",\"load_cpu_s\":", absl::StrFormat("%.3f", own_cpu));
  if (before.ok && after.ok) {
    const double server_cpu = after.cpu_s - before.cpu_s;
    absl::StrAppend(
        &j, ",\"server\":{\"pid\":", f.server_pid,
        ",\"cpu_s\":", absl::StrFormat("%.3f", server_cpu),
        ",\"cpu_total_s\":", absl::StrFormat("%.3f", final_sample.cpu_s),
        ",\"calls_per_cpu_s\":",
        absl::StrFormat(
            "%.1f", server_cpu > 0 ? all.answered_in_run / server_cpu : 0.0),
        ",\"vmhwm_kb_before\":", before.vmhwm_kb, ",\"vmhwm_kb\":",
        final_sample.ok ? final_sample.vmhwm_kb : after.vmhwm_kb,
        ",\"vmrss_kb\":", after.vmrss_kb,
        ",\"alive\":", final_sample.ok ? "true" : "false", "}");
  }
  j += "}";

  if (f.json) {
    std::printf("%s\n", j.c_str());
  } else {
    std::printf(
        "%d connections (%d healthy), %d connect failures, connected in "
        "%.2f s\n"
        "%llu calls sent, %llu answered, %llu wrong, %llu missing in %.1f s: "
        "%.0f calls/s (rtt p50 %.0f us, p99 %.0f us)\n"
        "hostile: %llu garbage + %llu refusable packets, %llu path "
        "announcements (%llu confirmed), %llu fragment datagrams, %llu stray "
        "datagrams, %d stalled peers\n",
        total_peers, f.peers, static_cast<int>(all.connect_failures), connect_s,
        static_cast<unsigned long long>(all.sent),
        static_cast<unsigned long long>(all.answered),
        static_cast<unsigned long long>(all.wrong),
        static_cast<unsigned long long>(all.missing), f.seconds, calls_per_s,
        p50, p99, static_cast<unsigned long long>(all.garbage_packets),
        static_cast<unsigned long long>(all.semantic_packets),
        static_cast<unsigned long long>(all.path_announcements),
        static_cast<unsigned long long>(all.path_confirms),
        static_cast<unsigned long long>(frag_total),
        static_cast<unsigned long long>(all.stray_datagrams), f.stall);
    if (before.ok && after.ok) {
      std::printf("server pid %d: %.2f s CPU in the run, VmHWM %lld kB\n",
                  f.server_pid, after.cpu_s - before.cpu_s,
                  static_cast<long long>(final_sample.vmhwm_kb));
    }
  }
  for (const std::string& w : all.first_wrong) {
    std::fprintf(stderr, "gdwire_load: wrong: %s\n", w.c_str());
  }
  if (!all.first_mismatch.empty()) {
    std::fprintf(stderr,
                 "gdwire_load: %llu replies not on the reply method's "
                 "channel and mode, e.g. %s\n",
                 static_cast<unsigned long long>(all.reply_delivery_mismatch),
                 all.first_mismatch.c_str());
  }
  for (const std::string& w : all.first_missing) {
    std::fprintf(stderr, "gdwire_load: missing: %s\n", w.c_str());
  }
  enet_deinitialize();
  if (setup_failed) return 2;
  // A reply in another mode or on another channel than the reply method's
  // config is a protocol error too.
  if (all.wrong > 0 || all.undecodable_from_server > 0 ||
      all.reply_delivery_mismatch > 0) {
    return 1;
  }
  if (f.require_all &&
      (all.missing > 0 || all.connect_failures > 0 || all.sent == 0 ||
       all.dropped[static_cast<int>(Kind::kHealthy)] > 0)) {
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace load
}  // namespace gdwire

int main(int argc, char** argv) { return gdwire::load::Main(argc, argv); }
