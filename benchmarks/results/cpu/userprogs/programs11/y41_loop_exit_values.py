import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1141)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a loop counter used after its loop; counting down; counters bumped in the condition
src = """
__kernel void after(__global int *o, int w, int n) {
    int y = get_global_id(0), x;
    for (x = 0; x < n; x++) o[y * w + x] = x;
    o[y * w + x] = -1;              /* x == n here */
}
__kernel void acc(__global int *o, int w, int n) {
    int y = get_global_id(0), p = y * w;
    for (int k = 0; k < n; k++) p += 2;
    o[p] = y;                       /* y * w + 2n */
}
__kernel void down(__global int *o, int w, int n) {
    int y = get_global_id(0);
    for (int x = n; x > 0; x--) o[y * w + x] = x;   /* 1..n */
}
__kernel void cond_inc(__global int *o, int w, int n) {
    int y = get_global_id(0), x = 0;
    while (x++ < n) o[y * w + x] = x;               /* 1..n */
}
__kernel void ne(__global int *o, int w, int n) {
    int y = get_global_id(0);
    for (int x = 0; x != n; x += 2) o[y * w + x + 1] = x;
}
__kernel void sizet_down(__global int *o, int w, int n) {
    size_t y = get_global_id(0);
    for (size_t k = n; k-- > 0;) o[y * w + k] = (int)k + 100;
}
"""
prg = cl.Program(ctx, src).build()
w, h, n = 40, 2000, 30
for k in ("after", "acc", "down", "cond_inc", "ne", "sizet_down"):
    o = buf(np.full(w * h + 2 * w, -7, np.int32))
    getattr(prg, k)(q, (h,), None, o, np.int32(w), np.int32(n))
    res[k] = get(o, np.zeros(w * h + 2 * w, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
