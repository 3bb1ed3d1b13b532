import sys, gc
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void twice(__global const float *a, __global float *b) { int i = get_global_id(0); b[i] = a[i] * 2.0f + 1.0f; }
""").build()
tk = cl.Kernel(prg, "twice")
n = 400000
a = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
outs = []
for it in range(6):
    # the host array is a temporary: only the event keeps it alive
    cl.enqueue_copy(q, a, np.arange(n, dtype=np.float32) * (it + 1), is_blocking=False)
    gc.collect()
    tk(q, (n,), None, a, b)
    r = np.empty(n, np.float32); cl.enqueue_copy(q, r, b); outs.append(r[::997].copy())
res["temps"] = np.stack(outs)
# a non-blocking upload from a slice of a temporary 2-D array
cl.enqueue_copy(q, a, (np.ones((2, n), np.float32) * 3)[1], is_blocking=False)
tk(q, (n,), None, a, b)
r = np.empty(n, np.float32); cl.enqueue_copy(q, r, b); res["slice_temp"] = r
# buffers created from temporaries with COPY_HOST_PTR inside a call
def mk(v):
    return cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.full(n, v, np.float32))
for v in [1.5, -2.0]:
    tk(q, (n,), None, mk(v), b)
    gc.collect()
r = np.empty(n, np.float32); cl.enqueue_copy(q, r, b); res["tmp_buffers"] = r
np.savez(sys.argv[1], **res)
print("done", len(res))
