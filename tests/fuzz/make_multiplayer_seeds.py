#!/usr/bin/env python3
# Seeds for multiplayer_fuzzer: every packet Godot 4.6.3 wrote in the
# given JSON-lines files (codec/multiplayer/testdata/godot4_packets.jsonl,
# godot4_enet_none_payloads.jsonl: {"from", "to", "channel", "hex"}), alone
# (mode 0) and each file as one session (mode 1), plus floods of path
# announcements and nested relays. Godot 3 ENet payloads
# (godot3_enet_payloads.jsonl, file names with "godot3") get mode bit 2 and
# their channel in bits 4-5.
#   make_multiplayer_seeds.py OUT_DIR PACKETS.jsonl...
import json
import os
import struct
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
n = 0
for k, src in enumerate(sys.argv[2:]):
    hops = []
    ids = {}
    g3 = "godot3" in os.path.basename(src)
    for line in open(src):
        rec = json.loads(line)
        if rec.get("kind", "packet") != "packet" or "hex" not in rec:
            continue
        pkt = bytes.fromhex(rec["hex"])
        mode = (0x04 | (rec["channel"] & 3) << 4) if g3 else 0
        with open(os.path.join(out, "packet_%04d" % n), "wb") as f:
            f.write(bytes([mode]) + pkt)
        n += 1
        if len(pkt) > 0xFFFF:
            continue
        # Multiplayer ids as small numbers (1 stays the server).
        a = ids.setdefault(rec["from"], 1 if rec["from"] == 1 else len(ids) + 2)
        b = ids.setdefault(rec["to"], 1 if rec["to"] == 1 else len(ids) + 2)
        hops.append(struct.pack("<BBBH", a, b, rec["channel"], len(pkt)) + pkt)
    with open(os.path.join(out, "session_engine_%d" % k), "wb") as f:
        f.write((b"\x05" if g3 else b"\x01") + b"".join(hops))
# A flood of path announcements (ids 1..40, long paths), then calls.
flood = []
md5 = b"0" * 32 + b"\x00"
for i in range(1, 41):
    pkt = b"\x01" + md5 + struct.pack("<I", i) + b"Main/" + b"n" * 40 + b"\x00"
    flood.append(struct.pack("<BBBH", 2, 1, 0, len(pkt)) + pkt)
    call = bytes([0x00, i, 0x00, 0x01, 0x02, i])
    flood.append(struct.pack("<BBBH", 2, 1, 0, len(call)) + call)
with open(os.path.join(out, "session_path_flood"), "wb") as f:
    f.write(b"\x01" + b"".join(flood))
# Relays around a spawn / sync / despawn.
inner_spawn = (b"\x04\xff" + struct.pack("<IIII", 1, 1, 1, 2) +
               struct.pack("<I", 2) + b"B\x00" + struct.pack("<I", 2) +
               b"\x02\x07")
relay = b"\x07\x03" + struct.pack("<i", 3) + inner_spawn
sync = b"\x06\x01\x00" + struct.pack("<II", 2, 2) + b"\x02\x05"
with open(os.path.join(out, "session_relays"), "wb") as f:
    f.write(b"\x01" + struct.pack("<BBBH", 2, 1, 0, len(relay)) + relay +
            struct.pack("<BBBH", 1, 3, 0, len(relay)) + relay +
            struct.pack("<BBBH", 1, 3, 0, len(sync)) + sync)
