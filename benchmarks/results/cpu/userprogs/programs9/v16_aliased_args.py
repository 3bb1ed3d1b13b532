import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# one buffer given as two arguments: reading one half and writing the other, or as
# input and output of an elementwise op
src = """
__kernel void copy_half(__global const float *src, __global float *dst, int h) {
    int i = get_global_id(0);
    dst[h + i] = src[i] * 3.0f;
}
__kernel void axpy(__global const float *x, __global float *y, float a) {
    int i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
__kernel void add3(__global const float *a, __global const float *b, __global float *c) {
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(916)
n = 1 << 18
ha = rng.standard_normal(2 * n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
prg.copy_half(q, (n,), None, a, a, np.int32(n))
h = np.empty(2 * n, np.float32); cl.enqueue_copy(q, h, a); res["half"] = h
prg.axpy(q, (2 * n,), None, a, a, np.float32(2.0))          # y = 3y
cl.enqueue_copy(q, h, a); res["self_axpy"] = h
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha[::-1].copy())
prg.add3(q, (2 * n,), None, a, a, b)                          # b = 2a
prg.add3(q, (2 * n,), None, b, a, a)                          # a = a + b
prg.add3(q, (2 * n,), None, b, b, b)                          # b = 2b
cl.enqueue_copy(q, h, a); res["a"] = h
h2 = np.empty(2 * n, np.float32); cl.enqueue_copy(q, h2, b); res["b"] = h2
np.savez(sys.argv[1], **res)
print("done", len(res))
