import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1017)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a 256-bin histogram: per-group bins in local memory with atomic_inc, merged into the
# global bins with atomic_add; a second version writing per-group partial histograms
src = """
__kernel void hist(__global const uchar *d, int n, __global uint *bins) {
    __local uint lb[256];
    int l = get_local_id(0), ls = get_local_size(0);
    for (int b = l; b < 256; b += ls) lb[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&lb[d[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = l; b < 256; b += ls) atomic_add(&bins[b], lb[b]);
}
__kernel void partial(__global const uchar *d, __global uint *parts, int per) {
    __local uint lb[256];
    int l = get_local_id(0), g = get_group_id(0);
    lb[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < per; k++) atomic_inc(&lb[d[(g * 256 + l) * per + k]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    parts[g * 256 + l] = lb[l];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 20
d = rng.integers(0, 256, n).astype(np.uint8)
bins = buf(np.zeros(256, np.uint32))
prg.hist(q, (64 * 256,), (256,), buf(d), np.int32(n), bins)
res["bins"] = get(bins, np.zeros(256, np.uint32))
per = 16
parts = buf(np.zeros(n // per, np.uint32))
prg.partial(q, (n // per,), (256,), buf(d), parts, np.int32(per))
res["parts"] = get(parts, np.zeros(n // per, np.uint32))
np.savez(sys.argv[1], **res)
print("done", len(res))
