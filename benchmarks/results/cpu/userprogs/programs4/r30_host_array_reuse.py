import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void acc(__global float *s, __global const float *x, float w) { int i = get_global_id(0); s[i] = s[i] * 0.5f + w * x[i]; }
__kernel void neg(__global float *x) { int i = get_global_id(0); x[i] = -x[i] + 1.0f; }
""").build()
ka = cl.Kernel(prg, "acc"); kn = cl.Kernel(prg, "neg")
n = 50000
res = {}
h = np.zeros(n, np.float32)
s = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
x = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
for it in range(25):
    h[:] = np.float32(it) + np.arange(n, dtype=np.float32) * 1e-3
    cl.enqueue_copy(q, x, h)                  # blocking: h may be reused right after
    h[:] = -999.0                             # overwritten at once
    ka(q, (n,), None, s, x, np.float32(0.1 * it))
    if it % 3 == 0:
        kn(q, (n,), None, x)
        ka(q, (n,), None, s, x, np.float32(1.0))
# non-blocking write, wait on its event, then reuse the array
for it in range(10):
    h[:] = np.float32(it * 2)
    ev = cl.enqueue_copy(q, x, h, is_blocking=False)
    ka(q, (n,), None, s, x, np.float32(0.01))
    ev.wait()
    h[:] = np.nan
out = np.empty(n, np.float32); cl.enqueue_copy(q, out, s); res["s"] = out
# non-blocking read, then a kernel overwrites the buffer; the read must see the old bytes
r1 = np.empty(n, np.float32)
e1 = cl.enqueue_copy(q, r1, s, is_blocking=False)
kn(q, (n,), None, s)
r2 = np.empty(n, np.float32)
e2 = cl.enqueue_copy(q, r2, s, is_blocking=False)
cl.wait_for_events([e1, e2])
res["r1"] = r1; res["r2"] = r2
# a blocking write from a slice view and a read into a slice view
big = np.arange(3 * n, dtype=np.float32)
cl.enqueue_copy(q, x, big[n:2 * n])
kn(q, (n,), None, x)
dst = np.zeros(3 * n, np.float32)
cl.enqueue_copy(q, dst[n // 2: n // 2 + n], x)
res["dst"] = dst
np.savez(sys.argv[1], **res)
print("done")
