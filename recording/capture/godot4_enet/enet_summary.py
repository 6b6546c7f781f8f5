#!/usr/bin/env python3
"""Summarises the ENet datagrams of a recording (standard library only).

    enet_summary.py FILE.pcap [--dump] [--find TEXT ...]

Reads a classic pcap (Ethernet or Linux cooked v1/v2 link type) of IPv4/UDP
ENet traffic and parses every datagram as ENet 1.3 (the protocol Godot
bundles): the header (peer id, flags, sent time), then the commands. A
compressed datagram (header flag 0x4000) is inflated when zlib can (Godot's
COMPRESS_ZLIB); range coder, FastLZ and zstd bodies are counted, not read.

Prints: whether any datagram carried a checksum (a datagram that does not
parse exactly into commands without one is reported), the CONNECT
commands (with their data field: Godot puts the client's multiplayer id
there), counts of command type x channel x flags, and, with --find, which
command and channel carried each datagram whose payload holds TEXT (UTF-8).
--dump prints every datagram. Used to write tests/data/captures/enet/README.md;
not a test.
"""
import collections
import struct
import sys
import zlib

CMD = {1: "ACK", 2: "CONNECT", 3: "VERIFY_CONNECT", 4: "DISCONNECT",
       5: "PING", 6: "SEND_RELIABLE", 7: "SEND_UNRELIABLE",
       8: "SEND_FRAGMENT", 9: "SEND_UNSEQUENCED", 10: "BANDWIDTH_LIMIT",
       11: "THROTTLE_CONFIGURE", 12: "SEND_UNRELIABLE_FRAGMENT"}
SIZE = {1: 8, 2: 48, 3: 44, 4: 8, 5: 4, 6: 6, 7: 8, 8: 24, 9: 8, 10: 12,
        11: 16, 12: 24}


def packets(path):
    with open(path, "rb") as f:
        data = f.read()
    magic = data[:4]
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
        e = "<"
    elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        e = ">"
    else:
        raise SystemExit("%s: not a classic pcap" % path)
    nano = magic in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d")
    link = struct.unpack(e + "I", data[20:24])[0]
    at = 24
    while at + 16 <= len(data):
        sec, frac, incl, _ = struct.unpack(e + "IIII", data[at:at + 16])
        frame = data[at + 16:at + 16 + incl]
        at += 16 + incl
        if link == 1:
            if struct.unpack(">H", frame[12:14])[0] != 0x0800:
                continue
            ip = frame[14:]
        elif link == 113:
            ip = frame[16:]
        elif link == 276:
            ip = frame[20:]
        else:
            raise SystemExit("link type %d not handled" % link)
        if ip[0] >> 4 != 4 or ip[9] != 17:
            continue
        ihl = (ip[0] & 15) * 4
        sport, dport, ulen = struct.unpack(">HHH", ip[ihl:ihl + 6])
        t = sec + frac / (1e9 if nano else 1e6)
        yield t, sport, dport, ip[ihl + 8:ihl + ulen]


def parse(body):
    """ENet commands of a datagram body (after the header); None if it
    does not split exactly into commands."""
    cmds = []
    at = 0
    while at < len(body):
        if at + 4 > len(body):
            return None
        c, ch, rseq = struct.unpack(">BBH", body[at:at + 4])
        n = c & 15
        if n not in SIZE or at + SIZE[n] > len(body):
            return None
        fixed = body[at:at + SIZE[n]]
        d = {"cmd": CMD[n], "ack_flag": bool(c & 0x80),
             "unseq_flag": bool(c & 0x40), "channel": ch, "rseq": rseq}
        payload = b""
        if n == 2:
            (d["outgoing_peer_id"], _, _, d["mtu"], d["window"],
             d["channel_count"], _, _, _, _, _, d["connect_id"],
             d["data"]) = struct.unpack(">HBBIIIIIIIIII", fixed[4:])
        elif n == 3:
            (d["outgoing_peer_id"], _, _, d["mtu"], d["window"],
             d["channel_count"]) = struct.unpack(">HBBIII", fixed[4:20])
        elif n == 4:
            d["data"] = struct.unpack(">I", fixed[4:8])[0]
        elif n == 6:
            ln = struct.unpack(">H", fixed[4:6])[0]
            payload = body[at + 6:at + 6 + ln]
        elif n in (7, 9):
            d["seq2"], ln = struct.unpack(">HH", fixed[4:8])
            payload = body[at + 8:at + 8 + ln]
        elif n in (8, 12):
            (d["start_seq"], ln, d["frag_count"], d["frag_num"],
             d["total"], d["offset"]) = struct.unpack(">HHIIII", fixed[4:])
            payload = body[at + 24:at + 24 + ln]
        else:
            ln = 0
        if n in (6, 7, 8, 9, 12):
            if len(payload) != ln:
                return None
        d["payload"] = payload
        cmds.append(d)
        at += SIZE[n] + len(payload)
    return cmds


def main(argv):
    path = argv[1]
    dump = "--dump" in argv
    finds = []
    if "--find" in argv:
        finds = [a for a in argv[argv.index("--find") + 1:]
                 if not a.startswith("--")]
    counts = collections.Counter()
    bad = 0
    compressed = collections.Counter()
    total = 0
    found = collections.defaultdict(list)
    for t, sport, dport, dg in packets(path):
        total += 1
        pid, = struct.unpack(">H", dg[:2])
        hdr = 4 if pid & 0x8000 else 2
        body = dg[hdr:]
        comp = bool(pid & 0x4000)
        if comp:
            try:
                body = zlib.decompress(body)
                compressed["zlib (inflated)"] += 1
            except zlib.error:
                compressed["not zlib (not read)"] += 1
                if dump:
                    print("%.6f %d>%d peer=%d compressed %d bytes" % (
                        t, sport, dport, pid & 0xfff, len(body)))
                continue
        cmds = parse(body)
        if cmds is None:
            bad += 1
            print("%.6f %d>%d: does not parse without a checksum: %s" % (
                t, sport, dport, dg[:32].hex()))
            continue
        if dump:
            print("%.6f %d>%d peer=%d session=%d%s%s" % (
                t, sport, dport, pid & 0xfff, (pid >> 12) & 3,
                " sent_time" if hdr == 4 else "", " compressed" if comp else ""))
        for d in cmds:
            key = (d["cmd"], d["channel"],
                   ("ack " if d["ack_flag"] else "") +
                   ("unseq" if d["unseq_flag"] else ""))
            counts[key] += 1
            if d["cmd"] in ("CONNECT", "VERIFY_CONNECT", "DISCONNECT"):
                print("%.6f %d>%d %s" % (t, sport, dport, {
                    k: v for k, v in d.items() if k != "payload"}))
            if dump:
                extra = {k: v for k, v in d.items()
                         if k not in ("cmd", "payload", "ack_flag",
                                      "unseq_flag", "channel")}
                print("   %s ch=%d %s %s %s" % (
                    d["cmd"], d["channel"], key[2], extra,
                    d["payload"][:40].hex()))
            for s in finds:
                if s.encode() in d["payload"]:
                    found[s].append("%s ch=%d %s %d>%d" % (
                        d["cmd"], d["channel"], key[2], sport, dport))
    print("datagrams: %d; not parsed without a checksum: %d" % (total, bad))
    for k, v in sorted(compressed.items()):
        print("compressed datagrams, %s: %d" % (k, v))
    print("commands (type, ENet channel, flags): count")
    for k in sorted(counts):
        print("  %-26s ch=%-3d %-10s %d" % (k[0], k[1], k[2], counts[k]))
    for s in finds:
        print("%r: %s" % (s, "; ".join(found[s]) or "not found"))


if __name__ == "__main__":
    main(sys.argv)
