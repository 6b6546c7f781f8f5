#!/usr/bin/env python3
"""Flattens a real-engine corpus manifest.json into a tab-separated case list
for the C++ corpus tests (so they need no JSON library).

Usage: corpus_cases.py MANIFEST OUT

One line per case, fields (text fields hex-encoded UTF-8, '-' when absent):
  kind      value | decode
  name
  dialect   godot3 | godot4
  full      1 when written with full objects (decode with allow_objects)
  input     hex:<bytes> | file:<path relative to the corpus dir> | recipe:<r>
  expect    accept | reject
  text      engine text of the decoded value (hex UTF-8) or '-'
  reenc     the engine's re-encoding when it differs from the input, or '-'
  masks     undefined byte ranges "a-b,c-d" (don't-care bytes) or '-'
  godot_err the engine's Error name for a rejection (ERR_...) or '-'
"""
import json
import re
import sys


def hexu(s):
    return "-" if s is None else s.encode("utf-8", "surrogatepass").hex()


def recipe(c):
    m = re.match(r"recursion_(array|dict)_depth_(\d+)", c["name"])
    if m:
        return "recipe:%s_depth:%s" % (m.group(1), m.group(2))
    m = re.match(r"recursion_array_unterminated", c["name"])
    if m:
        return "recipe:array_unterminated:100000"
    raise SystemExit("unknown recipe: %s" % c["name"])


def main():
    manifest, out = sys.argv[1], sys.argv[2]
    m = json.load(open(manifest))
    dialect = m.get("dialect") or ("godot4" if m["engine_version"]["major"] == 4 else "godot3")
    rows = []
    for c in m["cases"]:
        if c.get("variant_type") == "stream":
            continue  # framed streams are tested by the framing test
        f = c.get("file") or (c["name"] + ".bin")
        masks = ",".join("%d-%d" % (a, b) for a, b in c.get("undefined_byte_ranges", [])) or "-"
        rows.append(["value", c["name"], dialect, "1" if c.get("full_objects") else "0",
                     "file:bin/" + f, "accept", hexu(c.get("decoded_text")),
                     c.get("engine_reencoded_hex") or "-", masks, "-"])
    for c in m["decode_cases"]:
        if c.get("input_hex") not in (None, "") or (c.get("input_hex") == "" and not c.get("input_recipe")):
            inp = "hex:" + c["input_hex"]
        elif c.get("input_file"):
            inp = "file:" + c["input_file"]
        else:
            inp = recipe(c)
        err = "-"
        for msg in c.get("engine_messages") or []:
            mm = re.search(r"Returned: (ERR_[A-Z_]+)", msg)
            if mm:
                err = mm.group(1)
                break
        reenc = c.get("engine_reencoded_hex") or c.get("reencoded_hex") or "-"
        text = c.get("result_text") if c["expect"] == "accept" else None
        rows.append(["decode", c["name"], dialect, "0", inp, c["expect"], hexu(text), reenc, "-", err])
    # Framed streams: kind "frame"; `reenc` holds the comma-separated payloads
    # (godot3) and `godot_err` the framing.
    import os
    fdir = os.path.join(os.path.dirname(manifest), "framing")
    if os.path.isdir(fdir):
        sv = json.load(open(os.path.join(fdir, "stream_values.json")))
        payloads = ",".join(v["var2bytes_hex"] for v in sv["values"])
        texts = ",".join(hexu(v["var2str"]) for v in sv["values"])
        for fname in sorted(sv["files"]):
            framing = ("packet-stream" if "packet_peer" in fname else
                       "stream-be" if "big_endian" in fname else "stream")
            rows.append(["frame", fname, dialect, "0", "file:framing/" + fname, "accept",
                         texts, payloads, "-", framing])
    for c in m["cases"]:
        if c.get("variant_type") == "stream":
            rows.append(["frame", c["name"], dialect, "0", "hex:" + c["hex"], "accept",
                         "-", "-", "-", "stream"])
    with open(out, "w") as f:
        for r in rows:
            f.write("\t".join(r) + "\n")


if __name__ == "__main__":
    main()
