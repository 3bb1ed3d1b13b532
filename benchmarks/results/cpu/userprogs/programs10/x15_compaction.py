import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1015)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# stream compaction: flags, a block-wise exclusive scan in one kernel, block offsets
# added by a second, then a scatter of the kept items to their scanned slots
src = """
#define B 256
__kernel void flags(__global const int *a, __global int *f, int n) {
    int i = get_global_id(0);
    f[i] = (i < n && (a[i] % 3 == 0)) ? 1 : 0;
}
__kernel void block_scan(__global const int *f, __global int *s, __global int *sums) {
    __local int t[B];
    int l = get_local_id(0), g = get_group_id(0), i = get_global_id(0);
    t[l] = f[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < B; d <<= 1) {
        int v = l >= d ? t[l - d] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        t[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    s[i] = t[l] - f[i];
    if (l == B - 1) sums[g] = t[l];
}
__kernel void add_offsets(__global int *s, __global const int *off) {
    int i = get_global_id(0);
    s[i] += off[i / B];
}
__kernel void scatter(__global const int *a, __global const int *f, __global const int *s,
                      __global int *o) {
    int i = get_global_id(0);
    if (f[i]) o[s[i]] = a[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 17
a = rng.integers(0, 1 << 20, n).astype(np.int32)
f, s = buf(np.zeros(n, np.int32)), buf(np.zeros(n, np.int32))
sums = buf(np.zeros(n // 256, np.int32))
ab = buf(a)
prg.flags(q, (n,), None, ab, f, np.int32(n - 100))
prg.block_scan(q, (n,), (256,), f, s, sums)
hs = get(sums, np.zeros(n // 256, np.int32))
off = np.concatenate([[0], np.cumsum(hs)[:-1]]).astype(np.int32)
prg.add_offsets(q, (n,), None, s, buf(off))
o = buf(np.full(n, -1, np.int32))
prg.scatter(q, (n,), None, ab, f, s, o)
res["o"] = get(o, a); res["s"] = get(s, a)
np.savez(sys.argv[1], **res)
print("done", len(res))
