#!/bin/bash
# End-to-end test of the gdwire CLI on real-engine data: decode prints the
# engine's text, recode reproduces the engine's bytes, validate checks, and
# exit codes are 0 (ok), 1 (bad input), 2 (usage).
set -uo pipefail
GDWIRE="$1"
DATA="${TEST_SRCDIR:-.}/gdwire/tests/data/corpus"
[ -d "$DATA" ] || DATA=tests/data/corpus
fail=0
check() {  # name, condition result
  if [ "$2" = 0 ]; then echo "PASS $1"; else echo "FAIL $1"; fail=1; fi
}
T=${TEST_TMPDIR:-$(mktemp -d)}

# decode: one engine text per value, as var2str printed them (20 values).
"$GDWIRE" decode --dialect=godot3 --framing=stream \
  "$DATA/godot3/framing/stream_put_var_tcp.bin" > "$T/out.txt"
check "decode exit 0" $?
python3 - "$DATA/godot3/framing/stream_values.json" "$T/out.txt" <<'PY'
import json, sys
want = "".join(v["var2str"] + "\n" for v in json.load(open(sys.argv[1]))["values"])
got = open(sys.argv[2], encoding="utf-8", errors="surrogateescape").read()
sys.exit(0 if got == want else 1)
PY
check "decode text equals the engine's var2str" $?

# decode --chunk=N: the push parser fed N bytes at a time prints the same.
for n in 1 3 7 1400; do
  "$GDWIRE" decode --dialect=godot3 --framing=stream --chunk=$n \
    "$DATA/godot3/framing/stream_put_var_tcp.bin" > "$T/chunk.txt"
  cmp -s "$T/chunk.txt" "$T/out.txt"; check "decode --chunk=$n same text" $?
  "$GDWIRE" decode --dialect=godot3 --framing=stream --chunk=$n - \
    < "$DATA/godot3/framing/stream_put_var_tcp.bin" > "$T/chunk.txt"
  cmp -s "$T/chunk.txt" "$T/out.txt"; check "decode --chunk=$n stdin same text" $?
done
"$GDWIRE" decode --chunk=0 < /dev/null 2> /dev/null; [ $? = 2 ]
check "decode --chunk=0 exits 2" $?
# From a pipe, each value is printed as soon as it has arrived: the first
# half of the stream is printed while the writer still holds the rest.
S="$DATA/godot3/framing/stream_put_var_tcp.bin"
half=$(( $(wc -c < "$S") / 2 ))
{ head -c $half "$S"; sleep 3; tail -c +$((half + 1)) "$S"; } |
  "$GDWIRE" decode --dialect=godot3 --framing=stream > "$T/pipe.txt" &
pipe_pid=$!
sleep 1.5
early=$(wc -l < "$T/pipe.txt")
wait $pipe_pid
[ "$early" -ge 1 ] && [ "$early" -lt 20 ]
check "decode prints values as they arrive ($early of 20 early)" $?
cmp -s "$T/pipe.txt" "$T/out.txt"; check "decode from a slow pipe: same text" $?

# recode: same bytes back, in every framing of the corpus.
for f in stream_put_var.bin file_store_var.bin stream_put_var_tcp.bin; do
  "$GDWIRE" recode --dialect=godot3 --framing=stream "$DATA/godot3/framing/$f" > "$T/re.bin"
  cmp -s "$T/re.bin" "$DATA/godot3/framing/$f"; check "recode $f identical" $?
done
"$GDWIRE" recode --dialect=godot3 --framing=stream --big-endian \
  "$DATA/godot3/framing/stream_put_var_big_endian.bin" > "$T/re.bin"
cmp -s "$T/re.bin" "$DATA/godot3/framing/stream_put_var_big_endian.bin"
check "recode big-endian identical" $?
"$GDWIRE" recode --dialect=godot3 --framing=packet-stream \
  "$DATA/godot3/framing/packet_peer_stream_put_var.bin" > "$T/re.bin"
cmp -s "$T/re.bin" "$DATA/godot3/framing/packet_peer_stream_put_var.bin"
check "recode packet-stream identical" $?

# stdin, JSON, validate.
"$GDWIRE" decode --format=json - < "$DATA/godot4/bin/vector3.bin" > "$T/j.txt"
grep -qx '{"Vector3":\[1.0,2.0,3.0\]}' "$T/j.txt"; check "json from stdin" $?
"$GDWIRE" validate --dialect=godot3 "$DATA/godot3/bin/0001_nil.bin" > /dev/null
check "validate ok" $?

# Bad input: exit 1 with kind, offset and path on stderr.
head -c 30 "$DATA/godot3/bin/0083_string_long_ascii_1000.bin" > "$T/cut.bin"
"$GDWIRE" decode --dialect=godot3 "$T/cut.bin" 2> "$T/err.txt"
[ $? = 1 ]; check "truncated input exits 1" $?
grep -q 'truncated string of 1000 bytes at byte 4' "$T/err.txt"
check "error names kind and offset" $?
printf '\x18\x00\x00\x00\x00\x00\x00\x00' > "$T/obj.bin"
"$GDWIRE" validate "$T/obj.bin" 2> /dev/null; [ $? = 1 ]
check "objects off by default" $?
"$GDWIRE" validate --allow-objects "$T/obj.bin" > /dev/null; check "--allow-objects" $?

# encode: Godot text / JSON -> the engine's bytes.
printf 'Vector3(1, 2, 3)' | "$GDWIRE" encode > "$T/v3.bin"
cmp -s "$T/v3.bin" "$DATA/godot4/bin/vector3.bin"; check "encode text = engine bytes" $?
python3 - "$GDWIRE" "$DATA" "$T" <<'PY'
import json, os, re, subprocess, sys
gdwire, data, tmp = sys.argv[1:4]
same = total = 0
for d, dialect in (("godot4", "godot4"), ("godot3", "godot3")):
    m = json.load(open(os.path.join(data, d, "manifest.json")))
    texts, wants = [], []
    for c in m["cases"]:
        text = c.get("decoded_text")
        if not text or c.get("full_objects") or c.get("variant_type") == "stream":
            continue
        wants.append(open(os.path.join(data, d, "bin", c.get("file") or c["name"] + ".bin"),
                          "rb").read())
        texts.append(os.path.join(tmp, "%s_%d.txt" % (d, len(texts))))
        with open(texts[-1], "wb") as f:
            f.write(text.encode("utf-8", "surrogatepass"))
    # One process for the dialect's texts (gdwire each: exit status and
    # output of each file as `gdwire encode FILE` gives them).
    out = subprocess.run([gdwire, "each", "encode", "--dialect=" + dialect, "--"] + texts,
                         capture_output=True).stdout
    pos = 0
    for path, want in zip(texts, wants):
        end = out.find(b"\n", pos)
        m = re.fullmatch(rb"== (.*) exit=(\d+) stdout=(\d+) stderr=(\d+)", out[pos:end])
        if end < 0 or not m or m.group(1) != path.encode():
            sys.exit("gdwire each encode: output not as documented")
        n_out = int(m.group(3))
        total += 1
        same += m.group(2) == b"0" and out[end + 1:end + 1 + n_out] == want
        pos = end + 1 + n_out + int(m.group(4))
print("encode: %d of %d engine texts give the engine's bytes" % (same, total))
sys.exit(0 if same >= 170 else 1)
PY
check "encode corpus texts = engine bytes" $?
"$GDWIRE" decode --dialect=godot3 --framing=stream --format=json \
  "$DATA/godot3/framing/stream_put_var_tcp.bin" |
  "$GDWIRE" encode --from=json --dialect=godot3 --framing=stream > "$T/j.bin"
cmp -s "$T/j.bin" "$DATA/godot3/framing/stream_put_var_tcp.bin"
check "decode json | encode json: identical stream" $?
"$GDWIRE" decode --dialect=godot3 --framing=stream \
  "$DATA/godot3/framing/stream_put_var_tcp.bin" > "$T/a.txt"
"$GDWIRE" encode --dialect=godot3 --framing=stream "$T/a.txt" |
  "$GDWIRE" decode --dialect=godot3 --framing=stream > "$T/b.txt"
cmp -s "$T/a.txt" "$T/b.txt"; check "decode | encode text | decode: same text" $?
printf '[1,\n Vector2(1, 2' | "$GDWIRE" encode 2> "$T/err.txt" > /dev/null
[ $? = 1 ]; check "encode syntax error exits 1" $?
grep -q "^gdwire encode: 2:14: expected ',' or ')', got end of text" "$T/err.txt"
check "encode error names line:col" $?
printf 'Vector2i(1, 2)' | "$GDWIRE" encode --dialect=godot3 2> /dev/null
[ $? = 1 ]; check "encode type the dialect lacks exits 1" $?
"$GDWIRE" encode --from=xml < /dev/null 2> /dev/null; [ $? = 2 ]
check "encode bad --from exits 2" $?

# bench: every decoder measured on the user's file, with the SIMD target.
"$GDWIRE" bench --dialect=godot3 --framing=stream --seconds=0.01 \
  "$DATA/godot3/framing/stream_put_var_tcp.bin" > "$T/bench.txt"
check "bench exit 0" $?
grep -q "SIMD target" "$T/bench.txt" && grep -q "stream parser (1400-byte pieces)" "$T/bench.txt" \
  && grep -q "reference decoder" "$T/bench.txt"
check "bench prints every decoder and the target" $?
"$GDWIRE" bench --json --seconds=0.01 "$DATA/godot4/bin/vector3.bin" |
  python3 -c 'import json,sys; d=json.load(sys.stdin); names=[r["name"] for r in d["results"]]
want=["memcpy", "stream parser (whole buffer)", "stream parser (1400-byte pieces)", "view walk",
      "document parse (indexed, reused)", "document parse + read every field",
      "document check (validate)", "DOM decode (stream)", "owned decode (gdwire::Decode)", "owned document",
      "reference decoder", "fast encode (bytes written)",
      "reference encode (bytes written)", "writer (values, call by call)",
      "forward (parse + bytes copied)"]
sys.exit(0 if names == want and d["simd_target"] and all(r["mb_per_s"] > 0 for r in d["results"]) else 1)'
check "bench --json: every decoder and encoder" $?
# A packed array: the push parser and the view only hand it over (zero-copy,
# no throughput printed); copy-out reads every element.
"$GDWIRE" bench --json --seconds=0.01 "$DATA/godot4/bin/packed_byte_257.bin" |
  python3 -c 'import json,sys; r={x["name"]: x for x in json.load(sys.stdin)["results"]}
z=r["stream parser (whole buffer)"]
c=r["stream parser + copy-out"]
sys.exit(0 if z["zero_copy"] and "mb_per_s" not in z and r["view walk"]["zero_copy"]
         and r["document parse (indexed, reused)"]["zero_copy"]
         and "mb_per_s" not in r["document parse + read every field"]
         and c["mb_per_s"] > 0 and "zero_copy" not in c and r["DOM decode (stream)"]["mb_per_s"] > 0 else 1)'
check "bench --json: zero-copy rows print no MB/s, copy-out does" $?
"$GDWIRE" bench --seconds=0.01 "$DATA/godot4/bin/packed_byte_257.bin" > "$T/bench.txt"
grep -q "stream parser (whole buffer) *zero-copy" "$T/bench.txt" && grep -q "copy-out .* MB/s" "$T/bench.txt" \
  && grep -q "fast encode (bytes written) .* MB/s" "$T/bench.txt"
check "bench text: zero-copy, copy-out and encode rows" $?
"$GDWIRE" bench --seconds=0.01 "$T/cut.bin" 2> /dev/null; [ $? = 1 ]
check "bench on bad input exits 1" $?

# each: one process, each file's exit status and output as a run of its own
# gives them (the verdict tests run thousands of inputs through it).
cp "$DATA/godot4/bin/vector3.bin" "$T/a b.bin"
cp "$DATA/godot4/bin/vector3.bin" "$T/new
line.bin"
python3 - "$GDWIRE" "$T" "$DATA" <<'PY'
import os, re, subprocess, sys
gdwire, t, data = sys.argv[1:4]
files = [os.path.join(t, "a b.bin"), os.path.join(t, "cut.bin"), os.path.join(t, "obj.bin"),
         os.path.join(t, "new\nline.bin"), os.path.join(t, "no-such-file.bin"),
         os.path.join(data, "godot3", "framing", "stream_put_var_tcp.bin")]
bad = 0
for args in (["decode"], ["decode", "--format=json", "--chunk=3"], ["validate", "--strict"],
             ["recode"], ["decode", "--dialect=godot3", "--framing=stream"],
             ["encode"], ["decode", "--no-such-flag"]):
    r = subprocess.run([gdwire, "each"] + args + ["--"] + files, capture_output=True)
    out, pos, worst = r.stdout, 0, 0
    for f in files:
        alone = subprocess.run([gdwire] + args + [f], capture_output=True)
        end = out.find(b"\n", pos)
        name = f.replace("\\", "\\\\").replace("\n", "\\n").encode()
        head = b"== %s exit=%d stdout=%d stderr=%d" % (
            name, alone.returncode, len(alone.stdout), len(alone.stderr))
        body = out[end + 1:end + 1 + len(alone.stdout) + len(alone.stderr)]
        if out[pos:end] != head or body != alone.stdout + alone.stderr:
            print("FAIL: gdwire each %s on %r: %r" % (args, f, out[pos:end]))
            bad = 1
        pos = end + 1 + len(body)
        worst = max(worst, alone.returncode)
    if pos != len(out) or r.returncode != worst:
        print("FAIL: gdwire each %s: exit %d, want %d" % (args, r.returncode, worst))
        bad = 1
    if not re.fullmatch(rb"gdwire each: 6 files: \d exit 0, \d exit 1, \d exit 2\n", r.stderr):
        print("FAIL: gdwire each %s: stderr %r" % (args, r.stderr))
        bad = 1
sys.exit(bad)
PY
check "each = one run per file (output, exit status)" $?
"$GDWIRE" each validate 2> /dev/null; [ $? = 2 ]; check "each without files exits 2" $?
"$GDWIRE" each capture "$T/cut.bin" 2> /dev/null; [ $? = 2 ]; check "each capture exits 2" $?
"$GDWIRE" each validate - < /dev/null 2> /dev/null; [ $? = 2 ]; check "each on stdin exits 2" $?
"$GDWIRE" each --help | grep -q "usage: gdwire each"; check "each --help" $?

# Usage: exit 2.
"$GDWIRE" decode --no-such-flag 2> /dev/null; [ $? = 2 ]; check "bad flag exits 2" $?
"$GDWIRE" frobnicate 2> /dev/null; [ $? = 2 ]; check "bad command exits 2" $?
"$GDWIRE" decode --dialect=godot5 2> /dev/null; [ $? = 2 ]; check "bad dialect exits 2" $?
for c in decode recode validate encode bench; do
  "$GDWIRE" $c --help | grep -q "usage: gdwire $c"; check "$c --help" $?
done
exit $fail
