"""ReductionKernel: a dot product and the largest absolute value, repeated."""
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.reduction import ReductionKernel

from launchlog import check, pick, timed

n, reps = pick((1 << 17, 10), (1 << 24, 20))
ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)

dot = ReductionKernel(ctx, np.float32, neutral="0",
                      reduce_expr="a+b", map_expr="x[i]*y[i]",
                      arguments="__global const float *x, __global const float *y")
absmax = ReductionKernel(ctx, np.float32, neutral="0",
                         reduce_expr="fmax(a, b)", map_expr="fabs(x[i])",
                         arguments="__global const float *x")

rng = np.random.default_rng(4)
x_h = rng.standard_normal(n).astype(np.float32)
y_h = rng.standard_normal(n).astype(np.float32)
x = cla.to_device(queue, x_h)
y = cla.to_device(queue, y_h)

for _ in range(reps):
    with timed("dot", queue):
        d = dot(x, y)
    with timed("absmax", queue):
        m = absmax(x)

check("dot", d.get(), np.dot(x_h.astype(np.float64), y_h), rtol=1e-3, atol=1e-2)
check("absmax", m.get(), np.abs(x_h).max())
print(f"reduction: {reps} repetitions ok")
