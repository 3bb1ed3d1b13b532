"""What a graph-mode launch that runs at once costs the host beyond program order.

A BiCGSTAB-like chain of tiny kernels (eleven launches of four kernels, three of
them a single work-group, then a small read: a sync point) runs in one process
under ``SKMD_MODE=mkmd`` and ``inorder``, the settings switched round by round.
Graph mode's batches of such kernels are too short to schedule, so after a few
batches its launches run at once, in program order; a single work-group runs
whole in any mode.  Reported: the host time of one chain per mode (median over
rounds), the median of the per-round differences per launch with its 95 %
confidence interval, and how graph mode's launches ran.  ``--profile`` prints
cProfile's top functions of graph mode's chains.

    POCL_DEVICES="pthread pthread pthread" python benchmarks/at_once_cost.py
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

import numpy as np

SRC = r"""
__kernel void dot_part(__global const float *a, __global const float *b,
                       __global float *out) {
    out[get_global_id(0)] = a[get_global_id(0)] * b[get_global_id(0)];
}
__kernel void axpy(__global float *z, __global const float *x, __global const float *y,
                   const float s) {
    size_t i = get_global_id(0);
    z[i] = x[i] + s * y[i];
}
__kernel void scale(__global float *z, __global const float *x, const float s) {
    z[get_global_id(0)] = s * x[get_global_id(0)];
}
__kernel void copy(__global float *z, __global const float *x) {
    z[get_global_id(0)] = x[get_global_id(0)];
}
"""
N = 1024
CHAIN = 11
AT_ONCE = "launched at once"


def _setup(cl) -> tuple:
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    host = np.linspace(0, 1, N, dtype=np.float32)
    bufs = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host) for _ in range(6)]
    prg = cl.Program(ctx, SRC).build()
    kernels = tuple(cl.Kernel(prg, k) for k in ("dot_part", "axpy", "scale", "copy"))
    return q, bufs, kernels


def chain(cl, q, bufs, kernels, chains: int) -> None:
    """``chains`` times: eleven launches (three of one work-group), then a read of one
    element."""
    x, r, p, v, s, t = bufs
    out = np.empty(1, np.float32)
    f = np.float32
    dot, axpy, scale, copy = kernels
    for _ in range(chains):
        dot(q, (N,), (64,), r, r, t)
        axpy(q, (N,), (64,), p, r, v, f(0.5))
        scale(q, (N,), (64,), v, p, f(0.9))
        dot(q, (N,), (64,), r, v, t)
        axpy(q, (N,), (64,), s, r, v, f(-0.1))
        scale(q, (N,), (64,), t, s, f(1.1))
        dot(q, (64,), (64,), t, s, v)
        copy(q, (64,), (64,), s, t)
        axpy(q, (N,), (64,), x, x, p, f(0.01))
        axpy(q, (N,), (64,), r, s, t, f(-0.01))
        copy(q, (64,), (64,), p, r)
        cl.enqueue_copy(q, out, x, src_offset=0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--chains", type=int, default=200, help="chains per round and mode")
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    import pyopencl as cl

    import skmd
    from skmd import config
    from skmd.bench.results import median_ci
    from skmd.runtime import core
    skmd.install()
    rt = core.get_runtime()
    q, bufs, kernels = _setup(cl)
    times: dict[str, list[float]] = {"mkmd": [], "inorder": []}
    for mode in times:  # warm: builds, analyses, at-once spans
        with config.override(mode=mode):
            chain(cl, q, bufs, kernels, 100)
    rt.background.settle()
    for mode in times:
        with config.override(mode=mode):
            chain(cl, q, bufs, kernels, 200)
    prof = cProfile.Profile() if a.profile else None
    n_rec = len(rt.records)
    for i in range(a.rounds):
        for mode in (("mkmd", "inorder") if i % 2 == 0 else ("inorder", "mkmd")):
            with config.override(mode=mode):
                if prof is not None and mode == "mkmd":
                    prof.enable()
                t = time.perf_counter()
                chain(cl, q, bufs, kernels, a.chains)
                times[mode].append((time.perf_counter() - t) / a.chains)
                if prof is not None and mode == "mkmd":
                    prof.disable()
    recs = rt.records[n_rec:]
    graph = [r for r in recs if r.mode == "mkmd"]
    at_once = sum(1 for r in graph if r.reason and AT_ONCE in r.reason)
    single = sum(1 for r in graph if r.reason == "a single work-group row")
    g, o = (statistics.median(times[m]) for m in ("mkmd", "inorder"))
    diffs = [(x - y) / CHAIN * 1e6 for x, y in zip(times["mkmd"], times["inorder"])]
    lo, hi = median_ci(diffs) or (float("nan"), float("nan"))
    print(f"chain of {CHAIN} launches + read, {a.rounds} rounds x {a.chains} chains")
    print(f"mkmd    {g * 1e6:8.1f} us per chain (median)")
    print(f"inorder {o * 1e6:8.1f} us per chain (median)")
    print(f"mkmd/inorder {g / o:.3f}; mkmd - inorder per launch "
          f"{statistics.median(diffs):+.2f} us (95 % CI {lo:+.2f} .. {hi:+.2f})")
    print(f"graph-mode launches: {at_once} at once, {single} a single work-group, "
          f"{len(graph)} recorded")
    skmd.uninstall()
    if prof is not None:
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
