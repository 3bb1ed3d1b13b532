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

# assignments inside the condition of an early return, data-dependent and not
src = """
__kernel void a(__global const int *in, __global int *o, int n) {
    int i = get_global_id(0), v;
    if (i >= n || (v = in[i]) < 0) return;
    o[i] = v * 2;
}
__kernel void b(__global int *o, int n) {
    int i = get_global_id(0), j;
    if ((j = n - 1 - i) < 0) return;
    o[j] = i;
}
__kernel void c(__global int *o, int w, int h) {
    int x, y;
    if ((x = get_global_id(0)) >= w || (y = get_global_id(1)) >= h) return;
    o[y * w + x] = x + y;
}
"""
prg = cl.Program(ctx, src).build()
n = 500
inp = np.random.default_rng(36).integers(-5, 5, 512).astype(np.int32)
o = buf(np.full(512, -1, np.int32)); prg.a(q, (512,), (32,), buf(inp), o, np.int32(n)); res["a"] = get(o, np.zeros(512, np.int32))
o = buf(np.full(512, -1, np.int32)); prg.b(q, (512,), (32,), o, np.int32(n)); res["b"] = get(o, np.zeros(512, np.int32))
o = buf(np.full(40 * 20, -1, np.int32)); prg.c(q, (48, 24), (16, 8), o, np.int32(40), np.int32(20)); res["c"] = get(o, np.zeros(800, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
