"""What a launch run whole costs in skmd's own Python, counted in bytecodes (the same
count on every machine, where timings are not): a guard against the launch path
growing back.  The tests analyse a kernel before its first launch
(``SKMD_BACKGROUND=0``), so the launches take the path of an analysed kernel kept
whole (its decision looked up by the launch's key), the dearer of the two; the
bounds leave a quarter's room, for other Python versions."""
from __future__ import annotations

import collections
import sys

import numpy as np

import shim_programs as sp
from skmd.testing import skmd_installed

#: skmd's bytecodes per launch + finish() of an analysed kernel object kept whole (about
#: 730 on Python 3.11; about 550 before its analysis) and per pooled array expression
#: (two launches + finish(): about 2240; 1150 before their analyses)
KERNEL_OBJECT_MOST = 950
POOLED_EXPRESSION_MOST = 2800


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


def test_a_launch_run_whole_stays_cheap_in_python() -> None:
    import pyopencl as cl
    import pyopencl.array as cla
    from pyopencl.tools import ImmediateAllocator, MemoryPool
    with skmd_installed():
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
        per_launch = _skmd_bytecodes(kernel_object)
        per_expression = _skmd_bytecodes(expression)
    assert 0 < per_launch <= KERNEL_OBJECT_MOST, per_launch
    assert 0 < per_expression <= POOLED_EXPRESSION_MOST, per_expression
