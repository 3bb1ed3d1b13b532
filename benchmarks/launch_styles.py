"""What skmd adds to a synchronised launch (launch + ``finish()``), per style of launch.

One process, skmd installed over every device: each style is launched a few times
(skmd decides and keeps its verdict), then round by round a burst of launches with
skmd, skmd taken out (:func:`skmd.uninstall`), the same burst, skmd put back.  The
table gives each style's median host time per launch without skmd, and skmd's
extra per launch: median over rounds and its 95 % confidence interval, with how
skmd ran the style's launches (the run log's reasons)::

    python benchmarks/launch_styles.py [--rounds 15] [--burst 50] [--size ci|paper] [--settle]

skmd learns a kernel off the launch path (its analysis, pricing, helper builds) while
the program runs, and that Python shares the interpreter lock with the program's
thread; the "beside" column gives how long skmd's background jobs ran during a
style's rounds.  ``--settle`` lets them finish before the rounds, so the extra is
the steady state's.

``--threads`` adds, per style, the processor time each kind of thread took during
its rounds with skmd and without (the program's thread, skmd's threads by name, the
drivers' threads), read from each thread's processor clock (Linux): where skmd's extra goes
when it is not the program's thread's own Python.

Styles are written as pyopencl's users write them: a kernel object with a local
size, a program attribute with no local size over a 2-D grid, ``ElementwiseKernel``
with and without scalar arguments, an array expression (a new array each time) and
a dot product read back to the host, the last two also over arrays from pyopencl's
memory pool, which spares the driver a buffer made and freed per result (on an H100
host that cost a plain dot product read back 13-140 µs, differing from process to
process).
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from timing import extra_ms, write_json  # noqa: E402

SRC = """
__kernel void tiny(__global float *u, const float r) {
    int i = get_global_id(0); u[i] = u[i] * r + 0.001f; }
__kernel void sweep(__global const float *u, __global float *v, const int n) {
    int j = get_global_id(0), i = get_global_id(1), k = i * n + j;
    if (i == 0 || j == 0 || i == n - 1 || j == n - 1) v[k] = u[k];
    else v[k] = 0.25f * (u[k - 1] + u[k + 1] + u[k - n] + u[k + n]); }
"""


def styles(cl, cla, np, ctx, q, big: int, side: int) -> dict:
    from pyopencl.elementwise import ElementwiseKernel
    from pyopencl.reduction import ReductionKernel
    prg = cl.Program(ctx, SRC).build()
    tiny = prg.tiny
    u = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096 * 4)
    g = [cl.Buffer(ctx, cl.mem_flags.READ_WRITE, side * side * 4) for _ in range(2)]
    x = cla.to_device(q, np.ones(big, np.float32))
    y = cla.to_device(q, np.ones(big, np.float32))
    z = cla.empty_like(x)
    # the same arrays from pyopencl's memory pool: their results are too, so the
    # driver neither makes nor frees a buffer per operation
    from pyopencl.tools import ImmediateAllocator, MemoryPool
    pool = MemoryPool(ImmediateAllocator(q))
    xp = cla.to_device(q, np.ones(big, np.float32), allocator=pool)
    yp = cla.to_device(q, np.ones(big, np.float32), allocator=pool)
    lin = ElementwiseKernel(ctx, "float a, float *x, float b, float *y, float *z",
                            "z[i] = a*x[i] + b*y[i]", "lin_comb")
    rel = ElementwiseKernel(ctx, "float *z, float *x", "x[i] = x[i] + 0.5f * (z[i] - x[i])",
                            "relax")
    dot = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b",
                          map_expr="x[i]*y[i]", arguments="__global float *x, __global float *y")
    a, b, r = np.float32(0.25), np.float32(0.75), np.float32(0.999)
    return {
        "kernel object, local size": lambda: tiny(q, (4096,), (64,), u, r),
        "program attribute, 2-D, no local size": lambda: prg.sweep(q, (side, side), None,
                                                                   g[0], g[1], np.int32(side)),
        "ElementwiseKernel with scalars": lambda: lin(a, x, b, y, z),
        "ElementwiseKernel, arrays only": lambda: rel(z, x),
        "array expression (new array)": lambda: (2 * x + y),
        "dot product, read back": lambda: dot(x, y).get(),
        "array expression, pooled arrays": lambda: (2 * xp + yp),
        "dot product, read back, pooled arrays": lambda: dot(xp, yp).get(),
    }


def thread_cpu() -> dict[str, float]:
    """Processor seconds so far per kind of thread of this process (Linux; {} elsewhere):
    ``main``, skmd's and other Python threads by name, ``driver`` for the rest."""
    import threading
    names = {t.native_id: t.name for t in threading.enumerate()}
    main_id = threading.main_thread().native_id
    out: dict[str, float] = collections.defaultdict(float)
    try:
        tids = os.listdir("/proc/self/task")
    except OSError:
        return {}
    for tid in tids:
        try:  # (a thread's own processor clock, in ns: Linux's clockid for a thread id)
            ran = time.clock_gettime(((~int(tid)) << 3) | 6)
        except (OSError, ValueError):  # (a thread that ended meanwhile)
            continue
        name = names.get(int(tid))
        kind = "main" if int(tid) == main_id else (
            "driver" if name is None else name.rstrip("0123456789").rstrip("-_"))
        out[kind] += ran
    return dict(out)


def _spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {k: round(v - before.get(k, 0.0), 3) for k, v in after.items()
            if v - before.get(k, 0.0) > 0}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--burst", type=int, default=50)
    ap.add_argument("--size", choices=("ci", "paper"), default="paper")
    ap.add_argument("--json", default=None)
    ap.add_argument("--threads", action="store_true",
                    help="processor time per kind of thread during the rounds")
    ap.add_argument("--settle", action="store_true",
                    help="let skmd's background jobs finish before each style's rounds")
    ns = ap.parse_args()
    import numpy as np
    import pyopencl as cl
    import pyopencl.array as cla
    import skmd
    from skmd.runtime import workers
    jobs: list[tuple[float, float]] = []
    workers.observe(lambda _name, began, ended: jobs.append((began, ended)))
    skmd.install()
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    big, side = ((1 << 16, 256) if ns.size == "ci" else (1 << 23, 2048))
    todo = styles(cl, cla, np, ctx, q, big, side)

    cpu: dict[str, dict[str, float]] = {}

    def burst(f, way: str) -> float:
        c0 = thread_cpu() if ns.threads else {}
        t = time.perf_counter()
        for _ in range(ns.burst):
            f()
            q.finish()
        took = (time.perf_counter() - t) / ns.burst
        if ns.threads:
            acc = cpu.setdefault(way, {})
            for k, v in _spent(c0, thread_cpu()).items():
                acc[k] = acc.get(k, 0.0) + v
        return took

    out = {}
    for name, f in todo.items():
        for _ in range(20):  # skmd decides, builds, keeps its verdict
            f()
            q.finish()
        if ns.settle:
            from skmd.runtime.core import get_runtime
            get_runtime().background.settle(120)
        with_, without = [], []
        cpu.clear()
        t0 = time.perf_counter()
        for _ in range(ns.rounds):
            with_.append(burst(f, "skmd"))
            skmd.uninstall()
            without.append(burst(f, "plain"))
            skmd.install()
        t1 = time.perf_counter()
        beside = sum(min(e, t1) - max(s, t0) for s, e in list(jobs) if s < t1 and e > t0)
        mid, ci, text = extra_ms([1e3 * w for w in with_], [1e3 * o for o in without])
        out[name] = {"plain_us": 1e6 * sorted(without)[len(without) // 2],
                     "extra_us": mid, "ci95_us": ci, "ci_text": text,
                     "beside_ms": 1e3 * beside, "rounds_ms": 1e3 * (t1 - t0),
                     "with_s": with_, "without_s": without,
                     "thread_cpu_s": {w: dict(c) for w, c in cpu.items()}}
    from skmd.runtime.core import get_runtime
    reasons = collections.defaultdict(collections.Counter)
    for rec in get_runtime().recorder.records:
        reasons[rec.kernel][rec.reason or "split"] += 1
    print(f"{ns.rounds} rounds of {ns.burst} launches + finish; skmd's extra per launch")
    print(f"{'style':40s}{'plain us':>10s}{'extra us':>10s}{'beside ms':>11s}  95 % CI")
    for name, v in out.items():
        print(f"{name:40s}{v['plain_us']:10.1f}{v['extra_us']:10.1f}"
              f"{v['beside_ms']:7.0f}/{v['rounds_ms']:<4.0f}  {v['ci_text']}")
    if ns.threads:
        print("processor time per launch during the rounds, us (skmd / plain):")
        for name, v in out.items():
            n = ns.rounds * ns.burst
            kinds = sorted(set(v["thread_cpu_s"].get("skmd", {}))
                           | set(v["thread_cpu_s"].get("plain", {})))
            print(f"  {name}: " + ", ".join(
                f"{k} {1e6 * v['thread_cpu_s'].get('skmd', {}).get(k, 0) / n:.1f}"
                f" / {1e6 * v['thread_cpu_s'].get('plain', {}).get(k, 0) / n:.1f}"
                for k in kinds))
    print("how skmd ran them (kernel: reason × launches):")
    for k, c in reasons.items():
        print(f"  {k}: " + "; ".join(f"{r} × {n}" for r, n in c.most_common(3)))
    write_json(ns.json, {"rounds": ns.rounds, "burst": ns.burst, "settle": ns.settle,
                         "styles": out,
                         "reasons": {k: dict(c) for k, c in reasons.items()}})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
