import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1121)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# kernels with reqd_work_group_size and the matching local size
src = """
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void r1(__global const float *a, __global float *o) {
    __local float t[64];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    o[get_global_id(0)] = t[(l + 1) & 63] - t[l];
}
__kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void r2(__global int *o, int w) {
    __local int t[8][8];
    int lx = get_local_id(0), ly = get_local_id(1);
    t[ly][lx] = get_global_id(0) + 1000 * get_global_id(1);
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * 8 + lx, oy = get_group_id(0) * 8 + ly;
    o[oy * w + ox] = t[lx][ly];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.standard_normal(n).astype(np.float32)
o = buf(np.zeros(n, np.float32))
prg.r1(q, (n,), (64,), buf(a), o)
res["r1"] = get(o, a)
w = 256
o = buf(np.full(w * w, -1, np.int32))
prg.r2(q, (w, w), (8, 8), o, np.int32(w))
res["r2"] = get(o, np.zeros(w * w, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
