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

# early returns on float conditions of the id
src = """
__kernel void a(__global int *o) {
    int x = get_global_id(0);
    if (x < 2.5f) return;
    o[x] = x;
}
__kernel void b(__global int *o, int w) {
    int x = get_global_id(0);
    if (x * 0.5f >= w) return;
    o[x] = 1;
}
__kernel void c(__global int *o, int w) {
    int x = get_global_id(0);
    if (x >= w * 0.75f) return;
    o[x] = 2;
}
__kernel void d(__global int *o, float lim) {
    int x = get_global_id(0);
    float fx = x;
    if (fx > lim) return;
    o[x] = 3;
}
__kernel void e(__global int *o, __global const float *v) {
    int x = get_global_id(0);
    if (v[x] < 0.5f || x > 300) return;
    o[x] = x;
}
__kernel void f(__global int *o, int n) {
    int x = get_global_id(0);
    if ((float)x / n > 0.5f) return;
    o[x] = -x;
}
"""
prg = cl.Program(ctx, src).build()
N = 512
v = np.random.default_rng(11).random(N).astype(np.float32)
for name, args in [("a", ()), ("b", (np.int32(200),)), ("c", (np.int32(400),)), ("d", (np.float32(333.5),)),
                   ("e", (buf(v),)), ("f", (np.int32(N),))]:
    o = buf(np.full(N, -1, np.int32))
    getattr(prg, name)(q, (N,), (32,), o, *args)
    res[name] = get(o, np.zeros(N, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
