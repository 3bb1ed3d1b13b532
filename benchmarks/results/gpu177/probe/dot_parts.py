"""A dot product read back cut into its parts, plain and under skmd in turns in one process,
medians of 6 rounds of 2000 calls, µs per call."""
import sys, time, statistics
import numpy as np, pyopencl as cl, pyopencl.array as cla, pyopencl.tools as clt
import skmd
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 23
x = cla.to_device(q, np.ones(n, np.float32), allocator=pool)
y = cla.to_device(q, np.ones(n, np.float32), allocator=pool)
r = cla.dot(x, y)
host = np.empty(1, np.float32)
from pyopencl.reduction import ReductionKernel
rk = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]", arguments="__global const float *x, __global const float *y")
ops = {"dot_get": lambda: cla.dot(x, y).get(),
       "dot_finish": lambda: (cla.dot(x, y), q.finish()),
       "rk_finish": lambda: (rk(x, y), q.finish()),
       "rk_get": lambda: rk(x, y).get(),
       "r_get": lambda: r.get(),
       "r_get_into": lambda: r.get(ary=host),
       "copy_read": lambda: cl.enqueue_copy(q, host, r.data),
       "finish": lambda: q.finish()}
N = 2000
for name, f in ops.items():
    res = {"plain": [], "skmd": []}
    for rnd in range(6):
        for way in ("plain", "skmd"):
            skmd.install() if way == "skmd" else skmd.uninstall()
            for _ in range(100): f()
            t = time.perf_counter()
            for _ in range(N): f()
            res[way].append(1e6 * (time.perf_counter() - t) / N)
    p, s = statistics.median(res["plain"]), statistics.median(res["skmd"])
    print(f"{name:12s} plain {p:7.1f} skmd {s:7.1f} extra {s-p:+6.1f} us")
