"""Add two vectors with one kernel launch, read the sum back, exit."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

n = pick(1 << 16, 1 << 24)
rng = np.random.default_rng(1)
x = rng.random(n, dtype=np.float32)
y = rng.random(n, dtype=np.float32)

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
x_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
y_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=y)
out_buf = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)

prg = cl.Program(ctx, """
__kernel void add(__global const float *x, __global const float *y, __global float *out)
{
    int i = get_global_id(0);
    out[i] = x[i] + y[i];
}
""").build()

with timed("add", queue):
    prg.add(queue, x.shape, None, x_buf, y_buf, out_buf)

out = np.empty_like(x)
cl.enqueue_copy(queue, out, out_buf)
check("x + y", out, x + y)
print(f"one_launch: {n} sums ok")
