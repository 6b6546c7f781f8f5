#!/usr/bin/env python3
"""Flattens a real-engine corpus manifest.json into a tab-separated case list
for the C++ corpus tests (so they need no JSON library).

Usage: corpus_cases.py MANIFEST OUT

One line per case, fields (text fields hex-encoded UTF-8, '-' when absent):
  kind      value | decode | engine (Pandemonium: the engine's own read-back
            of a value case, defects included) | frame
  name
  dialect   godot3 | godot4 | pandemonium | pandemonium4
  full      1 when written with full objects (decode with allow_objects)
  input     hex:<bytes> | file:<path relative to the corpus dir> | recipe:<r>
  expect    accept | reject
  text      engine text of the decoded value (hex UTF-8) or '-'
  reenc     the engine's re-encoding when it differs from the input, or '-'
  masks     undefined byte ranges "a-b,c-d" (don't-care bytes) or '-'
  godot_err the engine's Error name for a rejection (ERR_...) or '-'
"""
import json
import os
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


# Pandemonium type ids (core/variant/variant.h): 5.x, and 4.x without the
# two typed arrays.
P5 = ["nil", "bool", "int", "real", "string", "rect2", "rect2i", "vector2",
      "vector2i", "vector3", "vector3i", "vector4", "vector4i", "plane",
      "quaternion", "aabb", "basis", "transform", "transform2d", "projection",
      "color", "node_path", "rid", "object", "string_name", "dictionary",
      "array", "typed_array", "packed_typed_array", "pool_byte", "pool_int",
      "pool_real", "pool_string", "pool_vector2", "pool_vector2i",
      "pool_vector3", "pool_vector3i", "pool_vector4", "pool_vector4i",
      "pool_color"]
P4 = [t for t in P5 if "typed" not in t]
FIXED = {"nil": 0, "rid": 0, "bool": 4, "rect2": 16, "rect2i": 16,
         "vector2": 8, "vector2i": 8, "vector3": 12, "vector3i": 12,
         "vector4": 16, "vector4i": 16, "plane": 16, "quaternion": 16,
         "aabb": 24, "basis": 36, "transform": 48, "transform2d": 24,
         "projection": 64, "color": 16}
POOL = {"pool_int": 4, "pool_real": 4, "pool_vector2": 8, "pool_vector2i": 8,
        "pool_vector3": 12, "pool_vector3i": 12, "pool_vector4": 16,
        "pool_vector4i": 16, "pool_color": 16}


def walk(data, table):
    """Reads a well-formed Pandemonium encoding as its encoder wrote it.
    Returns the [start, end) ranges of NodePath name padding (the engine
    leaves those bytes uninitialised) and the (offset, length) of every
    wire string."""
    u32 = lambda p: int.from_bytes(data[p:p + 4], "little")
    ranges = []
    strings = []

    def string(p, record=False):
        n = u32(p)
        strings.append((p, n))
        pad = (4 - n % 4) % 4
        if record and pad:
            ranges.append((p + 4 + n, p + 4 + n + pad))
        return p + 4 + n + pad

    def value(p):
        h = u32(p)
        t = table[h & 0xFF]
        p += 4
        if t in FIXED:
            return p + FIXED[t]
        if t in ("int", "real"):
            return p + (8 if h & (1 << 16) else 4)
        if t in ("string", "string_name"):
            return string(p)
        if t == "node_path":
            names, subs = u32(p) & 0x7FFFFFFF, u32(p + 4)
            p += 12
            for _ in range(names + subs):
                p = string(p, True)
            return p
        if t == "object":
            if h & (1 << 16):
                return p + 8
            n = u32(p)
            p = string(p)
            if n == 0:
                return p
            count = u32(p)
            p += 4
            for _ in range(count):
                p = value(string(p))
            return p
        if t in ("dictionary", "array"):
            count = u32(p) & 0x7FFFFFFF
            p += 4
            for _ in range(count * (2 if t == "dictionary" else 1)):
                p = value(p)
            return p
        if t in ("typed_array", "packed_typed_array"):
            elem = u32(p) & 0x7FFFFFFF
            p += 4
            if elem < len(table) and table[elem] == "object" and not h & (1 << 16):
                p = value(p)
            count = u32(p) & 0x7FFFFFFF
            p += 4
            for _ in range(count):
                p = value(p)
            return p
        if t == "pool_byte":
            n = u32(p)
            return p + 4 + n + (4 - n % 4) % 4
        if t == "pool_string":
            count = u32(p)
            p += 4
            for _ in range(count):
                p = string(p)
            return p
        return p + 4 + u32(p) * POOL[t]

    value(0)
    return ranges, strings


def nodepath_padding(data, table):
    return walk(data, table)[0]


def without_boms(data, table):
    """The bytes with the UTF-8 BOM that starts a wire string dropped (as
    the engine's decoder drops it, and its encoder then writes)."""
    out, at = bytearray(), 0
    for p, n in walk(data, table)[1]:
        if n >= 3 and data[p + 4:p + 7] == b"\xef\xbb\xbf":
            out += data[at:p]
            m = n - 3
            out += m.to_bytes(4, "little") + data[p + 7:p + 4 + n] + bytes((4 - m % 4) % 4)
            at = p + 4 + n + (4 - n % 4) % 4
    return bytes(out + data[at:])


def pandemonium_expectation(c):
    """Pandemonium's engines cannot read back all of their own bytes (see
    docs/PANDEMONIUM.md). Where the engine's decode of its own bytes round
    trips (roundtrip_equal), its text is the answer. Where it does not (the
    decode failed, or it misread: Vector4/Vector4i consume 12 of 16 bytes,
    Projection alone fails, PoolVector4Array reads w from z's offset, a
    Nil-typed PackedTypedArray drops the bools its encoder wrote), gdwire
    reads the bytes as the encoder meant them: the text of the value the
    engine encoded, and exactly the engine's bytes back. The one lossy decode
    gdwire follows is the UTF-8 BOM at the start of a String (dropped, as
    Godot 3 does): then the engine's decode and re-encoding are the answer.
    Returns (text, reencoded)."""
    if c.get("roundtrip_equal") and not c.get("engine_decode_failed"):
        return c.get("decoded_text"), c.get("engine_reencoded_hex")
    if "\"\ufeff" in (c.get("value_text") or ""):
        if not c.get("engine_decode_failed"):
            return c.get("decoded_text"), c.get("engine_reencoded_hex")
        # The engine failed on other grounds: the BOM-less value and bytes.
        text = re.sub(r'(?<!\\)"\ufeff', '"', encoder_wrote(c.get("value_text")))
        return text, "bom"
    return encoder_wrote(c.get("value_text")), None


def encoder_wrote(text):
    """The text of what the engine's encoder put on the wire for a value of
    text `text`: its PoolVector4iArray encoder writes z in place of w."""
    if text is None:
        return None

    def z_for_w(m):
        items = m.group(1).split(", ") if m.group(1).strip() else []
        for i in range(3, len(items), 4):
            items[i] = items[i - 1]
        return "PoolVector4iArray( " + ", ".join(items) + " )"

    return re.sub(r"PoolVector4iArray\( (.*?) \)", z_for_w, text)


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
        text, reenc = c.get("decoded_text"), c.get("engine_reencoded_hex")
        if dialect.startswith("pandemonium"):
            text, reenc = pandemonium_expectation(c)
            table = P5 if dialect == "pandemonium" else P4
            if reenc == "bom":
                data = open(os.path.join(os.path.dirname(manifest), "bin", f), "rb").read()
                stripped = without_boms(data, table)
                reenc = stripped.hex()
                masks = ",".join("%d-%d" % r for r in nodepath_padding(stripped, table)) or "-"
            elif reenc is None and (c.get("engine_reencoded_hex") or
                                    "undefined_byte_ranges" not in c):
                # Compared with the file: its NodePath padding is don't-care.
                data = open(os.path.join(os.path.dirname(manifest), "bin", f), "rb").read()
                table = P5 if dialect == "pandemonium" else P4
                masks = ",".join("%d-%d" % r for r in nodepath_padding(data, table)) or "-"
        rows.append(["value", c["name"], dialect, "1" if c.get("full_objects") else "0",
                     "file:bin/" + f, "accept", hexu(text), reenc or "-", masks, "-"])
        if dialect.startswith("pandemonium"):
            # What the engine itself read back (kind "engine"): checked with
            # the reference codec emulating the engine's defects.
            emasks = ",".join("%d-%d" % (a, b) for a, b in c.get("undefined_byte_ranges", [])) or "-"
            if "undefined_byte_ranges" not in c and not c.get("engine_decode_failed"):
                # The NodePath padding of what the comparison is against.
                against = (bytes.fromhex(c["engine_reencoded_hex"]) if c.get("engine_reencoded_hex")
                           else open(os.path.join(os.path.dirname(manifest), "bin", f), "rb").read())
                table = P5 if dialect == "pandemonium" else P4
                emasks = ",".join("%d-%d" % r for r in nodepath_padding(against, table)) or "-"
            rows.append(["engine", c["name"], dialect, "1" if c.get("full_objects") else "0",
                         "file:bin/" + f,
                         "reject" if c.get("engine_decode_failed") else "accept",
                         hexu(c.get("decoded_text")), c.get("engine_reencoded_hex") or "-",
                         emasks, "-"])
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
