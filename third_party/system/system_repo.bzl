"""Wraps a library installed by Debian's apt (headers + libs under /usr)
as a Bazel external repository, without downloading anything.

The repository contains only symlinks to the library's own header
directories (include/<dir> -> /usr/include/<dir>) plus a BUILD file, so Bazel
tracks those headers as inputs (an `apt-get upgrade` of the -dev package
triggers a rebuild) and never sees the rest of /usr/include.
Libraries are linked with plain -l linkopts from the system linker path.
"""

def _system_cc_repo_impl(rctx):
    for d in rctx.attr.include_dirs:
        src = rctx.path(rctx.attr.prefix + "/include/" + d)
        if not src.exists:
            fail("%s not found: install the Debian -dev package (%s)" % (src, rctx.attr.apt_package))
        rctx.symlink(src, "include/" + d)
    for f in rctx.attr.include_files:
        src = rctx.path(rctx.attr.prefix + "/include/" + f)
        if not src.exists:
            fail("%s not found: install the Debian -dev package (%s)" % (src, rctx.attr.apt_package))
        rctx.symlink(src, "include/" + f)
    for f in rctx.attr.static_libs:
        src = rctx.path(rctx.attr.libdir + "/" + f)
        if not src.exists:
            fail("%s not found: install the Debian -dev package (%s)" % (src, rctx.attr.apt_package))
        rctx.symlink(src, "lib/" + f)
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.symlink(rctx.attr.build_file, "BUILD.bazel")

system_cc_repo = repository_rule(
    implementation = _system_cc_repo_impl,
    local = True,
    attrs = {
        "build_file": attr.label(allow_single_file = True, mandatory = True),
        "include_dirs": attr.string_list(doc = "dirs under <prefix>/include to expose"),
        "include_files": attr.string_list(doc = "single headers under <prefix>/include to expose"),
        "static_libs": attr.string_list(doc = "archives in <libdir> to expose as lib/<name>"),
        "prefix": attr.string(default = "/usr"),
        "libdir": attr.string(default = "/usr/lib/x86_64-linux-gnu"),
        "apt_package": attr.string(default = "see the project README"),
    },
)

# Upstream-style labels (@com_google_absl//absl/<pkg>:<name>) for the Abseil
# targets we expect to use; each is an alias of the flat target generated
# from the .pc file of the same name (absl_<pc>).
_ABSL_UPSTREAM_LABELS = {
    "absl/algorithm": {"algorithm": "algorithm", "container": "algorithm_container"},
    "absl/base": {"base": "base", "core_headers": "core_headers", "config": "config"},
    "absl/cleanup": {"cleanup": "cleanup"},
    "absl/container": {
        "btree": "btree",
        "fixed_array": "fixed_array",
        "flat_hash_map": "flat_hash_map",
        "flat_hash_set": "flat_hash_set",
        "inlined_vector": "inlined_vector",
        "node_hash_map": "node_hash_map",
    },
    "absl/flags": {"flag": "flags", "parse": "flags_parse", "usage": "flags_usage"},
    "absl/functional": {
        "any_invocable": "any_invocable",
        "bind_front": "bind_front",
        "function_ref": "function_ref",
    },
    "absl/hash": {"hash": "hash"},
    "absl/memory": {"memory": "memory"},
    "absl/numeric": {"bits": "bits", "int128": "int128"},
    "absl/random": {"random": "random_random", "distributions": "random_distributions"},
    "absl/status": {"status": "status", "statusor": "statusor"},
    "absl/strings": {"cord": "cord", "str_format": "str_format", "strings": "strings"},
    "absl/synchronization": {"synchronization": "synchronization"},
    "absl/time": {"time": "time"},
    "absl/types": {"optional": "optional", "span": "span", "variant": "variant"},
    "absl/utility": {"utility": "utility"},
}

def _pc_field(text, field):
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return line[len(field) + 1:].strip()
    return ""

def _system_absl_repo_impl(rctx):
    inc = rctx.path("/usr/include/absl")
    if not inc.exists:
        fail("/usr/include/absl not found: apt-get install libabsl-dev")
    rctx.symlink(inc, "include/absl")
    pcdir = rctx.path(rctx.attr.pkgconfig_dir)
    out = [
        "# Generated from %s/absl_*.pc by system_absl_repo." % rctx.attr.pkgconfig_dir,
        'package(default_visibility = ["//visibility:public"])',
        "",
        "cc_library(",
        '    name = "absl_headers",',
        '    hdrs = glob(["include/absl/**/*.h", "include/absl/**/*.inc"]),',
        '    includes = ["include"],',
        ")",
        "",
    ]
    names = []
    for pc in pcdir.readdir():
        base = pc.basename
        if not (base.startswith("absl_") and base.endswith(".pc")):
            continue
        mod = base[len("absl_"):-len(".pc")]
        text = rctx.read(pc)
        deps = [":absl_headers"]
        for req in _pc_field(text, "Requires").split(","):
            req = req.strip().split(" ")[0]
            if req.startswith("absl_"):
                deps.append(":" + req[len("absl_"):])
        linkopts = [
            t
            for t in _pc_field(text, "Libs").split(" ")
            if t and not t.startswith("-L")
        ]
        names.append(mod)
        out.append("cc_library(name = %r, linkopts = %r, deps = %r)" % (mod, linkopts, deps))
    if not names:
        fail("no absl_*.pc in %s: apt-get install libabsl-dev" % rctx.attr.pkgconfig_dir)
    rctx.file("BUILD.bazel", "\n".join(out) + "\n")
    for pkg, targets in _ABSL_UPSTREAM_LABELS.items():
        lines = ['package(default_visibility = ["//visibility:public"])', ""]
        for name, mod in targets.items():
            if mod in names:
                lines.append("alias(name = %r, actual = %r)" % (name, "//:" + mod))
        rctx.file(pkg + "/BUILD.bazel", "\n".join(lines) + "\n")
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

system_absl_repo = repository_rule(
    implementation = _system_absl_repo_impl,
    local = True,
    attrs = {
        "pkgconfig_dir": attr.string(default = "/usr/lib/x86_64-linux-gnu/pkgconfig"),
    },
)
