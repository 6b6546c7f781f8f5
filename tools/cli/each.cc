// Copyright 2026 The gdwire Authors.
//
// `gdwire each COMMAND [FLAGS] FILE...`: runs one of the commands that read
// one input (decode, recode, validate, encode, bench) on many files in one
// process, as `gdwire COMMAND [FLAGS] FILE` would for each, and prints each
// file's exit status, standard output and standard error, byte for byte:
//
//   == NAME exit=N stdout=B stderr=E
//   <B bytes of stdout><E bytes of stderr>
//
// in the order of the files (NAME with '\' and newlines escaped as \\ and
// \n). A test or a script starts the tool once instead of once per file.

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "tools/cli/cli.h"

namespace gdwire {
namespace cli {

namespace {
constexpr char kHelp[] =
    "usage: gdwire each decode|recode|validate|encode|bench [FLAGS] "
    "FILE...\n"
    "\n"
    "Runs `gdwire COMMAND [FLAGS] FILE` for each FILE in this one process\n"
    "and prints, for each file in order, one line and then the command's\n"
    "output, byte for byte:\n"
    "\n"
    "  == FILE exit=N stdout=B stderr=E\n"
    "  <B bytes of standard output><E bytes of standard error>\n"
    "\n"
    "(FILE with '\\' and newlines written as \\\\ and \\n). Every argument\n"
    "that is not a flag is a file; after `--` every argument is. Standard\n"
    "input (-) cannot be one of them. A count goes to standard error.\n"
    "\n"
    "Exit status: 0 every file exited 0, else the largest exit status of a\n"
    "file (1 bad input, 2 usage); 2 when no command or file is given.\n";

using CommandFn = int (*)(int, char**);

struct Command {
  const char* name;
  CommandFn run;
};

// The commands that read one input; main() dispatches to them too.
constexpr Command kInputCommands[] = {
    {"decode", Decode}, {"recode", Recode}, {"validate", Validate},
    {"encode", Encode}, {"bench", Bench},
};

CommandFn FindInputCommand(const char* name) {
  for (const Command& c : kInputCommands) {
    if (std::strcmp(c.name, name) == 0) return c.run;
  }
  return nullptr;
}

// An anonymous in-memory file (a temporary file where memfd is missing).
int MemoryFile() {
  const int fd = memfd_create("gdwire-each", 0);
  if (fd >= 0) return fd;
  std::FILE* f = std::tmpfile();
  return f == nullptr ? -1 : dup(fileno(f));
}

// Everything written to fd, from the start.
std::string ReadAll(int fd) {
  std::string out;
  char buf[65536];
  lseek(fd, 0, SEEK_SET);
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) {
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

// Runs `run` on argv with its stdout and stderr going to out_fd / err_fd.
int RunCaptured(CommandFn run, std::vector<std::string> args, int out_fd,
                int err_fd) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(stderr);
  const int saved_out = dup(1), saved_err = dup(2);
  dup2(out_fd, 1);
  dup2(err_fd, 2);
  const int rc = run(static_cast<int>(args.size()), argv.data());
  std::fflush(stdout);
  std::fflush(stderr);
  dup2(saved_out, 1);
  dup2(saved_err, 2);
  close(saved_out);
  close(saved_err);
  return rc;
}
}  // namespace

int RunInputCommand(const char* name, int argc, char** argv) {
  CommandFn run = FindInputCommand(name);
  return run == nullptr ? kNotAnInputCommand : run(argc, argv);
}

int Each(int argc, char** argv) {
  if (argc >= 1 && std::strcmp(argv[0], "--help") == 0) {
    std::fputs(kHelp, stdout);
    return kExitOk;
  }
  CommandFn run = argc >= 1 ? FindInputCommand(argv[0]) : nullptr;
  std::vector<std::string> flags, files;
  bool only_files = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (!only_files && a == "--") {
      only_files = true;
    } else if (!only_files && a.rfind("--", 0) == 0) {
      flags.push_back(a);
    } else {
      files.push_back(a);
    }
  }
  std::string usage;
  if (run == nullptr) {
    usage = argc >= 1 ? absl::StrCat("cannot run '", argv[0], "' on each file")
                      : "no command";
  } else if (files.empty()) {
    usage = "no file";
  }
  for (const std::string& f : files) {
    if (f == "-") usage = "standard input (-) cannot be one of the files";
  }
  if (!usage.empty()) {
    std::fprintf(stderr, "gdwire each: %s\n\n%s", usage.c_str(), kHelp);
    return kExitUsage;
  }
  const int out_fd = MemoryFile(), err_fd = MemoryFile();
  if (out_fd < 0 || err_fd < 0) {
    std::fprintf(stderr, "gdwire each: cannot make a temporary file\n");
    return kExitBadInput;
  }
  int worst = kExitOk;
  int count[3] = {0, 0, 0};
  for (const std::string& file : files) {
    if (ftruncate(out_fd, 0) != 0 || ftruncate(err_fd, 0) != 0 ||
        lseek(out_fd, 0, SEEK_SET) != 0 || lseek(err_fd, 0, SEEK_SET) != 0) {
      std::fprintf(stderr, "gdwire each: cannot reuse a temporary file\n");
      return kExitBadInput;
    }
    std::vector<std::string> args = flags;
    args.push_back("--");  // the file, whatever its name
    args.push_back(file);
    const int rc = RunCaptured(run, std::move(args), out_fd, err_fd);
    const std::string out = ReadAll(out_fd), err = ReadAll(err_fd);
    const std::string name =
        absl::StrReplaceAll(file, {{"\\", "\\\\"}, {"\n", "\\n"}});
    const std::string head =
        absl::StrCat("== ", name, " exit=", rc, " stdout=", out.size(),
                     " stderr=", err.size(), "\n");
    std::fwrite(head.data(), 1, head.size(), stdout);
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fwrite(err.data(), 1, err.size(), stdout);
    if (rc > worst) worst = rc;
    ++count[rc >= 0 && rc <= 2 ? rc : 2];
  }
  std::fflush(stdout);
  close(out_fd);
  close(err_fd);
  std::fprintf(stderr,
               "gdwire each: %zu files: %d exit 0, %d exit 1, %d exit 2\n",
               files.size(), count[0], count[1], count[2]);
  return worst;
}

}  // namespace cli
}  // namespace gdwire
