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

# conditions users write oddly: bitwise or of comparisons, sums of comparisons, ternaries
src = """
__kernel void a(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if ((x >= w) | (y >= h)) return;
    o[y * w + x] = 1;
}
__kernel void b(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if ((x >= w) + (y >= h)) return;
    o[y * w + x] = 2;
}
__kernel void c(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if ((x < w ? y : h) >= h) return;
    o[y * w + x] = 3;
}
__kernel void d(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    bool bad = x >= w || y >= h;
    if (bad) return;
    o[y * w + x] = 4;
}
__kernel void e(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if ((x < w) == 0 || (y < h) != 1) return;
    o[y * w + x] = 5;
}
__kernel void f(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || (y >= h && x >= 0)) return;
    o[y * w + x] = 6;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 45, 19
for name in "abcdef":
    o = buf(np.full(w * h + 8, -1, np.int32))
    getattr(prg, name)(q, (48, 24), (16, 8), o, np.int32(w), np.int32(h))
    res[name] = get(o, np.zeros(w * h + 8, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
