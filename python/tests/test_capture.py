"""read_capture on the real engines' packet captures: every message the
engine sent, with the engine's own text (tests/data/captures/*.expected)."""

import os

import pytest

import gdwire
from conftest import ROOT

CAPTURES = os.path.join(ROOT, "tests", "data", "captures")


@pytest.mark.parametrize("engine", ["godot4", "godot3"])
def test_read_capture_gives_the_engines_texts(engine):
    expected = os.path.join(CAPTURES, engine + ".expected")
    ports = dict(line.split() for line in open(os.path.join(expected, "ports.txt")))
    records = list(gdwire.read_capture(os.path.join(CAPTURES, engine + ".pcap"), engine))
    assert records and all(r["type"] == "message" for r in records)
    for transport, port in ports.items():
        for direction in ("c2s", "s2c"):
            want = open(os.path.join(expected, "%s.%s.txt" % (transport, direction)),
                        encoding="utf-8", errors="surrogateescape").read()
            side = "dst" if direction == "c2s" else "src"
            got = [r for r in records if r["transport"] == transport and
                   r[side].endswith(":" + port)]
            assert got, (transport, direction)
            assert "".join(r["text"] + "\n" for r in got) == want
            assert all(gdwire.var_to_str(r["value"], engine) == r["text"] for r in got)
            assert [r["index"] for r in got] == sorted(r["index"] for r in got)


def test_read_capture_events_and_problems():
    enet = list(gdwire.read_capture(
        os.path.join(CAPTURES, "enet", "godot4_enet_none.pcap")))
    kinds = {r["kind"] for r in enet if r["type"] == "event"}
    assert {"connect", "rpc"} <= kinds
    lossy = list(gdwire.read_capture(os.path.join(CAPTURES, "godot3_lossy.pcap"), "godot3",
                                     problems=True))
    assert any(r["type"] == "problem" and r["kind"] == "gap" for r in lossy)
    assert any(r["type"] == "message" for r in lossy)
    only = list(gdwire.read_capture(os.path.join(CAPTURES, "godot4.pcap"), ports=[47101]))
    assert only and all(r["transport"] == "udp" for r in only)
    with pytest.raises(ValueError):
        list(gdwire.read_capture(os.path.join(CAPTURES, "nope.pcap")))
