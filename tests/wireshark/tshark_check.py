#!/usr/bin/python3
"""Compares what tshark with the gdwire plugin shows with `gdwire capture`.

  tshark_check.py GDWIRE.jsonl TSHARK.json [--subset] [--expected=DIR]
                  [--label=NAME]

GDWIRE.jsonl: `gdwire capture --format=json` (one object per message or
multiplayer event). TSHARK.json: `tshark -T json` with the fields
frame.number, ip.src, ipv6.src, ip.dst, ipv6.dst, tcp.srcport, tcp.dstport,
udp.srcport, udp.dstport, godot.transport, godot.text, godotmp.text,
godotmp.src, godotmp.dst,
_ws.malformed.expert, _ws.malformed.dissector_bug (tests/wireshark/
tshark_test.sh gives them).

Both are turned into lists of (source, destination, kind, text) in capture
order: put_var messages (tcp, udp, ws) and multiplayer events (enet, and ws
for WebSocketMultiplayerPeer), one list per direction (source,
destination). Without --subset the lists of every direction must be equal,
item for item (across directions the order may differ: a WebSocket peer id
is shown with the message that confirms it, which may come after another
connection's events), and no dissector may have thrown (Wireshark's "Malformed
Packet (Exception occurred)" or a dissector bug); with --subset (damaged captures) every item tshark
shows must be one gdwire capture has, in the same order (a subsequence).
With --expected=DIR (a damaged capture of a recording whose engine wrote
down what it sent: tests/data/captures/<engine>.expected/), the lists need
not be equal: every value tshark shows must be one the engine sent (its
var_to_str text a whole entry of DIR's files), so nothing it shows was made
up by a lost segment. Prints one summary line; the first differences on
failure. Exit 0 / 1.
"""

import json
import os
import sys


def gdwire_items(path):
    items = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            o = json.loads(line)
            kind = "mp" if "kind" in o else "value"
            items.append((o["src"], o["dst"], kind, o["text"]))
    return items


def first(layers, *names):
    for n in names:
        v = layers.get(n)
        if v:
            return v[0]
    return None


def endpoint(host, port):
    if host is None or port is None:
        return None
    return "[%s]:%s" % (host, port) if ":" in host else "%s:%s" % (host, port)


def tshark_items(path, malformed=None):
    with open(path, encoding="utf-8") as f:
        data = f.read()
    packets = json.loads(data) if data.strip() else []
    items = []
    for p in packets:
        layers = p["_source"]["layers"]
        if malformed is not None and ("_ws.malformed.expert" in layers or
                                      "_ws.malformed.dissector_bug" in layers):
            malformed.append(first(layers, "frame.number"))
        src_host = first(layers, "ip.src", "ipv6.src")
        dst_host = first(layers, "ip.dst", "ipv6.dst")
        sport = first(layers, "tcp.srcport", "udp.srcport")
        dport = first(layers, "tcp.dstport", "udp.dstport")
        src, dst = endpoint(src_host, sport), endpoint(dst_host, dport)
        for t in layers.get("godot.text", []):
            items.append((src, dst, "value", t))
        texts = layers.get("godotmp.text", [])
        srcs = layers.get("godotmp.src", [])
        dsts = layers.get("godotmp.dst", [])
        for i, t in enumerate(texts):
            # An event's own ends (a WebSocket peer id is shown with the
            # client's message that confirms it).
            items.append((srcs[i] if i < len(srcs) else src,
                          dsts[i] if i < len(dsts) else dst, "mp", t))
    return items


def by_direction(items):
    out = {}
    for x in items:
        out.setdefault((x[0], x[1]), []).append(x)
    return out


def is_subsequence(small, big):
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def engine_texts(directory):
    """Every file of DIR as one string, entries between newlines."""
    import glob
    text = ""
    for path in sorted(glob.glob(os.path.join(directory, "*.txt"))):
        if os.path.basename(path) == "ports.txt":
            continue
        with open(path, encoding="utf-8") as f:
            text += "\n" + f.read()
    return text


def main(argv):
    subset = "--subset" in argv
    expected = next((a.split("=", 1)[1] for a in argv
                     if a.startswith("--expected=")), None)
    label = next((a.split("=", 1)[1] for a in argv if a.startswith("--label=")),
                 "")
    paths = [a for a in argv[1:] if not a.startswith("--")]
    g = gdwire_items(paths[0])
    malformed = []
    t = tshark_items(paths[1], malformed)
    counts = "gdwire capture %d (%d values, %d events), tshark %d" % (
        len(g), sum(1 for x in g if x[2] == "value"),
        sum(1 for x in g if x[2] == "mp"), len(t))
    unknown = []
    if expected is not None:
        sent = engine_texts(expected)
        unknown = [x for x in t
                   if x[2] == "value" and "\n" + x[3] + "\n" not in sent]
        ok = not unknown
        counts += ", every value one the engine sent" if ok else (
            ", %d values the engine never sent" % len(unknown))
    elif subset:
        ok = is_subsequence(t, g)
    else:
        ok = by_direction(g) == by_direction(t) and not malformed
        if malformed:
            counts += ", %d frames where a dissector threw (%s ...)" % (
                len(malformed), ", ".join(malformed[:5]))
    print("%s %s: %s%s" % ("ok" if ok else "FAIL", label, counts,
                           " (subset)" if subset else ""))
    if not ok:
        for x in unknown[:5]:
            print("  not sent by the engine:", repr(x)[:300])
        if subset and not unknown:
            missing = [x for x in t if x not in set(g)]
            for x in missing[:5]:
                print("  tshark only:", repr(x)[:300])
        elif not unknown:
            gd, td = by_direction(g), by_direction(t)
            for key in sorted(set(gd) | set(td)):
                a_list, b_list = gd.get(key, []), td.get(key, [])
                if a_list == b_list:
                    continue
                for i in range(max(len(a_list), len(b_list))):
                    a = a_list[i] if i < len(a_list) else None
                    b = b_list[i] if i < len(b_list) else None
                    if a != b:
                        print("  %s -> %s: first difference at item %d" %
                              (key[0], key[1], i))
                        print("    gdwire:", repr(a)[:300])
                        print("    tshark:", repr(b)[:300])
                        break
                break
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
