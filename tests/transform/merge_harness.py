"""Run a kernel split over PoCL devices and merge the helpers' outputs with its merge kernel.

Rows ``[cuts[j], cuts[j+1])`` run on device ``j % n`` with buffers of their own
(as a helper would); range 0 is the home device's, run on the home buffers.
Each helper's written buffers then come back as part buffers and the generated
merge kernel copies its stores into the home buffers, on the home queue.
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from kernel_corpus import Buf, Case, Local
from split_harness import devices, kernel, launch_of
from skmd.runtime.split_plan import sub_launch_size
from skmd.transform import analyze_program


def _args(case: Case, host: list, bufs: dict[int, cl.Buffer]) -> list:
    out = []
    for i, a in enumerate(case.args):
        if isinstance(a, Buf):
            out.append(bufs[i])
        elif isinstance(a, Local):
            out.append(cl.LocalMemory(a.nbytes))
        else:
            out.append(a.value)
    return out


def _buffers(case: Case, host: list) -> dict[int, cl.Buffer]:
    ctx, _, _ = devices()
    mf = cl.mem_flags
    return {i: cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
            for i, h in enumerate(host) if h is not None}


def run_merged(case: Case, host: list, cuts: list[int]) -> list[np.ndarray]:
    """The buffers after a split run whose helper outputs the merge kernel merged."""
    pa = analyze_program(case.source, case.options)
    ka = pa.kernels[case.kernel]
    assert ka.merge_kernel, ka.merge_reason
    _, _, queues = devices()
    home_q = queues[0]
    sd = len(case.global_size) - 1
    home = _buffers(case, host)
    run = kernel(pa.partition_source, case.options, case.kernel)
    merge = kernel(pa.merge_source, case.options, case.kernel)
    helpers = []
    for j, (a, b) in enumerate(zip(cuts, cuts[1:])):
        if a == b:
            continue
        q = queues[j % len(queues)]
        bufs = home if j == 0 else _buffers(case, host)
        gs = sub_launch_size(launch_of(case, host), a, b, ka.launch_mode)
        run(q, gs, case.local_size, *_args(case, host, bufs),
            np.uint64(case.global_size[sd]), np.uint64(a), np.uint64(b))
        q.finish()
        if j:
            helpers.append((a, b, bufs))
    for a, b, bufs in helpers:
        gs = sub_launch_size(launch_of(case, host), a, b, ka.launch_mode)
        parts = [bufs[i] for i in ka.merge_parts]
        merge(home_q, gs, case.local_size, *_args(case, host, home),
              np.uint64(case.global_size[sd]), np.uint64(a), np.uint64(b), *parts)
    home_q.finish()
    out = []
    for i, h in enumerate(host):
        if h is not None:
            o = np.empty_like(h)
            cl.enqueue_copy(home_q, o, home[i])
            out.append(o)
    home_q.finish()
    return out


def home_run_only(case: Case, host: list, cuts: list[int]) -> list[np.ndarray]:
    """The home buffers when the helpers' outputs are not merged at all (the control)."""
    pa = analyze_program(case.source, case.options)
    _, _, queues = devices()
    sd = len(case.global_size) - 1
    home = _buffers(case, host)
    a, b = cuts[0], cuts[1]
    assert b > a, "an empty launch is not a launch (PoCL divides by its size)"
    gs = sub_launch_size(launch_of(case, host), a, b, pa.kernels[case.kernel].launch_mode)
    kernel(pa.partition_source, case.options, case.kernel)(
        queues[0], gs, case.local_size, *_args(case, host, home),
        np.uint64(case.global_size[sd]), np.uint64(a), np.uint64(b))
    out = []
    for i, h in enumerate(host):
        if h is not None:
            o = np.empty_like(h)
            cl.enqueue_copy(queues[0], o, home[i])
            out.append(o)
    queues[0].finish()
    return out


__all__ = ["run_merged", "home_run_only", "launch_of"]
