#!/bin/bash
# gdwire decode --format=text|json on a FILE (the mapped path: lines written
# straight from the document, codec/text/element_text.h / element_json.h)
# prints byte for byte what the streaming path prints (--chunk: the push
# parser cuts each value out of the pieces, tools/cli/stream_lines.h; the
# document text equals ToText / ToJson of the built value, as
# codec/text:element_text_test and element_json_test hold), at 1 and 2
# threads, for every value case of
# every engine corpus put into one StreamPeer stream per dialect (with and
# without --allow-objects); and for Godot 4 the text is the engine's own
# var_to_str of each value (the corpus's decoded_text, Godot 4.6.3).
set -u
G="$1"
T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
python3 - "$G" "$T" <<'PY'
import json, struct, subprocess, sys

gdwire, tmp = sys.argv[1:3]
fail = checks = 0


def run(args):
    r = subprocess.run([gdwire] + args, capture_output=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def write_stream(path, corpus, cases):
    with open(path, "wb") as f:
        for c in cases:
            if c.get("hex"):
                b = bytes.fromhex(c["hex"])
            else:
                b = open("tests/data/corpus/%s/bin/%s" % (corpus, c["file"]), "rb").read()
            f.write(struct.pack("<I", len(b)) + b)


for corpus, dialect in (("godot4", "godot4"), ("godot3", "godot3"),
                        ("pandemonium", "pandemonium"),
                        ("pandemonium4", "pandemonium4"),
                        ("pandemonium_typed", "pandemonium")):
    cases = json.load(open("tests/data/corpus/%s/manifest.json" % corpus))["cases"]
    for objects in (False, True):
        picked = [c for c in cases if objects or not c["full_objects"]]
        path = "%s/%s_%d.bin" % (tmp, corpus, objects)
        write_stream(path, corpus, picked)
        for fmt in ("text", "json"):
            args = ["decode", "--dialect=" + dialect, "--framing=stream",
                    "--format=" + fmt] + (["--allow-objects"] if objects else [])
            streamed = run(args + ["--chunk=4096", path])
            if streamed[0] != 0 or not streamed[1]:
                print("FAIL: %s %s: streaming decode failed: %r" % (corpus, fmt, streamed[2][:300]))
                fail = 1
                continue
            for threads in (1, 2):
                checks += 1
                mapped = run(args + ["--threads=%d" % threads, path])
                if mapped != streamed:
                    print("FAIL: %s %s objects=%d --threads=%d differs from --chunk" % (
                        corpus, fmt, objects, threads))
                    a = mapped[1].split(b"\n")
                    b = streamed[1].split(b"\n")
                    for i, (x, y) in enumerate(zip(a, b)):
                        if x != y:
                            print("  line %d: %r / %r" % (i, x[:200], y[:200]))
                            break
                    fail = 1
            if corpus == "godot4" and fmt == "text" and not objects:
                # Godot 4.6.3's own var_to_str of each value, in order
                # (the cases that carry one).
                texts = [c for c in picked if c["decoded_text"]]
                engine = "%s/%s_engine.bin" % (tmp, corpus)
                write_stream(engine, corpus, texts)
                want = "".join(c["decoded_text"] + "\n" for c in texts).encode()
                checks += 1
                if len(texts) < 80 or run(args + ["--threads=1", engine])[1] != want:
                    print("FAIL: godot4 text is not the engine's var_to_str")
                    fail = 1
print("%d comparisons" % checks)
sys.exit(fail)
PY
