#!/bin/bash
# tshark with and without the gdwire plugin on ~100 MB of real Godot
# traffic (make_capture.py: the repository's recordings repeated as new
# connections), the same machine and run:
#
#   benchmarks/wireshark/tshark_speed.sh PLUGIN.so [SIZE_MB] [RUNS]
#
# Two captures: put_var (godot4.pcap: StreamPeer TCP, UDP, WebSocket) and
# multiplayer (the ENet recordings in every compression mode, the
# WebSocketMultiplayerPeer one, the game and serve-echo recordings). Three
# ways to run tshark: the packet summary (`tshark -r F`, what a reader scrolls
# through), one field (`-T fields -e godot.text` / `-e godotmp.text`;
# without the plugin `-e tcp.len -e udp.length`) and
# the whole tree (`-V`). Each is run RUNS times (default 3) without the
# plugin and with it; the median wall time and the peak memory are printed,
# with their ratio. The values and events tshark shows are counted and
# checked against `gdwire capture` (when `gdwire` is on PATH or in
# bazel-bin/tools/). As root, tshark runs as `nobody` (Wireshark loads no
# personal plugin for root).
set -euo pipefail
PLUGIN=$(readlink -f "$1")
SIZE=${2:-100}
RUNS=${3:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
D=$ROOT/tests/data/captures
T=$(mktemp -d /tmp/gdwire-tshark-speed.XXXXXX)
trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
WSVER=$(tshark --version | sed -n '1s/.* \([0-9]*\.[0-9]*\)\.[0-9]*.*/\1/p')
mkdir -p "$T/with/.local/lib/wireshark/plugins/$WSVER/epan" "$T/without"
cp "$PLUGIN" "$T/with/.local/lib/wireshark/plugins/$WSVER/epan/gdwire.so"
RUNAS=()
[ "$(id -u)" = 0 ] && RUNAS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
/usr/bin/python3 "$HERE/make_capture.py" "$D/godot4.pcap" "$T/putvar.pcap" \
  --size-mb="$SIZE"
/usr/bin/python3 "$HERE/make_capture.py" "$D"/enet/godot4_enet_*.pcap \
  "$D/enet/godot4_ws.pcap" "$D"/game/game_*.pcap "$D/serve/serve_echo.pcap" \
  "$T/mp.pcap" --size-mb="$SIZE"
chmod -R a+rX "$T"
GDWIRE=$(command -v gdwire || echo "$ROOT/bazel-bin/tools/gdwire")

# median wall seconds and max peak KB of RUNS runs: run HOME args...
run() {
  local home=$1
  shift
  local i
  for ((i = 0; i < RUNS; i++)); do
    /usr/bin/time -f "%e %M" -o "$T/time" env HOME="$home" "${RUNAS[@]}" \
      tshark "$@" > /dev/null 2>&1
    cat "$T/time"
  done | sort -n | awk -v n="$RUNS" '{t[NR] = $1; if ($2 > m) m = $2}
    END {printf "%s %d", t[int((n + 1) / 2)], m}'
}
echo "tshark $(tshark --version | sed -n '1s/.*(Wireshark) //p'), $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf "%-12s %-26s %10s %10s %7s %10s %10s\n" capture mode "without s" "with s" ratio "without MB" "with MB"
for cap in putvar mp; do
  field=godot.text
  [ $cap = mp ] && field=godotmp.text
  for mode in summary fields tree; do
    case $mode in
      summary) args=(-r "$T/$cap.pcap") ;;
      fields) args=(-r "$T/$cap.pcap" -T fields -e "$field") ;;
      tree) args=(-r "$T/$cap.pcap" -V) ;;
    esac
    base=("${args[@]}")
    # Without the plugin the field does not exist: TCP's and UDP's lengths.
    [ $mode = fields ] && base=(-r "$T/$cap.pcap" -T fields -e tcp.len -e udp.length)
    read -r a am <<< "$(run "$T/without" "${base[@]}")"
    read -r b bm <<< "$(run "$T/with" "${args[@]}")"
    printf "%-12s %-26s %10s %10s %7s %10d %10d\n" "$cap" "$mode" "$a" "$b" \
      "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2fx", b / a}')" \
      $((am / 1024)) $((bm / 1024))
  done
done
# What was decoded: the same as gdwire capture.
shown=$(env HOME="$T/with" "${RUNAS[@]}" tshark -r "$T/putvar.pcap" -T fields \
  -e godot.transport -E aggregator=, -Y godot 2>/dev/null | tr , '\n' | grep -c .)
want=$("$GDWIRE" capture --quiet --format=json "$T/putvar.pcap" | wc -l)
echo "putvar: $(stat -c %s "$T/putvar.pcap") bytes; tshark shows $shown values, gdwire capture $want"
shown=$(env HOME="$T/with" "${RUNAS[@]}" tshark -r "$T/mp.pcap" -T fields \
  -e godotmp.kind -E aggregator=, -Y godotmp 2>/dev/null | tr , '\n' | grep -c .)
want=$("$GDWIRE" capture --quiet --format=json "$T/mp.pcap" | wc -l)
echo "mp: $(stat -c %s "$T/mp.pcap") bytes; tshark shows $shown events, gdwire capture $want"
