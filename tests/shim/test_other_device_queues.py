"""A context made with ``dev_type=ALL`` holds, under skmd, the virtual device and the
other real devices; a program may queue work on each of them itself.  A launch on
another device's queue must see what skmd's own launches wrote (split over helpers,
or deferred by graph mode) and what the program uploaded (kept in host memory by the
graph modes), and be seen by them: results are a plain run's, bit for bit.
"""
from __future__ import annotations

import numpy as np
import pytest

from skmd.testing import compare_with_and_without, mismatches, run_bare, skmd_installed, tuned

N = 1 << 16
SRC = """
__kernel void inc(__global int *x) { x[get_global_id(0)] += 1; }
__kernel void dbl(__global const int *x, __global int *y)
{ int i = get_global_id(0); y[i] = 2 * x[i] + 1; }
"""


def _chain(cl):
    """``inc`` on the queue of each device in turn, chained by events, then ``dbl`` on
    the first device's queue, after an upload through the last device's queue (the
    queues' commands ordered by events or ``finish``, as OpenCL asks of a program)."""
    ctx = cl.Context(dev_type=cl.device_type.ALL)
    qs = [cl.CommandQueue(ctx, d) for d in ctx.devices]
    prg = cl.Program(ctx, SRC).build()
    inc, dbl = cl.Kernel(prg, "inc"), cl.Kernel(prg, "dbl")
    x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, N * 4)
    y = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, N * 4)
    cl.enqueue_copy(qs[-1], x, np.arange(N, dtype=np.int32))
    ev = None
    for q in qs + qs[::-1] + [qs[0], qs[-1]]:
        inc.set_args(x)
        ev = cl.enqueue_nd_range_kernel(q, inc, (N,), (64,), wait_for=[ev] if ev else None)
    ev = dbl(qs[0], (N,), (64,), x, y, wait_for=[ev])
    mid = np.empty(N, np.int32)
    cl.enqueue_copy(qs[-1], mid, y, wait_for=[ev])
    inc(qs[-1], (N,), None, y)  # (arguments Kernel.__call__ set: skmd forgets them)
    qs[-1].finish()
    out = np.empty(N, np.int32)
    cl.enqueue_copy(qs[0], out, y)
    return {"mid": mid, "out": out, "ndev": np.array([len(ctx.devices)])}


@pytest.mark.parametrize("mode", ["skmd", "mkmd", "coarse"])
def test_launches_on_other_devices_queues_see_and_are_seen(monkeypatch, mode: str) -> None:
    """Split launches (``policy=even``; coarse mode runs kernels whole on any device),
    graph mode's deferred ones and uploads kept in host memory are all current before a launch on another device's queue runs, and
    what it wrote is what the next split launch reads."""
    tuned(monkeypatch, stage_min_bytes=0)
    bad, records = compare_with_and_without(_chain, policy="even", mode=mode,
                                            background=False, min_split_us=0)
    assert not bad, bad
    assert mode == "coarse" or any(r.reason is None and sum(1 for v in r.shares.values() if v) >= 2
               for r in records), "no launch on the virtual device's queue was split"


def _host_backed(cl):
    ctx = cl.Context(dev_type=cl.device_type.ALL)
    q = cl.CommandQueue(ctx, ctx.devices[-1])
    x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                  hostbuf=np.arange(N, dtype=np.int32))
    cl.Program(ctx, SRC).build().inc(q, (N,), None, x)
    out = np.empty(N, np.int32)
    cl.enqueue_copy(q, out, x)
    return {"out": out}


def test_a_buffer_kept_in_host_memory_is_refused_on_another_devices_queue() -> None:
    """Such a buffer has only a small stand-in on the devices: a launch over it on
    another device's queue is refused by name, never run over the stand-in."""
    import pyopencl as cl
    assert not mismatches(run_bare(_host_backed), run_bare(_host_backed))
    with skmd_installed(host_backed_min=1 << 12, background=False):
        with pytest.raises(cl.RuntimeError, match="kernel inc .*another device's queue"):
            _host_backed(cl)
