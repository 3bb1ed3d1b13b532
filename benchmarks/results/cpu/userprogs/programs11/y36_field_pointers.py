import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1136)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# pointers to struct fields, unions in global memory
src = """
typedef struct { float4 pos; float4 vel; } body;
typedef union { float f; int i; uchar b[4]; } word;
__kernel void k(__global body *p) {
    int i = get_global_id(0);
    __global float *f = (__global float *)&p[i].vel + 1;
    f[0] = (float)i; f[1] = -(float)i;
}
__kernel void u(__global word *w) {
    int i = get_global_id(0);
    w[i].b[1] = (uchar)i;
}
__kernel void u2(__global word *w) {
    int i = get_global_id(0);
    w[2 * i].i = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 30000
a = rng.standard_normal(8 * n).astype(np.float32)
p = buf(a); prg.k(q, (n,), None, p); res["k"] = get(p, a)
w = buf(np.full(2 * n, -1, np.int32)); prg.u(q, (2 * n,), None, w); prg.u2(q, (n,), None, w)
res["u"] = get(w, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
