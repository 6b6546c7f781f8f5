#!/usr/bin/python3
"""A big capture of real Godot traffic for timing tshark (with and without
the plugin), made by repeating recordings as new connections:

  make_capture.py IN1.pcap [IN2.pcap ...] OUT.pcap [--size-mb=100]
      [--copies=N] [--gap=1.0] [--check[=GDWIRE]] [--check-arg=ARG ...]

Writes OUT.pcap, a classic pcap (link type Ethernet, microseconds; nanoseconds
if an input has them), holding copies of the inputs one after the other until
it is about --size-mb megabytes (or exactly --copies copies). Within a copy
the inputs also follow one another, each as its own unit:

* addresses: unit u (1, 2, ... over copies and inputs) moves the loopback
  addresses 127.0.0.Z to 127.A.B.Z (A = u >> 8, B = u & 255), on both
  sides, ports kept; so no two units share a connection, and TCP
  reassembly, ENet flows and multiplayer sessions see each as new peers.
  Other IPv4 addresses are kept (and counted: they would repeat).
* checksums: the IPv4 header checksum is recomputed; TCP and UDP checksums
  are computed for the new pseudo-header (so they are right, also where the
  loopback recording left them unfilled); a fragment's or cut-off
  segment's checksum is adjusted for the address change only; a UDP
  checksum of 0 (none) stays 0.
* time: a unit starts --gap seconds after the previous one ends.
* link type: every frame becomes Ethernet: inputs may be Ethernet (1),
  BSD loopback (0, 108), Linux cooked v1 (113) and v2 (276), raw IP (101,
  228); a 14-byte Ethernet header (zero MACs, as `tcpdump -i lo` writes)
  replaces the link header.

Prints the copies, frames and bytes. --check runs `gdwire capture --quiet
--stats` (GDWIRE, or bazel-bin/tools/gdwire of this repository, or gdwire
on PATH) on every input and on OUT.pcap, with the --check-arg arguments
(e.g. --check-arg=--dialect=godot3), and checks that each count of OUT
(packets, connections, messages, ENet events, datagrams, problems, ...)
is the copies times the inputs' sum; exit 1 if not.

Standard library only; reads the inputs with recording/capture/pcapfile.py.
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "capture"))
import pcapfile  # noqa: E402

ETH_IPV4, ETH_IPV6 = 0x0800, 0x86DD
LINK_RAW, LINK_LOOP, LINK_IPV4 = 101, 108, 228
PCAP_HEADER = struct.Struct("<IHHiIII")
RECORD_HEADER = struct.Struct("<IIII")


def words_sum(b):
    """Sum of b's big-endian 16-bit words (odd length padded), mod 0xFFFF:
    2^16 = 1 (mod 0xFFFF), so the bytes read as one number will do."""
    if len(b) & 1:
        b = b + b"\0"
    return int.from_bytes(b, "big") % 0xFFFF


def checksum(s):
    """The checksum field for a sum s of words (mod 0xFFFF): its one's
    complement, 0xFFFF for 0 (right for TCP, required for UDP)."""
    return 0xFFFF - s % 0xFFFF


def to_ethernet(link, data):
    """(ethertype, network-layer bytes, link header length) of a frame, or
    None for a frame this link type cannot give."""
    if link == pcapfile.LINK_ETHERNET:
        if len(data) < 14:
            return None
        return struct.unpack(">H", data[12:14])[0], data[14:], 14
    if link == pcapfile.LINK_SLL2:
        if len(data) < 20:
            return None
        return struct.unpack(">H", data[0:2])[0], data[20:], 20
    if link == pcapfile.LINK_SLL:
        if len(data) < 16:
            return None
        return struct.unpack(">H", data[14:16])[0], data[16:], 16
    if link in (pcapfile.LINK_NULL, LINK_LOOP):
        if len(data) < 4:
            return None
        # DLT_NULL: host byte order of the recording machine; LOOP: network.
        fam = struct.unpack("<I", data[:4])[0]
        if fam > 0xFFFF:
            fam = struct.unpack(">I", data[:4])[0]
        if fam == 2:
            return ETH_IPV4, data[4:], 4
        if fam in (10, 24, 28, 30):
            return ETH_IPV6, data[4:], 4
        return None
    if link in (LINK_RAW, LINK_IPV4):
        if not data:
            return None
        v = data[0] >> 4
        return (ETH_IPV4 if v == 4 else ETH_IPV6), data, 0
    raise ValueError("link type %d is not supported" % link)


class Frame:
    """One input frame as Ethernet, with what each copy must patch."""

    __slots__ = ("ticks", "data", "orig", "ip", "addrs", "l4", "l4_sum",
                 "l4_csum_at", "udp_zero", "incremental")

    def __init__(self, ticks, data, orig):
        self.ticks, self.data, self.orig = ticks, data, orig
        self.ip = None  # IPv4 header offset when the addresses move
        self.l4_csum_at = None


def prepare(path, ticks_per_s):
    """The frames of one input, as Ethernet, with their patch points."""
    p = pcapfile.Pcap(path)
    in_ticks = 10**9 if p.nano else 10**6
    frames, other, dropped = [], 0, 0
    for r in p.records:
        conv = to_ethernet(p.link, r.data)
        if conv is None:
            dropped += 1
            continue
        etype, net, hlen = conv
        data = bytearray(12) + struct.pack(">H", etype) + net
        orig = max(r.orig - hlen + 14, len(data))
        ticks = (r.sec * in_ticks + r.frac) * ticks_per_s // in_ticks
        f = Frame(ticks, data, orig)
        frames.append(f)
        if etype != ETH_IPV4 or len(net) < 20 or net[0] >> 4 != 4:
            continue
        ihl = (net[0] & 15) * 4
        if len(net) < ihl:
            continue
        src, dst = bytes(net[12:16]), bytes(net[16:20])
        local = [a[:3] == b"\x7f\0\0" for a in (src, dst)]
        if not all(local):
            other += 1
        if not any(local):
            continue
        f.ip = 14
        f.addrs = local
        proto = net[9]
        total = struct.unpack(">H", net[2:4])[0]
        frag = struct.unpack(">H", net[6:8])[0]
        more, offset = frag & 0x2000, frag & 0x1FFF
        if proto not in (6, 17) or offset:
            continue
        at = {6: 16, 17: 6}[proto]
        if len(net) < ihl + at + 2:
            continue
        f.l4 = 14 + ihl
        f.l4_csum_at = 14 + ihl + at
        old = struct.unpack(">H", net[ihl + at:ihl + at + 2])[0]
        f.udp_zero = proto == 17 and old == 0
        seg_len = total - ihl
        if more or len(net) < total or seg_len < at + 2:
            # Only the addresses' part can be known: adjust the old value.
            f.incremental = True
            f.l4_sum = (0xFFFF - old - words_sum(src + dst)) % 0xFFFF
        else:
            f.incremental = False
            seg = bytearray(net[ihl:total])
            seg[at:at + 2] = b"\0\0"
            f.l4_sum = words_sum(bytes(seg)) + proto + seg_len
    return frames, other, dropped


def addr_bytes(unit, z):
    return bytes([127, unit >> 8, unit & 255, z])


def write_unit(out, frames, unit, shift, tps):
    """Writes one input's frames as unit `unit`, timestamps + shift ticks
    (tps ticks a second).
    Returns (frames, bytes written)."""
    n = 0
    for f in frames:
        data = f.data
        if f.ip is not None:
            d = bytearray(data)
            ip = f.ip
            for i, moved in enumerate(f.addrs):
                if moved:
                    at = ip + 12 + 4 * i
                    d[at:at + 4] = addr_bytes(unit, d[at + 3])
            ihl = (d[ip] & 15) * 4
            d[ip + 10:ip + 12] = b"\0\0"
            struct.pack_into(">H", d, ip + 10,
                             checksum(words_sum(bytes(d[ip:ip + ihl]))))
            if f.l4_csum_at is not None and not f.udp_zero:
                s = f.l4_sum + words_sum(bytes(d[ip + 12:ip + 20]))
                struct.pack_into(">H", d, f.l4_csum_at, checksum(s))
            data = d
        t = f.ticks + shift
        out.write(RECORD_HEADER.pack(t // tps, t % tps, len(data),
                                     f.orig))
        out.write(data)
        n += 16 + len(data)
    return len(frames), n


STATS_KEYS = ["packets", "not TCP/UDP", "filtered out", "connections",
              "messages", "ENet events", "datagrams", "problems",
              "segments retransmitted", "out of order", "gaps"]


def gdwire_stats(gdwire, args, path):
    r = subprocess.run([gdwire, "capture", "--quiet", "--stats"] + args +
                       [path], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    line = [l for l in r.stderr.splitlines() if " packets (" in l]
    if r.returncode not in (0, 1) or not line:
        sys.exit("%s capture %s: exit %d: %s" % (gdwire, path, r.returncode,
                                                 r.stderr.strip()))
    stats = {}
    for k in STATS_KEYS:
        m = re.search(r"(\d+) %s\b" % re.escape(k), line[-1])
        stats[k] = int(m.group(1)) if m else None
    return stats, line[-1]


def find_gdwire(given):
    if given:
        return given
    built = os.path.join(ROOT, "bazel-bin", "tools", "gdwire")
    if os.access(built, os.X_OK):
        return built
    found = shutil.which("gdwire")
    if not found:
        sys.exit("no gdwire: bazel build //tools:gdwire, or --check=PATH")
    return found


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[2])
    ap.add_argument("files", nargs="+", metavar="PCAP",
                    help="the input captures, then the output")
    ap.add_argument("--size-mb", type=float, default=100.0)
    ap.add_argument("--copies", type=int, default=0,
                    help="exactly this many copies (instead of --size-mb)")
    ap.add_argument("--gap", type=float, default=1.0,
                    help="seconds between units (default 1)")
    ap.add_argument("--check", nargs="?", const="", default=None,
                    metavar="GDWIRE", help="compare gdwire capture --stats")
    ap.add_argument("--check-arg", action="append", default=[],
                    help="an argument for gdwire capture (repeatable)")
    a = ap.parse_args()
    if len(a.files) < 2:
        ap.error("give at least one input and the output")
    inputs, out_path = a.files[:-1], a.files[-1]
    if os.path.abspath(out_path) in map(os.path.abspath, inputs):
        ap.error("the output is one of the inputs")

    nano = any(pcapfile.Pcap(p).nano for p in inputs)
    tps = 10**9 if nano else 10**6
    units = []
    for path in inputs:
        frames, other, dropped = prepare(path, tps)
        if dropped:
            print("%s: %d frames with no IP left out" % (path, dropped),
                  file=sys.stderr)
        if other:
            print("%s: %d IPv4 frames with an address outside 127.0.0.0/24 "
                  "(kept: it repeats in every copy)" % (path, other),
                  file=sys.stderr)
        if frames:
            units.append((path, frames))
    if not units:
        sys.exit("no frames in the inputs")
    per_copy = sum(16 + len(f.data) for _, fr in units for f in fr)
    if a.copies > 0:
        copies = a.copies
    else:
        copies = max(1, round((a.size_mb * 1e6 - 24) / per_copy))
    if copies * len(units) > 65535:
        sys.exit("%d copies of %d inputs: more than 65535 address blocks"
                 % (copies, len(units)))
    gap = int(a.gap * tps)
    clock = units[0][1][0].ticks
    total_frames, total_bytes = 0, 24
    with open(out_path, "wb", buffering=1 << 20) as out:
        out.write(PCAP_HEADER.pack(0xA1B23C4D if nano else 0xA1B2C3D4, 2, 4,
                                   0, 0, 262144, pcapfile.LINK_ETHERNET))
        unit = 0
        for _ in range(copies):
            for _, frames in units:
                unit += 1
                first = min(f.ticks for f in frames)
                last = max(f.ticks for f in frames)
                shift = clock - first
                n, b = write_unit(out, frames, unit, shift, tps)
                total_frames += n
                total_bytes += b
                clock = last + shift + gap
    print("%s: %d copies of %d inputs, %d frames, %d bytes (%.1f MB); "
          "addresses 127.0.1.Z to 127.%d.%d.Z" %
          (out_path, copies, len(units), total_frames, total_bytes,
           total_bytes / 1e6, unit >> 8, unit & 255))

    if a.check is None:
        return 0
    gdwire = find_gdwire(a.check)
    one = {k: 0 for k in STATS_KEYS}
    for path, _ in units:
        s, line = gdwire_stats(gdwire, a.check_arg, path)
        print("  %s: %s" % (path, line))
        for k in STATS_KEYS:
            one[k] = None if one[k] is None or s[k] is None else one[k] + s[k]
    s, line = gdwire_stats(gdwire, a.check_arg, out_path)
    print("  %s: %s" % (out_path, line))
    bad = [k for k in STATS_KEYS
           if one[k] is not None and s[k] != copies * one[k]]
    for k in STATS_KEYS:
        if one[k] is not None:
            print("  %-22s %10d = %d copies x %d%s" % (
                k, s[k] if s[k] is not None else -1, copies, one[k],
                "" if k not in bad else "   MISMATCH"))
    if bad:
        print("check: FAILED (%s)" % ", ".join(bad))
        return 1
    print("check: ok, every count is %d x one copy's" % copies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
