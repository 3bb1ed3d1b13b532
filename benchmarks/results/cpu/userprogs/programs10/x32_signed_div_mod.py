import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1032)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# C's truncating division and remainder on negative values in indices: (i - c) % m and
# (i - c) / m with a constant c, a ring buffer written at (i + head) % cap
src = """
__kernel void modneg(__global int *o, int m) {
    int i = get_global_id(0);
    int r = (i - 3) % 8;          /* -3..-1 for i < 3 */
    o[i * 16 + r + 8] = i;
}
__kernel void divneg(__global int *o) {
    int i = get_global_id(0);
    o[i * 4 + (i - 2) / 4 - (i / 4) + 2] = i;
}
__kernel void constmod(__global int *o) {
    int i = get_global_id(0);
    o[2 * i + (-3) % 2 + 1] = i;      /* -3 % 2 is -1 in C */
    o[2 * i + 1 + (-7) / 2 + 3] = -i; /* -7 / 2 is -3 in C */
}
__kernel void ring(__global const int *a, __global int *o, int head, int cap) {
    int i = get_global_id(0);
    o[(i + head) % cap] = a[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 20000
o = buf(np.full(16 * n + 16, -1, np.int32))
prg.modneg(q, (n,), None, o, np.int32(8))
res["modneg"] = get(o, np.zeros(16 * n + 16, np.int32))
o = buf(np.full(4 * n + 8, -1, np.int32))
prg.divneg(q, (n,), None, o)
res["divneg"] = get(o, np.zeros(4 * n + 8, np.int32))
o = buf(np.full(2 * n + 2, -1, np.int32))
prg.constmod(q, (n,), None, o)
res["constmod"] = get(o, np.zeros(2 * n + 2, np.int32))
a = rng.integers(0, 1000, n).astype(np.int32)
o = buf(np.full(n + 500, -1, np.int32))
prg.ring(q, (n,), None, buf(a), o, np.int32(12345), np.int32(n + 500))
res["ring"] = get(o, np.zeros(n + 500, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
