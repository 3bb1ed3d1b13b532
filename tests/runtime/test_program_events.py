"""The events skmd hands a program answer as a plain run's do.

A program that profiles may ask any event for its times, and a program that flushed
its queue may poll an event until it completes.

pyopencl raises ``PROFILING_INFO_NOT_AVAILABLE`` for a user event, so an event of a
command skmd carried out itself (a launch deferred to a graph batch, an upload kept in
host memory, a read gathered from several devices: ``test_placement.py``) must be a
real command's on a queue that profiles, as it is when the program runs plain.
"""
from __future__ import annotations

import itertools
import os
import subprocess
import sys
import time

import numpy as np

from skmd.testing import mismatches, run_bare, skmd_installed, tuned

from programs import SRC

N = 1 << 16


def _timed(cl):
    """Uploads, two kernels and a read on a profiling queue, each event's time asked."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
    a = np.arange(N, dtype=np.float32) / 3
    A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, SRC).build()
    scale, axpy = prg.scale, prg.axpy
    events = [cl.enqueue_copy(q, A, a)]
    for _ in range(3):
        events.append(scale(q, (N,), (64,), A, B, np.float32(0.5)))
        events.append(axpy(q, (N,), (64,), B, A, A, np.float32(-0.25)))
    out = np.empty_like(a)
    events.append(cl.enqueue_copy(q, out, A))
    q.finish()
    took = [e.profile.end - e.profile.start for e in events]
    return {"out": out, "ok": np.array([t >= 0 for t in took])}


def test_graph_mode_gives_timed_events_on_a_profiling_queue(monkeypatch):
    """Graph mode launches at once, in program order, what a profiling queue holds: every
    event has its times and the results are a plain run's, bit for bit."""
    tuned(monkeypatch, stage_min_bytes=0)  # the upload waits in host memory
    bare = run_bare(_timed)
    with skmd_installed(mode="mkmd", background=False) as rt:
        import pyopencl as cl
        got = _timed(cl)
        reasons = {r.reason for r in rt.records}
    assert got["ok"].all() and not mismatches(bare, got)
    assert any(r and r.startswith("its queue profiles") for r in reasons), reasons


def test_a_command_done_on_a_plain_queue_gets_a_completed_user_event():
    import pyopencl as cl

    from skmd.runtime import raw
    from skmd.testing import usable_platform
    ctx = cl.Context([usable_platform().get_devices()[0]])
    plain = raw.done_event(cl.CommandQueue(ctx))
    assert isinstance(plain, cl.UserEvent)
    assert plain.command_execution_status == cl.command_execution_status.COMPLETE
    timed = raw.done_event(cl.CommandQueue(
        ctx, properties=cl.command_queue_properties.PROFILING_ENABLE))
    timed.wait()
    assert timed.profile.end >= timed.profile.start


def _one_launch(cl, then):
    """One launch; ``then(queue, event)`` before its result is read back."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N, dtype=np.float32)
    A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    evt = cl.Program(ctx, SRC).build().scale(q, (N,), (64,), A, B, np.float32(2))
    seen = then(q, evt)
    out = np.empty_like(a)
    cl.enqueue_copy(q, out, B)
    return {"b": out, "seen": seen}


def _polled(cl):
    """The queue flushed, the launch's event polled as a program waits without blocking."""
    def poll(q, evt):
        q.flush()
        t0 = time.perf_counter()
        while evt.command_execution_status != cl.command_execution_status.COMPLETE:
            assert time.perf_counter() - t0 < 10, "the flushed launch never completed"
            time.sleep(1e-3)
        return np.array([True])
    return _one_launch(cl, poll)


def test_a_deferred_launch_completes_once_its_queue_is_flushed():
    """Graph mode defers a launch until the program observes it; ``queue.flush()`` is
    such a point, since polling the event is how a program then waits."""
    bare = run_bare(_polled)
    with skmd_installed(mode="mkmd", background=False) as rt:
        import pyopencl as cl
        got = _polled(cl)
        deferred = rt._graph is not None
    assert deferred, "nothing was deferred: the test missed its path"
    assert not mismatches(bare, got)


def _queued(cl):
    """Whether the launch's event is of the program's queue and context."""
    return _one_launch(cl, lambda q, evt: np.array([evt.command_queue == q,
                                                    evt.context == q.context]))


def test_a_split_launch_gives_an_event_of_the_programs_queue():
    """A split ran its home share on skmd's own queue; the program gets an event of
    the queue it launched on, as from a plain launch."""
    bare = run_bare(_queued)
    with skmd_installed(policy="even", background=False) as rt:
        import pyopencl as cl
        got = _queued(cl)
        split = [r for r in rt.records if len(r.shares) > 1]
    assert split, "no launch was split: the test missed its path"
    assert got["seen"].all() and not mismatches(bare, got)


def _scale_setup(cl):
    """A context, a queue, a host array, buffers A (its copy) and B, the kernel ``scale``."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N, dtype=np.float32)
    A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    scale = cl.Kernel(cl.Program(ctx, SRC).build(), "scale")
    return ctx, q, a, A, B, scale


def _empty_launches(cl):
    """Launches of no work-items between two real ones, one waiting on a user event: what
    each event says before and after it is set, and the result."""
    ctx, q, a, A, B, scale = _scale_setup(cl)
    scale(q, (N,), (64,), A, B, np.float32(2))
    empty = [scale(q, g, l, A, B, np.float32(5))
             for g, l in (((0,), None), ((0,), (64,)), ((16, 0), (4, 4)),
                          ([0], None), (np.array([0]), None), (np.array([16, 0]), (4, 4)))]
    ue = cl.UserEvent(ctx)
    gated = scale(q, (0,), None, A, B, np.float32(7), wait_for=[ue])
    q.flush()
    time.sleep(0.05)
    before = gated.command_execution_status != cl.command_execution_status.COMPLETE
    ue.set_status(cl.command_execution_status.COMPLETE)
    gated.wait()
    cl.wait_for_events(empty)
    scale(q, (N,), (64,), B, A, np.float32(3))
    out = np.empty_like(a)
    cl.enqueue_copy(q, out, A)
    return {"a": out, "gated_waited": np.array([before]),
            "queue": np.array([e.command_queue == q for e in empty + [gated]])}


def test_launches_of_no_work_items_run_as_plainly(monkeypatch):
    """A global size with a zero is nothing to decide on, split or defer: it goes to
    pyopencl as a plain program's (once crashed PoCL, SIGFPE, after skmd's analysis),
    its event waits for its wait list, and the launches around it are right."""
    tuned(monkeypatch, stage_min_bytes=0)
    want = (np.arange(N, dtype=np.float32) * 2 + 1) * 3 + 1
    for settings in ({"policy": "even"}, {"mode": "mkmd"}, {"mode": "coarse"}):
        with skmd_installed(background=False, **settings):
            import pyopencl as cl
            got = _empty_launches(cl)
        np.testing.assert_array_equal(got["a"], want, err_msg=str(settings))
        assert got["gated_waited"].all(), f"{settings}: completed before its user event"
        assert got["queue"].all(), settings


def _set_later(cl, ctx):
    """A user event a timer thread sets in 0.5 s (started first: a launch that blocks on
    it ends too), the list its setting time goes to, and the timer."""
    import threading
    ue = cl.UserEvent(ctx)
    set_at = []

    def release():
        set_at.append(time.perf_counter())
        ue.set_status(cl.command_execution_status.COMPLETE)
    timer = threading.Timer(0.5, release)
    timer.start()
    return ue, set_at, timer


def _gated_after_kept(cl):
    """Launches of one shape, so a decision is kept, then one more gated on a user event
    that a timer thread sets: when the launch call returned against when it was set."""
    ctx, q, a, A, B, scale = _scale_setup(cl)
    for i in range(4):
        scale(q, (N,), (64,), A, B, np.float32(1 + i))
    q.finish()
    ue, set_at, timer = _set_later(cl, ctx)
    evt = scale(q, (N,), (64,), A, B, np.float32(3), wait_for=[ue])
    returned = time.perf_counter()
    evt.wait()
    timer.join()
    out = np.empty_like(a)
    cl.enqueue_copy(q, out, B)
    return {"b": out, "returned_first": np.array([returned < set_at[0]])}


def test_a_launch_on_a_kept_decision_gated_on_a_user_event_does_not_block():
    """A launch that reuses a kept split decision and waits on a user event set later
    runs whole in queue order, as a fresh decision has it: a split would block the
    program on its wait list before it can set the event."""
    from skmd.runtime import gates
    want = np.arange(N, dtype=np.float32) * 3 + 1
    for settings in ({"policy": "even"}, {"mode": "mkmd"}):
        with skmd_installed(background=False, **settings) as rt:
            import pyopencl as cl
            got = _gated_after_kept(cl)
            reasons = [r.reason for r in rt.records]
            split = [r for r in rt.records if len(r.shares) > 1]
        assert got["returned_first"].all(), f"{settings}: the launch waited for its event"
        np.testing.assert_array_equal(got["b"], want, err_msg=str(settings))
        if "policy" in settings:
            assert split and reasons[-1] == gates.WAITS_OPEN, reasons


def _behind_a_gated_launch(cl, gate="launch"):
    """A launch (``gate``: a copy, a barrier) gated on a user event, then launches on its
    queue with no wait list (a split of them would wait on the host for it); a timer
    thread sets the event: whether every launch call returned before it did."""
    ctx, q, a, A, B, scale = _scale_setup(cl)
    C = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    for i in range(4):  # (decisions made and kept: the later launches reuse them)
        scale(q, (N,), (64,), A, B, np.float32(1 + i))
    q.finish()
    ue, set_at, timer = _set_later(cl, ctx)
    if gate == "launch":
        scale(q, (N,), (64,), A, B, np.float32(3), wait_for=[ue])
    elif gate == "copy":
        cl.enqueue_copy(q, C, A, wait_for=[ue])
    else:
        cl.enqueue_barrier(q, wait_for=[ue])
    for i in range(3):
        scale(q, (N,), (64,), B, A, np.float32(2 + i))
    returned = time.perf_counter()
    q.finish()
    timer.join()
    after = scale(q, (N,), (64,), A, B, np.float32(5))  # the gate has ended: splits again
    out = np.empty_like(a)
    cl.enqueue_copy(q, out, B, wait_for=[after])
    return {"b": out, "returned_first": np.array([returned < set_at[0]])}


def test_launches_behind_a_gated_launch_on_their_queue_do_not_block():
    """A launch waiting on a user event runs whole in queue order; the launches behind
    it on its queue must not wait on the host either (the program sets the event only
    after it enqueued them), until that launch has ended."""
    for gate, settings in itertools.product(("launch", "copy", "barrier"),
                                            ({"policy": "even"}, {"mode": "mkmd", "policy": "even"})):
        bare = run_bare(lambda cl: _behind_a_gated_launch(cl, gate))
        with skmd_installed(background=False, **settings) as rt:
            import pyopencl as cl
            got = _behind_a_gated_launch(cl, gate)
            reasons = [r.reason for r in rt.records]
        assert got["returned_first"].all(), f"{gate}, {settings}: a launch waited for it"
        assert not mismatches(bare, got), (gate, settings)
        if settings.get("mode") != "mkmd":
            assert any(r and "its queue holds" in r for r in reasons), reasons
            assert reasons[-1] is None or "its queue holds" not in reasons[-1], reasons


_THREADS = r"""
import queue, threading
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
prg = cl.Program(ctx, "__kernel void inc(__global int *a, __global const int *b) "
                      "{ int i = get_global_id(0); a[i] += b[i] + 1; }").build()
n = 50000
mk = lambda: cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                       hostbuf=np.zeros(n, np.int32))
A = [mk() for _ in range(12)]; acc = mk(); Z = mk()
chan = queue.Queue()
def producer():
    q = cl.CommandQueue(ctx); k = cl.Kernel(prg, "inc")
    for s in range(12):
        k.set_args(A[s], Z)
        e = cl.enqueue_nd_range_kernel(q, k, (n,), None)
        q.flush()  # runs the deferred launches: those of the other thread too
        chan.put((s, e))
    chan.put(None)
def consumer(out):
    q = cl.CommandQueue(ctx); k = cl.Kernel(prg, "inc"); last = None
    h = np.empty(n, np.int32)
    while (item := chan.get()) is not None:
        s, ev = item
        k.set_args(acc, A[s])
        last = cl.enqueue_nd_range_kernel(q, k, (n,), None,
                                          wait_for=[ev] + ([last] if last else []))
        if s % 4 == 3:
            cl.enqueue_copy(q, h, acc, wait_for=[last])
            out.append(int(h[0]))
out = []
ts = [threading.Thread(target=consumer, args=(out,)), threading.Thread(target=producer)]
[t.start() for t in ts]; [t.join() for t in ts]
print(out)
"""


def test_a_batch_run_by_one_thread_is_waited_for_by_another(tmp_path):
    """Graph mode: one thread's flush runs a batch holding another thread's deferred
    launches; that thread's next launch and read wait on their events.  They must
    wait for the batch, not go to the driver behind its events (a deadlock: the batch
    drained the other thread's queue, whose commands waited on the batch's events)."""
    prog = tmp_path / "threads.py"
    prog.write_text(_THREADS)
    for run in range(3):
        r = subprocess.run([sys.executable, "-m", "skmd", "run", str(prog)], text=True,
                           capture_output=True, timeout=120, env=dict(
                               os.environ, SKMD_MODE="mkmd", SKMD_POLICY="even",
                               SKMD_BACKGROUND="0", SKMD_PROFILE_DIR=str(tmp_path / f"s{run}")))
        assert r.returncode == 0, r.stderr[-2000:]
        assert r.stdout.strip().splitlines()[-1] == "[8, 16, 24]", r.stdout

