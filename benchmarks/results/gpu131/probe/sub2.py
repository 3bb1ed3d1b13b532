import sys, time, statistics, numpy as np, skmd
skmd.install()
import pyopencl as cl, pyopencl.array as cla, pyopencl.tools as clt
from pyopencl.elementwise import ElementwiseKernel
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 1 << 23
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
x = cla.to_device(q, np.ones(n, np.float32)); y = cla.to_device(q, np.ones(n, np.float32)); z = cla.empty_like(x)
xp = cla.to_device(q, np.ones(n, np.float32), allocator=pool)
lin = ElementwiseKernel(ctx, "float a, float *x, float b, float *y, float *z", "z[i] = a*x[i] + b*y[i]", "lin_comb")
S = {"2*x": lambda: 2 * x,
     "2*x pooled": lambda: 2 * xp,
     "lin into new": lambda: lin(np.float32(1), x, np.float32(2), y, cla.empty_like(x)),
     "lin into z": lambda: lin(np.float32(1), x, np.float32(2), y, z),
     "lin into z, new made": lambda: (cla.empty_like(x), lin(np.float32(1), x, np.float32(2), y, z)),
     "lin into new, kept": lambda: keep.append(lin(np.float32(1), x, np.float32(2), y, cla.empty_like(x)) or 0),
}
keep = []
N, R = 300, 15
def burst(f):
    t = time.perf_counter()
    for _ in range(N):
        f(); q.finish()
    keep.clear()
    return (time.perf_counter() - t) / N * 1e6
for name, f in S.items():
    for _ in range(50): f(); q.finish()
    keep.clear()
    a, b = [], []
    for r in range(R):
        a.append(burst(f)); skmd.uninstall(); b.append(burst(f)); skmd.install()
    d = sorted(x - y for x, y in zip(a, b))
    print(f"{name:22s} plain med {statistics.median(b):7.1f}  skmd med {statistics.median(a):7.1f}  extra med {statistics.median(d):6.1f}  q1..q3 {d[R//4]:.1f}..{d[3*R//4]:.1f}")
