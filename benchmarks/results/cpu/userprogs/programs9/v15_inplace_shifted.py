import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# in-place updates that are safe: each item reads only what it writes, or reads the half
# it never writes; a shift done with ping-pong buffers
src = """
__kernel void inplace_scale(__global float *a, float s) {
    int i = get_global_id(0);
    a[i] = a[i] * s + 1.0f;
}
__kernel void fold_half(__global float *a, int h) {
    int i = get_global_id(0);   /* i < h: reads a[i + h], writes a[i] */
    a[i] = a[i] + a[i + h];
}
__kernel void shift(__global const float *src, __global float *dst, int k, int n) {
    int i = get_global_id(0);
    dst[i] = src[(i + k) % n];
}
__kernel void pair_swap(__global int *a) {
    int i = get_global_id(0);
    int t = a[2 * i]; a[2 * i] = a[2 * i + 1]; a[2 * i + 1] = t;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(915)
n = 1 << 18
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
prg.inplace_scale(q, (n,), None, a, np.float32(0.5))
h = n
while h >= 1024:
    h //= 2
    prg.fold_half(q, (h,), None, a, np.int32(h))
    t = np.empty(h, np.float32); cl.enqueue_copy(q, t, a); res[f"fold_{h}"] = t
b0 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
b1 = cl.Buffer(ctx, mf.READ_WRITE, ha.nbytes)
for k in [1, 100, 7777, n - 1]:
    prg.shift(q, (n,), None, b0, b1, np.int32(k), np.int32(n))
    b0, b1 = b1, b0
t = np.empty(n, np.float32); cl.enqueue_copy(q, t, b0); res["shifted"] = t
hi = np.arange(200000, dtype=np.int32)
ai = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hi)
prg.pair_swap(q, (100000,), None, ai)
prg.pair_swap(q, (50000,), None, ai)
cl.enqueue_copy(q, hi, ai); res["swap"] = hi
np.savez(sys.argv[1], **res)
print("done", len(res))
