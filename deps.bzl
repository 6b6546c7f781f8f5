"""gdwire's external repositories, for workspaces that depend on gdwire.

In the consumer's WORKSPACE (no absolute paths; Debian's system libraries,
nothing downloaded):

    local_repository(name = "gdwire", path = "path/to/gdwire")
    load("@gdwire//:deps.bzl", "gdwire_deps")
    gdwire_deps()

then depend on the public targets: @gdwire//codec/reference,
@gdwire//codec/text, @gdwire//codec/frame, @gdwire//codec/stream:value_reader,
@gdwire//codec (see gdwire's README). The consumer's .bazelrc needs gdwire's
C++ flags (-std=c++17, -march=x86-64-v2; tests/consumer/.bazelrc).

gdwire_deps() declares what gdwire's own WORKSPACE declares, under the same
names (a name the caller already declared is left alone):
  * rules_cc, rules_java, remote_coverage_tools: gdwire's offline stand-ins
    (third_party/bazel_stubs) for the repositories Bazel 4.2.3 would
    download;
  * highway, com_google_absl, com_google_googletest,
    com_github_google_benchmark, simdjson, libpcap, enet, zlib, zstd: Debian's
    -dev packages wrapped
    by third_party/system/system_repo.bzl.
"""

load(
    "//third_party/system:system_repo.bzl",
    "system_absl_repo",
    "system_cc_repo",
)

# A file in gdwire's root package tree: its path locates gdwire's checkout
# at fetch time wherever the caller put it (no absolute paths in any file).
_ANCHOR = Label("//third_party/system:system_repo.bzl")

def _stub_repo_impl(rctx):
    root = rctx.path(_ANCHOR).dirname.dirname.dirname
    src = root.get_child("third_party").get_child("bazel_stubs").get_child(rctx.attr.stub)
    if not src.exists:
        fail("gdwire: %s not found" % src)
    for entry in src.readdir():
        rctx.symlink(entry, entry.basename)

# One of gdwire's third_party/bazel_stubs/<stub> folders as a repository
# (a local_repository whose path needs no knowledge of where gdwire is).
_stub_repo = repository_rule(
    implementation = _stub_repo_impl,
    local = True,
    attrs = {"stub": attr.string(mandatory = True)},
)

def _maybe(rule, name, **kwargs):
    if not native.existing_rule(name):
        rule(name = name, **kwargs)

def gdwire_deps():
    """Declares gdwire's external repositories (see the file comment)."""

    # Offline stand-ins for repos Bazel 4.2.3 would otherwise download.
    _maybe(_stub_repo, "rules_cc", stub = "rules_cc")
    _maybe(_stub_repo, "rules_java", stub = "rules_java")
    _maybe(_stub_repo, "remote_coverage_tools", stub = "remote_coverage_tools")

    # System libraries from Debian apt (headers in /usr/include).
    _maybe(
        system_cc_repo,
        "highway",
        apt_package = "libhwy-dev",
        build_file = Label("//third_party/system:hwy.BUILD"),
        include_dirs = ["hwy"],
    )
    _maybe(system_absl_repo, "com_google_absl")
    _maybe(
        system_cc_repo,
        "com_google_googletest",
        apt_package = "libgtest-dev libgmock-dev",
        build_file = Label("//third_party/system:googletest.BUILD"),
        include_dirs = ["gtest", "gmock"],
        static_libs = ["libgtest.a", "libgtest_main.a", "libgmock.a", "libgmock_main.a"],
    )
    _maybe(
        system_cc_repo,
        "com_github_google_benchmark",
        apt_package = "libbenchmark-dev",
        build_file = Label("//third_party/system:benchmark.BUILD"),
        include_dirs = ["benchmark"],
        static_libs = ["libbenchmark_main.a"],
    )
    _maybe(
        system_cc_repo,
        "simdjson",
        apt_package = "libsimdjson-dev",
        build_file = Label("//third_party/system:simdjson.BUILD"),
        include_files = ["simdjson.h"],
    )
    _maybe(
        system_cc_repo,
        "libpcap",
        apt_package = "libpcap-dev",
        build_file = Label("//third_party/system:libpcap.BUILD"),
        include_dirs = ["pcap"],
        include_files = ["pcap.h"],
    )
    _maybe(
        system_cc_repo,
        "enet",
        apt_package = "libenet-dev",
        build_file = Label("//third_party/system:enet.BUILD"),
        include_dirs = ["enet"],
    )
    _maybe(
        system_cc_repo,
        "zlib",
        apt_package = "zlib1g-dev",
        build_file = Label("//third_party/system:zlib.BUILD"),
        include_files = ["zlib.h", "zconf.h"],
    )
    _maybe(
        system_cc_repo,
        "zstd",
        apt_package = "libzstd-dev",
        build_file = Label("//third_party/system:zstd.BUILD"),
        include_files = ["zstd.h", "zstd_errors.h"],
    )
