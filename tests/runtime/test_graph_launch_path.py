"""What a launch costs the host in graph mode where its batches run in program order.

Graph mode keeps no decision per launch, so what program order looks up once per
launch shape must not be worked out again at every launch of a graph mode: the
launch's description, the upload's staging check, the waits on the queue.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from skmd.runtime import launches
from skmd.testing import mismatches, skmd_installed, tuned

from programs import SRC

AT_ONCE_REASON = ("its graph batches ran whole on the home device in program order: "
                  "launched at once")


def _entry(reduce_add: bool = False) -> SimpleNamespace:
    args = [SimpleNamespace(reduce_add=reduce_add), SimpleNamespace(reduce_add=False)]
    return SimpleNamespace(analysis=SimpleNamespace(args=args), decisions={})


def _counting(monkeypatch) -> list:
    calls: list = []

    def described(entry, args, gsize, lsize, g_times_l):
        calls.append(tuple(gsize))
        return (("launch", tuple(gsize)), None) if gsize[0] > 1 else (
            None, "a single work-group row")
    monkeypatch.setattr(launches, "launch_of", described)
    return calls


def test_a_launch_shape_is_described_once_per_decision_key(monkeypatch):
    """The second launch of a key takes the first one's description, a reason to run
    whole included, without working it out again."""
    calls = _counting(monkeypatch)
    e = _entry()
    first = launches.launch_kept(e, {}, (64,), (8,), False, ("k64",))
    assert launches.launch_kept(e, {}, (64,), (8,), False, ("k64",)) is first
    one = launches.launch_kept(e, {}, (1,), (1,), False, ("k1",))
    assert launches.launch_kept(e, {}, (1,), (1,), False, ("k1",)) == one
    assert one == (None, "a single work-group row")
    assert calls == [(64,), (1,)]


@pytest.mark.parametrize("why", ["no key", "atomics-only argument", "not analysed"])
def test_launches_the_key_does_not_describe_are_described_each_time(monkeypatch, why):
    """No key (profiling, a kernel that never splits), or an argument whose check
    depends on which buffers are passed (one passed twice): described every time."""
    calls = _counting(monkeypatch)
    e = _entry(reduce_add=why == "atomics-only argument")
    if why == "not analysed":
        e.analysis = None
    key = None if why == "no key" else ("k",)
    for _ in range(3):
        launches.launch_kept(e, {}, (64,), (8,), False, key)
    assert len(calls) == 3 and not e.decisions


def _rounds(cl, rounds=12):
    """One context and program; each round two kernels and a read (a sync point)."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(4096, dtype=np.float32) / 7
    A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, SRC).build()
    scale, axpy = prg.scale, prg.axpy
    seen = []
    for r in range(rounds):
        scale(q, (4096,), (64,), A, B, np.float32(0.5))
        axpy(q, (4096,), (64,), B, A, A, np.float32(-0.25))
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, A)
        seen.append(out)
    return {"seen": np.stack(seen)}


def test_graph_mode_launches_at_once_describe_each_shape_once(monkeypatch):
    """Launches that skip the graph (their batches run in program order) are described
    once per launch shape, as program order's kept decisions are; the results are
    program order's, bit for bit."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    real = launches.launch_of
    calls: list = []

    def counted(entry, *a, **k):
        calls.append(entry.name)
        return real(entry, *a, **k)
    monkeypatch.setattr(launches, "launch_of", counted)
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: True)
    bare = _rounds(cl)
    with skmd_installed(mode="mkmd") as rt:
        out = _rounds(cl)
        reasons = [r.reason for r in rt.records]
    assert not mismatches(bare, out)
    assert reasons.count(AT_ONCE_REASON) >= 12, reasons
    assert sorted(calls) == ["axpy", "scale"], calls


def test_a_small_upload_in_a_graph_mode_is_turned_away_on_its_size(monkeypatch):
    """An upload too small to stage is written at once without asking whether the
    helpers sat idle or the driver whether it is a sub-buffer."""
    import pyopencl as cl

    from skmd import config
    from skmd.runtime import app_commands
    from skmd.runtime import buffers as bufmod
    from skmd.testing import usable_platform
    ctx = cl.Context([usable_platform().get_devices()[0]])
    small = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096)

    def asked(*a):
        raise AssertionError("asked beyond the size")
    monkeypatch.setattr(bufmod, "is_sub_buffer", asked)
    rt = SimpleNamespace(graph_helpers_idle=asked)
    with config.override(mode="mkmd"):
        rt.settings = config.get()
        assert app_commands._stageable(rt, small, np.zeros(1024, np.float32), 0) is None
    assert bufmod.size_of(small) == 4096 and small._skmd_size == 4096


def test_a_batch_in_program_order_waits_once_per_queue(monkeypatch):
    """A batch run whole on home in program order waits for its queue once, not once
    per kernel; the results are program order's."""
    import pyopencl as cl

    from skmd.runtime import graph_mode, graph_nodes, raw
    waits: list = []
    real = raw.queue_finish

    def finish(q):
        waits.append(q)
        return real(q)
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: True)
    tuned(monkeypatch, at_once_after=10**6)

    def batch_of_four(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(4096, dtype=np.float32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
        scale = cl.Program(ctx, SRC).build().scale
        for r in range(4):
            scale(q, (4096,), (64,), A if r % 2 == 0 else B, B if r % 2 == 0 else A,
                  np.float32(0.5))
        waits.clear()
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, A)
        return {"a": out}
    bare = batch_of_four(cl)
    monkeypatch.setattr(graph_nodes.raw, "queue_finish", finish)
    with skmd_installed(mode="mkmd") as rt:
        out = batch_of_four(cl)
        notes = [r.reason for r in rt.records if r.kernel == "scale"]
    assert not mismatches(bare, out)
    assert notes.count("graph batch shorter than 2000 us: program order") == 4, notes
    assert len(waits) == 1, waits


@pytest.mark.parametrize("how", ["call", "set_args"])
@pytest.mark.parametrize("mode", ["mkmd", "coarse"])
def test_a_kernel_pending_in_a_batch_launched_again_runs_with_its_new_arguments(how, mode):
    """A batch run in program order sets its launches' arguments on the program's own
    kernel objects; a launch of one of them that makes the batch run (here: one too
    small to defer) then runs with the arguments the program gave it, not the batch's
    last ones, and so does a later launch of arguments set before the batch ran."""
    import pyopencl as cl

    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(4096, dtype=np.float32) / 7
        mf = cl.mem_flags
        A = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
        C = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a * 3)
        scale = cl.Kernel(cl.Program(ctx, SRC).build(), "scale")
        seen = []
        for r in range(4):
            if how == "call":
                scale(q, (4096,), (64,), A, B, np.float32(0.5))
                scale(q, (64,), (64,), C, A, np.float32(2.0 + r))
            else:
                scale.set_args(A, B, np.float32(0.5))
                cl.enqueue_nd_range_kernel(q, scale, (4096,), (64,))
                scale.set_args(C, A, np.float32(2.0 + r))
                cl.enqueue_nd_range_kernel(q, scale, (64,), (64,))
                cl.enqueue_nd_range_kernel(q, scale, (64,), (64,))
            for buf in (A, B):
                out = np.empty_like(a)
                cl.enqueue_copy(q, out, buf)
                seen.append(out)
        return {"seen": np.stack(seen)}
    bare = program(cl)
    with skmd_installed(mode=mode):
        out = program(cl)
    assert not mismatches(bare, out)
