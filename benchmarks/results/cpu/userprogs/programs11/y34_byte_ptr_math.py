import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1134)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# pointer arithmetic in bytes: char* offsets cast back to int*, negative indices
src = """
__kernel void k(__global int *o, int off_bytes) {
    int i = get_global_id(0);
    __global int *p = (__global int *)((__global char *)o + off_bytes);
    p[i] = i;
}
__kernel void k2(__global int *o, int n) {
    int i = get_global_id(0);
    (o + n)[-i - 1] = i;
}
__kernel void k3(__global float *o) {
    int i = get_global_id(0);
    __global uchar *b = (__global uchar *)(o + i);
    b[3] = 0x40; b[0] = (uchar)i;
}
__kernel void k4(__global int *o) {
    int i = get_global_id(0);
    *(__global short *)((__global char *)o + 6 * i + 2) = (short)i;
}
"""
prg = cl.Program(ctx, src).build()
n = 40000
o = buf(np.full(n + 10, -1, np.int32)); prg.k(q, (n,), None, o, np.int32(12))
res["k"] = get(o, np.zeros(n + 10, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.k2(q, (n,), None, o, np.int32(n))
res["k2"] = get(o, np.zeros(n, np.int32))
o = buf(np.zeros(n, np.float32)); prg.k3(q, (n,), None, o)
res["k3"] = get(o, np.zeros(n, np.float32))
o = buf(np.full(2 * n, -1, np.int32)); prg.k4(q, (n,), None, o)
res["k4"] = get(o, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
