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

# padded 2-D launches with early returns on either of two bounds, spelled several ways
src = """
__kernel void a(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    o[y * w + x] = x * 3 - y;
}
__kernel void b(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (!(x < w && y < h)) return;
    o[y * w + x] = x + 1000 * y;
}
__kernel void c(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (!(!(x < w) || !(y < h))) o[y * w + x] = x ^ y;
}
__kernel void d(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (y >= h || x >= w || x < 0) return;
    o[x * h + y] = 7 * x + y;
}
__kernel void e(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w && y < h) { o[y * w + x] = x - y; } else { return; }
}
__kernel void f(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x > w - 1 || y > h - 1) return;
    o[y * w + x] = 5;
}
__kernel void g(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (!(x <= w - 1) || !(y <= h - 1)) return;
    o[y * w + x] = x * y;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 101, 67
for name in "abcdefg":
    o = buf(np.full(w * h + 64, -7, np.int32))
    getattr(prg, name)(q, (up(w, 16), up(h, 8)), (16, 8), o, np.int32(w), np.int32(h))
    res[name] = get(o, np.zeros(w * h + 64, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
