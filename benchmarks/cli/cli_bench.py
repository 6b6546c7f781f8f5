#!/usr/bin/env python3
"""The command line tool's throughput on a large engine recording.

  benchmarks/cli/cli_bench.py --gdwire=PATH --input=traffic.bin
      [--threads=1,2] [--reps=5] [--min-mb=100] [--work=DIR] [--out=FILE]
      [--dialect=godot4]

Times `gdwire validate`, `gdwire decode --format=json` and `--format=text`
(output to /dev/null) on a StreamPeer recording (--framing=stream) at each
thread count, with `cat FILE > /dev/null` (reading the same bytes) as the
baseline in the same run, and the process's fixed cost (row "start-up":
`gdwire validate` of the recording's first frame alone). An input smaller than --min-mb is repeated (frames
back to back are still one valid stream) into --work. Runs are interleaved
(every command once per round, --reps rounds) so that a load that comes and
goes on a shared machine touches every row alike; the best round of each is
quoted, with its CPU time (user + system) beside the wall time. Before
timing, each command's output is checked to be byte-identical at every
thread count (sha256).

Rows "capture --format=json|text": `gdwire capture` of the same recording
written as a packet capture (one TCP connection over IPv4, segments of
16,000 bytes, its handshake included: write_capture), MB/s of the pcap file.

Row "decode --format=json (pipe)": `cat FILE | gdwire decode ... -`, the
streaming path (values cut out of the pipe's pieces as they come).

Prints a table (MB/s of the input, x cat, speed-up over the first thread
count) and, with --out, writes RESULT lines (one JSON object each) for
benchmarks/report/comparison.py. Scaling on a bigger machine:
--threads=1,2,4,8,16.
"""
import argparse
import hashlib
import json
import os
import struct
import subprocess
import sys
import time

ROWS = [
    ("validate", ["validate", "--framing=stream"]),
    ("decode --format=json", ["decode", "--format=json", "--framing=stream"]),
    ("decode --format=text", ["decode", "--format=text", "--framing=stream"]),
]
# Rows that read the recording from a pipe (`cat FILE | gdwire ... -`: the
# streaming path, pieces as the pipe gives them, on one thread).
PIPE_ROWS = [
    ("decode --format=json (pipe)", ["decode", "--format=json", "--framing=stream"]),
]
# Rows that read the recording as a packet capture (write_capture).
CAPTURE_ROWS = [
    ("capture --format=json", ["capture", "--format=json"]),
    ("capture --format=text", ["capture", "--format=text"]),
]


def run_timed(cmd):
    """(wall seconds, cpu seconds) of one run, stdout to /dev/null."""
    with open(os.devnull, "wb") as null:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=null)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("cli_bench: %s failed" % " ".join(cmd))
    return wall, ru.ru_utime + ru.ru_stime


def digest(cmd):
    h = hashlib.sha256()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE)
    for block in iter(lambda: p.stdout.read(1 << 20), b""):
        h.update(block)
    if p.wait() != 0:
        sys.exit("cli_bench: %s failed" % " ".join(cmd))
    return h.hexdigest()


def prepare(path, min_mb, work):
    size = os.path.getsize(path)
    if size >= min_mb * 1e6:
        return path
    times = int(min_mb * 1e6 // size) + 1
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "cli_traffic_x%d.bin" % times)
    if not os.path.exists(out) or os.path.getsize(out) != size * times:
        data = open(path, "rb").read()
        with open(out + ".tmp", "wb") as f:
            for _ in range(times):
                f.write(data)
        os.replace(out + ".tmp", out)
    return out


def write_capture(stream_path, out):
    """The StreamPeer recording as one TCP connection in a pcap file (raw
    IPv4 link type): handshake, then the bytes client -> server in 16,000-byte
    segments, 10 us apart."""
    if os.path.exists(out) and os.path.getmtime(out) >= os.path.getmtime(stream_path):
        return out
    src, dst = bytes([127, 0, 0, 1]), bytes([127, 0, 0, 2])
    sport, dport, seg = 40000, 47100, 16000
    state = {"usec": 0}

    def packet(f, frm, to, ports, seq, ack, flags, payload=b""):
        tcp = struct.pack(">HHIIBBHHH", ports[0], ports[1], seq & 0xffffffff,
                          ack & 0xffffffff, 5 << 4, flags, 65535, 0, 0)
        total = 20 + len(tcp) + len(payload)
        ip = bytearray(struct.pack(">BBHHHBBH4s4s", 0x45, 0, total, 0, 0x4000, 64, 6, 0,
                                   frm, to))
        csum = sum(struct.unpack(">10H", bytes(ip)))
        while csum >> 16:
            csum = (csum & 0xffff) + (csum >> 16)
        ip[10:12] = struct.pack(">H", ~csum & 0xffff)
        state["usec"] += 10
        sec, usec = divmod(state["usec"], 1000000)
        f.write(struct.pack("<IIII", 1700000000 + sec, usec, total, total))
        f.write(bytes(ip) + tcp + payload)

    with open(stream_path, "rb") as s, open(out + ".tmp", "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 101))
        c, v = (src, dst, (sport, dport)), (dst, src, (dport, sport))
        packet(f, *c, 1000, 0, 0x02)  # SYN
        packet(f, *v, 5000, 1001, 0x12)  # SYN+ACK
        packet(f, *c, 1001, 5001, 0x10)  # ACK
        seq = 1001
        for block in iter(lambda: s.read(seg), b""):
            packet(f, *c, seq, 5001, 0x18, block)  # PSH+ACK
            seq += len(block)
    os.replace(out + ".tmp", out)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--gdwire", required=True)
    ap.add_argument("--input", required=True)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--min-mb", type=float, default=100)
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "gdwire-cli-bench"))
    ap.add_argument("--dialect", default="godot4")
    ap.add_argument("--out")
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    path = prepare(a.input, a.min_mb, a.work)
    size = os.path.getsize(path)
    os.makedirs(a.work, exist_ok=True)
    pcap = write_capture(path, os.path.join(a.work, os.path.basename(path) + ".pcap"))
    sizes = {name: size for name, _ in ROWS}
    sizes.update({name: os.path.getsize(pcap) for name, _ in CAPTURE_ROWS})
    sizes.update({name: size for name, _ in PIPE_ROWS})
    cmds = {}
    for rows, input_path in ((ROWS, path), (CAPTURE_ROWS, pcap)):
        for name, args in rows:
            for t in threads:
                cmds[(name, t)] = ([a.gdwire] + args[:1] + ["--dialect=" + a.dialect] +
                                   args[1:] + ["--threads=%d" % t, input_path])
    for name, args in PIPE_ROWS:
        for t in threads:
            cmds[(name, t)] = ["bash", "-c", 'cat "$0" | "$@" -', path, a.gdwire] + args[:1] + [
                "--dialect=" + a.dialect] + args[1:] + ["--threads=%d" % t]
    for name, _ in ROWS + PIPE_ROWS + CAPTURE_ROWS:  # the same bytes at every count
        sums = {t: digest(cmds[(name, t)]) for t in threads}
        if len(set(sums.values())) != 1:
            sys.exit("cli_bench: %s: outputs differ across thread counts: %s" % (name, sums))
    # The process's fixed cost: `gdwire validate` of the recording's first
    # frame alone (loading, start-up, exit), a part of every row's wall time.
    one = os.path.join(a.work, "cli_one_frame.bin")
    os.makedirs(a.work, exist_ok=True)
    with open(path, "rb") as src, open(one, "wb") as dst:
        head = src.read(4)
        dst.write(head + src.read(int.from_bytes(head, "little")))
    start_cmd = [a.gdwire, "validate", "--dialect=" + a.dialect, "--framing=stream",
                 "--threads=1", one]
    load_before = os.getloadavg()
    times = {k: [] for k in cmds}
    times[("cat", 1)] = []
    times[("start-up", 1)] = []
    for _ in range(a.reps):
        times[("cat", 1)].append(run_timed(["cat", path]))
        for _ in range(5):
            times[("start-up", 1)].append(run_timed(start_cmd))
        for k, cmd in cmds.items():
            times[k].append(run_timed(cmd))
    load_after = os.getloadavg()
    cat = min(w for w, _ in times[("cat", 1)])
    lines = []
    print("input: %s, %.1f MB; %d rounds, best; load average before %s, after %s; %d cores" % (
        path, size / 1e6, a.reps, "%.2f %.2f %.2f" % load_before,
        "%.2f %.2f %.2f" % load_after, os.cpu_count()))
    print("%-28s %7s %9s %9s %9s %8s %8s" % ("command", "threads", "wall s", "cpu s", "MB/s", "x cat", "speed-up"))
    for name in ["cat", "start-up"] + [n for n, _ in ROWS + PIPE_ROWS + CAPTURE_ROWS]:
        base = None
        for t in ([1] if name in ("cat", "start-up") else threads):
            runs = times[(name, t)]
            wall, cpu = min(runs)
            median = sorted(w for w, _ in runs)[len(runs) // 2]
            base = base or wall
            if name == "start-up":  # one frame: no throughput to speak of
                print("%-28s %7d %9.3f %9.3f %9s %8s %8s" % (name, t, wall, cpu, "-", "-", "-"))
            else:
                print("%-28s %7d %9.3f %9.3f %9.1f %8.3f %8.2f" % (
                    name, t, wall, cpu, sizes.get(name, size) / wall / 1e6, cat / wall,
                    base / wall))
            lines.append(json.dumps({
                "row": name, "threads": t,
                "bytes": os.path.getsize(one) if name == "start-up" else sizes.get(name, size),
                "best_s": wall, "median_s": median,
                "cpu_s": cpu, "runs": len(runs), "cat_s": cat, "cores": os.cpu_count(),
                "load_before": list(load_before), "load_after": list(load_after)}))
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            for line in lines:
                f.write("RESULT " + line + "\n")


if __name__ == "__main__":
    main()
