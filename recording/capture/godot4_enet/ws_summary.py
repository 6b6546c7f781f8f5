#!/usr/bin/env python3
"""Summarises the WebSocket traffic of a recording (standard library only).

    ws_summary.py FILE.pcap PORT [--dump] [--compare ENET.pcap]

Reads a classic pcap of IPv4/TCP on 127.0.0.1:PORT (recording/capture/
record_ws.sh: Godot 4's WebSocketMultiplayerPeer), puts each direction of
each connection back together (TCP retransmissions, which loopback has,
are counted and dropped), prints the HTTP upgrade request and answer, then
parses the rest as RFC 6455 frames: opcode, FIN, RSV bits, mask. Prints per
direction: frames by opcode, masked or not, how many TCP segments a frame
took, fragmented messages, close frames (code, reason), the first message
(Godot: the client's multiplayer id), and the SceneMultiplayer commands
(first byte & 7) of the binary messages. Clients are named client1,
client2... in the order they connected.

--compare ENET.pcap: the SceneMultiplayer packets of an ENet recording of
the same session (record_enet.sh godot4 ... none; ENet fragments put back
together), per client and direction, against the WebSocket messages: the
multiplayer ids (u32 LE and as decimal text) are replaced by client1 /
client2 first (ids from the sibling .events/ folders); prints how many are
byte-identical and the differences. Sync packets (first byte & 7 = 6) are
only counted: they carry timings and values that differ from run to run.
--dump prints every message. Used to write tests/data/captures/enet/
README.md; not a test.
"""
import collections
import glob
import json
import os
import struct
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))
sys.path.insert(0, here)
import pcapfile  # noqa: E402

CMDS = {0: "remote call", 1: "simplify path", 2: "confirm path", 3: "raw",
        4: "spawn", 5: "despawn", 6: "sync", 7: "system"}
OPS = {0: "continuation", 1: "text", 2: "binary", 8: "close", 9: "ping",
       10: "pong"}


def streams(path, port):
    """{(client port, 'c2s'|'s2c'): dict(data, segs, flags, retrans)},
    in connection order."""
    p = pcapfile.Pcap(path)
    out = collections.OrderedDict()
    for r in p.records:
        s = pcapfile.Segment(p.link, r.data)
        if not s.ok or s.proto != 6:
            continue
        c2s = s.dport == port
        key = (s.sport if c2s else s.dport, "c2s" if c2s else "s2c")
        t = r.sec + r.frac / (1e9 if p.nano else 1e6)
        if s.flags & 0x02:
            out.setdefault(key, {"isn": s.seq, "segs": {}, "flags": [],
                                 "retrans": 0})
            out[key]["flags"].append(("SYN", t))
            continue
        st = out.get(key)
        if st is None:
            continue
        for bit, n in ((0x01, "FIN"), (0x04, "RST")):
            if s.flags & bit:
                st["flags"].append((n, t))
        if s.payload:
            off = (s.seq - st["isn"] - 1) & 0xffffffff
            if off in st["segs"]:
                if st["segs"][off][0] != s.payload:
                    print("%s: retransmission at %d differs" % (key, off))
                st["retrans"] += 1
                continue
            st["segs"][off] = (s.payload, t)
    for st in out.values():
        buf = bytearray()
        bounds = []  # (end offset of a segment, time)
        for off in sorted(st["segs"]):
            pl, t = st["segs"][off]
            if off > len(buf):
                print("gap before %d" % off)
            if off + len(pl) <= len(buf):
                continue
            buf += pl[len(buf) - off:]
            bounds.append((len(buf), t))
        st["data"] = bytes(buf)
        st["bounds"] = bounds
    return out


def frames(data, at):
    """RFC 6455 frames from offset at: (start, end, fin, rsv, op, masked,
    key, payload unmasked)."""
    while at + 2 <= len(data):
        start = at
        b0, b1 = data[at], data[at + 1]
        n = b1 & 0x7f
        at += 2
        if n == 126:
            n, = struct.unpack(">H", data[at:at + 2])
            at += 2
        elif n == 127:
            n, = struct.unpack(">Q", data[at:at + 8])
            at += 8
        key = b""
        if b1 & 0x80:
            key = data[at:at + 4]
            at += 4
        pl = data[at:at + n]
        if len(pl) < n:
            print("  frame cut short at %d" % start)
            return
        if key:
            pl = bytes(c ^ key[i & 3] for i, c in enumerate(pl))
        at += n
        yield start, at, bool(b0 & 0x80), (b0 >> 4) & 7, b0 & 15, \
            bool(b1 & 0x80), key, pl


def ws_messages(path, port, dump=False, quiet=False):
    """Prints the summary; returns {(client label, dir): [messages]}."""
    out = {}
    st = streams(path, port)
    labels = {}
    for cport, _ in st:
        labels.setdefault(cport, "client%d" % (len(labels) + 1))
    for key, s in st.items():
        label = labels[key[0]]
        data = s["data"]
        pr = (lambda *a: None) if quiet else print
        pr("== %s %s (port %d): %d bytes, %d TCP segments with data, "
           "%d retransmitted, %s" % (
               label, key[1], key[0], len(data), len(s["bounds"]),
               s["retrans"], " ".join(f for f, _ in s["flags"])))
        end = data.find(b"\r\n\r\n")
        if end < 0:
            pr("  no HTTP header")
            continue
        pr("  HTTP: " + data[:end].decode("latin-1").replace(
            "\r\n", "\n        "))
        ends = [e for e, _ in s["bounds"]]
        ops = collections.Counter()
        masks = collections.Counter()
        seg_counts = collections.Counter()
        cmds = collections.Counter()
        msgs = []
        partial = None
        fragmented = 0
        for start, stop, fin, rsv, op, masked, mkey, pl in frames(
                data, end + 4):
            ops[OPS.get(op, op)] += 1
            masks["masked" if masked else "unmasked"] += 1
            if rsv:
                pr("  RSV bits %d at %d" % (rsv, start))
            # TCP segments that carry a part of this frame.
            segs = sum(1 for i, e in enumerate(ends)
                       if e > start and (i == 0 or ends[i - 1] < stop))
            seg_counts[segs] += 1
            if op == 8:
                code = struct.unpack(">H", pl[:2])[0] if len(pl) >= 2 else None
                pr("  close frame: code %s reason %r (%s)" % (
                    code, pl[2:].decode("utf-8", "replace"),
                    "masked" if masked else "unmasked"))
                continue
            if op in (9, 10):
                pr("  %s %s" % (OPS[op], pl.hex()))
                continue
            if op != 0:
                partial = (op, bytearray(pl))
            else:
                partial[1].extend(pl)
            if not fin:
                fragmented += 1
                continue
            op0, body = partial
            partial = None
            msgs.append(bytes(body))
            if op0 != 2:
                pr("  %s message: %r" % (OPS.get(op0, op0), bytes(body)[:60]))
        for i, m in enumerate(msgs):
            if i == 0 and key[1] == "s2c":
                continue
            cmds[CMDS[m[0] & 7] if m else "empty"] += 1
        pr("  frames: %s; %s; TCP segments a frame: %s; fragmented: %d" % (
            dict(ops), dict(masks), dict(sorted(seg_counts.items())),
            fragmented))
        if msgs:
            f = msgs[0]
            pr("  first message: %d bytes %s%s" % (len(f), f[:16].hex(), (
                " (u32 LE %d, BE %d)" % (struct.unpack("<I", f)[0],
                                         struct.unpack(">I", f)[0])
                if len(f) == 4 else "")))
        pr("  SceneMultiplayer commands (first byte & 7)%s: %s" % (
            ", after the id" if key[1] == "s2c" else "", dict(cmds)))
        sizes = sorted(len(m) for m in msgs)
        pr("  message sizes: min %d, max %d, %d messages" % (
            sizes[0], sizes[-1], len(sizes)) if sizes else "  no messages")
        if dump:
            for m in msgs:
                pr("    %5d %s" % (len(m), m[:48].hex()))
        out[(label, key[1])] = msgs[1:] if key[1] == "s2c" else msgs
    return out


def enet_messages(path):
    """{(client label, dir): [SceneMultiplayer packets]} of an ENet
    recording (uncompressed), fragments put back together."""
    import enet_summary
    out = collections.defaultdict(list)
    labels = {}
    server = None
    frags = {}
    seen = set()
    for t, sport, dport, dg in enet_summary.packets(path):
        pid, = struct.unpack(">H", dg[:2])
        if pid & 0x4000:
            raise SystemExit("compressed ENet datagram: use an uncompressed "
                             "recording")
        cmds = enet_summary.parse(dg[4 if pid & 0x8000 else 2:])
        for d in cmds or []:
            if d["cmd"] == "CONNECT":
                server = dport
                labels.setdefault(sport, "client%d" % (len(labels) + 1))
            if d["cmd"] not in ("SEND_RELIABLE", "SEND_UNRELIABLE",
                                "SEND_UNSEQUENCED", "SEND_FRAGMENT",
                                "SEND_UNRELIABLE_FRAGMENT"):
                continue
            c2s = dport == server
            key = (labels[sport if c2s else dport], "c2s" if c2s else "s2c")
            if d["cmd"] in ("SEND_RELIABLE", "SEND_FRAGMENT"):
                # ENet resends reliable commands until acknowledged.
                rk = (sport, dport, d["channel"], d["rseq"])
                if rk in seen:
                    continue
                seen.add(rk)
            if "FRAGMENT" in d["cmd"]:
                fk = (sport, dport, d["channel"], d["start_seq"], d["cmd"])
                f = frags.setdefault(fk, {"n": d["frag_count"],
                                          "total": d["total"], "parts": {}})
                f["parts"][d["offset"]] = d["payload"]
                if len(f["parts"]) == f["n"]:
                    body = b"".join(f["parts"][o] for o in sorted(f["parts"]))
                    out[key].append(body[:f["total"]])
                    del frags[fk]
                continue
            out[key].append(d["payload"])
    return out


def ids_of(events_dir):
    ids = {}
    for f in glob.glob(os.path.join(events_dir, "*.events.jsonl")):
        with open(f, encoding="utf-8") as fh:
            for line in fh:
                e = json.loads(line)
                if e.get("event") == "clients":
                    ids["client1"], ids["client2"] = e["client1"], e["client2"]
    return ids


def normalise(m, ids):
    for label, i in ids.items():
        tag = label.upper().encode()
        m = m.replace(struct.pack("<I", i), tag[:4] + tag[-1:])
        m = m.replace(str(i).encode(), tag)
    return m


def compare(ws, ws_path, enet_path):
    en = enet_messages(enet_path)
    ws_ids = ids_of(ws_path[:-5] + ".events")
    en_ids = ids_of(enet_path[:-5] + ".events")
    print("== compare with %s (ids: ws %s, enet %s)" % (
        os.path.basename(enet_path), ws_ids, en_ids))
    for key in sorted(set(ws) | set(en)):
        a = [normalise(m, ws_ids) for m in ws.get(key, [])]
        b = [normalise(m, en_ids) for m in en.get(key, [])]
        sa = collections.Counter(m for m in a if not m or m[0] & 7 != 6)
        sb = collections.Counter(m for m in b if not m or m[0] & 7 != 6)
        syn_a = sum(1 for m in a if m and m[0] & 7 == 6)
        syn_b = sum(1 for m in b if m and m[0] & 7 == 6)
        same = sum((sa & sb).values())
        print("  %s %s: websocket %d packets (%d sync), enet %d (%d sync); "
              "non-sync identical: %d; only websocket: %d; only enet: %d" % (
                  key[0], key[1], len(a), syn_a, len(b), syn_b, same,
                  sum((sa - sb).values()), sum((sb - sa).values())))
        for m, n in (sa - sb).items():
            print("    only websocket x%d: %d bytes %s" % (n, len(m),
                                                          m[:40].hex()))
        for m, n in (sb - sa).items():
            print("    only enet x%d: %d bytes %s" % (n, len(m), m[:40].hex()))
        # Same order of the non-sync packets?
        oa = [m for m in a if not m or m[0] & 7 != 6]
        ob = [m for m in b if not m or m[0] & 7 != 6]
        if oa == ob:
            print("    same packets in the same order")


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    path, port = argv[1], int(argv[2])
    ws = ws_messages(path, port, dump="--dump" in argv)
    if "--compare" in argv:
        compare(ws, path, argv[argv.index("--compare") + 1])


if __name__ == "__main__":
    main(sys.argv)
