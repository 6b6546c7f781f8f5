#!/usr/bin/python3
"""A large capture of real Godot traffic for timing tshark with the plugin:

  make_capture.py OUT.pcap SIZE_MB IN.pcap [IN.pcap ...]

Repeats the input recordings (classic pcap, Ethernet frames, IPv4, all of
them 127.0.0.1 to itself as the engines recorded them) until OUT holds
SIZE_MB megabytes of frames. Copy k of the inputs is its own set of
connections: every IPv4 address becomes 127.A.B.1 with k = A * 256 + B
(IPv4 header checksum recomputed; Wireshark does not check TCP and UDP
checksums by default), and its timestamps follow the previous copy's. So TCP
reassembly, ENet flows and the multiplayer sessions see each copy as new
peers: the messages and events of OUT are those of one copy times the
number of copies. Prints the copies, frames and bytes. Standard library
only (tools/capture/pcapfile.py).
"""

import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "tools", "capture"))
import pcapfile  # noqa: E402


def rewrite(data, addr):
    """The Ethernet frame `data` with both IPv4 addresses set to `addr`."""
    if len(data) < 34 or data[12:14] != b"\x08\x00":
        return data
    out = bytearray(data)
    ihl = (out[14] & 15) * 4
    out[26:30] = addr
    out[30:34] = addr
    out[24:26] = b"\0\0"
    struct.pack_into(">H", out, 24, pcapfile.ipv4_checksum(out[14:14 + ihl]))
    return bytes(out)


def main(argv):
    out_path, size = argv[1], int(float(argv[2]) * 1e6)
    inputs = [pcapfile.Pcap(p) for p in argv[3:]]
    for p, path in zip(inputs, argv[3:]):
        if p.link != 1:
            sys.exit("%s: link type %d, only Ethernet (1) inputs" % (path, p.link))
    nano = inputs[0].nano
    scale = 1e9 if nano else 1e6
    out = pcapfile.Pcap.__new__(pcapfile.Pcap)
    out.__dict__.update(inputs[0].__dict__)
    out.records = []
    total = 0
    k = 0
    clock = None  # seconds: where the next input starts
    while total < size:
        k += 1
        if k >= 65536:
            sys.exit("too many copies")
        addr = bytes([127, k >> 8, k & 255, 1])
        for p in inputs:
            if not p.records:
                continue
            ps = 1e9 if p.nano else 1e6
            t0 = p.records[0].sec + p.records[0].frac / ps
            if clock is None:
                clock = t0
            for r in p.records:
                t = clock + (r.sec + r.frac / ps - t0)
                sec = int(t)
                frac = int(round((t - sec) * scale))
                if frac >= scale:
                    sec, frac = sec + 1, frac - int(scale)
                data = rewrite(r.data, addr)
                out.records.append(pcapfile.Record(sec, frac, data, r.orig))
                total += len(data)
            last = p.records[-1]
            clock += (last.sec + last.frac / ps - t0) + 1.0
    out.write(out_path)
    print("%s: %d copies, %d frames, %d bytes of frames" %
          (out_path, k, len(out.records), total))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
