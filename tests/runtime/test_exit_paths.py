"""OpenCL work done after the program's main thread has ended is done right.

``concurrent.futures`` refuses new work in every thread pool once the main thread
has ended, before the ``atexit`` handlers run and while threads that outlive the
main thread still do.  Plain pyopencl serves a program's launches, reads and
copies then; skmd must too: whole on the home device, the batch of graph mode in
program order, with no traceback or warning, and never a wrong result.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import thread as cf_thread

import numpy as np
import pytest

from skmd.runtime import pools


# -- the helper itself, without OpenCL ------------------------------------------------
def test_a_pool_shut_down_takes_no_work_and_the_job_runs_here() -> None:
    """A pool's own shutdown (its workers set it once the interpreter's hook ran) is
    seen, and a job handed to it runs here, its outcome in the future."""
    ex = ThreadPoolExecutor(1)
    assert pools.pools_open(ex) and pools.late_reason(ex) is None
    ex.shutdown()
    assert not pools.pools_open(ex)
    assert pools.late_reason(ex) == pools.LATE_REASON
    assert pools.submit(ex, lambda a, b: a + b, 2, 3).result() == 5
    failed = pools.submit(ex, lambda: 1 // 0)  # a failure is the future's, as in a pool
    assert isinstance(failed.exception(), ZeroDivisionError)


def test_the_interpreter_shutting_down_closes_every_pool(monkeypatch) -> None:
    """The interpreter's flag is set before any pool's own: it alone closes them."""
    ex = ThreadPoolExecutor(1)
    try:
        monkeypatch.setattr(cf_thread, "_shutdown", True)
        assert not pools.pools_open() and not pools.pools_open(ex)
        assert pools.late_reason() == pools.LATE_REASON
        assert pools.submit(ex, lambda: 7).result() == 7  # (ex.submit would raise)
    finally:
        monkeypatch.undo()
        ex.shutdown()


def test_a_refused_submit_runs_the_job_here() -> None:
    """A pool that closes between the look and the submit: the job still runs."""
    class Refusing(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
            raise RuntimeError("cannot schedule new futures after interpreter shutdown")
    ex = Refusing(1)
    assert pools.pools_open(ex)
    assert pools.submit(ex, lambda: "here").result() == "here"
    ex.shutdown()


_FILL = """
__kernel void fill(__global uint *y)
{ uint i = get_global_id(0), h = i;
  for (int k = 0; k < 64; k++) h = h * 1664525u + 1013904223u;
  y[i] = h; }
"""


@pytest.mark.parametrize("mode", ["skmd", "mkmd"])
def test_a_split_whose_pools_close_as_it_begins_completes(monkeypatch, mode: str) -> None:
    """The pools close between a split's decision and its hand-over to them (the main
    thread ended meanwhile): the helpers' parts, or the graph's kernels, run on the
    calling thread, and the split completes with the right result."""
    import pyopencl as cl

    from skmd.testing import skmd_installed

    def refused(*args: object, **kwargs: object) -> None:
        raise RuntimeError("cannot schedule new futures after interpreter shutdown")
    n = 1 << 18
    with skmd_installed(policy="even", mode=mode) as rt:
        monkeypatch.setattr(rt.pool, "submit", refused)
        monkeypatch.setattr(rt.graph.node_pool, "submit", refused)
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        k = cl.Kernel(cl.Program(ctx, _FILL).build(), "fill")
        y = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
        k(q, (n,), (64,), y)
        got = np.empty(n, np.uint32)
        cl.enqueue_copy(q, got, y)
        shares = rt.records[-1].shares
    h = np.arange(n, dtype=np.uint32)
    for _ in range(64):
        h = h * np.uint32(1664525) + np.uint32(1013904223)
    assert np.array_equal(got, h)
    assert sum(1 for v in shares.values() if v) >= 2, shares
