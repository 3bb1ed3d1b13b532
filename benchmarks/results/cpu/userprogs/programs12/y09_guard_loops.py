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

# guards followed by loops, early returns inside loops
src = """
__kernel void a(__global int *o, int w, int h, int reps) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    for (int k = 0; k < reps; k++) o[(k * h + y) * w + x] = k * x + y;
}
__kernel void b(__global int *o, int n, int m) {
    int i = get_global_id(0);
    for (int k = 0; k < m; k++) {
        if (i * m + k >= n) return;
        o[i * m + k] = k - i;
    }
}
__kernel void c(__global int *o, __global const int *lim, int m) {
    int i = get_global_id(0);
    for (int k = 0; k < m; k++) {
        if (k >= lim[i]) return;
        o[i * m + k] = k;
    }
}
__kernel void d(__global int *o, int n, int m) {
    int i = get_global_id(0);
    if (i >= n) return;
    int s = 0;
    for (int k = i; k < n; k += m) s += k;
    o[i] = s;
    for (int k = 0; k < 3; k++) {
        if (i + k >= n) break;
        o[n + 3 * i + k] = k;
    }
}
"""
prg = cl.Program(ctx, src).build()
w, h = 33, 17
o = buf(np.full(3 * w * h, -1, np.int32)); prg.a(q, (40, 24), (8, 8), o, np.int32(w), np.int32(h), np.int32(3)); res["a"] = get(o, np.zeros(3 * w * h, np.int32))
n, m = 1000, 7
o = buf(np.full(n + 16, -1, np.int32)); prg.b(q, (160,), (16,), o, np.int32(n), np.int32(m)); res["b"] = get(o, np.zeros(n + 16, np.int32))
lim = np.random.default_rng(3).integers(0, 9, 160).astype(np.int32)
o = buf(np.full(160 * m, -1, np.int32)); prg.c(q, (160,), (16,), o, buf(lim), np.int32(m)); res["c"] = get(o, np.zeros(160 * m, np.int32))
o = buf(np.full(4 * 500, -1, np.int32)); prg.d(q, (512,), (16,), o, np.int32(500), np.int32(13)); res["d"] = get(o, np.zeros(2000, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
