"""The Dask example on a LocalCluster: a folder of captures decoded on
worker processes into a pandas DataFrame of messages, the same as
read_capture in this process."""

import os
import sys

import pytest

import gdwire
from conftest import ROOT

distributed = pytest.importorskip("distributed")
sys.path.insert(0, os.path.join(ROOT, "python", "examples"))
import dask_captures  # noqa: E402


def test_folder_of_captures_on_a_local_cluster():
    folder = os.path.join(ROOT, "tests", "data", "captures")
    files = [f for f in dask_captures.capture_files(folder)
             if os.path.basename(f) in ("godot4.pcap", "godot3.pcap", "godot4_enet_none.pcap")]
    assert len(files) == 3
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                       dashboard_address=None, processes=True)
    with cluster, distributed.Client(cluster):
        df = dask_captures.messages(files).compute()
    local = sum(len(list(gdwire.read_capture(f))) for f in files)
    assert len(df) == local
    assert set(df["file"]) == {os.path.basename(f) for f in files}
    g4 = df[(df["file"] == "godot4.pcap") & (df["type"] == "message")]
    assert len(g4) == 358
    assert (g4["text"] == [gdwire.var_to_str(v) for v in g4["value"]]).all()
    assert set(df[df["file"] == "godot4_enet_none.pcap"]["transport"]) == {"enet"}
