#!/usr/bin/env python3
"""Damaged copies of an ENet recording (UDP datagrams), for the tests of
`gdwire capture` on Godot's networking (recording/capture/enet_cli_test.sh).
Standard library only.

  enet_damage.py IN.pcap OUT.pcap OP [OP ...]

  drop=K:N     drop every Nth UDP datagram, from the Kth (0-based)
  dup=K:N      write every Nth UDP datagram twice, from the Kth
  swap=K:N     swap every Nth UDP datagram with the next one, from the Kth
  bigswap=N    swap each datagram over N bytes (a fragment) with the next
               one of its direction: fragments out of order
  bigdrop=N    drop the second datagram over N bytes of each run of them:
               a missing fragment
  cut=N        the capture ends after N UDP datagrams

Prints what it did on one line.
"""

import sys

import pcapfile


def udp(p, r):
    s = pcapfile.Segment(p.link, r.data)
    return s if s.ok and s.proto == 17 else None


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    p = pcapfile.Pcap(sys.argv[1])
    done = []
    for op in sys.argv[3:]:
        name, arg = op.split("=", 1)
        recs = p.records
        idx = [i for i, r in enumerate(recs) if udp(p, r)]
        if name in ("drop", "dup", "swap"):
            k, n = (int(x) for x in arg.split(":"))
            chosen = set(idx[k::n])
            out = []
            i = 0
            count = 0
            while i < len(recs):
                r = recs[i]
                if i in chosen:
                    count += 1
                    if name == "drop":
                        i += 1
                        continue
                    if name == "dup":
                        out += [r, r]
                        i += 1
                        continue
                    if name == "swap" and i + 1 < len(recs):
                        out += [recs[i + 1], r]
                        i += 2
                        continue
                out.append(r)
                i += 1
            p.records = out
            done.append(f"{name} {count}")
        elif name in ("bigswap", "bigdrop"):
            n = int(arg)
            big = set(i for i in idx if len(udp(p, recs[i]).payload) > n)
            out = list(recs)
            gone = set()
            count = 0
            i = 0
            while i + 1 < len(recs):
                if i in big and i + 1 in big:
                    # Two fragments in a row (one direction sends them
                    # back to back).
                    if name == "bigswap":
                        out[i], out[i + 1] = out[i + 1], out[i]
                    else:
                        gone.add(i + 1)
                    count += 1
                    i += 2
                    while i in big:  # the rest of the run stays
                        i += 1
                else:
                    i += 1
            p.records = [r for k, r in enumerate(out) if k not in gone]
            done.append(f"{name} {count}")
        elif name == "cut":
            n = int(arg)
            keep = idx[n] if n < len(idx) else len(recs)
            p.records = recs[:keep]
            done.append(f"cut after {n}")
        else:
            print(f"unknown op {op}")
            sys.exit(2)
    p.write(sys.argv[2])
    print(", ".join(done))


if __name__ == "__main__":
    main()
