import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1008)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# the destination chosen per item: a ternary between two buffers, select() between two
# offsets, an array of two pointers indexed by a bit of the id
src = """
__kernel void tern(__global const float *a, __global float *ev, __global float *od) {
    int i = get_global_id(0);
    __global float *d = (i & 1) ? od : ev;
    d[i >> 1] = a[i];
}
__kernel void sel(__global const int *a, __global int *o, int half_n) {
    int i = get_global_id(0);
    int t = select(i / 2, half_n + i / 2, i & 1);
    o[t] = a[i];
}
__kernel void parr(__global const int *a, __global int *x, __global int *y) {
    int i = get_global_id(0);
    __global int *d[2] = {x, y};
    d[a[i] & 1][i] = a[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 17
h = rng.standard_normal(n).astype(np.float32)
ev, od = buf(np.full(n // 2, -1, np.float32)), buf(np.full(n // 2, -2, np.float32))
prg.tern(q, (n,), None, buf(h), ev, od)
res["ev"] = get(ev, np.zeros(n // 2, np.float32)); res["od"] = get(od, np.zeros(n // 2, np.float32))
hi = rng.integers(0, 1 << 20, n).astype(np.int32)
o = buf(np.full(n, -3, np.int32))
prg.sel(q, (n,), None, buf(hi), o, np.int32(n // 2))
res["sel"] = get(o, hi)
x, y = buf(np.full(n, -4, np.int32)), buf(np.full(n, -5, np.int32))
prg.parr(q, (n,), None, buf(hi), x, y)
res["x"] = get(x, hi); res["y"] = get(y, hi)
np.savez(sys.argv[1], **res)
print("done", len(res))
