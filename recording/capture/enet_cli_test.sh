#!/bin/bash
# `gdwire capture` on Godot 4.6.3's own networking (ENetMultiplayerPeer +
# SceneMultiplayer), recorded with the real engine in every compression
# mode (tests/data/captures/enet/): every RPC, raw packet, spawn, despawn
# and synced value that the engines logged as sent or received must be in
# the decode, and nothing the engines did not get (enet_check.py); the same
# on damaged copies (enet_damage.py): duplicated, reordered and lost
# datagrams, fragments out of order and missing, a capture cut short.
set -uo pipefail
GDWIRE="$1"
DATA="${TEST_SRCDIR:-.}/gdwire/tests/data/captures/enet"
[ -d "$DATA" ] || DATA=tests/data/captures/enet
HERE="${TEST_SRCDIR:-.}/gdwire/recording/capture"
[ -d "$HERE" ] || HERE=recording/capture
SCRIPT="$HERE/godot4_enet/main.gd"
fail=0
T=${TEST_TMPDIR:-$(mktemp -d)}
run() {  # name, enet_check.py args...
  local name="$1"
  shift
  python3 "$HERE/enet_check.py" "$GDWIRE" "$@" >"$T/check.log" 2>&1
  local st=$?
  if [ $st = 0 ]; then
    echo "PASS $name: $(tail -n 1 "$T/check.log")"
  else
    cat "$T/check.log"
    echo "FAIL $name"
    fail=1
  fi
}

MANIFEST="$DATA/godot4_enet.manifest.json"
for m in none range_coder fastlz zlib zstd; do
  # Without a manifest (method ids: the script's sorted @rpc names) and
  # with the one the engine wrote for the project (method names).
  run "godot4_enet_$m.pcap" "$DATA/godot4_enet_$m.pcap" \
    "$DATA/godot4_enet_$m.events" "$SCRIPT"
  run "godot4_enet_$m.pcap --manifest" "$DATA/godot4_enet_$m.pcap" \
    "$DATA/godot4_enet_$m.events" "$SCRIPT" --flag=--manifest="$MANIFEST" \
    --names
done

# The same session over WebSocketMultiplayerPeer (TCP, one binary message
# per packet; no transfer mode or channel on the wire).
run "godot4_ws.pcap" "$DATA/godot4_ws.pcap" "$DATA/godot4_ws.events" \
  "$SCRIPT" --any-mode
run "godot4_ws.pcap --manifest" "$DATA/godot4_ws.pcap" \
  "$DATA/godot4_ws.events" "$SCRIPT" --any-mode \
  --flag=--manifest="$MANIFEST" --names

# Godot 3.2.3's NetworkedMultiplayerENet (8-byte header, configuration
# channel, rpc and rset by name): every call and rset the engines logged.
run "godot3_enet.pcap" "$DATA/godot3_enet.pcap" "$DATA/godot3_enet.events" \
  "$HERE/godot3_enet/main.gd" --any-mode --flag=--dialect=godot3

# Damaged copies of the uncompressed and the range-coded recordings.
# BIG: a datagram over BIG bytes carries a fragment (the range coder
# shrinks the 20 KB arrays' fragments to ~650 bytes).
for m in none range_coder; do
  BIG=1000
  [ "$m" = range_coder ] && BIG=600
  IN="$DATA/godot4_enet_$m.pcap"
  EV="$DATA/godot4_enet_$m.events"
  damaged() {  # name, ops, check args...
    local name="$1" ops="$2"
    shift 2
    # shellcheck disable=SC2086
    if ! python3 "$HERE/enet_damage.py" "$IN" "$T/d.pcap" $ops >"$T/d.log" 2>&1; then
      cat "$T/d.log"
      echo "FAIL enet_damage.py $ops"
      fail=1
      return
    fi
    run "$m $name ($(cat "$T/d.log"))" "$T/d.pcap" "$EV" "$SCRIPT" "$@"
  }
  # What ENet puts right itself: exactly the engines' events.
  damaged "duplicated datagrams" "dup=3:7"
  damaged "reordered datagrams" "swap=5:9"
  damaged "fragments out of order" "bigswap=$BIG"
  # Lost in the capture: what is decoded is right, gaps are reported.
  damaged "lost datagrams" "drop=11:23" --lossy --min-problems=1 \
    --min-fraction=0.85
  damaged "missing fragments" "bigdrop=$BIG" --lossy --min-problems=1 \
    --min-fraction=0.9
  damaged "cut short" "cut=300" --lossy --min-fraction=0.3
done
exit $fail
