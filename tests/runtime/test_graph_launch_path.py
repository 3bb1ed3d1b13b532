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


def _chain(cl, rounds: int, events: list, between=None):
    """Each round: two launches of shapes whose batches run in order, one launch of a
    single work-group row (whole for a reason its key holds), then a read."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(4096, dtype=np.float32) / 7
    mf = cl.mem_flags
    A = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    C = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, SRC).build()
    scale, axpy = prg.scale, prg.axpy
    seen = []
    for r in range(rounds):
        if between is not None:
            between(r)
        events.append(("launches", r))
        scale(q, (4096,), (64,), A, B, np.float32(0.5))
        axpy(q, (4096,), (64,), B, A, C, np.float32(-0.25))
        scale(q, (64,), (64,), C, A, np.float32(2.0))
        events.append(("read", r))
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, A)
        seen.append(out)
    return {"seen": np.stack(seen)}


def _spied(monkeypatch, events: list) -> None:
    """Each call of the full launch path's look-ups, and of a batch's flush, noted in
    ``events`` in the order it happens."""
    from skmd.runtime import core, graph_mode
    for owner, name in ((core.Runtime, "flush_graph"), (graph_mode.GraphBatch, "flush"),
                        (graph_mode.GraphBatch, "runs_at_once"), (launches, "launch_kept")):
        real = getattr(owner, name)

        def spy(*a, _real=real, _name=name, **k):
            events.append(_name)
            return _real(*a, **k)
        monkeypatch.setattr(owner, name, spy)


def _calls_while_launching(events: list, first_round: int) -> list:
    """What was called between a round's first launch and its read, from
    ``first_round`` on."""
    out, inside, r = [], False, -1
    for e in events:
        if isinstance(e, tuple):
            inside, r = e[0] == "launches", e[1]
        elif inside and r >= first_round:
            out.append((r, e))
    return out


def test_launches_in_program_order_with_no_batch_pending_take_no_graph_path(monkeypatch):
    """Once a launch's decision key was seen, a launch that runs at once, or whole for
    a reason its key holds, neither describes itself again nor asks the graph's
    books by shape nor flushes: with no batch pending nothing is flushed, as program
    order would do nothing; results are program order's, bit for bit."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: True)
    tuned(monkeypatch, at_once_after=1, at_once_launches=10**4)
    bare = _chain(cl, 8, [])
    events: list = []
    _spied(monkeypatch, events)
    with skmd_installed(mode="mkmd") as rt:
        out = _chain(cl, 8, events)
        reasons = [(r.kernel, r.reason) for r in rt.records]
    assert not mismatches(bare, out)
    assert _calls_while_launching(events, 3) == [], events
    late = reasons[-15:]
    assert late.count(("scale", AT_ONCE_REASON)) == 5, late
    assert late.count(("axpy", AT_ONCE_REASON)) == 5, late
    assert late.count(("scale", "a single work-group row")) == 5, late


def test_a_batch_pending_runs_before_a_launch_that_skips_the_graph(monkeypatch):
    """A launch whose shape's span at once has ended is deferred; the next launch,
    still at once, or whole for its key's reason, runs that batch first: program
    order is kept and results are program order's, bit for bit."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: True)
    tuned(monkeypatch, at_once_after=1, at_once_launches=10**4)
    box: dict = {}

    def end_scale_span(r):
        if r in (4, 6):  # the 4096-wide scale's span ends: its next launch is deferred
            for shape, span in box["rt"].graph.at_once.spans.items():
                if shape[1].endswith(":scale") and shape[2] == (4096,):
                    span.left = 0
    bare = _chain(cl, 8, [])
    events: list = []
    _spied(monkeypatch, events)
    with skmd_installed(mode="mkmd") as rt:
        box["rt"] = rt
        out = _chain(cl, 8, events, end_scale_span)
        reasons = [(r.kernel, r.reason) for r in rt.records]
    assert not mismatches(bare, out)
    calls = _calls_while_launching(events, 3)
    # rounds 4 and 6: the deferred scale's batch is flushed by the axpy at once
    assert calls == [(4, "flush"), (6, "flush")], calls
    assert reasons[-6:][0][1] == "graph batch shorter than 2000 us: program order"
    assert reasons[-6:][1:] == [("axpy", AT_ONCE_REASON), ("scale", "a single work-group row"),
                                ("scale", AT_ONCE_REASON), ("axpy", AT_ONCE_REASON),
                                ("scale", "a single work-group row")], reasons[-6:]


def test_a_launch_kept_by_another_runtime_takes_the_full_path():
    """What a launch kept in one runtime's books is not used by the next runtime's
    graph (a kernel may outlive the runtime that launched it)."""
    from skmd.decide.graph_guard import AtOnce
    from skmd.runtime import graph_mode
    here = SimpleNamespace(at_once=AtOnce())
    known = (None, None, AtOnce(), "a single work-group row")
    assert graph_mode.GraphBatch.launch_known(here, None, None, None, {}, known, (64,),
                                              (64,), None, None, False, False) is None


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
