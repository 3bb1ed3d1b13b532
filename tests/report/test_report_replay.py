"""``skmd explain --replay``: a hand-built batch, the same batch from a traced graph, and
a run recorded on the local devices."""
from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from skmd.mkmd_graph import Command
from skmd.mkmd_graph.resimulate import batch_to_dict
from skmd.report.explain_cmd import explain_main
from skmd.records import LaunchRecord, Piece
from skmd.report.replay_costs import graph_batches
from skmd.report.runlog import MemoryRunLog

MB = 1 << 20
NOTE = ("graph batch of 3 kernels, coarse phase (as set): schedule 1.00 ms, "
        "run 9.50 ms, results home 0.50 ms (0.0 MiB)")


def chain_batch(with_graph: bool = True) -> list[LaunchRecord]:
    """a on d0 and b on d1 both read buffer 0 (1 MiB, on the host), c on d0 adds them.

    Measured: every kernel 2 ms, every 1 MiB move 1 ms each way.
    """
    cmds = [Command(0, "kernel", "a", frozenset({0}), frozenset({1}), 4,
                    overwrites=frozenset({1})),
            Command(1, "kernel", "b", frozenset({0}), frozenset({2}), 4,
                    overwrites=frozenset({2})),
            Command(2, "kernel", "c", frozenset({1, 2}), frozenset({3}), 4,
                    overwrites=frozenset({3}))]
    graph = batch_to_dict(cmds, {b: MB for b in range(4)}, {0: ["host"]})
    for c in graph["commands"]:
        c["global_size"] = [64]

    def rec(seq, node, name, dev, pieces, note=None):
        return LaunchRecord(run_id="g", seq=seq, kernel=name, total_groups=4,
                            global_size=(64,), local_size=None, policy="hill",
                            mode="mkmd", ranges={dev: (0, 4)}, shares={dev: 4},
                            pieces=[Piece(dev, *p) for p in pieces],
                            notes=[note] if note else [],
                            node=node if with_graph else None,
                            graph=graph if (note and with_graph) else None)
    return [
        rec(1, 0, "a", "d0", [("h2d", 0.000, 0.001, "a", MB), ("kernel", 0.001, 0.003, "a")]),
        rec(2, 1, "b", "d1", [("h2d", 0.000, 0.001, "b", MB), ("kernel", 0.001, 0.003, "b"),
                              ("d2h", 0.003, 0.004, "b", MB)]),
        rec(3, 2, "c", "d0", [("h2d", 0.004, 0.005, "c", MB), ("kernel", 0.005, 0.007, "c")],
            note=NOTE),
    ]


def replay(log, graphs=None) -> tuple[int, list]:
    buf = io.StringIO()
    rc = explain_main(log, console=Console(file=buf, width=200, color_system=None),
                      as_json=True, replay=True, graphs=graphs)
    return rc, json.loads(buf.getvalue()) if rc == 0 else buf.getvalue()


def log_of(records) -> MemoryRunLog:
    log = MemoryRunLog()
    log.add_run("g", ["prog.py"], created_at=1.0)
    log.extend(records)
    return log


def test_replay_json_of_a_recorded_batch():
    rc, rows = replay(log_of(chain_batch()))
    assert rc == 0 and len(rows) == 1
    r = rows[0]
    assert r["graph"] == "recorded" and r["kernels"] == 3 and r["phase"] == "coarse"
    assert r["measured_s"] == pytest.approx(10e-3)      # run + results home, from the note
    # uploads 0-1 on both links, a and b 1-3, b's output d1 -> host -> d0 3-5, c 5-7
    assert r["simulated_s"] == pytest.approx(7e-3)
    assert r["inorder_s"] == pytest.approx(7e-3)        # upload 1 + three kernels 6
    assert r["optimal_s"] == pytest.approx(7e-3) and r["exact"]
    assert r["lower_bound_s"] <= r["optimal_s"]
    assert r["lower_bound_s"] == pytest.approx(3e-3)    # 6 ms of kernels on two devices
    assert r["engine_loss_s"] == pytest.approx(3e-3)
    assert r["scheduler_loss_s"] == pytest.approx(0.0, abs=1e-12)


def test_a_log_without_graphs_replays_from_traced_ones(tmp_path):
    records = chain_batch(with_graph=False)
    rc, rows = replay(log_of(records))
    assert rc == 0 and "skipped" in rows[0]
    traced = tmp_path / "graphs.json"
    traced.write_text(json.dumps([chain_batch()[-1].graph]))
    rc, rows = replay(log_of(records), graphs=str(traced))
    assert rc == 0
    assert rows[0]["graph"] == "traced"
    assert rows[0]["simulated_s"] == pytest.approx(7e-3)
    assert any("traced" in a for a in rows[0]["assumptions"])


def test_table_and_bad_graph_file(tmp_path):
    buf = io.StringIO()
    rc = explain_main(log_of(chain_batch()), console=Console(file=buf, width=200,
                                                             color_system=None), replay=True)
    assert rc == 0 and "graph batches replayed" in buf.getvalue() and " 7.0 " in buf.getvalue()
    rc, out = replay(log_of(chain_batch()), graphs=str(tmp_path / "missing.json"))
    assert rc == 1 and "missing.json" in out


def test_batches_are_the_launches_before_each_note():
    records = chain_batch()
    extra = LaunchRecord(run_id="g", seq=0, kernel="x", total_groups=1, global_size=(1,),
                         local_size=None, policy="hill")
    batches = graph_batches([extra] + records)
    assert len(batches) == 1
    assert [r.seq for r in batches[0].records] == [1, 2, 3]
    assert batches[0].timings() == pytest.approx((1e-3, 10e-3))


def test_replay_of_a_run_recorded_here():
    """A graph program under SKMD_MODE=mkmd on the local devices records its batch."""
    pytest.importorskip("pyopencl")
    import pyopencl as cl
    from skmd.bench import programs
    from skmd.testing import skmd_installed
    bench = programs.REGISTRY["sylvester"]
    with skmd_installed(mode="mkmd") as rt:
        queue = cl.CommandQueue(cl.create_some_context(interactive=False))
        bench.execute(queue, bench.inputs("ci"))
        records = list(rt.records)
        home = rt.home.label
    rc, rows = replay(log_of(records))
    assert rc == 0 and rows
    done = [r for r in rows if "skipped" not in r]
    assert done and done[0]["graph"] == "recorded" and done[0]["home"] == home
    for r in done:
        assert r["lower_bound_s"] <= r["optimal_s"] * (1 + 1e-9)
        assert r["optimal_s"] <= r["simulated_s"] * (1 + 1e-9)
        assert r["measured_s"] > 0 and r["inorder_s"] > 0


def replay_text(records) -> tuple[int, str]:
    buf = io.StringIO()
    rc = explain_main(log_of(records), console=Console(file=buf, width=200,
                                                       color_system=None), replay=True)
    return rc, buf.getvalue()


def test_a_graph_run_with_no_batch_scheduled_says_so():
    """A graph-mode run whose launches all ran in program order is not told it was run
    in another mode."""
    ran_in_order = chain_batch()
    ran_in_order[-1].notes = []
    rc, text = replay_text(ran_in_order)
    assert rc == 0 and "ran in program order or at once: no batch was scheduled" in text
    assert "SKMD_MODE=mkmd records them" not in text
    for r in ran_in_order:
        r.mode = "skmd"
    rc, text = replay_text(ran_in_order)
    assert rc == 0 and "it ran with SKMD_MODE=skmd" in text
    rc, text = replay_text([])
    assert rc == 0 and "no kernel launches" in text


def test_a_short_graph_run_recorded_here_has_nothing_to_replay(monkeypatch):
    """Under SKMD_MODE=mkmd, a run shorter than kernel analysis waits for launches its
    kernels whole at once on the local devices: the replay says no batch was scheduled."""
    pytest.importorskip("pyopencl")
    import numpy as np
    import pyopencl as cl
    from skmd.testing import skmd_installed, tuned
    tuned(monkeypatch, analyse_after_s=600.0)
    with skmd_installed(mode="mkmd", background=True) as rt:
        ctx = cl.create_some_context(interactive=False)
        queue = cl.CommandQueue(ctx)
        a = np.arange(256, dtype=np.float32)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        prg = cl.Program(ctx, "__kernel void inc(__global float *a) "
                              "{ a[get_global_id(0)] += 1.0f; }").build()
        inc = cl.Kernel(prg, "inc")
        for _ in range(3):
            inc(queue, a.shape, None, buf)
        cl.enqueue_copy(queue, a, buf)
        records = list(rt.records)
    assert records and {r.mode for r in records} == {"mkmd"}
    assert not graph_batches(records)
    rc, text = replay_text(records)
    assert rc == 0 and "no batch was scheduled, so there is nothing to replay" in text
