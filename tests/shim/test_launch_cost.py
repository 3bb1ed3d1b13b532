"""What a launch run whole costs in skmd's own Python, counted in bytecodes (the same
count on every machine, where timings are not): a guard against the launch path
growing back.  The tests analyse a kernel before its first launch
(``SKMD_BACKGROUND=0``); its launches then run whole at once where those a
``finish()`` bounded were too short for a split (``waited.short_for``), else by the
decision their key looks up.  The bounds leave about a quarter's room, for other
Python versions."""
from __future__ import annotations

import collections
import sys

import numpy as np

import shim_programs as sp
from skmd.testing import skmd_installed

#: skmd's bytecodes per launch + finish() of an analysed kernel object run whole (Python
#: 3.11: about 565 when known short, 730 by its key; up to 700 when earlier tests left
#: host-backed buffers, stale copies or exited queues, which launches then look for)
#: and per pooled array expression (two launches + finish(): about 1260 and 2240; up
#: to 1580)
SHORT_MOST = {"kernel object": 850, "expression": 1900}
KEYED_MOST = {"kernel object": 950, "expression": 2800}


def _skmd_bytecodes(f, times: int = 50) -> float:
    counts: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode" and "/skmd/" in frame.f_code.co_filename:
            counts["skmd"] += 1
        return tracer
    sys.settrace(tracer)
    try:
        for _ in range(times):
            f()
    finally:
        sys.settrace(None)
    return counts["skmd"] / times


def _per_launch(settings: dict) -> dict[str, float]:
    import pyopencl as cl
    import pyopencl.array as cla
    from pyopencl.tools import ImmediateAllocator, MemoryPool
    with skmd_installed(**settings):
        ctx, q = sp.ctx_queue(cl)
        knl = cl.Program(ctx, "__kernel void f(__global float *a, const float r)"
                              " { a[get_global_id(0)] *= r; }").build().f
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 4096)
        pool = MemoryPool(ImmediateAllocator(q))
        x = cla.to_device(q, np.ones(4096, np.float32), allocator=pool)
        y = cla.to_device(q, np.ones(4096, np.float32), allocator=pool)

        def kernel_object():
            knl(q, (4096,), (64,), a, np.float32(1.0))
            q.finish()

        def expression():
            2 * x + y
            q.finish()
        for _ in range(100):  # past their first launches, which are all bounded
            kernel_object()
            expression()
        return {"kernel object": _skmd_bytecodes(kernel_object),
                "expression": _skmd_bytecodes(expression)}


def test_a_launch_run_whole_stays_cheap_in_python() -> None:
    got = _per_launch({})
    assert all(0 < got[k] <= KEYED_MOST[k] for k in got), got


def test_a_launch_known_short_looks_no_decision_up(monkeypatch) -> None:
    """Where every launch a ``finish()`` bounded was too short for a split (here: a
    split's fixed cost made enormous), a launch runs whole without its key."""
    from skmd.testing import tuned
    tuned(monkeypatch, split_fixed_factor=1e6)
    got = _per_launch({})
    assert all(0 < got[k] <= SHORT_MOST[k] for k in got), got
