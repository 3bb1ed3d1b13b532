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

# while and do-while loops after bound checks, grid-stride loops with padded sizes
src = """
__kernel void a(__global int *o, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    int k = 0;
    while (k < 4) { o[4 * i + k] = k * i; k++; }
}
__kernel void b(__global int *o, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    int k = 3;
    do { o[4 * i + k] = -k; } while (--k >= 0);
}
__kernel void c(__global int *o, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) o[i] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 300
o = buf(np.full(4 * n, -1, np.int32)); prg.a(q, (320,), (32,), o, np.int32(n)); res["a"] = get(o, np.zeros(4 * n, np.int32))
o = buf(np.full(4 * n, -1, np.int32)); prg.b(q, (320,), (32,), o, np.int32(n)); res["b"] = get(o, np.zeros(4 * n, np.int32))
o = buf(np.full(1000, -1, np.int32)); prg.c(q, (96,), (32,), o, np.int32(997)); res["c"] = get(o, np.zeros(1000, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
