import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1025)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# __constant lookup tables steering writes: a permutation of 8 slots within each block,
# a program-scope table of offsets, a table passed as a __constant argument
src = """
__constant int perm8[8] = {3, 0, 7, 1, 6, 2, 5, 4};
__constant int offs[4] = {0, 1, 2, 3};
__kernel void shuffle8(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    o[(i & ~7) + perm8[i & 7]] = a[i];
}
__kernel void spread(__global int *o) {
    int i = get_global_id(0);
    for (int k = 0; k < 4; k++) o[4 * i + offs[k]] = i + k;
}
__kernel void lut_arg(__constant int *lut, __global int *o, int m) {
    int i = get_global_id(0);
    o[i * m + lut[i % m]] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.integers(0, 1000, n).astype(np.int32)
o = buf(np.full(n, -1, np.int32))
prg.shuffle8(q, (n,), None, buf(a), o)
res["sh8"] = get(o, a)
o = buf(np.full(4 * n, -1, np.int32))
prg.spread(q, (n,), None, o)
res["spread"] = get(o, np.zeros(4 * n, np.int32))
m = 5
lut = np.array([4, 2, 0, 1, 3], np.int32)
o = buf(np.full(m * n, -1, np.int32))
prg.lut_arg(q, (n,), None, buf(lut), o, np.int32(m))
res["lut"] = get(o, np.zeros(m * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
