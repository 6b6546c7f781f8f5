#!/bin/bash
# `gdwire capture` on the real engines' captures (tests/data/captures/):
# every message of every transport and direction must be the engine's own
# text of what it sent (check.py), and the damaged copies must be reported
# as such (gaps, a cut-off file) with everything else decoded.
set -uo pipefail
GDWIRE="$1"
DATA="${TEST_SRCDIR:-.}/gdwire/tests/data/captures"
[ -d "$DATA" ] || DATA=tests/data/captures
HERE="${TEST_SRCDIR:-.}/gdwire/tools/capture"
[ -d "$HERE" ] || HERE=tools/capture
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
