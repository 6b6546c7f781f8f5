#!/bin/bash
# Re-records foreign.pcap: ordinary, non-Godot traffic over 127.0.0.1
# (traffic.py: HTTP/1.1, TLS 1.3 and 1.2, DNS, random UDP datagrams, TCP
# streams of random bytes, length-prefixed records and text lines,
# WebSocket), for tests that a Godot dissector's heuristics claim none of
# it (README.md). Needs the right to capture (root, or passwordless sudo);
# curl and openssl are used when installed.
#
#   tests/data/captures/foreign/record.sh [OUT.pcap] [IFACE]
#
# OUT.pcap defaults to foreign.pcap next to this script; IFACE to `lo`
# (Ethernet link type). All the servers listen on 127.0.0.1:48000-48099.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
. "$root/setup/as_root.sh"
. "$root/recording/capture/tcpdump.sh"
pcap="${1:-$here/foreign.pcap}"
iface="${2:-lo}"
capture_start "$iface" "$pcap" \
  "host 127.0.0.1 and (portrange 48000-48100 or icmp)"
status=0
timeout 120 /usr/bin/python3 "$here/traffic.py" || status=$?
capture_stop
if [ "$status" != 0 ]; then
  echo "record.sh: traffic.py failed (exit $status)" >&2
  exit 1
fi
echo "record.sh: wrote $pcap ($(stat -c %s "$pcap") bytes)" >&2
if command -v tshark >/dev/null; then
  tshark -r "$pcap" -q -z io,phs 2>/dev/null
fi
