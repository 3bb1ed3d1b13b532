"""What skmd adds to a new buffer's life on the GPU, in parts, round by round in one
process (skmd installed, then taken out, in turns): a buffer made and dropped, made,
written by a kernel, finished and dropped, a pyopencl array made and dropped, and the
same array expression over new and over pooled arrays.  Extra per operation: median
over rounds and its 95 % confidence interval (benchmarks/timing.py's extra_ms).

    PYTHONPATH=<checkout> python alloc_parts.py [--rounds 30] [--burst 40]
"""
import argparse, os, sys, time, warnings
warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
ap = argparse.ArgumentParser()
ap.add_argument("--rounds", type=int, default=30)
ap.add_argument("--burst", type=int, default=40)
ns = ap.parse_args()
import numpy as np, pyopencl as cl, pyopencl.array as cla
import skmd
from timing import extra_ms
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 1 << 23
mf = cl.mem_flags
prg = cl.Program(ctx, "__kernel void put(__global float *a) { a[get_global_id(0)] = 1.0f; }").build()
put = prg.put
x = cla.to_device(q, np.ones(n, np.float32)); y = cla.to_device(q, np.ones(n, np.float32))
from pyopencl.tools import ImmediateAllocator, MemoryPool
pool = MemoryPool(ImmediateAllocator(q))
xp = cla.to_device(q, np.ones(n, np.float32), allocator=pool)
yp = cla.to_device(q, np.ones(n, np.float32), allocator=pool)


def made_put():
    b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    put(q, (n,), None, b)
    q.finish()


ops = {
    "Buffer made, dropped": lambda: cl.Buffer(ctx, mf.READ_WRITE, 4 * n),
    "Buffer made, kernel, finish, dropped": made_put,
    "kernel on an old buffer, finish": lambda: (put(q, (n,), None, x.base_data), q.finish()),
    "array empty, dropped": lambda: cla.empty(q, n, np.float32),
    "2*x+y, finish (new arrays)": lambda: (2 * x + y, q.finish()),
    "2*x+y, finish (pooled)": lambda: (2 * xp + yp, q.finish()),
}
print("skmd from", os.path.dirname(skmd.__file__))
print(f"{'operation':40s}{'plain us':>10s}{'extra us':>10s}  95 % CI")
for name, f in ops.items():
    for _ in range(20):
        f()
    q.finish()
    w, wo = [], []
    for _ in range(ns.rounds):
        for way, acc in (("skmd", w), ("plain", wo)):
            skmd.install() if way == "skmd" else skmd.uninstall()
            t = time.perf_counter()
            for _ in range(ns.burst):
                f()
            q.finish()
            acc.append((time.perf_counter() - t) / ns.burst)
    skmd.install()
    mid, ci, text = extra_ms([1e3 * v for v in w], [1e3 * v for v in wo])
    print(f"{name:40s}{1e6 * sorted(wo)[len(wo) // 2]:10.1f}{mid:10.1f}  {text}")
