#!/usr/bin/env python3
"""Checks `gdwire capture` on an ENet multiplayer recording against what the
engines logged while it was recorded (recording/capture/record_enet.sh,
tests/data/captures/enet/README.md).

  enet_check.py GDWIRE CAPTURE EVENTS_DIR SCRIPT.gd [--flag=F ...]
                [--lossy] [--min-fraction=X] [--problems=N]

EVENTS_DIR holds one <label>.events.jsonl per engine process (server,
client1, client2). SCRIPT.gd is the recording project's script: its @rpc
methods sorted by name are the method ids (used when gdwire prints `#N`,
i.e. without a manifest).

Runs `GDWIRE capture --format=json [--flag...] CAPTURE` and checks, for the
Godot 4 SceneMultiplayer traffic:

  * every RPC and send_bytes an engine logged as received: a decoded packet
    delivered to that process, from that origin (relays unwrapped), with the
    same node, method, argument texts (var_to_str), transfer mode and
    channel, used once;
  * every one logged as sent: a decoded packet from that process to that
    target (directly or by relay);
  * every decoded remote call or raw packet that its receiver executes is
    one the receiver logged (nothing decoded that the engine did not get);
  * each client's spawns (name, state values), despawns, and the values of
    every `synchronized` / `delta_synchronized` signal among the decoded
    sync blocks to that client;
  * connects and disconnects: one connect per client with its id.

--any-mode: transfer modes and channels are not compared (WebSocket).
--names: gdwire must name every method (a manifest is given with
--flag=--manifest=FILE): `#N` counts as a mismatch.
--lossy (damaged copies): decoded packets must still each be logged, but
logged ones may be missing: at least --min-fraction of them (default 0.5)
must be found. --problems=N: gdwire must report exactly N problems (default
0; with --lossy any number); --min-problems=N: at least N. Exit 0 when
all holds.
"""

import collections
import json
import re
import subprocess
import sys


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def rpc_names(script):
    names = []
    lines = open(script, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith("@rpc"):
            for nxt in lines[i + 1:i + 3]:
                m = re.match(r"\s*func\s+(\w+)", nxt)
                if m:
                    names.append(m.group(1))
                    break
    # The engine's method ids: the names sorted (StringName order is the
    # byte order of their UTF-8 for ASCII names).
    return sorted(names)


def strip_root(path):
    return path[len("/root/"):] if path.startswith("/root/") else path


def load_logs(folder):
    import glob
    import os
    procs = {}
    for f in sorted(glob.glob(os.path.join(folder, "*.events.jsonl"))):
        events = [json.loads(l) for l in open(f, encoding="utf-8") if l.strip()]
        me = None
        for e in events:
            # A WebSocket client learns its id at "connected" (its
            # client_started says 0).
            if e.get("event") in ("server_started", "client_started",
                                  "connected") and e.get("id"):
                me = e["id"]
        if me is None:
            fail(f"{f}: no server_started/client_started line")
        procs[me] = {"label": os.path.basename(f).split(".")[0], "events": events}
    return procs


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = [a for a in sys.argv[1:] if a.startswith("--")]
    if len(args) != 4:
        print(__doc__)
        sys.exit(2)
    gdwire, capture, folder, script = args
    flags = [o[len("--flag="):] for o in opts if o.startswith("--flag=")]
    lossy = "--lossy" in opts
    min_fraction = 0.5
    problems_want = None if lossy else 0
    min_problems = 0
    for o in opts:
        if o.startswith("--min-problems="):
            min_problems = int(o.split("=", 1)[1])
        if o.startswith("--min-fraction="):
            min_fraction = float(o.split("=", 1)[1])
        if o.startswith("--problems="):
            problems_want = int(o.split("=", 1)[1])
    names = rpc_names(script)
    procs = load_logs(folder)
    server = 1
    if server not in procs:
        fail("no server log (id 1)")

    run = subprocess.run([gdwire, "capture", "--format=json"] + flags +
                         [capture], capture_output=True, text=True)
    problems = [l for l in run.stderr.splitlines() if l.startswith("gdwire capture:")]
    if problems_want is not None and len(problems) != problems_want:
        fail(f"{len(problems)} problems, want {problems_want}:\n" +
             "\n".join(problems[:20]))
    if len(problems) < min_problems:
        fail(f"{len(problems)} problems, want at least {min_problems}")
    decoded = [json.loads(l) for l in run.stdout.splitlines() if l.strip()]
    # Multiplayer events (ENet, or WebSocketMultiplayerPeer) have a kind;
    # put_var messages do not.
    enet = [d for d in decoded if "kind" in d]
    if not enet:
        fail("no multiplayer event decoded")
    if len(enet) != len(decoded):
        fail("a flow of the recording was decoded as put_var values")

    names_only = "--names" in opts
    # WebSocket: one reliable ordered stream; modes and channels leave no
    # trace on the wire.
    any_mode = "--any-mode" in opts

    def method_name(m):
        if m.startswith("#") and names_only:
            return m  # a name was due: never equal to the log's
        if m.startswith("#"):
            i = int(m[1:])
            return names[i] if i < len(names) else m
        return m

    # Decoded packets as hops with their content.
    hops = []
    for d in enet:
        ev = d.get("event") or {}
        relayed = ev.get("relayed")
        origin = ev.get("origin", d["src_peer"]) if relayed else d["src_peer"]
        target = ev.get("target", d["dst_peer"]) if relayed else d["dst_peer"]
        body = relayed if relayed else ev
        processed = True
        if "source" in ev:  # Godot 3: the 8-byte header names both ends
            origin, target = ev["source"], ev["target"]
            relayed = origin != d["src_peer"] or target != d["dst_peer"]
            processed = ev.get("processed", True)
        cmd = body.get("command")
        content = None
        texts = tuple(d["values"][0]["texts"]) if d.get("values") else ()
        if cmd == "remote_call":
            content = ("rpc", d.get("node", ""), method_name(d.get("method", "")),
                       texts)
        elif cmd == "remote_set":
            content = ("rset", d.get("node", ""), d.get("method", ""), texts)
        elif cmd == "raw":
            content = ("raw", body.get("bytes", ""))
        hops.append({"d": d, "from": d["src_peer"], "to": d["dst_peer"],
                     "origin": origin, "target": target, "relay": bool(relayed),
                     "content": content, "cmd": cmd, "processed": processed,
                     "mode": d.get("delivery"), "channel": d.get("channel")})

    def log_content(e):
        if "raw" in e:
            return ("raw", e["raw"])
        if "property" in e:  # Godot 3 rset
            return ("rset", strip_root(e["path"]), e["property"],
                    (e["value"],))
        return ("rpc", strip_root(e["path"]), e["method"], tuple(e["args"]))

    def on_wire(e):
        # Godot 3's remotesync runs in its sender too: not on the wire.
        return not e.get("local")

    errors = []
    # Received: one decoded hop each.
    used = set()
    want_recv = found_recv = 0
    for me, p in procs.items():
        for e in p["events"]:
            if e.get("dir") != "recv" or not on_wire(e):
                continue
            want_recv += 1
            c = log_content(e)
            hit = None
            for i, h in enumerate(hops):
                if (i not in used and h["to"] == me and h["origin"] == e["peer"]
                        and h["content"] == c
                        and (any_mode or e.get("mode") in (None, h["mode"]))
                        and (any_mode or
                             e.get("channel") in (None, h["channel"]))):
                    hit = i
                    break
            if hit is None:
                if not lossy:
                    errors.append(f"{p['label']} received {c[:3]} "
                                  f"{e.get('mode')} ch{e.get('channel')} from "
                                  f"{e['peer']}: not decoded")
            else:
                used.add(hit)
                found_recv += 1
    # Sent: a decoded hop from the sender toward the target.
    want_send = found_send = 0
    for me, p in procs.items():
        for e in p["events"]:
            if e.get("dir") != "send" or not on_wire(e):
                continue
            want_send += 1
            c = log_content(e)
            ok = False
            for h in hops:
                if h["from"] != me or h["content"] != c or h["origin"] != me:
                    continue
                if not any_mode and (
                        e.get("mode") not in (None, h["mode"]) or
                        e.get("channel") not in (None, h["channel"])):
                    continue
                if me == server:
                    ok = e["peer"] == 0 or h["to"] == e["peer"]
                elif e["peer"] == 0:
                    ok = True  # to the server directly, relays to the others
                elif e["peer"] == server:
                    ok = not h["relay"]
                else:
                    ok = h["relay"] and h["target"] == e["peer"]
                if ok:
                    break
            if ok:
                found_send += 1
            elif not lossy:
                errors.append(f"{p['label']} sent {c[:3]} to {e['peer']}: "
                              "not decoded")
    # Nothing decoded that was not received: hops the receiver executes.
    extra = 0
    for i, h in enumerate(hops):
        if h["content"] is None or i in used:
            continue
        if h["relay"] and h["to"] == server and h["target"] not in (0, server):
            continue  # the server only forwards it
        if not h["processed"]:
            continue
        if h["to"] not in procs:
            continue
        extra += 1
        errors.append(f"decoded {h['content'][:3]} {h['from']} -> {h['to']} "
                      f"(origin {h['origin']}) that no engine logged")
    # Spawns, despawns and synced values, per client.
    for me, p in procs.items():
        if me == server:
            continue
        got = [h for h in hops if h["to"] == me]
        spawns = collections.Counter()
        for h in got:
            if h["cmd"] == "spawn":
                g = h["d"]["values"][0]
                spawns[(g["node"], tuple(g["texts"]))] += 1
        full = collections.Counter()
        delta = collections.Counter()
        for h in got:
            if h["cmd"] != "sync":
                continue
            body = h["d"]["event"].get("relayed") or h["d"]["event"]
            blocks = body.get("blocks", [])
            for g, b in zip(h["d"].get("values", []), blocks):
                name = g["node"].rsplit("/", 1)[-1]
                if body.get("delta"):
                    # Only the properties of the mask travel: keep them by
                    # their index in the config (label, score).
                    bits = [i for i in range(2) if b.get("mask", 0) >> i & 1]
                    delta[(name, tuple(zip(bits, g["texts"])))] += 1
                else:
                    full[(name, tuple(g["texts"]))] += 1
        despawns = sum(1 for h in got if h["cmd"] == "despawn")
        logged_despawns = 0
        for e in p["events"]:
            ev = e.get("event")
            props = e.get("props", {})
            if ev == "spawned":
                key = (e["name"], (props.get("pos"), props.get("hp"),
                                   props.get("label")))
                if spawns[key] > 0:
                    spawns[key] -= 1
                elif not lossy:
                    errors.append(f"{p['label']}: spawn of {e['name']} with "
                                  f"{key[1]} not decoded")
            elif ev == "despawned":
                logged_despawns += 1
            elif ev in ("synchronized", "delta_synchronized"):
                node = e["path"].split("/")[-2]
                if ev == "synchronized":
                    seen = full[(node, (props.get("pos"), props.get("hp")))] > 0
                else:
                    # A delta with any subset of (label, score) that agrees.
                    both = (props.get("label"), props.get("score"))
                    seen = any(
                        n == node and all(both[i] == t for i, t in pairs)
                        for (n, pairs), k in delta.items() if k > 0)
                vals = props
                if not seen and not lossy:
                    errors.append(f"{p['label']}: {ev} {node} {vals} not among "
                                  "the decoded sync blocks")
        if not lossy and despawns != logged_despawns:
            errors.append(f"{p['label']}: {despawns} despawns decoded, "
                          f"{logged_despawns} logged")
    # Connects.
    connects = {d["src_peer"] for d in enet if d["kind"] == "connect"}
    connects |= {d["dst_peer"] for d in enet if d["kind"] == "peer_id"}
    clients = {me for me in procs if me != server}
    if not lossy and connects != clients:
        errors.append(f"connects of {sorted(connects)}, clients {sorted(clients)}")

    if lossy:
        frac = (found_recv + found_send) / max(1, want_recv + want_send)
        if frac < min_fraction:
            errors.append(f"only {found_recv}/{want_recv} received and "
                          f"{found_send}/{want_send} sent found ({frac:.2f} < "
                          f"{min_fraction})")
    if errors:
        print("\n".join(errors[:40]))
        fail(f"{len(errors)} mismatches")
    print(f"ok: {found_recv}/{want_recv} received, {found_send}/{want_send} "
          f"sent, {len(enet)} ENet events, {len(problems)} problems")


if __name__ == "__main__":
    main()
