import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1001)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a bitonic sort done the textbook way: one launch per (k, j) step, partner i ^ j,
# the lower index of each pair does the compare-exchange and writes both ends
src = """
__kernel void bstep(__global int *a, uint j, uint k) {
    uint i = get_global_id(0);
    uint l = i ^ j;
    if (l > i) {
        int x = a[i], y = a[l];
        int up = (i & k) == 0;
        if ((up && x > y) || (!up && x < y)) { a[i] = y; a[l] = x; }
    }
}
__kernel void bstep_half(__global float *a, int j, int k) {
    int t = get_global_id(0);
    int i = ((t & ~(j - 1)) << 1) | (t & (j - 1));   /* low index of the pair */
    int l = i | j;
    float x = a[i], y = a[l];
    bool up = (i & k) == 0;
    float lo = fmin(x, y), hi = fmax(x, y);
    a[i] = up ? lo : hi;
    a[l] = up ? hi : lo;
}
"""
prg = cl.Program(ctx, src).build()
kst, kh = prg.bstep, prg.bstep_half
for n in (1 << 16, 1 << 12):
    h = rng.integers(-10**6, 10**6, n).astype(np.int32)
    b = buf(h)
    k = 2
    while k <= n:
        j = k // 2
        while j > 0:
            kst(q, (n,), None, b, np.uint32(j), np.uint32(k))
            j //= 2
        k *= 2
    res[f"int_{n}"] = get(b, h)
    hf = rng.standard_normal(n).astype(np.float32)
    bf = buf(hf)
    k = 2
    while k <= n:
        j = k // 2
        while j > 0:
            kh(q, (n // 2,), None, bf, np.int32(j), np.int32(k))
            j //= 2
        k *= 2
    res[f"flt_{n}"] = get(bf, hf)
np.savez(sys.argv[1], **res)
print("done", len(res))
