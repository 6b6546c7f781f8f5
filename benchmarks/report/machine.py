#!/usr/bin/python3
# Copyright 2026 The gdwire Authors.
"""The machine a benchmark ran on, described the same way for every report.

    machine.py meta [--load-start="A B C"]   MACHINE_* lines (compare.sh's
                                            meta.txt: CPU, cores, detail,
                                            kernel, g++, load)
    machine.py line [--simd=TARGET]          one line for a report's head:
                                            "N CPUs (CPU, SIMD target T),
                                            load average A B C"
    machine.py load                          "A B C" (1, 5, 15 minutes)
"""

import os
import re
import subprocess
import sys

# lscpu fields that say which CPU it is, beside its name.
DETAIL = re.compile(r"^CPU family|^Model:|^L2 cache|^L3 cache|^Hypervisor vendor")


def _run(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True,
                              check=False).stdout
    except OSError:
        return ""


def _lscpu():
    return _run(["lscpu"]).splitlines()


def cpu():
    """The CPU's model name (lscpu, else /proc/cpuinfo)."""
    for line in _lscpu():
        if line.startswith("Model name:"):
            return re.sub(r"^Model name: *", "", line)
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if "model name" in line:
                    return re.sub(r".*: ", "", line.rstrip("\n"))
    except OSError:
        pass
    return ""


def cores():
    """The CPUs this process may use (nproc)."""
    return _run(["nproc"]).strip() or str(len(os.sched_getaffinity(0)))


def detail():
    """Family, model, caches and hypervisor, as lscpu names them."""
    parts = []
    for line in _lscpu():
        if DETAIL.search(line):
            fields = re.split(r": *", line)
            parts.append(f"{fields[0]} {fields[1] if len(fields) > 1 else ''}")
    return ", ".join(parts)


def kernel():
    u = os.uname()
    return f"{u.sysname} {u.release}"


def compiler():
    out = _run(["g++", "--version"]).splitlines()
    return out[0] if out else ""


def load():
    """The load averages over 1, 5 and 15 minutes: "A B C"."""
    with open("/proc/loadavg", encoding="utf-8") as f:
        return " ".join(f.read().split()[:3])


def meta_lines(load_start=None):
    now = load()
    return [f"MACHINE_CPU {cpu()}",
            f"MACHINE_CORES {cores()}",
            f"MACHINE_DETAIL {detail()}",
            f"MACHINE_KERNEL {kernel()}",
            f"MACHINE_GXX {compiler()}",
            f"MACHINE_LOAD {load_start or now} / {now}"]


def line(simd="?"):
    return (f"{cores()} CPUs ({cpu()}, SIMD target {simd or '?'}), "
            f"load average {load()}")


def main(argv):
    opts = dict(a[2:].split("=", 1) for a in argv[2:]
                if a.startswith("--") and "=" in a)
    if len(argv) >= 2 and argv[1] == "meta":
        print("\n".join(meta_lines(opts.get("load-start"))))
        return 0
    if len(argv) >= 2 and argv[1] == "load":
        print(load())
        return 0
    if len(argv) >= 2 and argv[1] == "line":
        print(line(opts.get("simd", "?")))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
