import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1113)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# writes through a __global pointer chosen by a scalar argument
src = """
__kernel void k(__global float *a, __global float *b, int which, float v) {
    __global float *dst = which ? a : b;
    int i = get_global_id(0);
    dst[i] = v + i;
}
__kernel void k2(__global int *a, __global int *b, int which) {
    __global int *dst = a, *src = b;
    if (which == 1) { dst = b; src = a; }
    int i = get_global_id(0);
    dst[i] = src[i] + 1;
}
__kernel void k3(__global int *a, __global int *b, int which) {
    int i = get_global_id(0);
    __global int *dst = (which & 2) ? b + 100 : a;
    dst[i] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 50000
a, b = buf(np.zeros(n, np.float32)), buf(np.zeros(n, np.float32))
prg.k(q, (n,), None, a, b, np.int32(1), np.float32(3))
prg.k(q, (n // 2,), None, a, b, np.int32(0), np.float32(5))
res["a"] = get(a, np.zeros(n, np.float32)); res["b"] = get(b, np.zeros(n, np.float32))
a, b = buf(np.arange(n, dtype=np.int32)), buf(np.full(n, 5, np.int32))
for w in (0, 1, 1, 0, 1):
    prg.k2(q, (n,), None, a, b, np.int32(w))
res["a2"] = get(a, np.zeros(n, np.int32)); res["b2"] = get(b, np.zeros(n, np.int32))
a, b = buf(np.full(n + 100, -1, np.int32)), buf(np.full(n + 100, -1, np.int32))
prg.k3(q, (n,), None, a, b, np.int32(2))
prg.k3(q, (n // 3,), None, a, b, np.int32(1))
res["a3"] = get(a, np.zeros(n + 100, np.int32)); res["b3"] = get(b, np.zeros(n + 100, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
