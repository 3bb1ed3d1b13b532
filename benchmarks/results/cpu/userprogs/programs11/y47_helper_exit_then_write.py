import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1147)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a helper that returns early, then the kernel writes more after calling it
src = """
__kernel void init(__global int *o, int v) { o[get_global_id(0)] = v; }
void first(__global int *o, int i, int n) { if (i >= n) return; o[i] = 1; }
int clip(int i, int n) { if (i >= n) return n - 1; return i; }
void rows(__global int *o, int y, int w, int h) {
    if (y >= h) return;
    for (int x = 0; x < w; x++) o[y * w + x] = x;
}
__kernel void k(__global int *o, int n) {
    int i = get_global_id(0);
    first(o, i, n / 2);
    o[i + n] = 2;
}
__kernel void k2(__global int *o, int n) {
    int i = get_global_id(0);
    o[clip(i, n) + n] = 3;
    o[i + 2 * n] = 4;
}
__kernel void k3(__global int *o, __global int *o2, int w, int h) {
    int y = get_global_id(0);
    rows(o, y, w, h / 2);
    o2[y] = y;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 15
def fresh(m, v):
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
    prg.init(q, (m,), None, o, np.int32(v))
    return o
o = fresh(2 * n, -1); prg.k(q, (n,), None, o, np.int32(n)); res["k"] = get(o, np.zeros(2 * n, np.int32))
o = fresh(2 * n, -1); prg.k2(q, (n,), None, o, np.int32(n // 2)); res["k2"] = get(o, np.zeros(2 * n, np.int32))
w, h = 16, 4096
o, o2 = fresh(w * h, -1), fresh(h, -1)
prg.k3(q, (h,), None, o, o2, np.int32(w), np.int32(h))
res["k3"] = get(o, np.zeros(w * h, np.int32)); res["k3b"] = get(o2, np.zeros(h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
