"""cProfile of pyopencl.array operations under skmd (skmd's functions first): where a
reduction's and a small read's extra host time goes.  python prof.py OP [N]"""
import cProfile, pstats, sys
import numpy as np, pyopencl as cl, pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
import skmd
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
x = cla.to_device(q, np.ones(1 << 16, np.float32)); y = cla.to_device(q, np.ones(1 << 16, np.float32))
z = cla.empty_like(x)
lin = ElementwiseKernel(ctx, "float a, float *x, float b, float *y, float *z", "z[i] = a*x[i] + b*y[i]")
ops = {"dot": lambda: (cla.dot(x, y), q.finish()), "get": lambda: x[:1].get(),
       "lin": lambda: (lin(2.0, x, 1.0, y, z), q.finish())}
f = ops[sys.argv[1]]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
for _ in range(300):
    f()
pr = cProfile.Profile(); pr.enable()
for _ in range(n):
    f()
pr.disable()
s = pstats.Stats(pr); s.sort_stats("tottime").print_stats(45)
