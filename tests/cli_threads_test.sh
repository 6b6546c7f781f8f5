#!/bin/bash
# gdwire decode (text and JSON), validate and recode --threads=N print
# byte for byte what --threads=1 prints (values, error message, exit
# status) on real Godot 3 streams, whole, cut at many places and with a byte
# changed, in every framing they use: one code path at every thread count.
# The streaming decode (--chunk, as a pipe is read) agrees with them (one
# difference, by design: see the comment in same()). The inputs of one
# framing go through one `gdwire each` per command and thread count
# (tests/cli_test.sh checks `each` against runs of their own).
set -u
G="$1"
D=tests/data/corpus/godot3/framing
T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT
fail=0
python3 - "$G" "$D" "$T" <<'PY' || fail=1
import os, re, subprocess, sys

gdwire, data, tmp = sys.argv[1:4]
SPECS = [("stream_put_var.bin", ["--framing=stream"]),
         ("stream_put_var_tcp.bin", ["--framing=stream"]),
         ("file_store_var.bin", ["--framing=stream"]),
         ("stream_put_var_big_endian.bin", ["--framing=stream", "--big-endian"]),
         ("packet_peer_stream_put_var.bin", ["--framing=packet-stream"])]


def each(args, files):
    """[(exit, stdout, stderr)] of `gdwire ARGS FILE` for each file."""
    r = subprocess.run([gdwire, "each"] + args + ["--"] + [p for p, _ in files],
                       capture_output=True, timeout=1800)
    out, pos, res = r.stdout, 0, []
    for path, _ in files:
        end = out.find(b"\n", pos)
        m = re.fullmatch(rb"== (.*) exit=(\d+) stdout=(\d+) stderr=(\d+)", out[pos:end])
        if end < 0 or not m or m.group(1) != path.encode():
            sys.exit("FAIL: gdwire each %s: output not as documented" % " ".join(args))
        n_out, n_err = int(m.group(3)), int(m.group(4))
        body = out[end + 1:end + 1 + n_out + n_err]
        res.append((int(m.group(2)), body[:n_out], body[n_out:]))
        pos = end + 1 + n_out + n_err
    return res


def same(cmd, one, n):
    """The mapped run n agrees with the streaming run one."""
    want, one_out, one_err = one
    got, n_out, n_err = n
    # The streaming decode parses frames as they are read, so it may print
    # the value of a frame that turns out to be cut before saying so; the
    # mapped one checks each frame first (as DecodeFramed does): its
    # output is the other's, or that less such values.
    n_lines = n_out.count(b"\n")
    head = b"".join(one_out.splitlines(keepends=True)[:n_lines])
    return (want == got and one_err == n_err and head == n_out and
            (want != 0 or one_out == n_out) and (cmd != "validate" or one_out == n_out))


fail = checks = 0
for name, flags in SPECS:
    f = os.path.join(data, name)
    if not os.path.exists(f) or not os.path.getsize(f):
        sys.exit("FAIL: missing " + f)
    whole = open(f, "rb").read()
    size = len(whole)
    files = [(f, name)]
    for cut in (1, 3, 4, 5, 9, size // 3, size // 2, size - 1):
        p = os.path.join(tmp, "%s.cut%d" % (name, cut))
        open(p, "wb").write(whole[:cut])
        files.append((p, "%s cut at %d" % (name, cut)))
    for at in (6, size // 2, size - 3):
        p = os.path.join(tmp, "%s.bad%d" % (name, at))
        open(p, "wb").write(whole[:at] + b"\xff" + whole[at + 1:])
        files.append((p, "%s byte %d changed" % (name, at)))
    for cmd, extra in (("decode", []), ("decode", ["--format=json"]),
                       ("validate", []), ("recode", [])):
        args = [cmd, "--dialect=godot3"] + extra + flags
        ones = each(args + ["--threads=1"], files)
        for n in (2, 3, 8):
            for (_, label), one, got in zip(files, ones, each(args + ["--threads=%d" % n], files)):
                checks += 1
                if one != got:
                    print("FAIL: %s %s %s --threads=%d differs from --threads=1" % (
                        cmd, " ".join(extra), label, n))
                    print("  exit %d / %d, stderr %r / %r" % (one[0], got[0], one[2][:200], got[2][:200]))
                    fail = 1
        if cmd != "decode":
            continue
        # The streaming path: the file fed 4096 bytes at a time.
        streamed = each(args + ["--chunk=4096"], files)
        for (_, label), one, got in zip(files, streamed, ones):
            checks += 1
            if not same(cmd, one, got):
                print("FAIL: %s %s %s --threads=1 disagrees with --chunk" % (cmd, " ".join(extra), label))
                print("  exit %d / %d, stderr %r / %r" % (one[0], got[0], one[2][:200], got[2][:200]))
                fail = 1
print("%d comparisons" % checks)
sys.exit(fail)
PY
# The whole streams decode to values at all (not two empty outputs).
"$G" decode --dialect=godot3 --framing=stream --threads=2 \
  "$D/stream_put_var.bin" | grep -q . || { echo "FAIL: no values"; fail=1; }
# A FILE that is a pipe is read as it comes (not mapped), at any count.
for n in 1 2; do
  "$G" decode --dialect=godot3 --framing=stream --threads=$n \
    <(cat "$D/stream_put_var.bin") >"$T/pipe.txt" || { echo "FAIL: pipe, $n threads"; fail=1; }
  "$G" decode --dialect=godot3 --framing=stream --threads=$n "$D/stream_put_var.bin" |
    cmp -s - "$T/pipe.txt" || { echo "FAIL: pipe output differs, $n threads"; fail=1; }
done
"$G" decode --threads=0 "$D/stream_put_var.bin" 2>/dev/null
[ $? = 2 ] || { echo "FAIL: --threads=0 is not a usage error"; fail=1; }
exit $fail
