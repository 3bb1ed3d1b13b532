import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1102)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# helpers returning pointers into a buffer
src = """
__global float *row_ptr(__global float *base, int y, int w) { return base + y * w; }
__global int *pick(__global int *a, __global int *b, int which) { return which ? a : b; }
__global int *skip(__global int *p, int n) { return p + n; }
__kernel void k(__global float *out, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    row_ptr(out, y, w)[x] = (float)(x + 1000 * y);
}
__kernel void k2(__global int *a, __global int *b, int which) {
    int i = get_global_id(0);
    pick(a, b, which)[i] = i * 3;
}
__kernel void k3(__global int *a, int off) {
    int i = get_global_id(0);
    __global int *p = skip(skip(a, off), i * 2);
    *p = i; p[1] = -i;
}
"""
prg = cl.Program(ctx, src).build()
w, hgt = 300, 150
o = buf(np.full(w * hgt, -1, np.float32))
prg.k(q, (w, hgt), None, o, np.int32(w))
res["k"] = get(o, np.zeros(w * hgt, np.float32))
n = 50000
a, b = buf(np.full(n, -1, np.int32)), buf(np.full(n, -2, np.int32))
prg.k2(q, (n,), None, a, b, np.int32(0))
prg.k2(q, (n // 2,), None, a, b, np.int32(1))
res["a"] = get(a, np.zeros(n, np.int32)); res["b"] = get(b, np.zeros(n, np.int32))
a = buf(np.full(2 * n + 64, -1, np.int32))
prg.k3(q, (n,), None, a, np.int32(33))
res["k3"] = get(a, np.zeros(2 * n + 64, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
