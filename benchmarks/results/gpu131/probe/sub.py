import sys, time, statistics, numpy as np, skmd
skmd.install()
import pyopencl as cl, pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 1 << 23
x = cla.to_device(q, np.ones(n, np.float32)); y = cla.to_device(q, np.ones(n, np.float32)); z = cla.empty_like(x)
lin = ElementwiseKernel(ctx, "float a, float *x, float b, float *y, float *z", "z[i] = a*x[i] + b*y[i]", "lin_comb")
S = {"empty_like": lambda: cla.empty_like(x),
     "Buffer": lambda: cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n),
     "2*x": lambda: 2 * x, "x+y": lambda: x + y,
     "lin into z": lambda: lin(np.float32(1), x, np.float32(2), y, z),
     "x.queue.device": lambda: x.queue.device}
N, R = 400, 15
def burst(f, fin):
    t = time.perf_counter()
    for _ in range(N):
        f()
        if fin: q.finish()
    return (time.perf_counter() - t) / N * 1e6
for name, f in S.items():
    fin = name not in ("Buffer", "x.queue.device", "empty_like")
    for _ in range(50): f(); q.finish()
    a, b = [], []
    for r in range(R):
        a.append(burst(f, fin)); skmd.uninstall(); b.append(burst(f, fin)); skmd.install()
    d = sorted(x - y for x, y in zip(a, b))
    print(f"{name:16s} plain min {min(b):7.1f} med {statistics.median(b):7.1f}  skmd min {min(a):7.1f} med {statistics.median(a):7.1f}  extra med {statistics.median(d):6.1f}  q1..q3 {d[R//4]:.1f}..{d[3*R//4]:.1f}")
