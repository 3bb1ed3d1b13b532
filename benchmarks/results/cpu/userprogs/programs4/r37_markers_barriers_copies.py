import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q1 = cl.CommandQueue(ctx); q2 = cl.CommandQueue(ctx); q3 = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void f(__global int *a, int k) { int i = get_global_id(0); a[i] = a[i] * 7 + k; }
__kernel void h(__global const int *a, __global int *b) { int i = get_global_id(0); b[i] = (a[i] >> 3) + b[i]; }
""").build()
n = 25000
A = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
B = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
C = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
kf = cl.Kernel(prg, "f"); kh = cl.Kernel(prg, "h")
res = {}
prev = None
for it in range(40):
    kf.set_args(A, np.int32(it))
    e1 = cl.enqueue_nd_range_kernel(q1, kf, (n,), None, wait_for=[prev] if prev else None)
    m1 = cl.enqueue_marker(q1)
    kh.set_args(A, B)
    e2 = cl.enqueue_nd_range_kernel(q2, kh, (n,), None, wait_for=[m1])
    cp = cl.enqueue_copy(q3, C, B, byte_count=4 * (n - it), src_offset=4 * it, dst_offset=0, wait_for=[e2])
    prev = cl.enqueue_barrier(q1, wait_for=[cp, e2])
    if it % 13 == 12:
        cl.wait_for_events([prev])
        hc = np.empty(n, np.int32); cl.enqueue_copy(q3, hc, C); res[f"c{it}"] = hc
cl.enqueue_barrier(q3, wait_for=[prev])
hb = np.empty(n, np.int32); cl.enqueue_copy(q3, hb, B); res["b"] = hb
ha = np.empty(n, np.int32); cl.enqueue_copy(q3, ha, A); res["a"] = ha
hc = np.empty(n, np.int32); cl.enqueue_copy(q3, hc, C); res["c"] = hc
np.savez(sys.argv[1], **res)
print("done")
