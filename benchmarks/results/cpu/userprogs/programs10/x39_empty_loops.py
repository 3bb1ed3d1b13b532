import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1039)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# loops that run zero times for some arguments: a tile of k elements with k = 0, a loop
# from i to a limit below it, a count derived as k - 5, then the same kernels with work
src = """
__kernel void tile(__global int *o, int k, int base) {
    int i = get_global_id(0);
    for (int t = 0; t < k; t++) o[base + i * k + t] = t + 1;
    o[i] = -i;
}
__kernel void from_i(__global int *o, int lim) {
    int i = get_global_id(0);
    for (int t = i; t < lim; t++) o[i * 4 + (t - i)] = t;
}
__kernel void minus(__global int *o, int k) {
    int i = get_global_id(0);
    for (int t = 0; t <= k - 5; t++) o[i * 8 + t] = 9;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 15
for k in (0, 2):
    o = buf(np.full(n * 3, -7, np.int32))
    prg.tile(q, (n,), None, o, np.int32(k), np.int32(n))
    res[f"tile{k}"] = get(o, np.zeros(n * 3, np.int32))
o = buf(np.zeros(4 * n, np.int32))
prg.from_i(q, (n,), None, o, np.int32(3))
res["from_i"] = get(o, np.zeros(4 * n, np.int32))
for k in (3, 7):
    o = buf(np.full(n * 8, -7, np.int32))
    prg.minus(q, (n,), None, o, np.int32(k))
    res[f"minus{k}"] = get(o, np.zeros(n * 8, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
