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

# Usage: exit 2.
"$GDWIRE" decode --no-such-flag 2> /dev/null; [ $? = 2 ]; check "bad flag exits 2" $?
"$GDWIRE" frobnicate 2> /dev/null; [ $? = 2 ]; check "bad command exits 2" $?
"$GDWIRE" decode --dialect=godot5 2> /dev/null; [ $? = 2 ]; check "bad dialect exits 2" $?
for c in decode recode validate; do
  "$GDWIRE" $c --help | grep -q "usage: gdwire $c"; check "$c --help" $?
done
exit $fail
