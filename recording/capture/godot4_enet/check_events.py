#!/usr/bin/env python3
"""Checks the engines' logs of one recording against each other (standard
library only):

    check_events.py EVENTS_DIR

EVENTS_DIR holds <label>.events.jsonl of the server and the clients
(recording/capture/record_enet.sh; Godot 4 or Godot 3 projects). Every RPC and raw packet a process logged
as sent must be logged as received by its target (peer 0: every other
process) with the same method and arguments (var_to_str texts), property and value
(Godot 3 rset) or bytes, and every receive must match a send (receives
marked "local", a remotesync call run by its sender, are skipped). Prints the counts, the sends that were not
received (allowed for unreliable modes: loss; a failure for reliable ones)
and exits 1 on a lost reliable message or an unmatched receive.
"""
import collections
import glob
import json
import os
import sys


def key_of(e):
    if "raw" in e:
        return ("raw", e["raw"])
    if "property" in e:
        return (e["path"], "rset", e["property"], e["value"])
    return (e["path"], e["method"], tuple(e["args"]))


def main(d):
    logs = {}
    for f in sorted(glob.glob(os.path.join(d, "*.events.jsonl"))):
        with open(f, encoding="utf-8") as fh:
            logs[os.path.basename(f)[:-len(".events.jsonl")]] = [
                json.loads(line) for line in fh]
    ids = {}
    for label, evs in logs.items():
        for e in evs:
            if e.get("event") in ("server_started", "connected"):
                ids[label] = e["id"]
    missing = sorted(set(logs) - set(ids))
    if missing:
        print("no multiplayer id logged by: %s" % ", ".join(missing))
        return 1
    everyone = set(ids.values())
    pending = collections.Counter()
    modes = {}
    for label, evs in logs.items():
        me = ids[label]
        for e in evs:
            if e.get("dir") != "send":
                continue
            what = key_of(e)
            targets = [e["peer"]] if e["peer"] != 0 else sorted(everyone - {me})
            for t in targets:
                key = (me, t) + what
                pending[key] += 1
                modes[key] = e["mode"]
    unexpected = []
    got = 0
    for label, evs in logs.items():
        me = ids[label]
        for e in evs:
            if e.get("dir") != "recv" or e.get("local"):
                continue
            what = key_of(e)
            key = (e["peer"], me) + what
            if pending[key] > 0:
                pending[key] -= 1
                got += 1
            else:
                unexpected.append(key)
    lost = [(k, n) for k, n in pending.items() if n > 0]
    bad = [k for k, _ in lost if modes[k] == "reliable"] + unexpected
    print("ids: %s" % ids)
    print("received as sent: %d; not received: %d (reliable: %d); "
          "received but not sent: %d" % (
              got, sum(n for _, n in lost),
              sum(n for k, n in lost if modes[k] == "reliable"),
              len(unexpected)))
    for k, n in lost:
        print("  not received (%s) x%d: %s" % (modes[k], n, str(k)[:160]))
    for k in unexpected:
        print("  received, not sent: %s" % str(k)[:160])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
