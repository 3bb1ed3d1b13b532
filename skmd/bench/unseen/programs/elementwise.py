"""ElementwiseKernel: a linear combination, then a damped update, in a loop."""
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel

from launchlog import check, pick, timed

n, steps = pick((1 << 16, 20), (1 << 23, 50))
ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)

lin_comb = ElementwiseKernel(ctx,
    "float a, float *x, float b, float *y, float *z",
    "z[i] = a*x[i] + b*y[i]",
    "lin_comb")
relax = ElementwiseKernel(ctx,
    "float *z, float *x",
    "x[i] = x[i] + 0.5f * (sqrt(fabs(z[i])) - x[i])",
    "relax")

rng = np.random.default_rng(3)
x_h = rng.random(n, dtype=np.float32)
y_h = rng.random(n, dtype=np.float32)
x = cla.to_device(queue, x_h)
y = cla.to_device(queue, y_h)
z = cla.empty_like(x)

want = x_h.copy()
for _ in range(steps):
    with timed("lin_comb", queue):
        lin_comb(np.float32(0.25), x, np.float32(0.75), y, z)
    with timed("relax", queue):
        relax(z, x)
    zz = np.float32(0.25) * want + np.float32(0.75) * y_h
    want = want + np.float32(0.5) * (np.sqrt(np.abs(zz)) - want)

check("x", x.get(), want, rtol=1e-4)
print(f"elementwise: {steps} steps ok")
