# shellcheck shell=bash
# Sourced by the recorders (recording/capture/record.sh, record_enet.sh,
# godot4_game/record.sh, server/echo/record.sh), after setup/as_root.sh:
# tcpdump on one interface into one pcap, as root (or through sudo -n),
# installed when missing.
#
#   capture_start IFACE PCAP FILTER [TCPDUMP_FLAGS...]  # back once listening
#   ... the session ...
#   capture_stop     # waits 1.5 s, stops tcpdump, prints its summary on
#                    # stderr, gives the pcap to the caller's user
#
# -U: each packet written at once; -s 0: whole packets. Packets reach
# tcpdump in ring-buffer blocks up to a second late: the sleep in
# capture_stop lets the last ones arrive before SIGINT.

capture_start() {
  local iface="$1" pcap="$2" filter="$3"
  shift 3
  _capture_pcap="$pcap"
  _capture_log="$(mktemp)"
  _capture_pidf="$(mktemp)"
  need_root "capturing on $iface with tcpdump"
  if ! PATH="$PATH:/usr/sbin:/sbin" command -v tcpdump >/dev/null; then
    as_root_apt update -qq
    as_root_apt install -y -qq tcpdump >/dev/null
  fi
  # (sh -c: the pid of tcpdump itself, to stop it with SIGINT.)
  as_root env PATH="$PATH:/usr/sbin:/sbin" sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$_capture_pidf" \
    tcpdump -i "$iface" "$@" -U -s 0 -w "$pcap" "$filter" 2>"$_capture_log" &
  _capture_dump=$!
  for _ in $(seq 100); do
    grep -q "listening on" "$_capture_log" && break
    sleep 0.1
  done
}

capture_stop() {
  sleep 1.5
  as_root kill -INT "$(cat "$_capture_pidf")" 2>/dev/null || true
  wait "$_capture_dump" || true
  cat "$_capture_log" >&2
  as_root chown "$(id -u):$(id -g)" "$_capture_pcap"
  rm -f "$_capture_log" "$_capture_pidf"
}
