#!/bin/bash
# tests/wireshark/tshark_test.sh GDWIRE PLUGIN.so [--asan]
#
# The Wireshark plugin (wireshark/) checked with tshark against `gdwire
# capture` on the repository's real captures:
#
#   exact   every capture of tests/data/captures/ (put_var over TCP, UDP and
#           WebSocket from Godot 3 and 4; ENet with each compression mode,
#           WebSocketMultiplayerPeer, the game and serve-echo recordings),
#           and the copies recording/capture/damage.py makes that lose nothing
#           (reordered, retransmitted, IPv4-fragmented, pcapng, DLT_NULL):
#           tshark -T json with the plugin gives, message for message and
#           event for event, what `gdwire capture --format=json` gives
#           (tshark_check.py). The Godot captures twice: found by the
#           heuristics alone, and by the port preferences with the
#           heuristics off.
#   lossy   a real lossy recording and copies with lost segments, a late
#           start and a cut file: every value tshark shows is one the
#           engine sent (its own record, <engine>.expected/).
#   damaged payload bytes replaced at random (corrupt.py, two seeds) in
#           every kind of capture: tshark finishes in time, no crash.
#   foreign a capture with no Godot traffic (HTTP, TLS, DNS, WebSocket,
#           random TCP and UDP): no frame is claimed.
#
# --asan: PLUGIN.so is the AddressSanitizer build (gdwire_wireshark_asan);
# tshark runs with libasan preloaded, and any report fails the case.
# As root, tshark runs as `nobody` (Wireshark loads no personal plugin for
# root); the plugin is put in a personal plugin folder of a fresh HOME.
# Prints a line per case and `N passed, M failed`; exit 1 on a failure.
set -u
GDWIRE=$(readlink -f "$1")
PLUGIN=$(readlink -f "$2")
ASAN=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
DATA=$ROOT/tests/data/captures
PY=/usr/bin/python3
command -v tshark > /dev/null || { echo "FAIL tshark is not installed"; exit 1; }
T=$(mktemp -d /tmp/gdwire-tshark.XXXXXX)
trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
WSVER=$(tshark --version | sed -n '1s/.* \([0-9]*\.[0-9]*\)\.[0-9]*.*/\1/p')
mkdir -p "$T/home/.local/lib/wireshark/plugins/$WSVER/epan"
cp "$PLUGIN" "$T/home/.local/lib/wireshark/plugins/$WSVER/epan/gdwire.so"
chmod -R a+rX "$T/home"
RUNAS=()
if [ "$(id -u)" = 0 ]; then
  RUNAS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
ENVS=(HOME="$T/home")
if [ "$ASAN" = --asan ]; then
  ENVS+=(LD_PRELOAD="$(gcc -print-file-name=libasan.so)"
         ASAN_OPTIONS=detect_leaks=0:exitcode=99:log_path="$T/asan")
fi
tsh() { env "${ENVS[@]}" "${RUNAS[@]}" timeout 300 tshark "$@"; }

pass=0
failed=0
report() {  # name, status, log
  if [ "$2" = 0 ]; then
    pass=$((pass + 1)); echo "ok   $1: $3"
  else
    failed=$((failed + 1)); echo "FAIL $1: $3"
  fi
}
# The plugin is loaded at all. (tshark -G hangs with libasan preloaded,
# plugin or not, and the ASan build does not load without it: in --asan
# mode the exact cases below, which need the plugin, show that it loads.)
if [ "$ASAN" != --asan ]; then
  if tsh -G plugins 2> /dev/null | grep -q "gdwire.so"; then
    report "plugin loads" 0 "$(tsh -G plugins 2> /dev/null | grep gdwire.so | tr '\t' ' ')"
  else
    report "plugin loads" 1 "tshark -G plugins does not list gdwire.so"
  fi
fi

FIELDS=(-e frame.number -e ip.src -e ipv6.src -e ip.dst -e ipv6.dst
        -e tcp.srcport -e tcp.dstport -e udp.srcport -e udp.dstport
        -e godot.transport -e godot.text -e godotmp.text -e godotmp.src
        -e godotmp.dst -e _ws.malformed.expert
        -e _ws.malformed.dissector_bug)
n=0
# run NAME CAPTURE DIALECT MANIFEST CHECK [tshark options...]
#   CHECK: exact | expected=DIR | robust
run() {
  local name=$1 cap=$2 dialect=$3 manifest=$4 check=$5
  shift 5
  n=$((n + 1))
  local c="$T/c$n.${cap##*.}" opts=(-o "godot.dialect:$dialect") gm=()
  cp "$cap" "$c"
  if [ -n "$manifest" ]; then
    cp "$manifest" "$T/m$n.json"
    opts+=(-o "godot.manifest:$T/m$n.json")
    gm=(--manifest="$manifest")
  fi
  chmod a+r "$T"/*
  rm -f "$T"/asan*
  tsh -r "$c" "${opts[@]}" "$@" -T json "${FIELDS[@]}" \
    -Y 'godot || godotmp || _ws.malformed.expert || _ws.malformed.dissector_bug' \
    > "$T/t.json" 2> "$T/t.err"
  local st=$?
  # tshark's 2: the file is cut off (reported), as gdwire capture does.
  if [ $st != 0 ] && ! { [ $st = 2 ] && grep -q "cut short" "$T/t.err"; }; then
    report "$name" 1 "tshark exit $st: $(head -c 600 "$T/t.err")"
    return
  fi
  if ls "$T"/asan* > /dev/null 2>&1; then
    report "$name" 1 "AddressSanitizer: $(head -c 2000 "$T"/asan*)"
    return
  fi
  if [ "$check" = robust ]; then
    report "$name" 0 "tshark finished, $("$PY" -c 'import json,sys; d=json.load(open(sys.argv[1], errors="replace")); print(len(d), "frames decoded")' "$T/t.json")"
    return
  fi
  "$GDWIRE" capture --quiet --dialect="$dialect" "${gm[@]}" --format=json \
    "$cap" > "$T/g.json" 2> /dev/null
  local args=("$T/g.json" "$T/t.json" --label=x)
  [ "$check" = exact ] || args+=(--"$check")
  local out
  out=$("$PY" "$HERE/tshark_check.py" "${args[@]}")
  report "$name" $? "$(echo "$out" | sed 's/^[a-zA-Z]* x: //')"
}

G4=$DATA/godot4.pcap
G3=$DATA/godot3.pcap
EM=$DATA/enet/godot4_enet.manifest.json
# (WebSocket payloads reach protocols through the "ws" heuristics only:
# godot_ws stays on and applies godot.ws.port.)
NOHEUR=(--disable-heuristic godot_tcp --disable-heuristic godot_udp)
ports() {  # the port preferences from <engine>.expected/ports.txt
  awk '{printf "-o godot.%s.port:%s\n", $1, $2}' "$1"
}
mapfile -t P4 < <(ports "$DATA/godot4.expected/ports.txt")
mapfile -t P3 < <(ports "$DATA/godot3.expected/ports.txt")

# exact: the real captures.
run "godot4.pcap (heuristics)" "$G4" godot4 "" exact
run "godot4.pcap (ports, no heuristics)" "$G4" godot4 "" exact \
  "${NOHEUR[@]}" ${P4[@]}
run "godot3.pcap (heuristics)" "$G3" godot3 "" exact
run "godot3.pcap (ports, no heuristics)" "$G3" godot3 "" exact \
  "${NOHEUR[@]}" ${P3[@]}
for m in none range_coder fastlz zlib zstd; do
  run "enet/godot4_enet_$m.pcap" "$DATA/enet/godot4_enet_$m.pcap" godot4 "$EM" exact
done
run "enet/godot4_enet_zlib.pcap (no manifest)" "$DATA/enet/godot4_enet_zlib.pcap" godot4 "" exact
run "enet/godot4_ws.pcap" "$DATA/enet/godot4_ws.pcap" godot4 "$EM" exact
run "enet/godot3_enet.pcap" "$DATA/enet/godot3_enet.pcap" godot3 "" exact
for m in none zlib; do
  run "game/game_$m.pcap" "$DATA/game/game_$m.pcap" godot4 \
    "$DATA/game/game.manifest.json" exact
done
run "serve/serve_echo.pcap" "$DATA/serve/serve_echo.pcap" godot4 \
  "$ROOT/server/echo/echo.manifest.json" exact
# Two passes with a read filter (frames it drops give their number away).
run "game/game_zlib.pcap (tshark -2 -R godotmp)" "$DATA/game/game_zlib.pcap" \
  godot4 "$DATA/game/game.manifest.json" exact -2 -R godotmp

# exact: damaged copies that lose nothing.
damage() { "$PY" "$ROOT/recording/capture/damage.py" "$@" > /dev/null; }
# Out-of-order segments: Wireshark's TCP puts them back in order only with
# tcp.reassemble_out_of_order (off by default).
OOO=(-o tcp.reassemble_out_of_order:TRUE)
damage "$G4" "$T/g4_reordered.pcap" reorder=47100:c2s:3 reorder=47100:s2c:4
run "godot4 reordered segments" "$T/g4_reordered.pcap" godot4 "" exact "${OOO[@]}"
damage "$G4" "$T/g4_retransmitted.pcap" dup=47100:c2s:4 dup=47100:s2c:3 \
  dup=47102:c2s:2 dup=47102:s2c:3
run "godot4 retransmitted and overlapping segments" "$T/g4_retransmitted.pcap" godot4 "" exact
damage "$G3" "$T/g3_shuffled.pcap" reorder=47200:c2s:2 dup=47200:s2c:3 \
  dup=47202:c2s:2
run "godot3 reordered and retransmitted" "$T/g3_shuffled.pcap" godot3 "" exact "${OOO[@]}"
damage "$G4" "$T/g4_fragmented.pcap" fragment=47101:1500
run "godot4 UDP in IPv4 fragments" "$T/g4_fragmented.pcap" godot4 "" exact
damage "$G3" "$T/g3_fragmented.pcap" fragment=47201:576
run "godot3 UDP in IPv4 fragments" "$T/g3_fragmented.pcap" godot3 "" exact
damage "$G4" "$T/g4_null.pcapng" null pcapng
run "godot4 as pcapng, DLT_NULL" "$T/g4_null.pcapng" godot4 "" exact
damage "$G3" "$T/g3.pcapng" pcapng
run "godot3 as pcapng" "$T/g3.pcapng" godot3 "" exact

# lossy: what is shown is what the engine sent.
E4=expected=$DATA/godot4.expected
E3=expected=$DATA/godot3.expected
run "godot3_lossy.pcap (real drops)" "$DATA/godot3_lossy.pcap" godot3 "" "$E3"
damage "$G4" "$T/g4_lost.pcap" drop=47100:c2s:5 drop=47102:s2c:121 \
  drop=47102:c2s:125 drop=47100:s2c:20
run "godot4 lost segments" "$T/g4_lost.pcap" godot4 "" "$E4"
damage "$G4" "$T/g4_late.pcap" tail=90
run "godot4 begun mid-connection" "$T/g4_late.pcap" godot4 "" "$E4"
damage "$G4" "$T/g4_cut.pcap" cut=3780
run "godot4 cut mid-record" "$T/g4_cut.pcap" godot4 "" "$E4"
# WebSocket segments out of order: when the first frame comes before the
# HTTP upgrade in the capture, Wireshark's HTTP dissector has already
# passed its bytes by (a Wireshark limit: gdwire capture decodes it).
damage "$G4" "$T/g4_ws_reordered.pcap" reorder=47102:c2s:3 reorder=47102:s2c:5
run "godot4 WebSocket segments reordered" "$T/g4_ws_reordered.pcap" godot4 "" "$E4" "${OOO[@]}"
damage "$G3" "$T/g3_ws_reordered.pcap" reorder=47202:s2c:2
run "godot3 WebSocket segments reordered" "$T/g3_ws_reordered.pcap" godot3 "" "$E3" "${OOO[@]}"

# damaged: random payload bytes.
for seed in 1 2; do
  for cap in godot4.pcap:godot4 godot3.pcap:godot3 \
      enet/godot4_enet_zlib.pcap:godot4 enet/godot4_enet_range_coder.pcap:godot4 \
      enet/godot4_enet_fastlz.pcap:godot4 enet/godot4_enet_none.pcap:godot4 \
      enet/godot3_enet.pcap:godot3 enet/godot4_ws.pcap:godot4 \
      game/game_none.pcap:godot4 serve/serve_echo.pcap:godot4; do
    f=${cap%%:*}
    d=${cap##*:}
    out="$T/corrupt_${seed}_$(basename "$f")"
    "$PY" "$HERE/corrupt.py" "$DATA/$f" "$out" "$seed" > /dev/null
    run "$f, payload bytes damaged (seed $seed)" "$out" "$d" "" robust
  done
done

# foreign: nothing claimed.
F=$DATA/foreign/foreign.pcap
if [ -f "$F" ]; then
  cp "$F" "$T/foreign.pcap"
  chmod a+r "$T/foreign.pcap"
  claimed=$(tsh -r "$T/foreign.pcap" -Y 'godot || godotmp || enet' 2> /dev/null | wc -l)
  total=$(tsh -r "$T/foreign.pcap" 2> /dev/null | wc -l)
  report "foreign/foreign.pcap: no Godot traffic" $([ "$claimed" = 0 ] && [ "$total" -gt 0 ]; echo $?) \
    "$claimed of $total frames claimed"
else
  report "foreign/foreign.pcap" 1 "missing"
fi

echo "$pass passed, $failed failed"
[ "$failed" = 0 ]
