#!/bin/bash
# `gdwire capture` on the real engines' captures (tests/data/captures/):
# every message of every transport and direction must be the engine's own
# text of what it sent (check.py), and the damaged copies must be reported
# as such (gaps, a cut-off file) with everything else decoded.
set -uo pipefail
GDWIRE="$1"
DATA="${TEST_SRCDIR:-.}/gdwire/tests/data/captures"
[ -d "$DATA" ] || DATA=tests/data/captures
HERE="${TEST_SRCDIR:-.}/gdwire/recording/capture"
[ -d "$HERE" ] || HERE=recording/capture
fail=0
check() {  # name, status
  if [ "$2" = 0 ]; then echo "PASS $1"; else echo "FAIL $1"; fail=1; fi
}
T=${TEST_TMPDIR:-$(mktemp -d)}

for e in godot4 godot3; do
  python3 "$HERE/check.py" "$GDWIRE" "$DATA/$e.pcap" "$DATA/$e.expected" $e \
    > "$T/$e.log" 2>&1
  check "$e.pcap: every message is the engine's" $?
  tail -n 1 "$T/$e.log"
done

# Rewritten captures (damage.py, from the real ones).
G4="$DATA/godot4.pcap"
G3="$DATA/godot3.pcap"
E4="$DATA/godot4.expected"
E3="$DATA/godot3.expected"
damage() {  # in out ops...
  python3 "$HERE/damage.py" "$@" > "$T/damage.log" 2>&1 ||
    { cat "$T/damage.log"; echo "FAIL damage.py $*"; fail=1; }
}
checked() {  # name, check.py args...
  local name="$1"
  shift
  python3 "$HERE/check.py" "$GDWIRE" "$@" > "$T/check.log" 2>&1
  local st=$?
  [ $st = 0 ] || cat "$T/check.log"
  check "$name" $st
}

# Reordered segments and retransmissions (exact copies, and segments that
# overlap two others), on top of the kernel's own retransmissions in the
# recordings: every message still decoded exactly, nothing reported.
damage "$G4" "$T/g4_reordered.pcap" reorder=47100:c2s:3 reorder=47100:s2c:4 \
  reorder=47102:c2s:3 reorder=47102:s2c:5
checked "godot4 reordered segments: every message, no problem" \
  "$T/g4_reordered.pcap" "$E4" godot4
damage "$G4" "$T/g4_retransmitted.pcap" dup=47100:c2s:4 dup=47100:s2c:3 \
  dup=47102:c2s:2 dup=47102:s2c:3
checked "godot4 duplicated and overlapping segments: every message" \
  "$T/g4_retransmitted.pcap" "$E4" godot4
damage "$G3" "$T/g3_shuffled.pcap" reorder=47200:c2s:2 dup=47200:s2c:3 \
  reorder=47202:s2c:2 dup=47202:c2s:2
checked "godot3 reordered and retransmitted: every message" \
  "$T/g3_shuffled.pcap" "$E3" godot3

# UDP datagrams over 1500 bytes as IPv4 fragments (as on an Ethernet path),
# the last fragment first.
damage "$G4" "$T/g4_fragmented.pcap" fragment=47101:1500
checked "godot4 UDP in IPv4 fragments: every message" \
  "$T/g4_fragmented.pcap" "$E4" godot4
damage "$G3" "$T/g3_fragmented.pcap" fragment=47201:576
checked "godot3 UDP in IPv4 fragments (SLL2): every message" \
  "$T/g3_fragmented.pcap" "$E3" godot3

# Other containers and link types: pcapng, BSD loopback (DLT_NULL).
damage "$G4" "$T/g4_null.pcapng" null pcapng
checked "godot4 as pcapng with DLT_NULL frames: every message" \
  "$T/g4_null.pcapng" "$E4" godot4
damage "$G3" "$T/g3.pcapng" pcapng
checked "godot3 as pcapng (SLL2 frames): every message" \
  "$T/g3.pcapng" "$E3" godot3

# Lost segments: a StreamPeer body (message #2 lost, the rest decoded), a
# WebSocket payload piece each way (message #59 lost), and a StreamPeer
# length prefix (message #10: the framing is lost, found again at the next
# segment that starts a message, reported); the other connections and
# directions are whole.
damage "$G4" "$T/g4_lost.pcap" drop=47100:c2s:5 drop=47102:s2c:121 \
  drop=47102:c2s:125 drop=47100:s2c:20
checked "godot4 lost segments: 4 gaps reported, the rest decoded" \
  "$T/g4_lost.pcap" "$E4" godot4 --no-exact --reference="$G4" --problems=5 \
  '--expect=tcp #1 127.0.0.1:[0-9]+ -> 127.0.0.1:47100: gap: gap of 8 bytes at byte 24: message #2 .* lost' \
  '--expect=tcp #1 127.0.0.1:47100 -> .*: gap: gap of 4 bytes at byte 128 takes a message boundary \(message #10 lost' \
  '--expect=tcp #1 127.0.0.1:47100 -> .*: gap: a message starts at byte 140: decoding again' \
  '--expect=ws #3 127.0.0.1:[0-9]+ -> 127.0.0.1:47102: gap: gap of 4096 bytes .* message #59 .* lost' \
  '--expect=ws #3 127.0.0.1:47102 -> .*: gap: gap of 18344 bytes .* message #59 .* lost' \
  --want=tcp.c2s:59 --want=tcp.s2c:59 --want=udp.c2s:59 --want=udp.s2c:59 \
  --want=ws.c2s:59 --want=ws.s2c:59

# A real lossy capture (godot3_lossy.pcap: the kernel dropped 680 of 1534
# packets): the gaps reported, decoding found again after them, every
# message decoded the engine's (numbers after a lost framing are lower
# bounds, UDP datagrams lost on the way cannot be counted).
checked "godot3_lossy.pcap (real drops): gaps reported, the rest the engine's" \
  "$DATA/godot3_lossy.pcap" "$E3" godot3 --no-exact --reference="$G3" \
  --problems=4 \
  '--expect=tcp #1 .* -> 127.0.0.1:47200: gap: gap of 41 bytes at byte 4 takes a message boundary' \
  '--expect=tcp #1 127.0.0.1:47200 -> .*: gap: a message starts at byte 6956: decoding again' \
  --lower-bound=tcp.c2s --lower-bound=tcp.s2c --lower-bound=udp.c2s \
  --lower-bound=udp.s2c --want=ws.c2s:49 --want=ws.s2c:49 \
  --want=tcp.c2s:1 --want=udp.c2s:7

# The capture began after the TCP connection (no SYN), in the middle of a
# message sent in pieces: decoded from the first message start found.
damage "$G4" "$T/g4_late.pcap" tail=90
checked "godot4 capture begun mid-connection: the messages from there" \
  "$T/g4_late.pcap" "$E4" godot4 --no-exact --reference="$G4" --problems=1 \
  '--expect=tcp #1 .* -> 127.0.0.1:47100: gap: the start of the connection was not captured: decoding from byte 10' \
  --tail=tcp.c2s --tail=tcp.s2c --want=tcp.c2s:46 --want=tcp.s2c:47 \
  --want=ws.c2s:60 --want=udp.s2c:59

# Truncation: the file ends inside a record (inside the last WebSocket
# message): reported with its file offset, and that message as cut off.
damage "$G4" "$T/g4_cut.pcap" cut=3780
checked "godot4 cut mid-record: reported, everything before decoded" \
  "$T/g4_cut.pcap" "$E4" godot4 --no-exact --reference="$G4" --problems=2 \
  '--expect=truncated: the capture file is cut off or damaged at byte 504679 \(record 3781\)' \
  '--expect=ws #3 .* -> 127.0.0.1:47102: truncated: the capture ends inside message #59 at byte' \
  --want=tcp.c2s:60 --want=tcp.s2c:60 --want=ws.c2s:59 --want=ws.s2c:59
damage "$G3" "$T/g3_cut.pcapng" head=300 pcapng
python3 -c 'import os, sys; os.truncate(sys.argv[1], os.path.getsize(sys.argv[1]) - 37)' \
  "$T/g3_cut.pcapng"
"$GDWIRE" capture --dialect=godot3 "$T/g3_cut.pcapng" > "$T/out" 2> "$T/err"
st=$?
check "godot3 pcapng cut mid-block: exit 1, reported" \
  $([ $st = 1 ] && grep -q "truncated: the capture file is cut off .* (record 300)" "$T/err"; echo $?)
check "godot3 pcapng cut mid-block: the messages before it" \
  $([ "$(wc -l < "$T/out")" -gt 50 ]; echo $?)

# --values-only --format=json: the "value" of each --format=json object.
"$GDWIRE" capture --format=json "$G4" > "$T/all.json"
"$GDWIRE" capture --format=json --values-only "$G4" > "$T/values.json"
python3 - "$T/all.json" "$T/values.json" <<'PY'
import json, sys
a = [json.loads(l)["value"] for l in open(sys.argv[1])]
b = [json.loads(l) for l in open(sys.argv[2])]
sys.exit(0 if a == b and len(a) == 358 else 1)
PY
check "--values-only --format=json: the values of --format=json" $?

# The capture began after the WebSocket upgrade: without --websocket-port
# nothing is taken for a message (reported, with the hint); with it, every
# message of both directions.
damage "$G4" "$T/g4_ws_late.pcap" tail=3420
"$GDWIRE" capture "$T/g4_ws_late.pcap" > "$T/out" 2> "$T/err"
st=$?
check "WebSocket without its upgrade: no false message, hint given" \
  $([ $st = 1 ] && [ ! -s "$T/out" ] && [ "$(grep -c -- --websocket-port "$T/err")" = 2 ]; echo $?)
checked "WebSocket without its upgrade, --websocket-port: every message" \
  "$T/g4_ws_late.pcap" "$E4" godot4 --no-exact --reference="$G4" \
  --problems=0 --want=ws.c2s:60 --want=ws.s2c:60 --flag=--websocket-port=47102

# --stats: the summary line (the kernel's own retransmissions counted).
"$GDWIRE" capture --stats "$G4" 2> "$T/err" > /dev/null
check "--stats" $(grep -q "3808 packets .* 3 connections, 358 messages, 0 ENet events (0 datagrams), 0 problems; 81 segments retransmitted" "$T/err"; echo $?)

# Standard input ("-"), as from `tcpdump -U -w - | gdwire capture -`.
"$GDWIRE" capture --values-only --to-port=47100 - < "$G4" > "$T/stdin.txt"
check "- reads standard input" \
  $(cmp -s "$T/stdin.txt" "$E4/tcp.c2s.txt"; echo $?)

# The wrong dialect: every message that does not decode is reported (with
# its connection and offset) and the others still come out.
"$GDWIRE" capture "$G3" > "$T/wrong.txt" 2> "$T/wrong.err"
st=$?
check "godot3 capture read as godot4: exit 1, errors per message" \
  $([ $st = 1 ] && grep -q "tcp #1 127.0.0.1:[0-9]* -> 127.0.0.1:47200: decode: message #28 at byte 456" "$T/wrong.err" &&
    [ "$(wc -l < "$T/wrong.txt")" -gt 200 ]; echo $?)

# --threads: the lines are made on worker threads and written in order:
# stdout, and stdout and stderr together (a problem after the lines of the
# messages before it), are the same bytes at every thread count, for every
# output form, on whole, damaged and misread captures.
same_threads() {  # name, gdwire capture args...
  local name="$1"
  shift
  "$GDWIRE" capture --threads=1 "$@" > "$T/t1.out" 2> "$T/t1.err"
  local st1=$?
  "$GDWIRE" capture --threads=1 "$@" > "$T/t1.all" 2>&1
  local ok=0
  for n in 2 4; do
    "$GDWIRE" capture --threads=$n "$@" > "$T/tn.out" 2> "$T/tn.err"
    local stn=$?
    "$GDWIRE" capture --threads=$n "$@" > "$T/tn.all" 2>&1
    if [ $stn != $st1 ] || ! cmp -s "$T/t1.out" "$T/tn.out" ||
       ! cmp -s "$T/t1.err" "$T/tn.err" || ! cmp -s "$T/t1.all" "$T/tn.all"; then
      echo "--threads=$n differs from --threads=1: $*"
      diff "$T/t1.all" "$T/tn.all" | head -5
      ok=1
    fi
  done
  [ -s "$T/t1.out" ] || { echo "no output: $*"; ok=1; }
  check "--threads=1,2,4 the same bytes: $name" $ok
}
for form in "" --format=json --values-only "--values-only --format=json"; do
  # shellcheck disable=SC2086  # $form: zero, one or two flags
  same_threads "godot4.pcap $form" $form "$G4"
  # shellcheck disable=SC2086
  same_threads "godot3.pcap $form" $form --dialect=godot3 "$G3"
  # shellcheck disable=SC2086
  same_threads "godot3 read as godot4 (problems) $form" $form "$G3"
  # shellcheck disable=SC2086
  same_threads "godot4 lost segments $form" $form "$T/g4_lost.pcap"
  # shellcheck disable=SC2086
  same_threads "godot3_lossy.pcap $form" $form --dialect=godot3 \
    "$DATA/godot3_lossy.pcap"
  # shellcheck disable=SC2086
  same_threads "godot4 cut mid-record $form" $form "$T/g4_cut.pcap"
done
# ENet events (no put_var values: nothing for --values-only) with a manifest.
same_threads "ENet events" "$DATA/enet/godot4_enet_zlib.pcap"
same_threads "ENet events --format=json" --format=json \
  --manifest="$DATA/enet/godot4_enet.manifest.json" \
  "$DATA/enet/godot4_enet_zlib.pcap"
same_threads "--stats" --stats "$T/g4_lost.pcap"
same_threads "--profile" --profile "$DATA/enet/godot4_enet_zlib.pcap"
# A problem comes after the lines of the messages decoded before it: in
# the godot3 capture read as godot4, the first problem (message #28 of
# connection 1) follows that connection's message #27.
"$GDWIRE" capture --threads=4 "$G3" > "$T/order.all" 2>&1
check "--threads=4: a problem after the lines before it" \
  $(awk '/decode: message #28 at byte 456/ { exit(seen ? 0 : 1) }
         / #1\.27 / { seen = 1 }' "$T/order.all"; echo $?)
"$GDWIRE" capture --threads=0 "$G4" > /dev/null 2>&1
check "--threads=0: usage (2)" $([ $? = 2 ]; echo $?)

# Usage and unreadable files.
"$GDWIRE" capture > /dev/null 2>&1
check "no file: usage (2)" $([ $? = 2 ]; echo $?)
"$GDWIRE" capture --port=x "$DATA/godot4.pcap" > /dev/null 2>&1
check "bad --port: usage (2)" $([ $? = 2 ]; echo $?)
"$GDWIRE" capture "$T/none.pcap" > /dev/null 2> "$T/err"
check "missing file: exit 1" $([ $? = 1 ]; echo $?)
printf 'not a capture' > "$T/junk.pcap"
"$GDWIRE" capture "$T/junk.pcap" > /dev/null 2> "$T/err"
check "not a capture: exit 1" $([ $? = 1 ] && grep -q "not a pcap" "$T/err"; echo $?)

# Filters: --host matches nothing else than 127.0.0.1; --port selects one
# transport's two directions.
n=$("$GDWIRE" capture --host=10.0.0.1 "$DATA/godot4.pcap" | wc -l)
check "--host=10.0.0.1: no messages" $([ "$n" = 0 ]; echo $?)
n=$("$GDWIRE" capture --port=47101 "$DATA/godot4.pcap" | grep -c ' udp ')
m=$("$GDWIRE" capture --port=47101 "$DATA/godot4.pcap" | wc -l)
check "--port=47101: the UDP messages only ($n)" \
  $([ "$n" = "$m" ] && [ "$n" -gt 0 ]; echo $?)

exit $fail
