import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1003)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# indices built from bit operations: odd slots (i<<1)|1, pair swaps i^1, reversal inside
# blocks of 8, a heap's children, popcount and clz-derived tree levels
src = """
__kernel void odd_slots(__global const float *a, __global float *o) {
    int i = get_global_id(0);
    o[(i << 1) | 1] = a[i] * 2.0f;
}
__kernel void swap_pairs(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    o[i ^ 1] = a[i];
}
__kernel void rev8(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    o[(i & ~7) | (7 - (i & 7))] = a[i] + 1;
}
__kernel void heap_children(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    int c = (i << 1) + 1;
    if (c < n) o[c] = a[i] * 3;
    if (c + 1 < n) o[c + 1] = a[i] * 5;
}
__kernel void levels(__global int *o, __global int *cnt) {
    uint i = get_global_id(0);
    o[i] = 31 - clz(i + 1);
    cnt[i] = popcount(i) + (int)(i & 0xF0u);
}
__kernel void mask_wrap(__global const int *a, __global int *o, uint mask, uint base) {
    uint i = get_global_id(0);
    o[base + (i & mask)] = a[i];   /* mask covers every id: a permutation */
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
ha = rng.standard_normal(n).astype(np.float32)
o = buf(np.full(2 * n, -1, np.float32))
prg.odd_slots(q, (n,), None, buf(ha), o)
res["odd"] = get(o, np.zeros(2 * n, np.float32))
hi = rng.integers(0, 1000, n).astype(np.int32)
for name in ("swap_pairs", "rev8"):
    o = buf(np.full(n, -5, np.int32))
    getattr(prg, name)(q, (n,), None, buf(hi), o)
    res[name] = get(o, hi)
o = buf(np.full(2 * n + 1, -5, np.int32))
prg.heap_children(q, (n,), None, buf(hi), o, np.int32(2 * n + 1))
res["heap"] = get(o, np.zeros(2 * n + 1, np.int32))
o, c = buf(np.zeros(n, np.int32)), buf(np.zeros(n, np.int32))
prg.levels(q, (n,), None, o, c)
res["lev"] = get(o, hi); res["cnt"] = get(c, hi)
o = buf(np.full(n + 100, 9, np.int32))
prg.mask_wrap(q, (n,), None, buf(hi), o, np.uint32(n - 1), np.uint32(100))
res["maskw"] = get(o, np.zeros(n + 100, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
