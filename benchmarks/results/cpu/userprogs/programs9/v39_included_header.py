import os
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# kernels that include a project header (-I) holding the id helpers, pure math helpers
# and an atomic counter helper
inc = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")
src = """
#include "v39_grid.h"
__kernel void paint(__global float *o, int w) {
    o[flat(gx(), gy(), w)] = (float)(gx() - 3 * gy());
}
__kernel void blend(__global const float *a, __global float *o, int n) {
    int i = get_global_id(0);
    if (i + 1 < n) o[i] = smooth(a[i], a[i + 1]);
}
__kernel void count_pos(__global const float *a, __global int *c) {
    if (a[get_global_id(0)] > 0.0f) bump(c);
}
__kernel void stamp(__global int *o) {
    o[gx()] = gx() * 3 + 1;
}
"""
prg = cl.Program(ctx, src).build(options=["-I", inc])
rng = np.random.default_rng(939)
w, h = 512, 400
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(w * h, np.float32))
prg.paint(q, (w, h), None, o, np.int32(w))
g = np.empty(w * h, np.float32); cl.enqueue_copy(q, g, o); res["paint"] = g
n = 300000
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
prg.blend(q, (n,), None, a, ob, np.int32(n))
gb = np.empty(n, np.float32); cl.enqueue_copy(q, gb, ob); res["blend"] = gb
c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
prg.count_pos(q, (n,), None, a, c)
gc = np.empty(1, np.int32); cl.enqueue_copy(q, gc, c); res["count"] = gc
oi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
prg.stamp(q, (n,), (100,), oi)
gi = np.empty(n, np.int32); cl.enqueue_copy(q, gi, oi); res["stamp"] = gi
np.savez(sys.argv[1], **res)
print("done", len(res))
