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

# bounds through min(), a ternary, clamp and a local copy of the id
src = """
__kernel void a(__global int *o, int w, int cap) {
    int x = get_global_id(0);
    if (x >= min(w, cap)) return;
    o[x] = x;
}
__kernel void b(__global int *o, int w, int cap) {
    int x = get_global_id(0);
    int lim = w < cap ? w : cap;
    if (x >= lim) return;
    o[x] = 2 * x;
}
__kernel void c(__global int *o, int w) {
    int x = get_global_id(0);
    int cx = clamp(x, 0, w - 1);
    if (cx != x) return;
    o[x] = 3;
}
__kernel void d(__global int *o, int w) {
    int x = get_global_id(0);
    int ix = x;
    ix = ix;
    if (ix >= w) return;
    x += 0;
    o[ix] = x + 1;
}
"""
prg = cl.Program(ctx, src).build()
N = 512
for name, args in [("a", (400, 350)), ("b", (300, 450)), ("c", (333,)), ("d", (444,))]:
    o = buf(np.full(N, -1, np.int32))
    getattr(prg, name)(q, (N,), (32,), o, *[np.int32(v) for v in args])
    res[name] = get(o, np.zeros(N, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
