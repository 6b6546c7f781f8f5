#!/bin/bash
# Godot and the alternatives side by side, in one table (docs/PERFORMANCE.md).
#
#   benchmarks/compare/compare.sh                # full run (about 5-10 minutes on 2 cores)
#   benchmarks/compare/compare.sh --quick        # small payloads, short timings (debugging)
#   benchmarks/compare/compare.sh --no-doc       # print the table, leave docs/ alone
#
# 1. Installs what it needs (idempotent): setup/install_deps.sh, Debian's
#    libsimdjson-dev and libmsgpack-cxx-dev, the real engines Godot 4.6.3 and
#    Godot 3.2.3 (setup/godot/install_godot{4,3}.sh).
# 2. Has each engine write the payloads with its own encoder
#    (benchmarks/compare/godot{4,3}/payloads.gd): 20,000 snapshot messages as a
#    StreamPeer stream, one Array of 20,000 player dicts, a PackedStringArray
#    of 200,000 strings, a PackedVector3Array (48 MB), a PackedFloat32Array
#    (64 MB); Godot 4 also text of each kind (PackedStringArrays of ASCII,
#    "é" and Cyrillic names, {name, chat} dicts in English and Spanish).
#    Cached in bench-data/ (ignored by git; GDWIRE_BENCH_DATA
#    moves it), keyed by engine version and generator script.
# 3. Times each engine's own decode and encode of those bytes in GDScript
#    (benchmarks/compare/godot{4,3}/timing.gd).
# 4. Runs gdwire's decoders and encoders on the same files
#    (//benchmarks/compare:compare_bench, -c opt), and the command line tool
#    (`gdwire validate`, `decode`) on the traffic repeated to 100+ MB at 1 and
#    2 threads (GDWIRE_CLI_THREADS=1,2,4,8,16 on a bigger machine) beside
#    `cat` (benchmarks/cli/cli_bench.py).
# 5. Converts the Godot 4 traffic to the JSON and MessagePack a developer
#    would write and runs simdjson (DOM, On-Demand) and msgpack-cxx on it
#    (benchmarks/compare/alternatives.cc, built with g++ -O3 -march=native).
# 6. Prints the table (benchmarks/report/comparison.py) and writes docs/PERFORMANCE.md,
#    docs/performance.svg and the headline in README.md (between its
#    "compare.sh headline" markers).
#
# Every figure is the best pass of several (each op repeated for about
# --seconds, at least 3 times); medians are kept in bench-data/results/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

quick=0
write_doc=1
seconds=""
engine_seconds=""
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    --no-doc) write_doc=0 ;;
    --seconds=*) seconds="${a#--seconds=}" ;;
    -h | --help)
      sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "compare.sh: unknown argument $a (see --help)" >&2
      exit 2
      ;;
  esac
done
if [ "$quick" = 1 ]; then
  messages=1000
  seconds="${seconds:-0.05}"
  engine_seconds=0.2
else
  messages=20000
  seconds="${seconds:-0.4}"
  engine_seconds=1.5
fi
data="${GDWIRE_BENCH_DATA:-$root/bench-data}"
mkdir -p "$data/bin" "$data/results"
t_start=$(date +%s)
load_start="$(python3 benchmarks/report/machine.py load)"
log() { echo "compare.sh: $* ($(($(date +%s) - t_start)) s)" >&2; }

# ---- 1. what it needs ---------------------------------------------------------
setup/install_deps.sh >/dev/null
bench_pkgs=(libsimdjson-dev libmsgpack-cxx-dev g++)
missing=()
for p in "${bench_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  # shellcheck source=setup/as_root.sh
  . "$root/setup/as_root.sh"
  need_root "installing ${missing[*]}"
  log "installing ${missing[*]}"
  as_root_apt update -qq
  as_root_apt install -y -qq "${missing[@]}" >/dev/null
fi
setup/godot/install_godot4.sh >/dev/null
setup/godot/install_godot3.sh >/dev/null
v4="$(setup/godot/godot4 --version 2>/dev/null | tail -n 1 || true)"
v3="$(setup/godot/godot3 --version 2>/dev/null | tail -n 1 || true)"
log "engines: Godot $v4, Godot $v3"

# ---- build ---------------------------------------------------------------------
bazel build -c opt //benchmarks/compare:compare_bench //tools:gdwire 2>&1 | tail -n 1 >&2
bin="$(bazel info -c opt bazel-bin 2>/dev/null)"
cp -f "$bin/benchmarks/compare/compare_bench" "$data/bin/compare_bench"
cp -f "$bin/tools/gdwire" "$data/bin/gdwire"
g++ -std=c++17 -O3 -march=native -DMSGPACK_NO_BOOST \
  benchmarks/compare/alternatives.cc -lsimdjson -o "$data/bin/alternatives"
log "built compare_bench and alternatives"

# ---- 2. payloads written by the engines ----------------------------------------
# A throwaway Godot project holding the engine's scripts.
project() {
  local engine="$1" dir
  dir="$(mktemp -d "${TMPDIR:-/tmp}/gdwire-bench-$engine.XXXXXX")"
  cp "benchmarks/compare/$engine/"*.gd "$dir/"
  if [ "$engine" = godot4 ]; then
    printf 'config_version=5\n[application]\nconfig/name="gdwire bench"\n' >"$dir/project.godot"
  else
    printf 'config_version=4\n[application]\nconfig/name="gdwire bench"\n' >"$dir/project.godot"
  fi
  echo "$dir"
}
engine_args() {
  if [ "$1" = godot4 ]; then echo "--path $2"; else echo "--no-window --path $2"; fi
}
payload_dir() {
  local engine="$1" version="$2" key
  key="$(printf '%s %s %s' "$version" "$messages" \
    "$(sha256sum "benchmarks/compare/$engine/payloads.gd" | cut -c1-16)" | sha256sum | cut -c1-12)"
  echo "$data/payloads/$engine-$key"
}
make_payloads() {
  local engine="$1" version="$2" out proj
  out="$(payload_dir "$engine" "$version")"
  if [ -s "$out/floats.bin" ] && [ -s "$out/VERSION" ]; then
    echo "$out"
    return
  fi
  log "Godot ${engine#godot} writes the payloads ($messages messages)"
  rm -rf "$out.tmp"
  mkdir -p "$out.tmp"
  proj="$(project "$engine")"
  # shellcheck disable=SC2046
  timeout 600 "setup/godot/$engine" $(engine_args "$engine" "$proj") -s payloads.gd -- \
    --out="$out.tmp" --messages="$messages" >"$proj/engine.log" 2>&1 || true
  if ! grep -q "^PAYLOADS $engine" "$proj/engine.log"; then
    cat "$proj/engine.log" >&2
    echo "compare.sh: Godot ${engine#godot} did not write the payloads" >&2
    exit 1
  fi
  grep "^PAYLOADS" "$proj/engine.log" >"$out.tmp/VERSION"
  rm -rf "$proj" "$out"
  mv "$out.tmp" "$out"
  echo "$out"
}
p4="$(make_payloads godot4 "$v4")"
p3="$(make_payloads godot3 "$v3")"

# ---- 3. the engines' own decode and encode --------------------------------------
res="$data/results"
rm -f "$res"/*.txt
for engine in godot4 godot3; do
  [ "$engine" = godot4 ] && p="$p4" || p="$p3"
  log "Godot ${engine#godot} times its decode and encode"
  proj="$(project "$engine")"
  # shellcheck disable=SC2046
  timeout 900 "setup/godot/$engine" $(engine_args "$engine" "$proj") -s timing.gd -- \
    --dir="$p" --seconds="$engine_seconds" >"$proj/engine.log" 2>&1 || true
  if ! grep -q "^TIMING_DONE" "$proj/engine.log"; then
    cat "$proj/engine.log" >&2
    echo "compare.sh: Godot ${engine#godot} timing did not finish" >&2
    exit 1
  fi
  grep "^TIMING" "$proj/engine.log" >"$res/$engine-engine.txt"
  rm -rf "$proj"
done

# ---- 4. gdwire on the same files -------------------------------------------------
log "gdwire on the Godot 4 payloads"
"$data/bin/compare_bench" --dialect=godot4 --seconds="$seconds" "$p4" >"$res/godot4-gdwire.txt"
log "gdwire on the Godot 3 payloads"
"$data/bin/compare_bench" --dialect=godot3 --seconds="$seconds" "$p3" >"$res/godot3-gdwire.txt"

# ---- 4b. the command line tool on a large recording (the traffic repeated) -------
log "gdwire validate / decode on the traffic (benchmarks/cli/cli_bench.py)"
python3 benchmarks/cli/cli_bench.py --gdwire="$data/bin/gdwire" --input="$p4/traffic.bin" \
  --min-mb="$([ "$quick" = 1 ] && echo 5 || echo 100)" --reps="$([ "$quick" = 1 ] && echo 2 || echo 5)" \
  --threads="${GDWIRE_CLI_THREADS:-1,2}" --work="$data/cli" --out="$res/godot4-cli.txt" >&2

# ---- 5. simdjson and msgpack-cxx on the same logical traffic ---------------------
if [ ! -s "$p4/traffic.msgpack" ]; then
  "$data/bin/compare_bench" --dialect=godot4 --export="$p4" "$p4"
fi
log "simdjson and msgpack-cxx"
"$data/bin/alternatives" --seconds="$seconds" "$p4/traffic.json" "$p4/traffic.msgpack" \
  >"$res/godot4-alternatives.txt"

# ---- 6. the table ----------------------------------------------------------------
{
  python3 benchmarks/report/machine.py meta "--load-start=$load_start"
  echo "GIT $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo '+changes')"
  echo "DATE $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "ENGINE4 $v4"
  echo "ENGINE3 $v3"
  echo "SECONDS $seconds $engine_seconds"
  echo "QUICK $quick"
  echo "PAYLOADS4 $(cat "$p4/VERSION")"
  echo "PAYLOADS3 $(cat "$p3/VERSION")"
} >"$res/meta.txt"
report_args=("$res")
if [ "$write_doc" = 1 ]; then
  report_args+=(--doc=docs/PERFORMANCE.md --svg=docs/performance.svg --readme=README.md)
fi
python3 benchmarks/report/comparison.py "${report_args[@]}"
log "done"
