// Copyright 2026 The gdwire Authors.
//
// `gdwire manifest PROJECT_DIR [--out=FILE] [--godot=PATH] [--import]
//                  [--timeout=S]`: runs the real Godot 4 engine (headless)
// on a game project with tools/cli/manifest.gd (embedded in this
// binary, written to a temporary folder) and writes the project manifest:
// the RPC method names by id, synchronizer and spawner configs
// (docs/MANIFEST.md), for codec/multiplayer/manifest_file.h
// (`gdwire capture --manifest=FILE`).
//
// The engine: --godot=PATH, else $GODOT, else `godot` on PATH (the
// repository's setup/godot/godot4 wrapper can be given). Its own output goes
// to stderr; the manifest to FILE or stdout.

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "codec/multiplayer/manifest_file.h"
#include "tools/cli/cli.h"
#include "tools/cli/manifest_script.h"

namespace gdwire {
namespace cli {
namespace {

constexpr char kUsage[] =
    "usage: gdwire manifest PROJECT_DIR [--out=FILE] [--godot=PATH]\n"
    "                       [--import] [--timeout=S]\n"
    "\n"
    "Runs Godot 4 (headless) on the project and writes its multiplayer\n"
    "manifest (JSON): the @rpc methods of every script in method-id order\n"
    "with the path-cache checksum, every scene's nodes with RPCs,\n"
    "MultiplayerSynchronizers (replication config) and MultiplayerSpawners\n"
    "(spawnable scenes). Scenes are instantiated, not run: no _ready, no\n"
    "autoloads in the tree (their constructors do run).\n"
    "\n"
    "  --out=FILE    write the manifest there (default: stdout)\n"
    "  --godot=PATH  the engine (default: $GODOT, else godot on PATH)\n"
    "  --import      first run `godot --import` on the project (writes its\n"
    "                .godot folder, as the editor does): for projects whose\n"
    "                scripts use class_name or imported resources and that\n"
    "                were never opened in the editor\n"
    "  --timeout=S   give up after S seconds per engine run (default 300)\n";

// Runs argv with stdout sent to stderr, in its own process group; kills the
// group after `timeout_s`. Returns the exit status, or an error.
absl::Status RunEngine(const std::vector<std::string>& argv, int timeout_s,
                       int* exit_code) {
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t pid = fork();
  if (pid < 0) {
    return absl::InternalError(absl::StrCat("fork: ", std::strerror(errno)));
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(STDERR_FILENO, STDOUT_FILENO);
    const int null_in = open("/dev/null", O_RDONLY);
    if (null_in >= 0) dup2(null_in, STDIN_FILENO);
    execvp(args[0], args.data());
    std::fprintf(stderr, "gdwire manifest: cannot run %s: %s\n", args[0],
                 std::strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);
  const time_t start = time(nullptr);
  int status = 0;
  while (true) {
    const pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) {
      return absl::InternalError(
          absl::StrCat("waitpid: ", std::strerror(errno)));
    }
    if (time(nullptr) - start >= timeout_s) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      return absl::DeadlineExceededError(
          absl::StrCat(argv[0], " did not finish in ", timeout_s, " s"));
    }
    usleep(20 * 1000);
  }
  if (WIFEXITED(status)) {
    *exit_code = WEXITSTATUS(status);
  } else {
    *exit_code = 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  }
  return absl::OkStatus();
}

bool WriteFile(const std::string& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << data;
  out.close();
  return static_cast<bool>(out);
}

// A temporary folder, removed (with the files this command put there) when
// it goes out of scope.
class TempDir {
 public:
  TempDir() {
    const char* t = std::getenv("TMPDIR");
    std::string tmpl = absl::StrCat(t != nullptr && *t != '\0' ? t : "/tmp",
                                    "/gdwire-manifest.XXXXXX");
    if (mkdtemp(tmpl.data()) != nullptr) {
      char* real = realpath(tmpl.c_str(), nullptr);
      path_ = real != nullptr ? real : tmpl;
      std::free(real);
    }
  }
  ~TempDir() {
    if (path_.empty()) return;
    for (const char* f : {"manifest.gd", "manifest.json"}) {
      unlink(absl::StrCat(path_, "/", f).c_str());
    }
    rmdir(path_.c_str());
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

int Manifest(int argc, char** argv) {
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0) {
      std::fputs(kUsage, stdout);
      return kExitOk;
    }
  }
  Args args;
  absl::Status st =
      ParseArgs(argc, argv, {"out", "godot", "import", "timeout"}, &args);
  if (!st.ok() || args.positional.size() != 1) {
    std::fprintf(
        stderr, "gdwire manifest: %s\n%s",
        st.ok() ? "give one PROJECT_DIR" : std::string(st.message()).c_str(),
        kUsage);
    return kExitUsage;
  }
  int timeout_s = 300;
  if (args.Has("timeout") &&
      (!absl::SimpleAtoi(args.Get("timeout", ""), &timeout_s) ||
       timeout_s <= 0)) {
    std::fprintf(stderr, "gdwire manifest: --timeout wants seconds > 0\n");
    return kExitUsage;
  }
  std::string godot = args.Get("godot", "");
  if (godot.empty()) {
    const char* env = std::getenv("GODOT");
    godot = env != nullptr && *env != '\0' ? env : "godot";
  }
  const std::string project = args.positional[0];
  struct stat sb;
  if (stat((project + "/project.godot").c_str(), &sb) != 0) {
    std::fprintf(stderr,
                 "gdwire manifest: %s is not a Godot project (no "
                 "project.godot)\n",
                 project.c_str());
    return kExitBadInput;
  }
  TempDir tmp;
  if (tmp.path().empty()) {
    std::fprintf(stderr, "gdwire manifest: cannot make a temporary folder\n");
    return kExitBadInput;
  }
  const std::string script = tmp.path() + "/manifest.gd";
  const std::string json_path = tmp.path() + "/manifest.json";
  if (!WriteFile(script, kManifestScript)) {
    std::fprintf(stderr, "gdwire manifest: cannot write %s\n", script.c_str());
    return kExitBadInput;
  }
  int code = 0;
  if (args.Has("import")) {
    st = RunEngine({godot, "--headless", "--path", project, "--import"},
                   timeout_s, &code);
    if (!st.ok() || code != 0) {
      std::fprintf(stderr, "gdwire manifest: %s --import failed: %s\n",
                   godot.c_str(),
                   st.ok() ? absl::StrCat("exit status ", code).c_str()
                           : std::string(st.message()).c_str());
      return kExitBadInput;
    }
  }
  st = RunEngine({godot, "--headless", "--path", project, "-s", script, "--",
                  "--out=" + json_path},
                 timeout_s, &code);
  if (!st.ok() || code != 0) {
    std::fprintf(stderr, "gdwire manifest: %s failed: %s\n", godot.c_str(),
                 st.ok() ? absl::StrCat("exit status ", code).c_str()
                         : std::string(st.message()).c_str());
    return kExitBadInput;
  }
  std::string json;
  st = ReadInput(json_path, &json);
  if (!st.ok()) {
    std::fprintf(stderr, "gdwire manifest: the engine wrote no manifest: %s\n",
                 std::string(st.message()).c_str());
    return kExitBadInput;
  }
  absl::StatusOr<std::unique_ptr<multiplayer::FileManifest>> m =
      multiplayer::ParseManifest(json);
  if (!m.ok()) {
    std::fprintf(stderr, "gdwire manifest: %s\n",
                 std::string(m.status().message()).c_str());
    return kExitBadInput;
  }
  const std::string out = args.Get("out", "");
  if (out.empty() || out == "-") {
    std::fwrite(json.data(), 1, json.size(), stdout);
    if (std::fflush(stdout) != 0) return kExitBadInput;
  } else if (!WriteFile(out, json)) {
    std::fprintf(stderr, "gdwire manifest: cannot write %s\n", out.c_str());
    return kExitBadInput;
  }
  for (const std::string& e : (*m)->errors()) {
    std::fprintf(stderr, "gdwire manifest: warning: %s\n", e.c_str());
  }
  size_t scenes = 0, syncs = 0, spawners = 0;
  for (const multiplayer::ManifestScene& s : (*m)->scenes()) {
    // (An autoload script is listed as a scene of one node.)
    const bool autoload_script = !s.autoload.empty() && !s.nodes.empty() &&
                                 s.nodes.front().script == s.path;
    if (!autoload_script) ++scenes;
    syncs += s.synchronizers.size();
    spawners += s.spawners.size();
  }
  std::fprintf(stderr,
               "gdwire manifest: Godot %s: %zu scripts with RPCs, %zu scenes, "
               "%zu synchronizers, %zu spawners\n",
               (*m)->engine_version().c_str(), (*m)->scripts().size(), scenes,
               syncs, spawners);
  return kExitOk;
}

}  // namespace cli
}  // namespace gdwire
