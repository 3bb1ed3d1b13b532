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

# bounds as nested ifs without returns, and writes before the guard
src = """
__kernel void a(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w) { if (y < h) { o[y * w + x] = x - y; } }
}
__kernel void b(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w)
        if (y < h)
            o[y * w + x] = 2;
        else
            o[w * h + x] = y;
}
__kernel void c(__global int *o, __global int *o2, int w) {
    int x = get_global_id(0);
    o[x] = -x;
    if (x >= w) return;
    o2[x] = x;
}
__kernel void d(__global int *o, int w) {
    int x = get_global_id(0) - 2;
    if (x >= w) return;
    o[x + 2] = x;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 27, 13
o = buf(np.full(w * h, -1, np.int32)); prg.a(q, (32, 16), (8, 8), o, np.int32(w), np.int32(h)); res["a"] = get(o, np.zeros(w * h, np.int32))
o = buf(np.full(w * h + w, -1, np.int32)); prg.b(q, (32, 14), (8, 2), o, np.int32(w), np.int32(h)); res["b"] = get(o, np.zeros(w * h + w, np.int32))
o = buf(np.full(256, -1, np.int32)); o2 = buf(np.full(256, -1, np.int32))
prg.c(q, (256,), (32,), o, o2, np.int32(200)); res["c"] = get(o, np.zeros(256, np.int32)); res["c2"] = get(o2, np.zeros(256, np.int32))
o = buf(np.full(256, -1, np.int32)); prg.d(q, (256,), (32,), o, np.int32(100)); res["d"] = get(o, np.zeros(256, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
