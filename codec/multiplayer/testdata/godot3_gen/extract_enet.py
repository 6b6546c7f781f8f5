#!/usr/bin/env python3
"""Extracts the ENet packets of an uncompressed capture of gen.gd's run
(classic pcap, Ethernet or Linux cooked link, IPv4/UDP) as JSON lines
{"kind": "packet", "dir": "c2s" | "s2c", "channel": N, "hex": ...}, in
capture order, reliable duplicates (retransmissions) dropped, then appends
the engine's log. Throwaway quality: no fragments, no compression.
  extract_enet.py CAPTURE.pcap SERVER_PORT ENGINE_LOG.jsonl > OUT.jsonl"""
import json
import struct
import sys

sys.path.insert(0, "recording/capture")
import pcapfile  # noqa: E402

FIXED = {1: 8, 2: 48, 3: 44, 4: 8, 5: 4, 10: 12, 11: 16}


def enet_packets(udp):
    (peer,) = struct.unpack(">H", udp[:2])
    at = 4 if peer & 0x8000 else 2
    if peer & 0x4000:
        raise ValueError("compressed ENet packet")
    while at + 4 <= len(udp):
        cmd, channel, seq = struct.unpack(">BBH", udp[at:at + 4])
        kind = cmd & 0x0F
        if kind in FIXED:
            at += FIXED[kind]
            continue
        if kind == 6:
            (n,) = struct.unpack(">H", udp[at + 4:at + 6])
            yield channel, ("r", channel, seq), udp[at + 6:at + 6 + n]
            at += 6 + n
        elif kind in (7, 9):
            (n,) = struct.unpack(">H", udp[at + 6:at + 8])
            yield channel, None, udp[at + 8:at + 8 + n]
            at += 8 + n
        else:
            raise ValueError("ENet command %d not handled" % kind)


def main():
    cap = pcapfile.Pcap(sys.argv[1])
    port = int(sys.argv[2])
    seen = set()
    for rec in cap.records:
        ip = pcapfile.ip_offset(cap.link, rec.data)
        data = rec.data[ip:]
        ihl = (data[0] & 15) * 4
        if data[9] != 17:
            continue
        sport, dport = struct.unpack(">HH", data[ihl:ihl + 4])
        udp = data[ihl + 8:]
        direction = "c2s" if dport == port else "s2c"
        for channel, key, payload in enet_packets(udp):
            if key is not None:
                if (direction, key) in seen:
                    continue
                seen.add((direction, key))
            print(json.dumps({"kind": "packet", "dir": direction,
                              "channel": channel, "hex": payload.hex()}))
    for line in open(sys.argv[3]):
        print(json.dumps(json.loads(line), sort_keys=True))


main()
