"""What skmd adds to a synchronised launch (launch + ``finish()``), per style of launch.

One process, skmd installed over every device: each style is launched a few times
(skmd decides and keeps its verdict), then round by round a burst of launches with
skmd, skmd taken out (:func:`skmd.uninstall`), the same burst, skmd put back.  The
table gives each style's median host time per launch without skmd, and skmd's
extra per launch: median over rounds and its 95 % confidence interval, with how
skmd ran the style's launches (the run log's reasons)::

    python benchmarks/launch_styles.py [--rounds 15] [--burst 50] [--size ci|paper]

Styles are written as pyopencl's users write them: a kernel object with a local
size, a program attribute with no local size over a 2-D grid, ``ElementwiseKernel``
with and without scalar arguments, an array expression (a new array each time) and
a dot product read back to the host.
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
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--burst", type=int, default=50)
    ap.add_argument("--size", choices=("ci", "paper"), default="paper")
    ap.add_argument("--json", default=None)
    ns = ap.parse_args()
    import numpy as np
    import pyopencl as cl
    import pyopencl.array as cla
    import skmd
    skmd.install()
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    big, side = ((1 << 16, 256) if ns.size == "ci" else (1 << 23, 2048))
    todo = styles(cl, cla, np, ctx, q, big, side)

    def burst(f) -> float:
        t = time.perf_counter()
        for _ in range(ns.burst):
            f()
            q.finish()
        return (time.perf_counter() - t) / ns.burst

    out = {}
    for name, f in todo.items():
        for _ in range(20):  # skmd decides, builds, keeps its verdict
            f()
            q.finish()
        with_, without = [], []
        for _ in range(ns.rounds):
            with_.append(burst(f))
            skmd.uninstall()
            without.append(burst(f))
            skmd.install()
        mid, ci, text = extra_ms([1e3 * w for w in with_], [1e3 * o for o in without])
        out[name] = {"plain_us": 1e6 * sorted(without)[len(without) // 2],
                     "extra_us": mid, "ci95_us": ci, "ci_text": text,
                     "with_s": with_, "without_s": without}
    from skmd.runtime.core import get_runtime
    reasons = collections.defaultdict(collections.Counter)
    for rec in get_runtime().recorder.records:
        reasons[rec.kernel][rec.reason or "split"] += 1
    print(f"{ns.rounds} rounds of {ns.burst} launches + finish; skmd's extra per launch")
    print(f"{'style':40s}{'plain us':>10s}{'extra us':>10s}  95 % CI")
    for name, v in out.items():
        print(f"{name:40s}{v['plain_us']:10.1f}{v['extra_us']:10.1f}  {v['ci_text']}")
    print("how skmd ran them (kernel: reason × launches):")
    for k, c in reasons.items():
        print(f"  {k}: " + "; ".join(f"{r} × {n}" for r, n in c.most_common(3)))
    write_json(ns.json, {"rounds": ns.rounds, "burst": ns.burst, "styles": out,
                         "reasons": {k: dict(c) for k, c in reasons.items()}})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
