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

# guards on equality of two ids: if (i != j) return; leaves i == j, and a hole on the diagonal
src = """
__kernel void diag(__global int *o, int n) {
    int i = get_global_id(0), j = get_global_id(1);
    if (i != j) return;
    if (i >= n) return;
    o[i] = 3 * i + 1;
}
__kernel void offdiag(__global int *o, int n) {
    int i = get_global_id(0), j = get_global_id(1);
    if (i >= n || j >= n) return;
    if (i == j) return;
    o[j * n + i] = i - j;
}
__kernel void eqcol(__global int *o, int n, int c) {
    int i = get_global_id(0), j = get_global_id(1);
    if (i != c || j >= n) return;
    o[j] = j * 10 + i;
}
__kernel void eqrow(__global int *o, int n, int r) {
    int i = get_global_id(0), j = get_global_id(1);
    if (!(j == r) || i >= n) return;
    o[i] = i * 10 + j;
}
"""
prg = cl.Program(ctx, src).build()
n = 45
o = buf(np.full(n + 8, -1, np.int32))
prg.diag(q, (48, 48), (8, 8), o, np.int32(n)); res["diag"] = get(o, np.zeros(n + 8, np.int32))
o = buf(np.full(n * n, -1, np.int32))
prg.offdiag(q, (48, 48), (8, 8), o, np.int32(n)); res["offdiag"] = get(o, np.zeros(n * n, np.int32))
o = buf(np.full(n + 8, -1, np.int32))
prg.eqcol(q, (48, 48), (8, 8), o, np.int32(n), np.int32(13)); res["eqcol"] = get(o, np.zeros(n + 8, np.int32))
o = buf(np.full(n + 8, -1, np.int32))
prg.eqrow(q, (48, 48), (8, 8), o, np.int32(n), np.int32(40)); res["eqrow"] = get(o, np.zeros(n + 8, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
