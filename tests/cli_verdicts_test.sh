#!/bin/bash
# `gdwire decode|validate|recode|bench` read their input as the engine's
# bytes_to_var does by default (--framing=value): one value, the bytes after
# it ignored (rejected with --strict), an empty or cut input an error (exit
# 1). Checked against the real engines' own verdicts:
#
#   * every crafted input of the corpora (tests/data/corpus/*/manifest.json
#     decode_cases: Godot 3.2.3 and Godot 4.6.3) and the mutated inputs of
#     the Pandemonium 5.3 and 4.9 corpora (tests/data/verdicts/*.json): exit
#     status = the engine's verdict, printed text = the engine's text of the
#     value where it was kept, for decode (whole and fed 3 bytes at a time),
#     validate, recode and bench;
#   * every engine-written value of the corpora with junk after it: the
#     value and exit 0 by default (bytes_to_var ignores the rest), exit 1
#     with --strict and with --framing=raw (the junk is no value);
#   * values back to back only with --framing=raw.
#
#   tests/cli_verdicts_test.sh PATH/TO/gdwire [godot|pandemonium]
#
# The runs of parts 1 and 2 go through `gdwire each` (one process per
# command and flags, each input's exit status and output as a run of its
# own would give them); a sample of them is also run one process per input
# and must be the same, and part 3 runs one process per input.
#
# godot (default): the Godot 3.2.3 and 4.6.3 corpora and parts 2 and 3;
# pandemonium: the Pandemonium 5.3 and 4.9 verdicts (skipped, and saying so,
# when this gdwire has no pandemonium4 dialect); with --engine-defects gdwire
# must reproduce every one, without it it may differ only where the engine's
# decoder defects change the reading (listed as DEVIATES).
set -uo pipefail
GDWIRE="$1"
WHICH="${2:-godot}"
DATA="${TEST_SRCDIR:-.}/gdwire/tests/data"
[ -d "$DATA/corpus" ] || DATA=tests/data
T="${TEST_TMPDIR:-$(mktemp -d)}"
exec python3 - "$GDWIRE" "$DATA" "$T" "$WHICH" <<'PY'
import hashlib, json, os, re, struct, subprocess, sys

gdwire, data, tmp, which = sys.argv[1:5]
failures = []
counts = {}


def count(key, ok, what):
    n = counts.setdefault(key, [0, 0])
    n[0] += 1
    if ok:
        n[1] += 1
    else:
        failures.append(what)


def run_one(args, payload, name="in.bin"):
    """`gdwire ARGS FILE` in a process of its own."""
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(payload)
    r = subprocess.run([gdwire] + args + [path], capture_output=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


class Batch:
    """The runs of the checks, made with `gdwire each`: the checks run twice,
    first to learn which runs they make (run() answers a placeholder and
    counts nothing), then, once every run is made, with the results."""

    def __init__(self):
        self.collecting = True
        self.inputs = {}   # sha256 of the bytes -> file
        self.runs = {}     # tuple(args) -> {file: None} in order
        self.calls = 0
        self.results = {}  # (tuple(args), file) -> (exit, stdout, stderr)
        self.direct = 0

    def file(self, payload):
        key = hashlib.sha256(payload).hexdigest()
        if key not in self.inputs:
            path = os.path.join(tmp, "in", key[:32] + ".bin")
            with open(path, "wb") as f:
                f.write(payload)
            self.inputs[key] = path
        return self.inputs[key]

    def __call__(self, args, payload):
        path = self.file(payload)
        key = (tuple(args), path)
        if self.collecting:
            self.runs.setdefault(key[0], {})[path] = None
            return 0, b"", b""
        if key not in self.results:  # a run the first pass did not make
            self.direct += 1
            self.results[key] = run_one(args, payload)
        return self.results[key]

    def execute(self, per_call=400):
        self.collecting = False
        for args, files in self.runs.items():
            files = list(files)
            for i in range(0, len(files), per_call):
                part = files[i:i + per_call]
                self.calls += 1
                r = subprocess.run([gdwire, "each"] + list(args) + ["--"] + part,
                                   capture_output=True, timeout=3600)
                got = parse_each(r.stdout, part)
                if got is None:
                    failures.append("gdwire each %s: exit %d, output not as documented: %r" % (
                        " ".join(args), r.returncode, r.stderr[-300:]))
                    continue
                for path, res in zip(part, got):
                    self.results[(args, path)] = res
                want_rc = max([res[0] for res in got] + [0])
                if r.returncode != want_rc:
                    failures.append("gdwire each %s: exit %d, the files' largest %d" % (
                        " ".join(args), r.returncode, want_rc))

    def sample_direct(self, every=60):
        """Every `every`-th run again in a process of its own: `gdwire each`
        must give what a run of its own gives (bench: but its timings)."""
        def timeless(args, res):
            if args[0] != "bench":
                return res
            rc, out, err = res
            head, _, rows = out.partition(b"\n")
            return rc, head + re.sub(rb"\s*[0-9.]+", b" #", rows), err

        keys = sorted(self.results)[::every]
        for args, path in keys:
            with open(path, "rb") as f:
                one = run_one(list(args), f.read(), "sample.bin")
            count("each = a run of its own",
                  timeless(args, one) == timeless(args, self.results[(args, path)]),
                  "gdwire each %s on %s: %r, alone: %r" % (
                      " ".join(args), path, self.results[(args, path)][:2], one[:2]))


def parse_each(out, files):
    """[(exit, stdout, stderr)] of `gdwire each` output for files, or None."""
    res, pos = [], 0
    for path in files:
        end = out.find(b"\n", pos)
        m = re.fullmatch(rb"== (.*) exit=(\d+) stdout=(\d+) stderr=(\d+)", out[pos:end])
        if end < 0 or not m or m.group(1) != path.encode():
            return None
        n_out, n_err = int(m.group(3)), int(m.group(4))
        body = out[end + 1:end + 1 + n_out + n_err]
        if len(body) != n_out + n_err:
            return None
        res.append((int(m.group(2)), body[:n_out], body[n_out:]))
        pos = end + 1 + n_out + n_err
    return res if pos == len(out) else None


run = Batch()
os.makedirs(os.path.join(tmp, "in"), exist_ok=True)


def manifest_form(b):
    """The text as the manifests keep it: a code point that is no Unicode
    scalar (a surrogate, or above U+10FFFF, which Godot 3 strings can hold)
    is written \\u{X} (tests/corpus_text_test.cc does the same)."""
    out, i = [], 0
    while i < len(b):
        c = b[i]
        n = 1 if c < 0x80 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4 if c < 0xF8 else 5 if c < 0xFC else 6
        if n > 1 and i + n <= len(b):
            cp = c & (0xFF >> (n + 1))
            for k in range(1, n):
                cp = (cp << 6) | (b[i + k] & 0x3F)
            if 0xD800 <= cp <= 0xDFFF or cp > 0x10FFFF:
                out.append(("\\u{%X}" % cp).encode())
                i += n
                continue
        out.append(b[i:i + n])
        i += n
    return b"".join(out)


# Texts a codec cannot reproduce: Godot 3 prints an EncodedObjectAsID that
# holds id 2^64-1 without its properties (its class database decides;
# tests/corpus_text_test.cc skips it too). The verdict is still checked.
NEEDS_CLASS_DB = {("godot3", "object_id_max")}


def dialects():
    r = subprocess.run([gdwire, "decode", "--dialect=pandemonium4", "/dev/null"],
                       capture_output=True)
    # 2: the flag value is unknown (usage); 1: it is known (empty input).
    return r.returncode != 2


def recipe_bytes(c):
    """The huge recursion inputs kept only as a recipe (and its sha256)."""
    name, recipe = c["name"], c["input_recipe"]
    m = re.search(r"depth_(\d+)", name)
    if recipe.startswith("(u32 19, u32 1) x (depth-1)"):
        b = struct.pack("<II", 19, 1) * (int(m.group(1)) - 1) + struct.pack("<II", 19, 0)
    elif recipe.startswith("(u32 18, u32 1, u32 0 [NIL key]) x (depth-1)"):
        b = struct.pack("<III", 18, 1, 0) * (int(m.group(1)) - 1) + struct.pack("<II", 18, 0)
    elif recipe == "(u32 19, u32 1) x 100000":
        b = struct.pack("<II", 19, 1) * 100000
    else:
        return None
    if hashlib.sha256(b).hexdigest() != c["input_sha256"]:
        return None
    return b


def verdict_cases():
    """(corpus, dialect, name, bytes, expect, text or None, the engine's
    re-encoding of its decode (hex) or None)."""
    out = []
    for corpus in ("godot3", "godot4") if which == "godot" else ():
        m = json.load(open(os.path.join(data, "corpus", corpus, "manifest.json")))
        for c in m.get("decode_cases", []):
            if c.get("input_hex") is not None:
                b = bytes.fromhex(c["input_hex"])
            elif c.get("input_file"):
                b = open(os.path.join(data, "corpus", corpus, c["input_file"]), "rb").read()
            else:
                b = recipe_bytes(c)
                if b is None:
                    failures.append("%s/%s: cannot rebuild its input" % (corpus, c["name"]))
                    continue
            text = c.get("result_text")
            if (corpus, c["name"]) in NEEDS_CLASS_DB:
                text = None
            out.append((corpus, corpus, c["name"], b, c["expect"], text,
                        c.get("engine_reencoded_hex") or c.get("reencoded_hex")))
    if which != "pandemonium":
        pass
    elif dialects():
        for corpus in ("pandemonium", "pandemonium4"):
            m = json.load(open(os.path.join(data, "verdicts", corpus + ".json")))
            for c in m["decode_cases"]:
                out.append((corpus, m["dialect"], c["name"], bytes.fromhex(c["input_hex"]),
                            c["expect"], c.get("result_text"), c.get("engine_reencoded_hex")))
    else:
        print("SKIP the Pandemonium verdicts: this gdwire has no pandemonium4 dialect "
              "(the 5.x/4.x tables)")
        sys.exit(0)
    return out


# ---- 1. the engines' verdicts ---------------------------------------------
cases = verdict_cases()
deviations = []


def engine_verdicts():
    for corpus, dialect, name, b, expect, text, reencoded in cases:
        want_rc = 0 if expect == "accept" else 1
        d = "--dialect=" + dialect
        what = "%s/%s (engine: %s)" % (corpus, name, expect)
        if corpus.startswith("pandemonium"):
            # Pandemonium's decoder misreads some of what its encoder writes
            # (docs/FORMAT.md, Pandemonium); gdwire reads the bytes as the
            # encoder meant them unless --engine-defects. With it, gdwire must
            # give the engine's own verdict on every input; without it, an input
            # may differ from the engine only where the defects change the
            # reading (another verdict, or another value: other bytes when
            # re-encoded).
            rc_e, out_e, err_e = run(["recode", "--engine-defects", d], b)
            count(corpus + " recode --engine-defects", rc_e == want_rc,
                  "recode --engine-defects %s: exit %d %r" % (what, rc_e, err_e[:200]))
            rc_d, out_d, _ = run(["recode", d], b)
            if (rc_d, out_d) != (rc_e, out_e):
                deviations.append("%s: gdwire %s, engine %s" % (
                    what, "accepts" if rc_d == 0 else "rejects", expect))
                continue
        rc, out, err = run(["decode", d], b)
        ok = rc == want_rc and (rc != 0 or text is None or
                                manifest_form(out) == (text + "\n").encode("utf-8", "surrogatepass"))
        count(corpus + " decode", ok, "decode %s: exit %d, %r %r" % (what, rc, out[:120], err[:200]))
        rc2, out2, _ = run(["decode", "--chunk=3", d], b)
        count(corpus + " decode --chunk=3", rc2 == rc and out2 == out,
              "decode --chunk=3 %s: exit %d" % (what, rc2))
        rc, out, err = run(["validate", d], b)
        count(corpus + " validate", rc == want_rc, "validate %s: exit %d %r" % (what, rc, err[:200]))
        rc, out, err = run(["recode", d], b)
        count(corpus + " recode", rc == want_rc, "recode %s: exit %d %r" % (what, rc, err[:200]))
        if rc == 0 and reencoded:
            # The engine's own re-encoding of what it decoded.
            count(corpus + " recode = engine re-encoding", out == bytes.fromhex(reencoded),
                  "recode %s: %s, engine %s" % (what, out.hex(), reencoded))
        if len(b) <= 4096:  # bench measures; the huge recursion inputs are slow
            rc, out, err = run(["bench", "--seconds=0", d], b)
            count(corpus + " bench", rc == want_rc, "bench %s: exit %d %r" % (what, rc, err[:200]))


# ---- 2. trailing bytes after engine-written values ------------------------
JUNK = b"\x00\xff\x07"


def value_and_junk():
    for corpus in ("godot3", "godot4") if which == "godot" else ():
        m = json.load(open(os.path.join(data, "corpus", corpus, "manifest.json")))
        for c in m["cases"]:
            text = c.get("decoded_text")
            if text is None or c.get("variant_type") == "stream" or c.get("full_objects"):
                continue
            b = open(os.path.join(data, "corpus", corpus, "bin", c.get("file") or c["name"] + ".bin"),
                     "rb").read()
            d = "--dialect=" + corpus
            want = (text + "\n").encode("utf-8", "surrogatepass")
            rc, out, err = run(["decode", d], b + JUNK)
            count(corpus + " value+junk decode", rc == 0 and manifest_form(out) == want,
                  "decode %s/%s + junk: exit %d %r" % (corpus, c["name"], rc, err[:200]))
            rc, out, err = run(["decode", "--strict", d], b + JUNK)
            count(corpus + " value+junk --strict", rc == 1 and b"trailing bytes" in err,
                  "decode --strict %s/%s + junk: exit %d %r" % (corpus, c["name"], rc, err[:200]))
            rc, out, err = run(["decode", "--framing=raw", d], b + JUNK)
            count(corpus + " value+junk --framing=raw", rc == 1 and manifest_form(out) == want,
                  "decode --framing=raw %s/%s + junk: exit %d" % (corpus, c["name"], rc))
            rc, out, err = run(["validate", d], b + JUNK)
            count(corpus + " value+junk validate", rc == 0, "validate %s/%s + junk: exit %d" % (corpus, c["name"], rc))
            rc, out, err = run(["validate", "--strict", d], b + JUNK)
            count(corpus + " value+junk validate --strict", rc == 1,
                  "validate --strict %s/%s + junk: exit %d" % (corpus, c["name"], rc))
            rc, out, err = run(["recode", d], b + JUNK)
            rc2, clean, _ = run(["recode", d], b)
            count(corpus + " value+junk recode", rc == 0 and out == clean,
                  "recode %s/%s + junk: exit %d" % (corpus, c["name"], rc))
            rc, out, err = run(["bench", "--seconds=0", d], b + JUNK)
            count(corpus + " value+junk bench", rc == 0 and b" 1 values" in out,
                  "bench %s/%s + junk: exit %d %r" % (corpus, c["name"], rc, out[:80]))


# Parts 1 and 2: the runs they make (placeholders answer, nothing counts),
# then the checks on the results.
kept = len(failures)
engine_verdicts()
value_and_junk()
del failures[kept:]
counts.clear()
deviations.clear()
run.execute()
engine_verdicts()
value_and_junk()
run.sample_direct()


# ---- 3. empty and short inputs, values back to back -----------------------
def empty_short_back_to_back():
    """Each run in a process of its own (the sample of `gdwire each`'s
    runs above is checked the same way)."""
    for cmd in (["decode"], ["decode", "--chunk=1"], ["validate"], ["recode"],
                ["bench", "--seconds=0"]):
        for n in range(4):
            rc, out, err = run_one(cmd, b"\x02\x00\x00\x00"[:n])
            count("empty/short", rc == 1 and out == b"",
                  "%s on %d bytes: exit %d %r" % (cmd, n, rc, out))
    v3 = open(os.path.join(data, "corpus", "godot4", "bin", "vector3.bin"), "rb").read()
    text = b"Vector3(1, 2, 3)\n"
    for args, want_out, what in (
            (["decode", "--framing=raw"], text * 3, "decode raw: all 3"),
            (["decode"], text, "decode: the first of 3"),
            (["decode", "--framing=none"], text, "decode none = value"),
            (["validate", "--framing=raw"], b"ok: 3 values, 48 bytes\n", "validate raw"),
            (["validate"], b"ok: 1 values, 16 bytes\n", "validate: the first"),
            (["recode", "--framing=raw"], v3 * 3, "recode raw: all 3"),
            (["recode"], v3, "recode: the first")):
        rc, out, _ = run_one(args, v3 * 3)
        count("back to back", rc == 0 and out == want_out, "%s: exit %d %r" % (what, rc, out[:80]))
    rc, out, _ = run_one(["decode", "--framing=raw"], b"")
    count("back to back", rc == 0 and out == b"", "raw on empty input: no values, exit %d" % rc)


if which == "godot":
    empty_short_back_to_back()

width = max(len(k) for k in counts)
for k in sorted(counts):
    print("%-*s %5d of %5d agree" % (width, k, counts[k][1], counts[k][0]))
for f in failures[:60]:
    print("FAIL", f)
if len(failures) > 60:
    print("... and %d more" % (len(failures) - 60))
for dv in deviations:
    print("DEVIATES (engine decoder defect)", dv)
print("%d runs through %d calls of gdwire each, %d alone" % (
    len(run.results) - run.direct, run.calls, run.direct))
print("%d checks, %d failed; %d engine verdicts, %d read differently from the "
      "engine's defective decoder" % (sum(v[0] for v in counts.values()),
                                      len(failures), len(cases), len(deviations)))
sys.exit(1 if failures else 0)
PY
