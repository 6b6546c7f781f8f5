#!/usr/bin/python3
"""A recorded gdwire serve-echo session, as `gdwire capture` reads it.

  capture_check.py CAPTURE_JSONL SERVER_JSONL

CAPTURE_JSONL: `gdwire capture --format=json --manifest=...` of the
session's pcap (server/echo/record.sh); SERVER_JSONL: serve-echo's own JSON
log of the same session. Every packet the server logged as received or
sent must be a multiplayer event of the capture with the same fields (hop,
channel, command, node, method, arguments, relays) and transfer mode, and
the other way round; the peers that joined and left must be the same.
Exits 1 on a difference.
"""

import collections
import json
import sys


def canon(d):
    return json.dumps(d, sort_keys=True, ensure_ascii=False)


def main():
    cap_path, server_path = sys.argv[1:3]
    cap = collections.Counter()
    cap_joins, cap_leaves = set(), set()
    with open(cap_path, encoding="utf-8") as f:
        for line in f:
            e = json.loads(line)
            if e.get("transport") != "enet":
                continue
            if e["kind"] == "connect":
                cap_joins.add(e["src_peer"])
            elif e["kind"] == "disconnect":
                cap_leaves.add(e["src_peer"] if e["src_peer"] != 1
                               else e["dst_peer"])
            elif e.get("event") is not None:
                cap[(canon(e["event"]), e["delivery"])] += 1
    srv = collections.Counter()
    joins, leaves = set(), set()
    with open(server_path, encoding="utf-8") as f:
        for line in f:
            e = json.loads(line)
            if e.get("event") == "connect":
                joins.add(e["peer"])
            elif e.get("event") == "disconnect":
                leaves.add(e["peer"])
            elif e.get("event") == "packet":
                mode = e["mode"]
                for k in ("event", "dir", "client", "mode", "arg_texts"):
                    e.pop(k, None)
                srv[(canon(e), mode)] += 1
    bad = 0
    for what, a, b in (("in the server's log, not in the capture", srv, cap),
                       ("in the capture, not in the server's log", cap, srv)):
        extra = a - b
        for (ev, mode), n in list(extra.items())[:10]:
            print("FAIL: %s (%dx, %s): %s" % (what, n, mode, ev[:300]))
        bad += sum(extra.values())
    if joins != cap_joins:
        print("FAIL: joins differ: server %s, capture %s" % (sorted(joins),
                                                            sorted(cap_joins)))
        bad += 1
    if not leaves <= cap_leaves:
        print("FAIL: leaves differ: server %s, capture %s" % (
            sorted(leaves), sorted(cap_leaves)))
        bad += 1
    if bad:
        return 1
    print("ok: %d packets, %d peers: the capture reads what the server "
          "logged" % (sum(srv.values()), len(joins)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
