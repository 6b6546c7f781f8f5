#!/usr/bin/env python3
"""Throwaway: the ENet packet payloads of an uncompressed capture (classic
pcap, IPv4/UDP) as JSON lines {"from": ID, "to": ID, "channel": N, "hex":
...} in capture order: reliable retransmissions dropped, fragments put
back together. Multiplayer ids come from the command line (the server's
port is id 1; each client port its id).
A client port not named on the command line gets the id its CONNECT
carries (the command's last u32).
  enet_payloads.py CAPTURE.pcap SERVER_PORT [CLIENT_PORT=ID...] > OUT.jsonl"""
import json
import struct
import sys

sys.path.insert(0, "recording/capture")
import pcapfile  # noqa: E402

FIXED = {1: 8, 2: 48, 3: 44, 4: 8, 5: 4, 10: 12, 11: 16}


def commands(udp):
    (peer,) = struct.unpack(">H", udp[:2])
    if peer & 0x4000:
        raise ValueError("compressed ENet packet")
    at = 4 if peer & 0x8000 else 2
    while at + 4 <= len(udp):
        cmd, channel, seq = struct.unpack(">BBH", udp[at:at + 4])
        kind = cmd & 0x0F
        if kind == 2:
            yield "connect", channel, None, udp[at + 44:at + 48]
            at += 48
        elif kind in FIXED:
            at += FIXED[kind]
        elif kind == 6:
            (n,) = struct.unpack(">H", udp[at + 4:at + 6])
            yield "whole", channel, ("r", channel, seq), udp[at + 6:at + 6 + n]
            at += 6 + n
        elif kind in (7, 9):
            (n,) = struct.unpack(">H", udp[at + 6:at + 8])
            yield "whole", channel, None, udp[at + 8:at + 8 + n]
            at += 8 + n
        elif kind in (8, 12):
            start, n, count, number, total, offset = struct.unpack(
                ">HHIIII", udp[at + 4:at + 24])
            data = udp[at + 24:at + 24 + n]
            yield "frag", channel, (kind, channel, start, count, total,
                                    number, offset), data
            at += 24 + n
        else:
            raise ValueError("ENet command %d" % kind)


def main():
    cap = pcapfile.Pcap(sys.argv[1])
    server = int(sys.argv[2])
    ids = {server: 1}
    for a in sys.argv[3:]:
        port, pid = a.split("=")
        ids[int(port)] = int(pid)
    seen = set()
    frags = {}
    for rec in cap.records:
        data = rec.data[pcapfile.ip_offset(cap.link, rec.data):]
        ihl = (data[0] & 15) * 4
        if data[9] != 17:
            continue
        sport, dport = struct.unpack(">HH", data[ihl:ihl + 4])
        udp = data[ihl + 8:]
        src, dst = ids.get(sport), ids.get(dport)
        for what, channel, key, payload in commands(udp):
            if what == "connect":
                ids.setdefault(sport, struct.unpack(">I", payload)[0])
                continue
            src, dst = ids.get(sport), ids.get(dport)
            if what == "whole":
                if key is not None:
                    if (sport, dport, key) in seen:
                        continue
                    seen.add((sport, dport, key))
                out = payload
            else:
                kind, ch, start, count, total, number, offset = key
                fkey = (sport, dport, kind, ch, start)
                if (fkey, number) in seen:
                    continue
                seen.add((fkey, number))
                parts = frags.setdefault(fkey, {})
                parts[offset] = payload
                if sum(len(p) for p in parts.values()) < total:
                    continue
                out = b"".join(parts[o] for o in sorted(parts))
                del frags[fkey]
            print(json.dumps({"from": src, "to": dst, "channel": channel,
                              "hex": out.hex()}))


main()
