import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void f(__global const float *x, __global float *y, float a) { int i = get_global_id(0); y[i] = x[i] * a + 1.0f; }
__kernel void g(__global float *y) { int i = get_global_id(0); y[i] = y[i] * y[i]; }
""").build()
f = cl.Kernel(prg, "f"); g = cl.Kernel(prg, "g")
res = {}
n = 1 << 20
x = np.linspace(-1, 1, n, dtype=np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.HOST_WRITE_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
tmp = cl.Buffer(ctx, mf.READ_WRITE | mf.HOST_NO_ACCESS, n * 4)
out = cl.Buffer(ctx, mf.WRITE_ONLY | mf.HOST_READ_ONLY, n * 4)
f(q, (n,), None, dx, tmp, np.float32(2))
g(q, (n,), None, tmp)
f(q, (n,), None, tmp, out, np.float32(0.5))
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, out); res["chain"] = o
# write into the host-write-only input, again
cl.enqueue_copy(q, dx, x * 3)
f(q, (n,), None, dx, tmp, np.float32(1))
cl.enqueue_copy(q, out, tmp)                 # device-side copy out of the no-access buffer
cl.enqueue_copy(q, o, out); res["copy"] = o
# an illegal host read of a HOST_NO_ACCESS buffer must fail the same way
try:
    cl.enqueue_copy(q, o, tmp); q.finish(); res["illegal"] = np.array("ok")
except cl.Error as e:
    res["illegal"] = np.array(type(e).__name__)
g(q, (n,), None, out) if False else None
q.finish()
np.savez(sys.argv[1], **res)
print("done", res["illegal"])
