import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void upd(__global float *x, __global const float *y, float t) { int i = get_global_id(0); x[i] = x[i] * 0.999f + y[i] * t; }
__kernel void cpy(__global const float *x, __global float *y) { int i = get_global_id(0); y[i] = x[i]; }
""").build()
upd = cl.Kernel(prg, "upd"); cpy = cl.Kernel(prg, "cpy")
res = {}
n = 100000
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.linspace(0, 1, n, dtype=np.float32))
snap = np.empty(n, np.float32)
trace = []
for it in range(1500):
    upd(q, (n,), None, x, y, np.float32(it * 1e-4))
    if it % 7 == 0:
        cpy(q, (n,), None, x, y)
    if it % 250 == 0:
        cl.enqueue_copy(q, snap, x); trace.append(snap[::1000].copy())
cl.enqueue_copy(q, snap, x); res["final"] = snap
res["trace"] = np.array(trace)
np.savez(sys.argv[1], **res)
print("done")
