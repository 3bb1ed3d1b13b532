"""skmd's own per-launch host time with the driver's enqueue stubbed out."""
import time, numpy as np, skmd
skmd.install()
import pyopencl as cl
from skmd.runtime import raw
from skmd.shim import patch
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """__kernel void axpbyz(float a, __global const float *x, float b,
 __global const float *y, __global float *z, long n) { long i = get_global_id(0); if (i < n) z[i] = a*x[i]+b*y[i]; }""").build()
k = prg.axpbyz
n = 4096
x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n*4); y = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n*4)
z0 = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n*4)
for _ in range(60):
    k(q, (n,), (64,), np.float32(2), x, np.float32(1), y, z0, np.int64(n)); q.finish()
evt = cl.enqueue_marker(q); q.finish()
raw.enqueue_nd_range_kernel = lambda *a: evt
def run(newbuf, N=20000):
    zs = [cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n*4) for _ in range(N)] if newbuf else None
    k.set_args(np.float32(2), x, np.float32(1), y, z0, np.int64(n))
    t = time.perf_counter()
    for i in range(N):
        if newbuf: k.set_arg(4, zs[i])
        patch._enqueue_nd_range_kernel(q, k, (n,), (64,))
    return (time.perf_counter() - t) / N * 1e6
for nb in (False, True):
    print("hook, new buffer" if nb else "hook, same buffers", " ".join(f"{run(nb):.2f}" for _ in range(5)), "us")
