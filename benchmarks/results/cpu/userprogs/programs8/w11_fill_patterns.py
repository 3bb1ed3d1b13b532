import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void acc4(__global const float4 *p, __global float *o) {
    float4 v = p[get_global_id(0)];
    o[get_global_id(0)] += v.x - v.y + v.z * v.w;
}
__kernel void bytes(__global const uchar *b, __global int *o) {
    int i = get_global_id(0);
    o[i] = b[4 * i] | (b[4 * i + 1] << 8) | (b[4 * i + 2] << 16) | (b[4 * i + 3] << 24);
}
__kernel void add_long2(__global long2 *a, __global const long2 *b) {
    a[get_global_id(0)] += b[get_global_id(0)];
}
""").build()
n = 50000
p = cl.Buffer(ctx, mf.READ_WRITE, 16 * n)
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, o, np.float32(0.5), 0, 4 * n)
for pat in [np.array([1, 2, 3, 4], np.float32), np.array([-1.5, 0.25, 8, 0.125], np.float32)]:
    cl.enqueue_fill_buffer(q, p, pat, 0, 16 * n)
    cl.enqueue_fill_buffer(q, p, pat[::-1].copy(), 16 * 1000, 16 * 3000)
    prg.acc4(q, (n,), None, p, o)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res["acc4"] = h
bb = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, bb, np.uint8(0xAB), 0, 4 * n)
cl.enqueue_fill_buffer(q, bb, np.array([1, 2], np.uint8), 100, 4000)
cl.enqueue_fill_buffer(q, bb, np.uint32(0xDEADBEEF), 8000, 40000)
cl.enqueue_fill_buffer(q, bb, np.array([7, 8, 9, 10, 11, 12, 13, 14], np.uint8), 64 * 1000, 64 * 500)
oi = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
prg.bytes(q, (n,), (250,), bb, oi)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, oi); res["bytes"] = h
a = cl.Buffer(ctx, mf.READ_WRITE, 16 * n)
b = cl.Buffer(ctx, mf.READ_WRITE, 16 * n)
cl.enqueue_fill_buffer(q, a, np.array([3, -5], np.int64), 0, 16 * n)
cl.enqueue_fill_buffer(q, b, np.int64(1 << 40), 0, 16 * n)
for it in range(3):
    prg.add_long2(q, (n,), None, a, b)
    cl.enqueue_fill_buffer(q, b, np.int64(it + 1), 16 * it * 100, 1600)
h = np.empty(2 * n, np.int64); cl.enqueue_copy(q, h, a); res["long2"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
