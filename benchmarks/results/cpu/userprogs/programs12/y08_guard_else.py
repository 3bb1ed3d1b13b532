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

# if/else after bound checks: work in the else, two outputs chosen by range
src = """
__kernel void a(__global int *o, int w) {
    int x = get_global_id(0);
    if (x >= w) { } else { o[x] = x + 3; }
}
__kernel void b(__global int *o, __global int *o2, int w) {
    int x = get_global_id(0);
    if (x < w) o[x] = x;
    else if (x < w + 20) o2[x - w] = x;
}
__kernel void c(__global int *o, int w) {
    int x = get_global_id(0);
    if (x >= w) return;
    else o[x] = -x;
}
__kernel void d(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) {
        return;
    } else {
        o[y * w + x] = 1 + x;
    }
    o[y * w + x] += y;
}
"""
prg = cl.Program(ctx, src).build()
w = 300
o = buf(np.full(w, -1, np.int32)); prg.a(q, (320,), (32,), o, np.int32(w)); res["a"] = get(o, np.zeros(w, np.int32))
o = buf(np.full(w, -1, np.int32)); o2 = buf(np.full(32, -1, np.int32))
prg.b(q, (352,), (32,), o, o2, np.int32(w)); res["b"] = get(o, np.zeros(w, np.int32)); res["b2"] = get(o2, np.zeros(32, np.int32))
o = buf(np.full(w, -1, np.int32)); prg.c(q, (320,), (32,), o, np.int32(w)); res["c"] = get(o, np.zeros(w, np.int32))
o = buf(np.full(60 * 20, -1, np.int32)); prg.d(q, (64, 24), (16, 8), o, np.int32(60), np.int32(20)); res["d"] = get(o, np.zeros(1200, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
