#!/bin/bash
# gdwire decode|validate --threads=N print what --threads=1 prints (values,
# error message, exit status) on real Godot 3 streams, whole, cut at many
# places and with a byte changed, in every framing they use. (One
# difference, by design: see the comment in run.)
set -u
G="$1"
D=tests/data/corpus/godot3/framing
T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
fail=0
checks=0
run() {  # run LABEL FILE ARGS...: compare --threads=1 with 2 and 3
  local label="$1" file="$2"
  shift 2
  for cmd in decode validate; do
    "$G" "$cmd" "$@" --threads=1 "$file" >"$T/one.out" 2>"$T/one.err"
    local want=$?
    for n in 2 3; do
      "$G" "$cmd" "$@" --threads=$n "$file" >"$T/n.out" 2>"$T/n.err"
      local got=$?
      checks=$((checks + 1))
      # The one-thread decode parses frames as they are read, so it may
      # print the value of a frame that turns out to be cut before saying
      # so; the threaded one checks each frame first (as DecodeFramed
      # does): its output is the other's, or that less such values.
      local n_lines
      n_lines=$(wc -l <"$T/n.out")
      if [ "$want" != "$got" ] || ! cmp -s "$T/one.err" "$T/n.err" ||
         ! cmp -s <(head -n "$n_lines" "$T/one.out") "$T/n.out" ||
         { [ "$want" = 0 ] && ! cmp -s "$T/one.out" "$T/n.out"; } ||
         { [ "$cmd" = validate ] && ! cmp -s "$T/one.out" "$T/n.out"; }; then
        echo "FAIL: $cmd $label --threads=$n differs from --threads=1"
        diff "$T/one.err" "$T/n.err" | head -5
        fail=1
      fi
    done
  done
}
for spec in "stream_put_var.bin --framing=stream" \
            "stream_put_var_tcp.bin --framing=stream" \
            "file_store_var.bin --framing=stream" \
            "stream_put_var_big_endian.bin --framing=stream --big-endian" \
            "packet_peer_stream_put_var.bin --framing=packet-stream"; do
  set -- $spec
  f="$D/$1"
  shift
  [ -s "$f" ] || { echo "FAIL: missing $f"; exit 1; }
  size=$(stat -c %s "$f")
  run "$(basename "$f")" "$f" --dialect=godot3 "$@"
  for cut in 1 3 4 5 9 $((size / 3)) $((size / 2)) $((size - 1)); do
    head -c "$cut" "$f" >"$T/cut.bin"
    run "$(basename "$f") cut at $cut" "$T/cut.bin" --dialect=godot3 "$@"
  done
  for at in 6 $((size / 2)) $((size - 3)); do
    cp "$f" "$T/bad.bin"
    printf '\xff' | dd of="$T/bad.bin" bs=1 seek="$at" conv=notrunc 2>/dev/null
    run "$(basename "$f") byte $at changed" "$T/bad.bin" --dialect=godot3 "$@"
  done
done
# The whole streams decode to values at all (not two empty outputs).
"$G" decode --dialect=godot3 --framing=stream --threads=2 \
  "$D/stream_put_var.bin" | grep -q . || { echo "FAIL: no values"; fail=1; }
"$G" decode --threads=0 "$D/stream_put_var.bin" 2>/dev/null
[ $? = 2 ] || { echo "FAIL: --threads=0 is not a usage error"; fail=1; }
echo "$checks comparisons"
exit $fail
