"""Prefix sums with pyopencl's scan kernels: an inclusive scan and cumsum."""
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.scan import InclusiveScanKernel

from launchlog import check, pick, timed

n, reps = pick((1 << 16, 3), (1 << 24, 5))
ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
running_max = InclusiveScanKernel(ctx, np.int32, "max(a, b)", neutral="INT_MIN")

rng = np.random.default_rng(7)
x_h = rng.integers(-1000, 1000, n).astype(np.int32)
x = cla.to_device(queue, x_h)

for _ in range(reps):
    with timed("cumsum", queue):
        s = cla.cumsum(x)
    y = x.copy()
    with timed("running_max", queue):
        running_max(y)

check("cumsum", s.get(), np.cumsum(x_h, dtype=np.int32), rtol=0, atol=0)
check("running max", y.get(), np.maximum.accumulate(x_h), rtol=0, atol=0)
print(f"scan: {n} elements ok")
