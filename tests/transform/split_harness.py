"""Run a kernel whole on one PoCL device, or its rows split over several, and compare."""
from __future__ import annotations

import functools

import numpy as np
import pyopencl as cl
from hypothesis import strategies as st

from kernel_corpus import Buf, Case, Local, Scalar
from skmd.runtime.split_plan import sub_launch_size
from skmd.transform import Launch, analyze_program
from skmd.testing import usable_platform


@functools.lru_cache(maxsize=1)
def devices():
    plat = usable_platform()
    devs = plat.get_devices()
    ctx = cl.Context(devs)
    return ctx, devs, [cl.CommandQueue(ctx, d) for d in devs]


@functools.lru_cache(maxsize=64)
def program(source: str, options: tuple[str, ...]):
    ctx, devs, _ = devices()
    return cl.Program(ctx, source).build(options=list(options))


@functools.lru_cache(maxsize=128)
def kernel(source: str, options: tuple[str, ...], name: str):
    return cl.Kernel(program(source, options), name)


def make_buffers(case: Case, seed: int) -> list:
    rng = np.random.default_rng(seed)
    out = []
    for a in case.args:
        if isinstance(a, Buf):
            dt = np.dtype(a.dtype)
            if a.init == "zeros":
                arr = np.zeros(a.count, dt)
            elif a.init == "perm":
                arr = rng.permutation(a.count).astype(dt)
            elif dt.kind == "f":
                arr = rng.standard_normal(a.count).astype(dt)
            else:
                arr = rng.integers(0, 1000, a.count).astype(dt)
            out.append(arr)
        else:
            out.append(None)
    return out


def launch_of(case: Case, host: list) -> Launch:
    scalars = {i: a.value.item() for i, a in enumerate(case.args) if isinstance(a, Scalar)}
    sizes = {i: h.nbytes for i, h in enumerate(host) if h is not None}
    return Launch(case.global_size, case.local_size, scalars, sizes)


def _run(source, options, name, case, host, queue, extra=(), gsize=None):
    ctx, _, _ = devices()
    knl = kernel(source, options, name)
    mf = cl.mem_flags
    bufs, args = [], []
    for a, h in zip(case.args, host):
        if isinstance(a, Buf):
            b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
            bufs.append((b, h))
            args.append(b)
        elif isinstance(a, Local):
            args.append(cl.LocalMemory(a.nbytes))
        else:
            args.append(a.value)
    knl(queue, gsize or case.global_size, case.local_size, *args, *extra)
    outs = []
    for b, h in bufs:
        o = np.empty_like(h)
        cl.enqueue_copy(queue, o, b)
        outs.append(o)
    queue.finish()
    return outs


def run_whole(case: Case, host: list) -> list:
    _, _, queues = devices()
    return _run(case.source, case.options, case.kernel, case, host, queues[0])


def run_split(case: Case, host: list, cuts: list[int]) -> tuple[list, list]:
    """Rows [cuts[i], cuts[i+1]) on device i % n; byte-diff merge; also soundness problems."""
    pa = analyze_program(case.source, case.options)
    ka = pa.kernels[case.kernel]
    _, devs, queues = devices()
    launch = launch_of(case, host)
    sd = launch.split_dim
    L = case.local_size[sd]
    merged = [h.copy() for h in host if h is not None]
    buf_args = [i for i, h in enumerate(host) if h is not None]
    problems = []
    for j, (a, b) in enumerate(zip(cuts, cuts[1:])):
        if a == b:
            continue
        extra = (np.uint64(case.global_size[sd]), np.uint64(a), np.uint64(b))
        gsize = sub_launch_size(launch, a, b, ka.launch_mode)
        outs = _run(pa.partition_source, case.options, case.kernel, case, host,
                    queues[j % len(queues)], extra, gsize)
        for k, (arg, o) in enumerate(zip(buf_args, outs)):
            pre = host[arg].view(np.uint8)
            got = o.view(np.uint8)
            diff = np.nonzero(pre != got)[0]
            merged[k].view(np.uint8)[diff] = got[diff]
            rng = ka.byte_range(arg, "write", launch, (a, b))
            if rng is not None and len(diff) and (diff.min() < rng[0] or diff.max() >= rng[1]):
                problems.append(f"arg {arg} rows {a}:{b} wrote {diff.min()}..{diff.max()} "
                                f"outside {rng}")
            if rng is not None and ka.write_dense(arg, launch, (a, b)):
                # dense claim: slice copy must give the same merge as byte diffs
                merged[k].view(np.uint8)[rng[0]:rng[1]] = got[rng[0]:rng[1]]
    return merged, problems


@st.composite
def cut_points(draw, total: int, most_inner: int = 3) -> list[int]:
    """Row boundaries ``0 = c0 <= c1 <= ... <= total`` for 2 to ``most_inner + 1``
    devices (empty shares included: a device may get no rows)."""
    inner = draw(st.lists(st.integers(0, total), min_size=1, max_size=most_inner))
    return [0, *sorted(inner), total]
