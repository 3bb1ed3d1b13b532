"""y = a*x + y, first five times (a first timed section), then in a loop with a
finish after every launch, as code that measures its own kernels does."""
import time

import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

n, iters = pick((1 << 16, 50), (1 << 22, 200))
a = np.float32(0.5)
x = np.linspace(0, 1, n, dtype=np.float32)
y0 = np.ones(n, dtype=np.float32)

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
x_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
y_buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y0)
prg = cl.Program(ctx, """
__kernel void saxpy(const float a, __global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
""").build()
saxpy = prg.saxpy

t0 = time.perf_counter()
for _ in range(5):
    with timed("saxpy first", queue):
        saxpy(queue, (n,), None, a, x_buf, y_buf)
print(f"saxpy_loop: first 5 launches {1e3 * (time.perf_counter() - t0):.1f} ms")

for _ in range(iters):
    with timed("saxpy", queue):
        saxpy(queue, (n,), None, a, x_buf, y_buf)

y = np.empty_like(y0)
cl.enqueue_copy(queue, y, y_buf)
want = y0.copy()
for _ in range(5 + iters):
    want = a * x + want
check("y", y, want, rtol=1e-4)
print(f"saxpy_loop: {5 + iters} launches ok")
