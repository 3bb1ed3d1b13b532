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

# comparisons with side effects in early returns: i++ < n, (k = i*2) < n, ++ in both operands
src = """
__kernel void a(__global int *o, int n) {
    int i = get_global_id(0);
    if (i++ >= n) return;
    o[i] = i;
}
__kernel void b(__global int *o, int n) {
    int i = get_global_id(0), k;
    if ((k = i * 2) >= n) return;
    o[k] = i; o[k + 1] = -i;
}
__kernel void c(__global int *o, int n) {
    int i = get_global_id(0);
    if (++i > n || i < 3) return;
    o[i - 1] = i;
}
__kernel void d(__global int *o, int n) {
    int i = get_global_id(0), j = i;
    if (j++ >= n || j++ >= n) return;
    o[j - 2] = j;
}
__kernel void e(__global int *o, int n) {
    int i = get_global_id(0), k = 0;
    if (!((k = i + 4) < n)) return;
    o[k] = k;
}
__kernel void f(__global int *o, int n) {
    int i = get_global_id(0);
    int k = i;
    if ((k += 2) > n) return;
    o[k - 2] = k;
}
"""
prg = cl.Program(ctx, src).build()
N = 520
for name, size, n in [("a", 512, 500), ("b", 256, 501), ("c", 512, 500), ("d", 512, 500), ("e", 512, 510), ("f", 512, 500)]:
    o = buf(np.full(N, -1, np.int32))
    getattr(prg, name)(q, (size,), (16,), o, np.int32(n))
    res[name] = get(o, np.zeros(N, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
