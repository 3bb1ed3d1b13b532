import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void axpy(__global const float *x, __global float *y, float a) {
    int i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
__kernel void shift_copy(__global const int *src, __global int *dst, int soff, int doff) {
    int i = get_global_id(0);
    dst[doff + i] = src[soff + i] * 3 + 1;
}
__kernel void mix3(__global float *a, __global const float *b, __global const float *c) {
    int i = get_global_id(0);
    a[i] = a[i] * 0.5f + b[i] - c[i] * 0.25f;
}
__kernel void halves(__global int *lo, __global int *hi, int n) {
    int i = get_global_id(0);
    int t = lo[i];
    lo[i] = hi[n + i];
    hi[n + i] = t + i;
}
""").build()
rng = np.random.default_rng(702)
n = 400000
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
# same buffer as x and y: y = a*y + y
for it in range(5):
    prg.axpy(q, (n,), None, a, a, np.float32(0.75))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, a); res["axpy_self"] = h
# copying one half of a buffer into the other half, through the same buffer twice
m = 300000
hb = np.arange(2 * m, dtype=np.int32)
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hb)
prg.shift_copy(q, (m,), None, b, b, np.int32(0), np.int32(m))
prg.shift_copy(q, (m // 2,), None, b, b, np.int32(m + m // 2), np.int32(m // 4))
h = np.empty(2 * m, np.int32); cl.enqueue_copy(q, h, b); res["shift_copy"] = h
# a, b, c all the same buffer
c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
for it in range(4):
    prg.mix3(q, (n,), None, c, c, c)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, c); res["mix_self"] = h
# two overlapping sub-buffers of one buffer as the two read-only arguments
base = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
al = ctx.devices[0].mem_base_addr_align // 8
off_el = al // 4 * 64
sub1 = base.get_sub_region(0, 4 * (n // 2))
sub2 = base.get_sub_region(4 * off_el, 4 * (n // 2))
dst = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha[::-1].copy())
prg.mix3(q, (n // 2 - off_el,), None, dst, sub2, sub1)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, dst); res["sub_overlap"] = h
# in-place swap of halves where both arguments are the same buffer
d = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(2 * m, dtype=np.int32))
for it in range(3):
    prg.halves(q, (m,), None, d, d, np.int32(m))
h = np.empty(2 * m, np.int32); cl.enqueue_copy(q, h, d); res["halves"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
