#!/usr/bin/env python3
"""Checks `gdwire capture` on a recorded capture against the engine's text.

  check.py GDWIRE CAPTURE EXPECTED_DIR DIALECT [--problems=N]
           [--expect=REGEX ...] [--no-exact --reference=FILE
           [--want=T.DIR:N ...]]

EXPECTED_DIR holds what the engine wrote while it was recorded
(recording/capture/record.sh): ports.txt ("tcp P", "udp P", "ws P": the server
ports) and <transport>.<c2s|s2c>.txt, the engine's var_to_str text of every
message it sent, each followed by a newline.

Runs `GDWIRE capture --format=json --dialect=DIALECT CAPTURE` and compares,
per transport and direction, the "text" of the decoded messages with the
engine's, in order; and `--values-only --to-port=P` (one direction, the
exact `gdwire decode` output) with the client-to-server file. With
--no-exact (damaged captures) a direction may lack messages, but each
message it has must be the engine's message of the same number, as the
undamaged capture (--reference=FILE) has it; --want=tcp.c2s:59 sets how
many a direction must have, --tail=tcp.c2s that a direction holds the
last messages of the reference (the capture began after the connection);
--lower-bound=T.DIR that its message numbers are lower bounds (each
message is the reference's of that number or a later one, in order);
--flag=F passes F to `gdwire capture`. Problems on stderr: exactly N of them with
--problems=N (default 0), and each --expect regex must match one of the
problem lines. Exit 0 when all holds.
"""

import json
import re
import subprocess
import sys


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    gdwire, capture, expected, dialect = args
    want_problems = 0
    exact = True
    regexes = []
    reference = None
    want_counts = {}
    tails = set()
    lower = set()
    extra = []
    for f in flags:
        if f.startswith("--problems="):
            want_problems = int(f.split("=", 1)[1])
        elif f == "--no-exact":
            exact = False
        elif f.startswith("--expect="):
            regexes.append(f.split("=", 1)[1])
        elif f.startswith("--reference="):
            reference = f.split("=", 1)[1]
        elif f.startswith("--flag="):
            extra.append(f.split("=", 1)[1])
        elif f.startswith("--tail="):
            tails.add(f.split("=", 1)[1])
        elif f.startswith("--lower-bound="):
            lower.add(f.split("=", 1)[1])
        elif f.startswith("--want="):
            k, n = f.split("=", 1)[1].split(":")
            want_counts[k] = int(n)
        else:
            fail("unknown flag " + f)
    ports = {}
    with open(expected + "/ports.txt") as fh:
        for line in fh:
            t, p = line.split()
            ports[t] = int(p)
    run = subprocess.run(
        [gdwire, "capture", "--format=json", "--dialect=" + dialect] + extra +
        [capture], capture_output=True)
    problems = [l for l in run.stderr.decode().splitlines() if l.strip()]
    for l in problems:
        print("problem:", l)
    msgs = [json.loads(l) for l in run.stdout.decode().splitlines()]
    if want_problems == 0 and run.returncode != 0:
        fail("exit status %d" % run.returncode)
    if want_problems and run.returncode != 1:
        fail("exit status %d, want 1 (problems)" % run.returncode)
    if want_problems >= 0 and len(problems) != want_problems:
        fail("%d problems, want %d" % (len(problems), want_problems))
    for r in regexes:
        if not any(re.search(r, l) for l in problems):
            fail("no problem matches %r" % r)
    ref_msgs = []
    if not exact:
        if reference is None:
            fail("--no-exact needs --reference=UNDAMAGED_CAPTURE")
        run = subprocess.run(
            [gdwire, "capture", "--format=json", "--dialect=" + dialect,
             reference], capture_output=True)
        ref_msgs = [json.loads(l) for l in run.stdout.decode().splitlines()]
    total = 0
    for t, port in sorted(ports.items()):
        for d in ("c2s", "s2c"):
            try:
                with open("%s/%s.%s.txt" % (expected, t, d),
                          encoding="utf-8") as fh:
                    engine = fh.read()
            except FileNotFoundError:
                continue
            got = [m for m in msgs if m["transport"] == t and
                   int(m[("dst" if d == "c2s" else "src")].rsplit(":", 1)[1])
                   == port]
            got_text = "".join(m["text"] + "\n" for m in got)
            if exact:
                if got_text != engine:
                    for i, m in enumerate(got):
                        print("  #%d %s" % (m["index"], m["text"][:100]))
                    fail("%s %s: %d messages differ from the engine's text"
                         % (t, d, len(got)))
                idx = [m["index"] for m in got]
                if idx != list(range(len(got))):
                    fail("%s %s: message numbers %s" % (t, d, idx))
            else:
                # Each decoded message must be the engine's message of the
                # same number (from the undamaged capture, itself checked
                # exactly against the engine).
                ref = [m for m in ref_msgs if m["transport"] == t and
                       int(m[("dst" if d == "c2s" else "src")]
                           .rsplit(":", 1)[1]) == port]
                if "".join(m["text"] + "\n" for m in ref) != engine:
                    fail("%s %s: the reference capture differs" % (t, d))
                key = "%s.%s" % (t, d)
                if key in tails:
                    # The capture began later: the messages are the last
                    # ones of the reference, numbered from 0.
                    if [m["text"] for m in got] != [
                            m["text"] for m in ref[len(ref) - len(got):]]:
                        fail("%s: not the last %d messages" % (key, len(got)))
                    got = [dict(m, index=m["index"] + len(ref) - len(got))
                           for m in got]
                if key in lower:
                    # Message numbers are lower bounds (after a lost
                    # framing): each message is the reference's message of
                    # that number or a later one, in order.
                    at = 0
                    fixed = []
                    for m in got:
                        k = max(at, m["index"])
                        while k < len(ref) and ref[k]["text"] != m["text"]:
                            k += 1
                        if k == len(ref):
                            fail("%s: message #%d %r is not the engine's"
                                 % (key, m["index"], m["text"][:80]))
                        fixed.append(dict(m, index=k))
                        at = k + 1
                    got = fixed
                for m in got:
                    if (m["index"] >= len(ref) or
                            ref[m["index"]]["text"] != m["text"]):
                        fail("%s %s: message #%d %r is not the engine's"
                             % (t, d, m["index"], m["text"][:80]))
                if key in want_counts and want_counts[key] != len(got):
                    fail("%s: %d messages, want %d"
                         % (key, len(got), want_counts[key]))
            print("%s %s: %d messages ok" % (t, d, len(got)))
            total += len(got)
    if exact:
        # The values alone, one direction: exactly `gdwire decode`'s output.
        for t in ("tcp", "udp", "ws"):
            if t not in ports:
                continue
            run = subprocess.run(
                [gdwire, "capture", "--values-only", "--dialect=" + dialect,
                 "--to-port=%d" % ports[t], capture], capture_output=True)
            with open("%s/%s.c2s.txt" % (expected, t), encoding="utf-8") as fh:
                engine = fh.read()
            # --to-port also keeps the other transports' traffic to the
            # same port number (none here: each transport has its own).
            if run.stdout.decode() != engine:
                fail("--values-only --to-port=%d differs from %s.c2s.txt"
                     % (ports[t], t))
        print("--values-only: ok")
    print("OK %d messages" % total)


if __name__ == "__main__":
    main()
