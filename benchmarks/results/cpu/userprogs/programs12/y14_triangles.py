import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r


def up(n, l):
    return -(-n // l) * l

# triangles and bands from chained early returns
src = """
__kernel void lower(__global int *o, int n) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= n || y >= n) return;
    if (x > y) return;
    o[y * n + x] = x + y;
}
__kernel void band(__global int *o, int n, int k) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= n) return;
    if (y >= n) return;
    if (x - y > k || y - x > k) return;
    o[y * n + x] = 1;
}
__kernel void antidiag(__global int *o, int n) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x + y >= n) return;
    o[y * n + x] = 2;
}
__kernel void rowtail(__global int *o, int n) {
    int x = get_global_id(0), y = get_global_id(1);
    if (y >= n || x < y || x >= n) return;
    o[y * n + x] = 3;
}
"""
prg = cl.Program(ctx, src).build()
n = 37
for name, extra in [("lower", ()), ("band", (np.int32(3),)), ("antidiag", ()), ("rowtail", ())]:
    o = buf(np.full(n * n, -1, np.int32))
    getattr(prg, name)(q, (40, 40), (8, 8), o, np.int32(n), *extra)
    res[name] = get(o, np.zeros(n * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
