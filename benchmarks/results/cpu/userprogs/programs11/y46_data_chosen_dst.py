import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1146)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# each item writes one of two buffers chosen by its data; helpers that return early
src = """
__kernel void init(__global int *o, int v) { o[get_global_id(0)] = v; }
__kernel void split_if(__global const int *a, __global int *pos, __global int *neg) {
    int i = get_global_id(0);
    __global int *d = neg;
    if (a[i] > 0) d = pos;
    d[i] = a[i];
}
void put_if(__global int *o, int i, int v) { if (v < 0) return; o[i] = v; }
__kernel void helper_ret(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    put_if(o, i, a[i]);
}
void put(__global int *o, int i, int v) { o[i] = v; }
__kernel void helper_in_if(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    if (a[i] & 1) put(o, i, a[i]);
}
__kernel void loop_in_if(__global const int *a, __global int *o, int w) {
    int y = get_global_id(0);
    if (a[y] > 0) for (int x = 0; x < w; x++) o[y * w + x] = x;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.integers(-1000, 1000, n).astype(np.int32)
ab = buf(a)
def fresh(m, v):
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
    prg.init(q, (m,), None, o, np.int32(v))
    return o
pos, neg = fresh(n, -5), fresh(n, -6)
prg.split_if(q, (n,), None, ab, pos, neg)
res["pos"] = get(pos, a); res["neg"] = get(neg, a)
o = fresh(n, -7); prg.helper_ret(q, (n,), None, ab, o); res["ret"] = get(o, a)
o = fresh(n, -8); prg.helper_in_if(q, (n,), None, ab, o); res["inif"] = get(o, a)
w = 16
o = fresh(n * w // 8, -9); prg.loop_in_if(q, (n // 8,), None, ab, o, np.int32(w))
res["loopif"] = get(o, np.zeros(n * w // 8, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
