#!/bin/bash
# gdwire capture on the godot4_game recordings (tests/data/captures/game/)
# against the engines' logs, with and without the engine-written manifest.
set -uo pipefail
GDWIRE="$1"
DATA="${TEST_SRCDIR:-.}/gdwire/tests/data/captures/game"
[ -d "$DATA" ] || DATA=tests/data/captures/game
HERE="${TEST_SRCDIR:-.}/gdwire/recording/capture/godot4_game"
[ -d "$HERE" ] || HERE=recording/capture/godot4_game
fail=0
for m in none zlib; do
  for manifest in "" "--manifest=$DATA/game.manifest.json"; do
    name="game_$m.pcap${manifest:+ --manifest}"
    # shellcheck disable=SC2086
    if out="$(python3 "$HERE/game_check.py" "$GDWIRE" "$DATA/game_$m.pcap" \
      "$DATA/game_$m.events" $manifest 2>&1)"; then
      echo "PASS $name: $(tail -n 1 <<<"$out")"
    else
      echo "$out"
      echo "FAIL $name"
      fail=1
    fi
  done
done
exit $fail
