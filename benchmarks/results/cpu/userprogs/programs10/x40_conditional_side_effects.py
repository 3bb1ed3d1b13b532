import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1040)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# assignments inside && and ?: (the terse C style): an index moved only when a flag is
# set, a destination chosen by a ternary of assignments, a short-circuit that skips ++
src = """
__kernel void andassign(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    int k = i;
    (a[i] & 1) && (k = i + n);
    o[k] = a[i];
}
__kernel void ternassign(__global const int *a, __global int *x, __global int *y) {
    int i = get_global_id(0);
    __global int *d = x;
    (a[i] > 0) ? (d = y) : (d = x);
    d[i] = a[i];
}
__kernel void orinc(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    int k = 2 * i;
    (a[i] < 0) || (k++);
    o[k] = a[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.integers(-1000, 1000, n).astype(np.int32)
ab = buf(a)
o = buf(np.full(2 * n, -5, np.int32))
prg.andassign(q, (n,), None, ab, o, np.int32(n))
res["and"] = get(o, np.zeros(2 * n, np.int32))
x, y = buf(np.full(n, 1, np.int32)), buf(np.full(n, 2, np.int32))
prg.ternassign(q, (n,), None, ab, x, y)
res["x"] = get(x, a); res["y"] = get(y, a)
o = buf(np.full(2 * n, -5, np.int32))
prg.orinc(q, (n,), None, ab, o)
res["or"] = get(o, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
