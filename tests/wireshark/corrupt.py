#!/usr/bin/python3
"""Damages the payloads of a capture for the plugin's robustness test:

  corrupt.py IN.pcap OUT.pcap SEED [EVERY]

Every EVERY-th TCP or UDP record with a payload (default 3) gets 1 to 4
bytes of its payload replaced by random ones (random.Random(SEED)); one
record in 50 has its payload cut short (the IPv4 total length kept, as a
snapshot length would). Headers stay valid, so Wireshark hands the damaged
bytes to the Godot, ENet and multiplayer dissectors. Standard library only.
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "recording", "capture"))
import pcapfile  # noqa: E402


def main(argv):
    src, dst, seed = argv[1], argv[2], int(argv[3])
    every = int(argv[4]) if len(argv) > 4 else 3
    rng = random.Random(seed)
    p = pcapfile.Pcap(src)
    n = changed = cut = 0
    for r in p.records:
        s = pcapfile.Segment(p.link, r.data)
        if not s.ok or not s.payload:
            continue
        n += 1
        if n % every:
            continue
        data = bytearray(r.data)
        for _ in range(rng.randint(1, 4)):
            i = s.payload_at + rng.randrange(len(s.payload))
            data[i] = rng.randrange(256)
        if rng.randrange(50) == 0 and len(s.payload) > 1:
            data = data[:s.payload_at + rng.randrange(len(s.payload))]
            cut += 1
        r.data = bytes(data)
        changed += 1
    p.write(dst)
    print("%s: %d of %d payloads damaged, %d cut short" % (dst, changed, n,
                                                           cut))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
