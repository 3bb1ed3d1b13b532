import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1026)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# several kernels sharing static inline helpers: an index helper, a store helper that
# returns early, a helper writing two elements, a helper returning a row pointer
src = """
static inline int idx2(int x, int y, int w) { return y * w + x; }
static inline void put_pos(__global float *o, int i, float v) {
    if (v <= 0.0f) return;
    o[i] = v;
}
static inline void put2(__global int *o, int i, int a, int b) { o[2 * i] = a; o[2 * i + 1] = b; }
static inline __global float *row_of(__global float *m, int y, int w) { return m + y * w; }
__kernel void k1(__global const float *a, __global float *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    put_pos(o, idx2(x, y, w), a[idx2(w - 1 - x, y, w)]);
}
__kernel void k2(__global int *o) {
    int i = get_global_id(0);
    put2(o, i, i, -i);
}
__kernel void k3(__global float *m, int w) {
    int y = get_global_id(0);
    __global float *r = row_of(m, y, w);
    for (int x = 0; x < w; x++) r[x] = (float)(x * y);
}
static inline int bail(__global const int *a, int i) {
    for (int k = 0; k < 3; k++) if (a[3 * i + k] < 0) return 1;
    return 0;
}
__kernel void k4(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    if (bail(a, i)) return;
    o[i] = a[3 * i] + a[3 * i + 1] + a[3 * i + 2];
}
"""
prg = cl.Program(ctx, src).build()
w, h = 300, 200
a = rng.standard_normal(w * h).astype(np.float32)
o = buf(np.full(w * h, -9.0, np.float32))
prg.k1(q, (w, h), None, buf(a), o, np.int32(w))
res["k1"] = get(o, a)
n = 1 << 16
o = buf(np.zeros(2 * n, np.int32))
prg.k2(q, (n,), None, o)
res["k2"] = get(o, np.zeros(2 * n, np.int32))
o = buf(np.zeros(w * h, np.float32))
prg.k3(q, (h,), None, o, np.int32(w))
res["k3"] = get(o, a)
ai = rng.integers(-3, 100, 3 * n).astype(np.int32)
o = buf(np.full(n, 12345, np.int32))
prg.k4(q, (n,), None, buf(ai), o)
res["k4"] = get(o, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
