#!/usr/bin/env bash
# Takes docs/wireshark.png: Wireshark's GUI (Debian 12's wireshark-qt 4.0,
# under Xvfb) showing the gdwire plugin on a real capture, a Godot 4 game
# over ENet with zlib compression, with the method names from its manifest.
# The packet list is filtered to GodotMP events; the details pane shows the
# ENet datagram (header and command) and the SceneMultiplayer event with its
# values and their value tree.
#
#   wireshark/screenshot.sh [PLUGIN.so] [OUTPUT.png]
#
# Installs what it lacks with apt-get (wireshark-qt, tshark, xvfb, xdotool,
# imagemagick, optipng, fonts). Wireshark ignores personal plugins when run
# as root, so as root it runs Wireshark as user nobody with a fresh HOME.
# Environment: FRAME (the frame to show, default 157, an rpc with a
# Dictionary argument), SIZE (default 1400x900).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PLUGIN=${1:-/tmp/wsb/wireshark/gdwire_wireshark/plugins/4.0/epan/gdwire.so}
OUTPUT=${2:-$ROOT/docs/wireshark.png}
CAPTURE=$ROOT/tests/data/captures/game/game_zlib.pcap
MANIFEST=$ROOT/tests/data/captures/game/game.manifest.json
FRAME=${FRAME:-157}
SIZE=${SIZE:-1400x900}
WIDTH=${SIZE%x*}
HEIGHT=${SIZE#*x}

say() { printf 'screenshot.sh: %s\n' "$*"; }
die() { say "error: $*" >&2; exit 1; }

[[ -r $PLUGIN ]] || die "no plugin at $PLUGIN (cmake --build BUILD --target gdwire_wireshark)"
[[ -r $CAPTURE && -r $MANIFEST ]] || die "missing $CAPTURE or $MANIFEST"

# --- packages ---------------------------------------------------------------
PACKAGES=(wireshark-qt tshark xvfb xdotool imagemagick optipng
          fonts-dejavu-core fonts-noto-color-emoji fonts-wqy-microhei)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  SUDO=()
  ((EUID == 0)) || SUDO=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- scratch HOME with the plugin and the preferences -----------------------
T=$(mktemp -d /tmp/gdwire-shot.XXXXXX)
chmod 755 "$T"
XVFB_PID=
WS_PID=
cleanup() {
  if [[ -n $WS_PID ]]; then kill "$WS_PID" 2>/dev/null || true; fi
  if [[ -n $XVFB_PID ]]; then kill "$XVFB_PID" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

H=$T/home
mkdir -p "$H/.local/lib/wireshark/plugins/4.0/epan" "$H/.config/wireshark" "$T/run"
cp "$PLUGIN" "$H/.local/lib/wireshark/plugins/4.0/epan/gdwire.so"
cp "$CAPTURE" "$T/game_zlib.pcap"
cp "$MANIFEST" "$T/game.manifest.json"
chmod 644 "$T/game_zlib.pcap" "$T/game.manifest.json"

# Layout 5: packet list over packet bytes on the left, packet details on the
# whole right-hand side (tall enough for the expanded trees).
cat >"$H/.config/wireshark/preferences" <<'EOF'
gui.layout_type: 5
gui.layout_content_1: PLIST
gui.layout_content_2: PBYTES
gui.layout_content_3: PDETAILS
gui.column.format: "No.", "%m", "Src port", "%uS", "Dst port", "%uD", "Protocol", "%p", "Length", "%L", "Info", "%i"
gui.qt.font_name: DejaVu Sans Mono,9
EOF
cat >"$H/.config/wireshark/recent_common" <<EOF
gui.geometry_main_x: 0
gui.geometry_main_y: 0
gui.geometry_main_width: $WIDTH
gui.geometry_main_height: $HEIGHT
gui.geometry_main_maximized: FALSE
privs.warn_if_elevated: FALSE
sys.warn_if_no_capture: FALSE
EOF
# upper pane: width of the left column; lower pane: height of the list.
cat >"$H/.config/wireshark/recent" <<EOF
gui.geometry_main_upper_pane: $((WIDTH * 4 / 7))
gui.geometry_main_lower_pane: $((HEIGHT * 2 / 3))
column.width: %m, 60, %uS, 64, %uD, 64, %p, 66, %L, 55, %i, 1000
EOF

if ((EUID == 0)); then
  chown -R 65534:65534 "$H" "$T/run"
  AS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  say "running Wireshark as nobody (it loads no personal plugins as root)"
else
  AS=()
fi
chmod 700 "$T/run"
as_user() { env HOME="$H" XDG_RUNTIME_DIR="$T/run" "${AS[@]}" "$@"; }

PREFS=(-o "godot.manifest:$T/game.manifest.json")
as_user timeout 60 tshark -G plugins | grep -q 'gdwire\.so' ||
  die "tshark does not list gdwire.so (built for another Wireshark version?)"
say "plugin loaded: $PLUGIN"
INFO=$(as_user timeout 60 tshark -r "$T/game_zlib.pcap" "${PREFS[@]}" \
  -Y "frame.number == $FRAME && godotmp.kind == \"rpc\"" -T fields -e godotmp.text)
[[ -n $INFO ]] || die "frame $FRAME is no rpc event"
say "frame $FRAME: $INFO"

# --- X server ---------------------------------------------------------------
D=99
while [[ -e /tmp/.X$D-lock || -e /tmp/.X11-unix/X$D ]]; do D=$((D + 1)); done
export DISPLAY=:$D
Xvfb "$DISPLAY" -screen 0 "${WIDTH}x${HEIGHT}x24" -nolisten tcp >"$T/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 100); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  kill -0 "$XVFB_PID" 2>/dev/null || die "Xvfb failed: $(cat "$T/xvfb.log")"
  sleep 0.1
done
say "Xvfb on $DISPLAY, ${WIDTH}x${HEIGHT}"

# --- Wireshark --------------------------------------------------------------
(cd "$T" && exec env HOME="$H" XDG_RUNTIME_DIR="$T/run" DISPLAY="$DISPLAY" \
  "${AS[@]}" timeout 300 wireshark -r "$T/game_zlib.pcap" "${PREFS[@]}" \
  -Y godotmp -g "$FRAME") >"$T/wireshark.log" 2>&1 &
WS_PID=$!
WID=$(timeout 60 xdotool search --sync --onlyvisible --name 'game_zlib' | head -1) ||
  die "no Wireshark window: $(cat "$T/wireshark.log")"
say "Wireshark window $WID"
xdotool windowmove "$WID" 0 0 windowsize "$WID" "$WIDTH" "$HEIGHT"
sleep 6  # reads the file, filters, selects the frame, draws

# Focus the packet details pane (click its empty lower part), Expand All
# (Ctrl+Right), collapse Frame, Ethernet, IPv4 and UDP again, select ENet:
# ENet (header, command) and GodotMP (event, values) stay expanded.
xdotool mousemove --sync $((WIDTH * 11 / 14)) $((HEIGHT * 9 / 10)) click 1
sleep 0.5
xdotool key ctrl+Right
sleep 0.5
xdotool key Home Left Down Left Down Left Down Left Down
xdotool mousemove --sync $((WIDTH - 1)) $((HEIGHT - 1))  # no hover highlight
sleep 2

GEOM=$(xdotool getwindowgeometry --shell "$WID")
WX=$(sed -n 's/^X=//p' <<<"$GEOM")
WY=$(sed -n 's/^Y=//p' <<<"$GEOM")
import -window root -crop "${WIDTH}x${HEIGHT}+${WX}+${WY}" +repage "$T/shot.png"
mkdir -p "$(dirname "$OUTPUT")"
optipng -quiet -o2 "$T/shot.png"
if (($(stat -c %s "$T/shot.png") > 400000)); then
  convert "$T/shot.png" -colors 256 "PNG8:$T/shot8.png"
  optipng -quiet -o2 "$T/shot8.png"
  mv "$T/shot8.png" "$T/shot.png"
fi
cp "$T/shot.png" "$OUTPUT"
say "wrote $OUTPUT ($(identify -format '%wx%h' "$OUTPUT"), $(stat -c %s "$OUTPUT") bytes)"
