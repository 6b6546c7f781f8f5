#!/usr/bin/env python3
"""Checks `gdwire capture --format=json` on a godot4_game recording against
the engines' logs (a generalised copy of recording/capture/enet_check.py):

  game_check.py GDWIRE CAPTURE EVENTS_DIR [--manifest=FILE]

* every logged RPC received: a decoded hop to that process from that origin
  (relays unwrapped) with the same FULL node path (minus "/root/"), method
  name, var_to_str argument texts, transfer mode and channel;
* every logged RPC sent: a decoded hop from the sender (direct or relayed)
  toward the target;
* every decoded remote call executed by a process was logged by it;
* every logged synchronized / delta_synchronized signal: a decoded sync
  block to that process for that synchronizer path whose values agree with
  the logged properties (by name from the manifest; by the replication
  config's order without one), and every decoded sync block agrees with
  the logged state of that node at some point (the props of a later
  signal); spawns and despawns counted per client.
With --manifest every method must be named (`#N` is a mismatch); without,
`#N` method ids are named from the script of the node
(player.gd / board.gd / net.gd, names sorted).
"""
import collections, json, re, subprocess, sys, os

HERE = os.path.dirname(os.path.abspath(__file__))
# The replication configs (player.tscn PSync, world.tscn BoardSync).
SYNC = {"PSync": {"sync": ["pos", "speed"], "watch": ["hp", "tag"],
                  "spawn": ["pos", "hp", "tag"]},
        "BoardSync": {"sync": ["counter"], "watch": ["title", "grid"],
                      "spawn": ["title", "counter"]}}


def rpc_names(script):
    lines = open(os.path.join(HERE, script), encoding="utf-8").read().splitlines()
    names = []
    for i, l in enumerate(lines):
        if l.strip().startswith("@rpc"):
            m = re.match(r"\s*func\s+(\w+)", lines[i + 1])
            names.append(m.group(1))
    return sorted(names)


SCRIPTS = {"Net": rpc_names("net.gd"), "World/Board": rpc_names("board.gd"),
           "player": sorted(rpc_names("player.gd") + rpc_names("actor.gd"))}


def script_of(path):
    if path.startswith("World/Players/"):
        return SCRIPTS["player"]
    return SCRIPTS.get(path)


def strip_root(p):
    return p[len("/root/"):] if p.startswith("/root/") else p


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = [a for a in sys.argv[1:] if a.startswith("--")]
    gdwire, capture, folder = args
    procs = {}
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".events.jsonl"):
            continue
        evs = [json.loads(l) for l in open(os.path.join(folder, f), encoding="utf-8")]
        me = [e["id"] for e in evs if e.get("event") in ("server_started", "connected")][-1]
        procs[me] = {"label": f.split(".")[0], "events": evs}
    run = subprocess.run([gdwire, "capture", "--format=json"] + opts + [capture],
                         capture_output=True, text=True)
    problems = [l for l in run.stderr.splitlines() if l.startswith("gdwire")]
    dec = [json.loads(l) for l in run.stdout.splitlines() if l.strip()]
    named = any(o.startswith("--manifest=") for o in opts)  # `#N` fails
    hops = []
    for d in dec:
        ev = d.get("event") or {}
        rel = ev.get("relayed")
        body = rel if rel else ev
        origin = ev.get("origin") if rel else d["src_peer"]
        target = ev.get("target") if rel else d["dst_peer"]
        cmd = body.get("command")
        content = None
        if cmd == "remote_call":
            node = d.get("node", "")
            m = d.get("method", "")
            if m.startswith("#") and not named:
                names = script_of(node)
                m = names[int(m[1:])] if names and int(m[1:]) < len(names) else m
            texts = tuple(d["values"][0]["texts"]) if d.get("values") else ()
            content = ("rpc", node, m, texts)
        hops.append(dict(d=d, frm=d["src_peer"], to=d["dst_peer"], origin=origin,
                         target=target, relay=bool(rel), content=content, cmd=cmd,
                         body=body, mode=d.get("delivery"), channel=d.get("channel")))
    errors = []
    stats = collections.Counter()

    def lc(e):
        return ("rpc", strip_root(e["path"]), e["method"], tuple(e["args"]))

    used = set()
    for me, p in procs.items():
        for e in p["events"]:
            if e.get("dir") != "recv" or e.get("local"):
                continue
            stats["recv"] += 1
            c = lc(e)
            hit = None
            for i, h in enumerate(hops):
                if i in used or h["to"] != me or h["origin"] != e["peer"]:
                    continue
                if h["relay"] and h["target"] != me:
                    continue
                if h["content"] == c and h["mode"] == e["mode"] and h["channel"] == e["channel"]:
                    hit = i
                    break
            if hit is None:
                near = [h for h in hops if h["to"] == me and h["origin"] == e["peer"]
                        and h["content"] and h["content"][3] == c[3]]
                errors.append(f"{p['label']} recv {c} {e['mode']} ch{e['channel']} "
                              f"from {e['peer']}: not decoded; nearest: " +
                              "; ".join(h["d"]["text"][:160] + f" [{h['mode']} ch{h['channel']}]"
                                        for h in near[:2]))
            else:
                used.add(hit)
                stats["recv_ok"] += 1
    for me, p in procs.items():
        for e in p["events"]:
            if e.get("dir") != "send":
                continue
            stats["send"] += 1
            c = lc(e)
            ok = False
            for h in hops:
                if h["frm"] != me or h["origin"] != me or h["content"] != c:
                    continue
                if h["mode"] != e["mode"] or h["channel"] != e["channel"]:
                    continue
                if me == 1:
                    ok = e["peer"] == 0 or h["to"] == e["peer"]
                elif e["peer"] in (0, 1):
                    ok = e["peer"] == 0 or not h["relay"]
                else:
                    ok = h["relay"] and h["target"] == e["peer"]
                if ok:
                    break
            if ok:
                stats["send_ok"] += 1
            else:
                errors.append(f"{p['label']} sent {c} to {e['peer']}: not decoded")
    for i, h in enumerate(hops):
        if h["content"] is None or i in used:
            continue
        if h["relay"] and h["to"] == 1:
            continue
        errors.append(f"decoded {h['d']['text'][:150]} that no engine logged")
    # Syncs.
    for me, p in procs.items():
        blocks = []  # (kind, node path, {name: text})
        for h in hops:
            if h["to"] != me or h["cmd"] != "sync":
                continue
            if h["relay"] and h["target"] != me:
                continue
            b = h["body"]
            for g, blk in zip(h["d"].get("values", []), b.get("blocks", [])):
                path = g["node"]
                cfg = SYNC[path.rsplit("/", 1)[-1]]
                names = blk.get("properties")
                if not names or None in names:  # [null]: a synchronizer the manifest lacks
                    if b.get("delta"):
                        names = [n for i, n in enumerate(cfg["watch"]) if blk.get("mask", 0) >> i & 1]
                    else:
                        names = cfg["sync"]
                blocks.append(("delta" if b.get("delta") else "full", path,
                               dict(zip(names, g["texts"])), h["d"]["text"]))
        stats["sync_blocks"] += len(blocks)
        matched = set()
        for e in p["events"]:
            ev = e.get("event")
            if ev not in ("synchronized", "delta_synchronized"):
                continue
            stats["sync_ev"] += 1
            path = strip_root(e["path"])
            kind = "full" if ev == "synchronized" else "delta"
            found = None
            for i, (k, bp, vals, _) in enumerate(blocks):
                if k == kind and bp == path and all(e["props"].get(n) == t for n, t in vals.items()):
                    found = i
                    if i not in matched:
                        break
            if found is None:
                near = [b[3][:170] for b in blocks if b[0] == kind and b[1] == path][:1]
                errors.append(f"{p['label']}: {ev} {path} {e['props']} not decoded; e.g. {near}")
            else:
                matched.add(found)
                stats["sync_ok"] += 1
        for i, (k, bp, vals, text) in enumerate(blocks):
            if i not in matched:
                stats["sync_block_unmatched"] += 1
        spawns = [h for h in hops if h["to"] == me and h["cmd"] == "spawn"]
        desp = [h for h in hops if h["to"] == me and h["cmd"] == "despawn"]
        ls = [e for e in p["events"] if e.get("event") == "spawned"]
        ld = [e for e in p["events"] if e.get("event") == "despawned"]
        if me != 1:
            names = sorted(h["body"].get("name") for h in spawns)
            if names != sorted(e["name"] for e in ls):
                errors.append(f"{p['label']}: spawns decoded {names}, logged {[e['name'] for e in ls]}")
            if len(desp) != len(ld):
                errors.append(f"{p['label']}: {len(desp)} despawns decoded, {len(ld)} logged")
            stats["spawn_ok"] += len(ls)
    print("\n".join(errors[:60]))
    print(f"{'FAIL' if errors else 'ok'}: rpc recv {stats['recv_ok']}/{stats['recv']}, "
          f"sent {stats['send_ok']}/{stats['send']}, sync signals {stats['sync_ok']}/{stats['sync_ev']}"
          f" (decoded blocks {stats['sync_blocks']}, {stats['sync_block_unmatched']} not tied to a signal),"
          f" spawns {stats['spawn_ok']}, {len(errors)} mismatches, {len(problems)} gdwire problems")
    for pr in problems[:10]:
        print("  ", pr)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
