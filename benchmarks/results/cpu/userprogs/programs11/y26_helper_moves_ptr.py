import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1126)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# helpers that move the pointer they were given before writing; called twice per item
src = """
void put(__global int *p, int off, int v) { p += off; *p = v; }
void put_back(__global int *p, int n, int i, int v) { p = p + n - 1; p -= i; *p = v; }
__kernel void k(__global int *o, int n) {
    int i = get_global_id(0);
    put(o, i, i);
    put(o + n, i, -i);
}
__kernel void k2(__global int *o, int n) {
    int i = get_global_id(0);
    put_back(o, n, i, i);
}
__kernel void k3(__global int *o, __global int *o2, int n) {
    int i = get_global_id(0);
    __global int *p = o;
    if (i >= n / 2) { p = o2; i -= n / 2; }
    put(p, i, (int)get_global_id(0));
}
"""
prg = cl.Program(ctx, src).build()
n = 40000
o = buf(np.full(2 * n, 7, np.int32)); prg.k(q, (n,), None, o, np.int32(n))
res["k"] = get(o, np.zeros(2 * n, np.int32))
o = buf(np.full(n, 7, np.int32)); prg.k2(q, (n,), None, o, np.int32(n))
res["k2"] = get(o, np.zeros(n, np.int32))
o, o2 = buf(np.full(n, 7, np.int32)), buf(np.full(n, 8, np.int32))
prg.k3(q, (n,), None, o, o2, np.int32(n))
res["k3a"] = get(o, np.zeros(n, np.int32)); res["k3b"] = get(o2, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
