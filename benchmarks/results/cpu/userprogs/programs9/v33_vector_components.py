import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# coordinates kept in int2/int4 variables filled component by component, as image-style
# code does, then used to index buffers
src = """
__kernel void paint(__global float *o, int w) {
    int2 p;
    p.x = get_global_id(0);
    p.y = get_global_id(1);
    o[p.y * w + p.x] = (float)(p.x + 1000 * p.y);
}
__kernel void shuffle4(__global const int *a, __global int *o) {
    int4 q = (int4)(0);
    q.s0 = get_global_id(0);
    q.s1 = q.s0 * 4;
    q.s2 = q.s1 + 3;
    q.w = q.s1 + 1;
    o[q.s1] = a[q.s2];
    o[q.s2] = a[q.s1];
    o[q.w] = a[q.w] + q.x;
    o[q.s1 + 2] = 0;
}
__kernel void mirror2(__global const float *a, __global float *o, int w, int h) {
    int2 src_p = (int2)(get_global_id(0), get_global_id(1));
    int2 dst_p;
    dst_p.x = w - 1 - src_p.x;
    dst_p.y = src_p.y;
    o[dst_p.y * w + dst_p.x] = a[src_p.y * w + src_p.x];
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(933)
w, h = 512, 600
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(w * h, np.float32))
prg.paint(q, (w, h), None, o, np.int32(w))
g = np.empty(w * h, np.float32); cl.enqueue_copy(q, g, o); res["paint"] = g
prg.paint(q, (w, h), (16, 8), o, np.int32(w))
cl.enqueue_copy(q, g, o); res["paint_l"] = g.copy()
n = 60000
ha = rng.integers(0, 1 << 20, 4 * n).astype(np.int32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
oi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(4 * n, -1, np.int32))
prg.shuffle4(q, (n,), None, a, oi)
gi = np.empty(4 * n, np.int32); cl.enqueue_copy(q, gi, oi); res["shuffle4"] = gi
hf = rng.standard_normal(w * h).astype(np.float32)
af = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hf)
prg.mirror2(q, (w, h), None, af, o, np.int32(w), np.int32(h))
cl.enqueue_copy(q, g, o); res["mirror"] = g.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
