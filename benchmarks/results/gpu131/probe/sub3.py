import sys, time, statistics, numpy as np, skmd
skmd.install()
import pyopencl as cl, pyopencl.array as cla
from pyopencl.reduction import ReductionKernel
from pyopencl.elementwise import ElementwiseKernel
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 1 << 23
x = cla.to_device(q, np.ones(n, np.float32)); y = cla.to_device(q, np.ones(n, np.float32)); z = cla.empty_like(x)
one = cla.to_device(q, np.ones(1, np.float32))
dot = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]", arguments="__global float *x, __global float *y")
lin = ElementwiseKernel(ctx, "float a, float *x, float b, float *y, float *z", "z[i] = a*x[i] + b*y[i]", "lin_comb")
S = {"2*x": lambda: 2 * x,
     "x+y": lambda: x + y,
     "lin into z": lambda: lin(np.float32(1), x, np.float32(2), y, z),
     "dot, no get": lambda: dot(x, y),
     "dot .get()": lambda: dot(x, y).get(),
     "one.get()": lambda: one.get(),
     "finish alone": lambda: None,
}
N, R = 300, 15
def burst(f):
    t = time.perf_counter()
    for _ in range(N):
        f(); q.finish()
    return (time.perf_counter() - t) / N * 1e6
for name, f in S.items():
    for _ in range(50): f(); q.finish()
    a, b = [], []
    for r in range(R):
        a.append(burst(f)); skmd.uninstall(); b.append(burst(f)); skmd.install()
    d = sorted(x - y for x, y in zip(a, b))
    print(f"{name:16s} plain med {statistics.median(b):7.1f}  skmd med {statistics.median(a):7.1f}  extra med {statistics.median(d):6.1f}  q1..q3 {d[R//4]:.1f}..{d[3*R//4]:.1f}")
