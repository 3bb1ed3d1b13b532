import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# buffer-to-buffer copies at offsets and fills between launches of one kernel
src = """
__kernel void advance(__global float *a, __global const float *b, float s) {
    int i = get_global_id(0);
    a[i] = a[i] * s + b[i];
}
"""
prg = cl.Program(ctx, src).build()
k = cl.Kernel(prg, "advance")
rng = np.random.default_rng(921)
n = 1 << 18
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha[::-1].copy())
snaps = []
for it in range(6):
    k(q, (n,), None, a, b, np.float32(0.5 + it))
    if it % 3 == 0:
        cl.enqueue_copy(q, b, a, byte_count=4 * 1000, src_offset=4 * 5000, dst_offset=4 * 100)
    elif it % 3 == 1:
        cl.enqueue_fill_buffer(q, b, np.float32(0.25), 4 * 2048, 4 * 4096)
    else:
        cl.enqueue_copy(q, a, a, byte_count=4 * 10000, src_offset=0, dst_offset=4 * (n - 10000))
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, a); snaps.append(h)
res["snaps"] = np.stack(snaps)
hb = np.empty(n, np.float32); cl.enqueue_copy(q, hb, b); res["b"] = hb
c = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, c, np.float32(1.0), 0, 4 * n)
k(q, (n // 2,), None, c, a, np.float32(2.0))
cl.enqueue_fill_buffer(q, c, np.array([7.0, 8.0], np.float32), 4 * 1000, 4 * 2000)
k(q, (n,), None, c, b, np.float32(-1.0))
hc = np.empty(n, np.float32); cl.enqueue_copy(q, hc, c); res["c"] = hc
np.savez(sys.argv[1], **res)
print("done", len(res))
