import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
__kernel void saxpy_gs(__global float *y, __global const float *x, float a, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        y[i] = a * x[i] + y[i];
}
__kernel void gs_groups(__global int *o, int n) {
    int stride = get_num_groups(0) * get_local_size(0);
    for (int i = get_group_id(0) * get_local_size(0) + get_local_id(0); i < n; i += stride)
        o[i] += i % 97 + (int)get_num_groups(0);
}
__kernel void gs_offset(__global int *o, int n) {
    /* global offset shifts the start; the loop covers everything from the offset on */
    for (size_t i = get_global_id(0); i < (size_t)n; i += get_global_size(0))
        o[i] = (int)(i * 3 + get_global_offset(0));
}
__kernel void gs_2d(__global float *m, int W, int H) {
    for (int y = get_global_id(1); y < H; y += get_global_size(1))
        for (int x = get_global_id(0); x < W; x += get_global_size(0))
            m[y * W + x] = sqrt((float)(x * y + 1)) + m[y * W + x];
}
__kernel void flat_id(__global int *o) {
    size_t gx = get_global_id(0) - get_global_offset(0);
    size_t gy = get_global_id(1) - get_global_offset(1);
    size_t w = get_global_size(0);
    o[gy * w + gx] = (int)(get_global_id(0) * 10000 + get_global_id(1));
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(701)
n = 1000003
hx = rng.standard_normal(n).astype(np.float32)
hy = rng.standard_normal(n).astype(np.float32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hy)
k = prg.saxpy_gs
for gsz, lsz in [(4096, 64), (1 << 16, None), (1000, None), (12345, None), (256, 256)]:
    k(q, (gsz,), None if lsz is None else (lsz,), y, x, np.float32(0.5), np.int32(n))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, y); res["saxpy"] = h
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, o, np.int32(0), 0, 4 * n)
for g, l in [(64, 32), (1024, 16), (7, 7), (300, 30)]:
    prg.gs_groups(q, (g,), (l,), o, np.int32(n))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o); res["groups"] = h
o2 = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, o2, np.int32(-1), 0, 4 * n)
prg.gs_offset(q, (8192,), None, o2, np.int32(n), global_offset=(100,))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o2); res["offset"] = h
W, H = 777, 333
m = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(W * H, np.float32))
for gs in [(64, 16), (100, 7), (777, 333), (13, 200)]:
    prg.gs_2d(q, gs, None, m, np.int32(W), np.int32(H))
h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, m); res["gs2d"] = h
f = cl.Buffer(ctx, mf.READ_WRITE, 4 * 300 * 41)
prg.flat_id(q, (300, 41), None, f, global_offset=(5, 9))
h = np.empty(300 * 41, np.int32); cl.enqueue_copy(q, h, f); res["flat"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
