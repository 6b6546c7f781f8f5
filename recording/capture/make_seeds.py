#!/usr/bin/env python3
"""Fuzz seeds for tests/fuzz/capture_fuzzer.cc from the real captures:

  make_seeds.py OUT_DIR CAPTURE.pcap ...

Arguments that are not .pcap files are ignored. For each capture: the whole
file, and small slices (under 4 KiB, libFuzzer's -max_len) that
begin where each transport's first packet is (the TCP and WebSocket
handshakes, the first datagrams), as pcap and as pcapng, and the same
frames in the fuzzer's frame mode. Standard library only.
"""

import os
import struct
import sys

import damage
import pcapfile

LINK_INDEX = {1: 0, 113: 1, 276: 2, 0: 3, 108: 4, 12: 5, 228: 6, 229: 7}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    n = 0
    for k, path in enumerate(p for p in sys.argv[2:] if p.endswith(".pcap")):
        # The whole capture too (replayed whole; cut to -max_len when
        # fuzzing).
        with open(os.path.join(out, "capture_%d" % k), "wb") as f:
            f.write(b"\0" + open(path, "rb").read())
        p = pcapfile.Pcap(path)
        starts = {}
        for i, r in enumerate(p.records):
            s = pcapfile.Segment(p.link, r.data)
            if s.ok:
                starts.setdefault((s.proto, min(s.sport, s.dport)), i)
        for first in sorted(set(starts.values())):
            recs, size = [], 24
            for r in p.records[first:]:
                if size + 16 + len(r.data) > 3800:
                    break
                recs.append(r)
                size += 16 + len(r.data)
            if not recs:
                continue
            q = pcapfile.Pcap(path)
            q.records = recs
            base = os.path.join(out, "seed_%03d" % n)
            q.write(base + ".pcap")
            damage.write_pcapng(q, base + ".pcapng")
            frames = b"".join(
                bytes([LINK_INDEX.get(p.link, 0)]) +
                struct.pack("<H", len(r.data)) + r.data for r in recs)
            for name, mode, body in (
                    ("a", 0, open(base + ".pcap", "rb").read()),
                    ("b", 2 | 4, open(base + ".pcapng", "rb").read()),
                    ("c", 1, frames), ("d", 1 | 2 | 4 | 16, frames)):
                with open("%s_%s" % (base, name), "wb") as f:
                    f.write(bytes([mode]) + body)
            os.remove(base + ".pcap")
            os.remove(base + ".pcapng")
            n += 1
    print("%d seed groups" % n)


if __name__ == "__main__":
    main()
