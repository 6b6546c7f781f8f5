#!/bin/bash
# gdwire decode reading a stream (standard input, a pipe, --chunk=N: the
# values cut out of the stream and printed from their bytes as they
# complete, tools/cli/stream_lines.h) prints the same bytes, the same error
# and the same exit status whatever the pieces: --chunk=1, 3, 7, whole
# reads of a FILE and a pipe (cat FILE | gdwire decode -), text and JSON, in
# every dialect of tests/data/corpus; on good streams that is also what the
# mapped path prints (a FILE in stream framing, cut at frame boundaries), and
# on bad ones (cut off, bad UTF-8, bytes after a value in its frame with
# --strict, Objects off, a bad value among good ones) the error names the
# value ("#3$[0]: ...") and its stream byte, after the lines of the values
# before it.
set -u
G="$1"
T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
python3 - "$G" "$T" <<'PY'
import json, os, re, struct, subprocess, sys

gdwire, tmp = sys.argv[1:3]
fail = checks = 0


def run(args, path, pipe=False):
    if pipe:  # cat FILE | gdwire decode ... -
        cat = subprocess.Popen(["cat", path], stdout=subprocess.PIPE)
        r = subprocess.run([gdwire] + args + ["-"], stdin=cat.stdout,
                           capture_output=True, timeout=600)
        cat.wait()
    else:
        r = subprocess.run([gdwire] + args + [path], capture_output=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def report(name, a, b):
    print("FAIL: %s" % name)
    print("  exit %d / %d; stderr %r / %r" % (a[0], b[0], a[2][-200:], b[2][-200:]))
    for i, (x, y) in enumerate(zip(a[1].split(b"\n"), b[1].split(b"\n"))):
        if x != y:
            print("  line %d: %r / %r" % (i, x[:200], y[:200]))
            break


def same_pieces(name, args, path, want=None, chunks=("1", "3", "7")):
    """Every way of reading `path` prints the same; returns the JSON one
    (a line per value)."""
    global fail, checks
    framed = any(a in args for a in ("--framing=stream", "--framing=packet-stream"))
    ways = [(["--chunk=" + c], False) for c in chunks] + [([], True)]
    if not framed:
        ways.append(([], False))  # whole reads of the FILE
    first = None
    for fmt in ("text", "json"):
        ref = want[fmt] if want else None
        for extra, pipe in ways:
            got = run(args + ["--format=" + fmt] + extra, path, pipe)
            checks += 1
            if ref is None:
                ref = got
            elif got != ref:
                report("%s --format=%s %s%s" % (name, fmt, " ".join(extra),
                                                " (pipe)" if pipe else ""), ref, got)
                fail = 1
        if fmt == "json":
            first = ref
    return first


def case_bytes(corpus, c):
    if c.get("hex"):
        return bytes.fromhex(c["hex"])
    return open("tests/data/corpus/%s/bin/%s" % (corpus, c["file"]), "rb").read()


def frame(b):
    return struct.pack("<I", len(b)) + b


def write(name, data):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def expect(name, result, status, lines, error):
    """Exit status, number of lines (None: any) and the error (a regex)."""
    global fail, checks
    checks += 1
    got_lines = result[1].count(b"\n")
    err = result[2].decode("utf-8", "replace")
    if (result[0] != status or (lines is not None and got_lines != lines) or
            not re.fullmatch(error, err)):
        print("FAIL: %s: exit %d, %d lines, %r; want %d, %d lines, %r" % (
            name, result[0], got_lines, err, status, lines, error))
        fail = 1


BAD_UTF8 = struct.pack("<II", 4, 3) + b"a\xff\xfe\x00"  # String "a\xff\xfe"
for corpus, dialect in (("godot4", "godot4"), ("godot3", "godot3"),
                        ("pandemonium", "pandemonium"),
                        ("pandemonium4", "pandemonium4"),
                        ("pandemonium_typed", "pandemonium")):
    cases = json.load(open("tests/data/corpus/%s/manifest.json" % corpus))["cases"]
    good = [case_bytes(corpus, c) for c in cases if not c["full_objects"]][:120]
    objects = [case_bytes(corpus, c) for c in cases if c["full_objects"]]
    d = ["decode", "--dialect=" + dialect]
    n = len(good)
    # Good: framed (the mapped path's lines are the reference) and raw.
    stream = write(corpus + ".stream", b"".join(frame(b) for b in good))
    want = {fmt: run(d + ["--framing=stream", "--format=" + fmt, "--threads=1"], stream)
            for fmt in ("text", "json")}
    expect(corpus + " stream (mapped)", want["json"], 0, n, "")
    same_pieces(corpus + " stream", d + ["--framing=stream"], stream, want)
    same_pieces(corpus + " packet-stream", d + ["--framing=packet-stream"], stream, want)
    # Back to back (a case with bytes after its value shifts the rest: the
    # verdict may be an error, the same for every way of reading).
    raw = write(corpus + ".raw", b"".join(good))
    same_pieces(corpus + " raw", d + ["--framing=raw"], raw)
    # One value (--framing=value, the default) from standard input.
    one = write(corpus + ".one", good[-1] + b"\x00\x00\x00\x00")
    r = same_pieces(corpus + " one value", d, one)
    expect(corpus + " one value", r, 0, 1, "")
    # Cut off: in a frame's prefix, and inside the last value.
    s = b"".join(frame(b) for b in good)
    last = len(s) - len(frame(good[-1]))
    r = same_pieces(corpus + " cut in a prefix", d + ["--framing=stream"],
                    write(corpus + ".cut1", s[:last + 2]))
    expect(corpus + " cut in a prefix", r, 1, n - 1,
           r"gdwire decode: \$: truncated frame length at byte %d\n" % last)
    r = same_pieces(corpus + " cut in a frame", d + ["--framing=stream"],
                    write(corpus + ".cut2", s[:-3]))
    expect(corpus + " cut in a frame", r, 1, None,
           r"gdwire decode: \$: truncated frame of %d bytes \(%d present\) at byte %d\n"
           % (len(good[-1]), len(good[-1]) - 3, last))
    # Unframed: three Strings "hello", then one cut in its text.
    hello = struct.pack("<II", 4, 5) + b"hello\x00\x00\x00"
    r = same_pieces(corpus + " cut in a value", d + ["--framing=raw"],
                    write(corpus + ".cut3", hello * 3 + hello[:-5]))
    expect(corpus + " cut in a value", r, 1, 3,
           r"gdwire decode: #3\$: truncated .* at byte \d+\n")
    # Bad UTF-8 in the 6th value: five lines, then the error at its byte.
    bad = b"".join(frame(b) for b in good[:5]) + frame(BAD_UTF8) + frame(good[0])
    r = same_pieces(corpus + " bad UTF-8", d + ["--framing=stream"],
                    write(corpus + ".utf8", bad))
    at = len(b"".join(frame(b) for b in good[:5])) + 4 + 9
    expect(corpus + " bad UTF-8", r, 1, 5,
           r"gdwire decode: #5\$: invalid UTF-8 at byte %d\n" % at)
    # Bytes after a value inside its frame: skipped, an error with --strict.
    trailing = write(corpus + ".trailing",
                     b"".join(frame(b + b"\x01\x02\x03") for b in good[:9]))
    r = same_pieces(corpus + " trailing bytes", d + ["--framing=stream"], trailing)
    expect(corpus + " trailing bytes", r, 0, 9, "")
    r = same_pieces(corpus + " trailing bytes --strict",
                    d + ["--framing=stream", "--strict"], trailing)
    expect(corpus + " trailing bytes --strict", r, 1, 0,
           r"gdwire decode: \$: value ends 3 bytes before its frame at byte %d\n"
           % (4 + len(good[0])))
    # Objects: off (an error naming the value), and allowed.
    if objects:
        k = min(n, 4)
        with_objects = write(corpus + ".objects",
                             b"".join(frame(b) for b in good[:k] + objects))
        r = same_pieces(corpus + " objects off", d + ["--framing=stream"],
                        with_objects)
        expect(corpus + " objects off", r, 1, None,
               r"gdwire decode: #\d+\$.*Object.* not allowed at byte \d+\n")
        checks += 1
        if r[1].count(b"\n") < k:
            print("FAIL: %s objects off: the values before the Object" % corpus)
            fail = 1
        r = same_pieces(corpus + " objects allowed",
                        d + ["--framing=stream", "--allow-objects"], with_objects)
        expect(corpus + " objects allowed", r, 0, k + len(objects), "")
# A live pipe: each value is printed as soon as its last byte has arrived,
# the next one's first bytes held back until the rest comes.
import select
seven = struct.pack("<II", 2, 7)  # int 7
p = subprocess.Popen([gdwire, "decode", "--framing=stream", "--format=json", "-"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def line_within(seconds):
    if not select.select([p.stdout], [], [], seconds)[0]:
        return None
    return p.stdout.readline()


p.stdin.write(frame(seven) + frame(seven)[:7])
p.stdin.flush()
first = line_within(10)
early = select.select([p.stdout], [], [], 0.3)[0]
p.stdin.write(frame(seven)[7:])
p.stdin.flush()
second = line_within(10)
p.stdin.close()
p.wait()
checks += 1
if first != b"7\n" or early or second != b"7\n" or p.returncode != 0:
    print("FAIL: live pipe: %r, early %r, %r, exit %r" % (first, early, second, p.returncode))
    fail = 1
print("%d comparisons" % checks)
sys.exit(fail)
PY
