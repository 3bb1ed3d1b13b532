import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1103)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# helpers with __local pointer parameters: a tile reduction written once per group
src = """
void tile_sum(__local float *t, int lid, int n) {
    for (int s = n / 2; s > 0; s >>= 1) {
        if (lid < s) t[lid] += t[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
void load_tile(__local float *t, __global const float *g, int lid) { t[lid] = g[lid]; }
__kernel void k(__global const float *a, __global float *sums, __local float *t) {
    int lid = get_local_id(0), g = get_group_id(0), n = get_local_size(0);
    load_tile(t, a + g * n, lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    tile_sum(t, lid, n);
    if (lid == 0) sums[g] = t[0];
}
__kernel void k2(__global const int *a, __global int *o) {
    __local int t[64];
    int lid = get_local_id(0), g = get_group_id(0);
    t[lid] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    o[get_global_id(0)] = t[63 - lid];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 17
a = rng.integers(0, 100, n).astype(np.float32)
s = buf(np.full(n // 128, -1, np.float32))
prg.k(q, (n,), (128,), buf(a), s, cl.LocalMemory(128 * 4))
res["sums"] = get(s, np.zeros(n // 128, np.float32))
ai = rng.integers(0, 1000, n).astype(np.int32)
o = buf(np.full(n, -1, np.int32))
prg.k2(q, (n,), (64,), buf(ai), o)
res["k2"] = get(o, ai)
np.savez(sys.argv[1], **res)
print("done", len(res))
