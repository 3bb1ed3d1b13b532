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

# long and ulong bounds mixed with int ids, negative starts, unsigned literal bounds
src = """
__kernel void a(__global int *o, long n) {
    long i = get_global_id(0);
    if (i - 3 < 0 || i >= n) return;
    o[i] = (int)i;
}
__kernel void b(__global int *o, int n) {
    uint i = get_global_id(0);
    if (i < 3u || i >= (uint)n) return;
    o[i] = 5;
}
__kernel void c(__global int *o, ulong n) {
    int i = get_global_id(0);
    if (i >= n) return;
    o[i] = i;
}
__kernel void d(__global int *o, int n) {
    ulong i = get_global_id(0) * 2ul;
    if (i + 1 >= (ulong)n) return;
    o[i] = 1; o[i + 1] = 2;
}
__kernel void e(__global int *o, short n) {
    short i = get_global_id(0);
    if (i >= n) return;
    o[i] = n;
}
"""
prg = cl.Program(ctx, src).build()
N = 520
for name, args in [("a", (np.int64(500),)), ("b", (np.int32(500),)), ("c", (np.uint64(500),)),
                   ("d", (np.int32(501),)), ("e", (np.int16(499),))]:
    o = buf(np.full(N, -1, np.int32))
    getattr(prg, name)(q, (512,), (32,), o, *args)
    res[name] = get(o, np.zeros(N, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
