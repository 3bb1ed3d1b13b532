"""A 256-bin histogram of bytes with global atomics, bins cleared before each run."""
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

from launchlog import check, pick, timed

n, reps = pick((1 << 16, 3), (1 << 24, 3))
rng = np.random.default_rng(6)
data = rng.integers(0, 256, n).astype(np.uint8)

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
data_buf = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, hostbuf=data)
prg = cl.Program(ctx, """
__kernel void hist(__global const uchar *data, __global uint *bins)
{
    atomic_inc(&bins[data[get_global_id(0)]]);
}
""").build()

for _ in range(reps):
    bins = cla.zeros(queue, 256, np.uint32)
    with timed("hist", queue):
        prg.hist(queue, (n,), None, data_buf, bins.data)

check("bins", bins.get(), np.bincount(data, minlength=256).astype(np.uint32), rtol=0, atol=0)
print(f"histogram: {n} bytes ok")
