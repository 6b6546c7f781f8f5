#!/bin/bash
# Records a real engine talking to itself over loopback (127.0.0.1 only)
# with tcpdump, for gdwire's capture tests (tests/data/captures/README.md):
#
#   recording/capture/record.sh godot4|godot3 OUT_DIR [PORT] [IFACE]
#
# Writes OUT_DIR/<engine>.pcap (tcpdump -w, the whole packets) and
# OUT_DIR/<engine>.expected/ (the engine's own var_to_str text of every
# message, per transport and direction, and the server ports), from
# recording/capture/<engine>/talk.gd. IFACE is `lo` (Ethernet link type) by
# default; `any` records Linux cooked (SLL2) frames. Needs the right to
# capture (root, or a user with passwordless sudo; tcpdump is installed
# from Debian when missing) and the engine (setup/godot/install_godot3.sh
# or install_godot4.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
. "$root/setup/as_root.sh"
. "$root/recording/capture/tcpdump.sh"
engine="${1:?engine: godot4 or godot3}"
out="${2:?output folder}"
port="${3:-47100}"
iface="${4:-lo}"
case "$engine" in
  godot4) run=("$root/setup/godot/godot4" --path "$here/godot4") ;;
  godot3) run=(godot3-server --no-window --path "$here/godot3") ;;
  *) echo "record.sh: engine must be godot4 or godot3" >&2; exit 2 ;;
esac
mkdir -p "$out"
out="$(cd "$out" && pwd)"
exp="$out/$engine.expected"
rm -rf "$exp"
mkdir -p "$exp"
pcap="$out/$engine.pcap"
# IMMEDIATE=1 adds --immediate-mode, with which the kernel drops packets on
# `any` under this load (how godot3_lossy.pcap was made).
immediate=()
[ "${IMMEDIATE:-0}" = 1 ] && immediate=(--immediate-mode)
capture_start "$iface" "$pcap" \
  "host 127.0.0.1 and (port $port or port $((port + 1)) or port $((port + 2)))" \
  "${immediate[@]}"
status=0
timeout 120 "${run[@]}" -s talk.gd -- --port="$port" --out="$exp" \
  >"$out/$engine.talk.log" 2>&1 || status=$?
capture_stop
grep -E "^(ENGINE|TCP|UDP|WS|TALK_DONE)" "$out/$engine.talk.log" || true
if [ "$status" != 0 ] || ! grep -q "TALK_DONE ok" "$out/$engine.talk.log"; then
  echo "record.sh: $engine failed (exit $status); see $out/$engine.talk.log" >&2
  exit 1
fi
