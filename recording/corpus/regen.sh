#!/bin/bash
# Regenerates engine-made corpus cases with a real engine, in the format of
# tests/data/corpus/<engine>/ (manifest.json + bin/), so the corpora can grow.
#
#   recording/corpus/regen.sh godot4|godot3 OUT_DIR [--seed=1] [--count=200]
#                         [--large] [--check=PATH/TO/gdwire]
#
# OUT_DIR must be new or empty (the script never writes over a corpus: copy
# the cases you want into tests/data/corpus/ yourself). --large adds a large
# packed array every 149 values. --check decodes every case with the gdwire
# CLI and compares its text with the engine's decoded_text (exit 1 on any
# difference). The engine comes from setup/godot/install_<engine>.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
engine="${1:-}"
out="${2:-}"
case "$engine" in
  godot4) script=gen_corpus.gd ;;
  godot3) script=gen_corpus_godot3.gd ;;
  *) engine="" ;;
esac
if [ -z "$engine" ] || [ -z "$out" ]; then
  echo "usage: $0 godot4|godot3 OUT_DIR [--seed=N] [--count=N] [--large] [--check=GDWIRE]" >&2
  exit 2
fi
shift 2
seed=1 count=200 large=0 check=""
for a in "$@"; do
  case "$a" in
    --seed=*) seed="${a#*=}" ;;
    --count=*) count="${a#*=}" ;;
    --large) large=1 ;;
    --check=*) check="${a#*=}" ;;
    *)
      echo "regen.sh: unknown argument $a" >&2
      exit 2
      ;;
  esac
done
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "regen.sh: $out exists and is not empty" >&2
  exit 2
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
launcher="$root/setup/godot/$engine"
version="$(timeout 60 "$launcher" --version 2>/dev/null | tail -n 1)" || true
if ! [[ "$version" =~ ^${engine#godot}\.[0-9] ]]; then
  echo "FAIL: Godot ${engine#godot} not installed: run setup/godot/install_$engine.sh" >&2
  exit 1
fi

proj="$(mktemp -d "${TMPDIR:-/tmp}/gdwire-corpus.XXXXXX")"
trap 'rm -rf "$proj"' EXIT
cp "$root/tests/interop/$engine/values.gd" "$proj/values.gd"
cp "$root/recording/corpus/$script" "$proj/gen.gd"
if [ "$engine" = godot4 ]; then
  printf 'config_version=5\n[application]\nconfig/name="gdwire corpus"\n' >"$proj/project.godot"
  args=(--path "$proj" -s gen.gd)
else
  printf 'config_version=4\n[application]\nconfig/name="gdwire corpus"\n' >"$proj/project.godot"
  args=(--no-window --path "$proj" -s gen.gd)
fi
timeout 600 "$launcher" "${args[@]}" -- --out="$out" --seed="$seed" \
  --count="$count" --large="$large" >"$proj/engine.log" 2>&1 || true
if ! grep -q '^GEN_CORPUS '"$engine" "$proj/engine.log"; then
  cat "$proj/engine.log" >&2
  echo "FAIL: the engine did not finish" >&2
  exit 1
fi
grep '^GEN_CORPUS' "$proj/engine.log"

# Tidy the manifest (Godot's JSON leaves control characters unescaped), add
# sha256 (godot3 format), check every bin against its size and hex, and
# with --check compare gdwire's text with the engine's.
python3 - "$out" "$engine" "$check" <<'PY'
import hashlib, json, os, subprocess, sys
out, engine, gdwire = sys.argv[1], sys.argv[2], sys.argv[3]
path = os.path.join(out, "manifest.json")
import re
# Godot 3 writes lone surrogates as ED A0 80 etc.: kept as \udXXX escapes.
raw = open(path, encoding="utf-8", errors="surrogatepass").read()
# Godot's JSON writer also emits \v (and \' in 3.x), which JSON lacks.
fix = {"v": "\\u000b", "a": "\\u0007", "'": "'"}
raw = re.sub(r'\\(.)', lambda mm: fix.get(mm.group(1), mm.group(0)), raw)
m = json.loads(raw, strict=False)
bad = 0
checked = differ = 0
for c in m["cases"]:
    f = os.path.join(out, "bin", c.get("file") or c["name"] + ".bin")
    b = open(f, "rb").read()
    if len(b) != c["size"] or ("hex" in c and bytes.fromhex(c["hex"]) != b):
        print("bad bin: %s" % f)
        bad += 1
    if engine == "godot3":
        c["sha256"] = hashlib.sha256(b).hexdigest()
    if gdwire and "decoded_text" in c:
        r = subprocess.run([gdwire, "decode", "--dialect=" + engine, f],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        text = r.stdout.decode("utf-8", "surrogatepass")
        if text.endswith("\n"):
            text = text[:-1]
        checked += 1
        if r.returncode != 0 or text != c["decoded_text"]:
            differ += 1
            if differ <= 5:
                print("gdwire differs on %s:\n  engine %r\n  gdwire %r %s" % (
                    c["name"], c["decoded_text"][:300], text[:300],
                    r.stderr.decode()[:200]))
with open(path, "w", encoding="ascii") as f:
    json.dump(m, f, indent=1)  # ASCII, as the corpora in tests/data/corpus
    f.write("\n")
print("manifest: %d cases, %d bad bins, engine %s" % (
    len(m["cases"]), bad, m["engine_version"]["string"]))
if gdwire:
    print("gdwire check: %d cases decoded, %d differ from the engine's text" % (checked, differ))
sys.exit(1 if bad or differ else 0)
PY
echo "wrote $out"
