"""Where skmd's extra on a launch over a new buffer lies: a buffer made, written by a
kernel, finished and dropped, in four ways taken in turns, round by round, in one
process: plain (skmd taken out); skmd; skmd with the buffer made as pyopencl's own class
(``pyopencl._cl.Buffer``: no subclass, no attributes of skmd's on it); skmd with the
garbage collector off during the burst; then the same over an old buffer.  Extra over
plain per operation: median over rounds and its 95 % confidence interval.

    PYTHONPATH=<checkout> python new_buffer_ab.py [--rounds 30] [--burst 40]
"""
import argparse, gc, os, sys, time, warnings
warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
ap = argparse.ArgumentParser()
ap.add_argument("--rounds", type=int, default=30)
ap.add_argument("--burst", type=int, default=40)
ap.add_argument("--n", type=int, default=1 << 23)
ns = ap.parse_args()
import numpy as np, pyopencl as cl
from pyopencl import _cl
import skmd
from timing import extra_ms
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n, mf = ns.n, cl.mem_flags
put = cl.Program(ctx, "__kernel void put(__global float *a) { a[get_global_id(0)] = 1.0f; }").build().put
old = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)


def made_put(cls):
    b = cls(ctx, mf.READ_WRITE, 4 * n)
    put(q, (n,), None, b)
    q.finish()


def old_put(_cls):
    put(q, (n,), None, old)
    q.finish()


print("skmd from", os.path.dirname(skmd.__file__), "| buffer class under skmd:", cl.Buffer)
print(f"{'operation':34s}{'way':22s}{'plain us':>10s}{'extra us':>10s}  95 % CI")
for opname, op in (("new buffer, kernel, finish", made_put), ("old buffer, kernel, finish", old_put)):
    ways = {"plain": [], "skmd": [], "skmd, pyopencl's class": [], "skmd, gc off": []}
    for _ in range(20):
        op(cl.Buffer)
    for _ in range(ns.rounds):
        for way, acc in ways.items():
            skmd.install() if way != "plain" else skmd.uninstall()
            cls = _cl.Buffer if way == "skmd, pyopencl's class" else cl.Buffer
            if way == "skmd, gc off":
                gc.disable()
            t = time.perf_counter()
            for _ in range(ns.burst):
                op(cls)
            acc.append((time.perf_counter() - t) / ns.burst)
            gc.enable()
    skmd.install()
    base = ways.pop("plain")
    for way, acc in ways.items():
        mid, ci, text = extra_ms([1e3 * v for v in acc], [1e3 * v for v in base])
        print(f"{opname:34s}{way:22s}{1e6 * sorted(base)[len(base) // 2]:10.1f}{mid:10.1f}  {text}")
