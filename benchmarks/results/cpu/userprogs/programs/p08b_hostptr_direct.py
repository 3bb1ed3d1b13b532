import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void twice(__global float *x) { int i = get_global_id(0); x[i] = 2.0f * x[i] + 1.0f; }
__kernel void addto(__global const float *a, __global float *b) { int i = get_global_id(0); b[i] += a[i]; }
""").build()
k_tw = cl.Kernel(prg, "twice"); k_add = cl.Kernel(prg, "addto")
res = {}
n = 1 << 20
u = np.arange(n, dtype=np.float32)
b = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=u)
k_tw(q, (n,), None, b)
q.finish()
# host modifies the array directly between launches, then maps
u[:1000] = 0.0
k_tw(q, (n,), None, b)
m, _ = cl.enqueue_map_buffer(q, b, cl.map_flags.READ, 0, (n,), np.float32)
res["direct1"] = m.copy(); m.base.release(q); del m
q.finish()
res["host_view"] = u.copy()
# read-only USE_HOST_PTR input changed by the host between launches
src = np.ones(n, np.float32)
bs = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=src)
acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
for k in range(3):
    src[:] = k + 1
    k_add(q, (n,), None, bs, acc)
    q.finish()
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, acc); res["ro_changed"] = o
np.savez(sys.argv[1], **res)
print("done", len(res))
