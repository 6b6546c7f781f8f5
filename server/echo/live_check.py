#!/usr/bin/python3
"""Checks a live session of Godot 4 clients with a server (live_test.sh).

  live_check.py DIR [--baseline=DIR_GODOT] [--server=gdwire|godot]
                [--manifest=FILE]

DIR holds clientN.events.jsonl (server/echo/godot4_echo/main.gd, one per
client) and the server's log: server.jsonl (`gdwire serve-echo
--format=json`) or server.events.jsonl (the Godot baseline server). Checks:

  * every client finished ok and saw the server and every other client join;
  * every echo(...) a client sent on a reliable node came back as
    echo_reply(...) with the same arguments, in order; on an unreliable node
    every reply is one that was sent;
  * every chat(...) / chat_r(...) sent to one client (through the server's
    relay) or to everyone reached exactly its targets, from its sender, with
    its arguments; chat_u / chat_o (unreliable) at most that;
  * the server's own log: every call a client logged as sent and every
    reply it logged as received is there with the same node, method,
    argument texts (var_to_str), transfer mode and channel (the mode and
    channel of the method's @rpc config); relays in and out; joins and
    leaves; every relay goes out in the mode and on the channel it came in,
    which for a remote call is the method's @rpc config;
  * with --baseline: each client's reliable traffic (calls, replies, chats,
    raw bytes, with peer ids replaced by labels) is the same with this
    server as with the Godot server.

Prints what differs and exits 1 on any failure.
"""

import argparse
import collections
import glob
import json
import os
import sys

problems = []
notes = []

# Client-to-client calls through the relay: Main.chat (reliable, channel 0)
# and Main/Relay's chat_r (reliable, channel 2) must arrive exactly;
# chat_u (unreliable, channel 1) and chat_o (unreliable_ordered, channel 2)
# at most once, and only what was sent.
CHATS = {"chat", "chat_r"}
LOSSY_CHATS = {"chat_u", "chat_o"}


def fail(msg):
    problems.append(msg)


def read_lines(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                out.append(json.loads(line))
            except ValueError as e:
                fail("%s:%d: not JSON (%s)" % (path, n, e))
    return out


class Session:
    def __init__(self, d):
        self.dir = d
        self.clients = {}
        for p in sorted(glob.glob(os.path.join(d, "client*.events.jsonl"))):
            label = os.path.basename(p).split(".")[0]
            self.clients[label] = read_lines(p)
        if not self.clients:
            fail("%s: no client logs" % d)
        self.ids = {}
        for label, evs in self.clients.items():
            for e in evs:
                if e.get("event") == "connected":
                    self.ids[label] = e["self"]
            if label not in self.ids:
                fail("%s: %s never connected" % (d, label))
        self.labels = {v: k for k, v in self.ids.items()}
        self.labels[1] = "server"
        self.labels[0] = "all"
        self.gdwire_log = None
        self.godot_log = None
        if os.path.exists(os.path.join(d, "server.jsonl")):
            self.gdwire_log = read_lines(os.path.join(d, "server.jsonl"))
        if os.path.exists(os.path.join(d, "server.events.jsonl")):
            self.godot_log = read_lines(os.path.join(d, "server.events.jsonl"))

    def label(self, peer):
        if peer < 0:
            return "all but " + self.labels.get(-peer, str(-peer))
        return self.labels.get(peer, str(peer))


def node(path):
    """/root/Main/Rel0 -> Main/Rel0 (paths travel relative to /root)."""
    return path[len("/root/"):] if path.startswith("/root/") else path


def check_clients(s):
    for label, evs in s.clients.items():
        done = [e for e in evs if e.get("event") == "done"]
        if not done or not done[-1].get("ok"):
            errs = [e.get("what") for e in evs if e.get("event") == "error"]
            fail("%s: %s did not finish ok: %s" % (s.dir, label, errs))
        joined = {e["peer"] for e in evs if e.get("event") == "peer_connected"}
        want = {1} | {i for l, i in s.ids.items() if l != label}
        if not want <= joined:
            fail("%s: %s never saw %s join" % (
                s.dir, label, sorted(s.label(p) for p in want - joined)))
        # Echoes: per node, sent vs replies.
        sent = collections.defaultdict(list)
        got = collections.defaultdict(list)
        modes = {}
        for e in evs:
            if e.get("method") == "echo" and e.get("dir") == "send":
                sent[e["path"]].append(e["args"])
                modes[e["path"]] = e["mode"]
            if e.get("method") == "echo_reply" and e.get("dir") == "recv":
                got[e["path"]].append(e["args"])
        if not sent:
            fail("%s: %s sent no echo" % (s.dir, label))
        for path, calls in sent.items():
            replies = got.get(path, [])
            if modes[path] == "reliable":
                if replies != calls:
                    fail("%s: %s on %s: %d calls, %d replies, first "
                         "difference %s" % (s.dir, label, path, len(calls),
                                            len(replies),
                                            first_diff(calls, replies)))
            else:
                left = [tuple(a) for a in calls]
                for r in replies:
                    if tuple(r) in left:
                        left.remove(tuple(r))
                    else:
                        fail("%s: %s on %s: reply %s never sent" % (
                            s.dir, label, path, r))
                if left:
                    # ENet drops unreliable packets at the sender when its
                    # packet throttle falls (RTT spikes on a busy machine).
                    notes.append("%s: %s on %s: %d of %d unreliable calls "
                                 "not answered" % (s.dir, label, node(path),
                                                   len(left), len(calls)))
    # Chats: what each client sent reached exactly its targets (the lossy
    # ones at most).
    expect = collections.Counter()
    for label, evs in s.clients.items():
        me = s.ids.get(label)
        for e in evs:
            if e.get("method") not in CHATS | LOSSY_CHATS or \
                    e.get("dir") != "send":
                continue
            targets = ([e["peer"]] if e["peer"] > 0 else
                       [i for l, i in s.ids.items() if l != label])
            for t in targets:
                expect[(me, t, e["path"], e["method"], tuple(e["args"]))] += 1
    seen = collections.Counter()
    for label, evs in s.clients.items():
        me = s.ids.get(label)
        for e in evs:
            if e.get("method") in CHATS | LOSSY_CHATS and \
                    e.get("dir") == "recv":
                seen[(e["peer"], me, e["path"], e["method"],
                      tuple(e["args"]))] += 1
    lost = 0
    for k in set(expect) | set(seen):
        if expect[k] == seen[k]:
            continue
        if k[3] in LOSSY_CHATS and seen[k] < expect[k]:
            lost += expect[k] - seen[k]
            continue
        fail("%s: %s.%s%s from %s to %s: sent %d, received %d" % (
            s.dir, node(k[2]), k[3], list(k[4]), s.label(k[0]),
            s.label(k[1]), expect[k], seen[k]))
    if lost:
        notes.append("%s: %d unreliable chats lost" % (s.dir, lost))


def first_diff(a, b):
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            return "#%d: sent %s, got %s" % (i, x, y)
    return "none"


def check_gdwire_server(s, manifest):
    log = s.gdwire_log
    configs = {}
    if manifest:
        m = json.load(open(manifest, encoding="utf-8"))
        scripts = {sc["path"]: sc for sc in m["scripts"]}
        for scene in m["scenes"]:
            for n in scene["nodes"]:
                p = scene["root"] if n["path"] == "." else \
                    scene["root"] + "/" + n["path"]
                sc = scripts.get(n.get("script", ""))
                for r in (sc or {}).get("rpc_methods", []):
                    configs[(p, r["name"])] = (r["transfer_mode"], r["channel"])
    # Relays: (origin, target, relayed packet) -> [(mode, channel)] in / out.
    relay_in = collections.defaultdict(list)
    relay_out = collections.defaultdict(list)
    ins = collections.Counter()
    outs = collections.Counter()
    relays_out = collections.Counter()
    joins, leaves = set(), set()
    for e in log:
        ev = e.get("event")
        if ev == "connect":
            joins.add(e["peer"])
        elif ev == "disconnect":
            leaves.add(e["peer"])
        elif ev == "error":
            fail("%s: server error for %s: %s" % (s.dir, s.label(e["peer"]),
                                                  e.get("message")))
        elif ev == "reply_error":
            fail("%s: server could not reply to %s: %s" % (
                s.dir, s.label(e["peer"]), e.get("message")))
        elif ev == "packet":
            cmd = e.get("command")
            if cmd == "remote_call":
                key = (e["dir"], e["client"], e["node"]["path"],
                       e.get("method"), tuple(e.get("arg_texts", [])),
                       e["mode"], e["channel"])
                (ins if e["dir"] == "in" else outs)[key] += 1
                cfg = configs.get((e["node"]["path"], e.get("method")))
                if cfg and cfg != (e["mode"], e["channel"]):
                    fail("%s: server %s %s.%s in %s ch%d, its config is "
                         "%s ch%d" % (s.dir, e["dir"], e["node"]["path"],
                                      e.get("method"), e["mode"],
                                      e["channel"], cfg[0], cfg[1]))
            elif cmd == "sys" and e.get("sys") == "relay":
                rel = e.get("relayed", {})
                how = (e["mode"], e["channel"])
                if e["dir"] == "in":
                    relay_in[(e["client"], e.get("target"),
                              json.dumps(rel, sort_keys=True))].append(how)
                else:
                    relay_out[(e.get("origin"), e["client"],
                               json.dumps(rel, sort_keys=True))].append(how)
                    if rel.get("method") in CHATS | LOSSY_CHATS:
                        relays_out[(e["client"], e.get("origin"),
                                    rel.get("method"))] += 1
                if rel.get("command") == "remote_call":
                    cfg = configs.get((rel.get("node", {}).get("path"),
                                       rel.get("method")))
                    if cfg and cfg != how:
                        fail("%s: server relay %s %s.%s in %s ch%d, its "
                             "config is %s ch%d" % (
                                 s.dir, e["dir"], rel["node"]["path"],
                                 rel.get("method"), how[0], how[1], cfg[0],
                                 cfg[1]))
    # Every relay went out as it came in (one in, one out per target: a
    # Godot 4 client sends rpc() to everyone one peer at a time).
    for k, outs_how in relay_out.items():
        origin, target, rel = k
        ins_how = relay_in.get(k, [])
        if sorted(outs_how) != sorted(ins_how):
            fail("%s: server relayed %s from %s to %s as %s, it came in as "
                 "%s" % (s.dir, rel, s.label(origin), s.label(target),
                         outs_how, ins_how))
    for k, ins_how in relay_in.items():
        if k not in relay_out and k[1] in s.labels and k[1] > 0:
            fail("%s: server never relayed %s from %s to %s" % (
                s.dir, k[2], s.label(k[0]), s.label(k[1])))
    # Every echo_reply the server sent answers an echo it received.
    calls = collections.Counter()
    for (d, peer, path, method, args, _, _), n in ins.items():
        if method == "echo":
            calls[(peer, path, args)] += n
    for (d, peer, path, method, args, _, _), n in outs.items():
        if method == "echo_reply":
            if calls[(peer, path, args)] < n:
                fail("%s: the server answered %s.echo%s for %s without "
                     "that call in its log" % (s.dir, path, list(args),
                                                s.label(peer)))
            calls[(peer, path, args)] -= n
    for label, evs in s.clients.items():
        me = s.ids.get(label)
        if me not in joins or me not in leaves:
            fail("%s: server log lacks the join or leave of %s" % (s.dir,
                                                                   label))
        for e in evs:
            if "method" not in e:
                continue
            if e["dir"] == "send" and e["peer"] == 1:
                key = ("in", me, node(e["path"]), e["method"],
                       tuple(e["args"]), e["mode"], e["channel"])
            elif e["dir"] == "recv" and e["peer"] == 1:
                key = ("out", me, node(e["path"]), e["method"],
                       tuple(e["args"]), e["mode"], e["channel"])
            else:
                continue
            bag = ins if key[0] == "in" else outs
            if bag[key] > 0:
                bag[key] -= 1
            elif e["mode"] == "reliable" or key[0] == "out":
                fail("%s: %s %s %s.%s%s not in the server's log" % (
                    s.dir, label, "sent" if key[0] == "in" else "received",
                    key[2], key[3], list(key[4])))
        # Relays: every chat a client received from another client went out
        # from the server as a relay with that origin (the lossy ones: at
        # least as many went out).
        for other, oid in s.ids.items():
            if other == label:
                continue
            for method in sorted(CHATS | LOSSY_CHATS):
                n = sum(1 for e in evs if e.get("method") == method and
                        e.get("dir") == "recv" and e["peer"] == oid)
                r = relays_out[(me, oid, method)]
                if r != n and not (method in LOSSY_CHATS and r > n):
                    fail("%s: server relayed %d %s from %s to %s, %s "
                         "received %d" % (s.dir, r, method, other, label,
                                          label, n))


def check_godot_server(s):
    got = collections.Counter()
    for e in s.godot_log:
        if e.get("method") and e.get("dir") == "recv":
            got[(e["peer"], node(e["path"]), e["method"],
                 tuple(e["args"]))] += 1
    for label, evs in s.clients.items():
        me = s.ids.get(label)
        for e in evs:
            if e.get("dir") == "send" and e.get("method") and \
                    e["mode"] == "reliable" and e["peer"] in (0, 1):
                k = (me, node(e["path"]), e["method"], tuple(e["args"]))
                if got[k] <= 0:
                    fail("%s: the Godot server never got %s's %s%s" % (
                        s.dir, label, e["method"], list(e["args"])))
                else:
                    got[k] -= 1


def normalized(s, label):
    """A client's reliable traffic with peer ids as labels."""
    out = collections.Counter()
    evs = s.clients[label]
    reliable_raw = {e["raw"] for e in evs
                    if e.get("raw") and e.get("dir") == "send" and
                    e.get("mode") == "reliable"}
    for e in evs:
        if e.get("method") and e.get("mode") == "reliable":
            out[("rpc", e["dir"], s.label(e["peer"]), e["path"], e["method"],
                 tuple(e["args"]), e["channel"])] += 1
        elif e.get("raw") and (e.get("dir") == "send" or
                               e["raw"] in reliable_raw):
            out[("raw", e["dir"], s.label(e["peer"]), e["raw"],
                 e.get("mode", ""))] += 1
        elif e.get("event") == "peer_connected":
            out[("joined", s.label(e["peer"]))] += 1
    return out


def compare(base, s):
    for label in sorted(set(base.clients) | set(s.clients)):
        if label not in base.clients or label not in s.clients:
            fail("%s only in one session" % label)
            continue
        a, b = normalized(base, label), normalized(s, label)
        if a != b:
            only_a = list((a - b).elements())[:5]
            only_b = list((b - a).elements())[:5]
            fail("%s: differs from the Godot server's session: only with "
                 "Godot %s; only with this server %s" % (label, only_a,
                                                        only_b))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--baseline")
    ap.add_argument("--manifest")
    args = ap.parse_args()
    s = Session(args.dir)
    check_clients(s)
    if s.gdwire_log is not None:
        check_gdwire_server(s, args.manifest)
    if s.godot_log is not None:
        check_godot_server(s)
    if s.gdwire_log is None and s.godot_log is None:
        fail("%s: no server log" % args.dir)
    if args.baseline:
        base = Session(args.baseline)
        compare(base, s)
    calls = sum(1 for evs in s.clients.values() for e in evs
                if e.get("dir") == "send" and e.get("method"))
    for n in notes:
        print("note:", n)
    if problems:
        for p in problems[:40]:
            print("FAIL:", p)
        if len(problems) > 40:
            print("... and %d more" % (len(problems) - 40))
        return 1
    print("ok: %s: %d clients, %d calls sent%s" % (
        args.dir, len(s.clients), calls,
        ", same as with the Godot server" if args.baseline else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
