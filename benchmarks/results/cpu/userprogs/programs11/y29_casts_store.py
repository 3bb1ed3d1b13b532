import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1129)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# an int buffer written through uchar4 and short2 pointers; vstore_half at offsets
src = """
__kernel void c4(__global int *o) {
    int i = get_global_id(0);
    ((__global uchar4 *)o)[i] = (uchar4)(i, i >> 8, 1, 2);
}
__kernel void s2(__global int *o) {
    int i = get_global_id(0);
    __global short *s = (__global short *)o;
    s[2 * i + 1] = (short)i;
}
__kernel void h(__global const float *a, __global half *o) {
    int i = get_global_id(0);
    vstore_half(a[i], 2 * i + 1, o);
}
__kernel void h2(__global const float *a, __global half *o) {
    int i = get_global_id(0);
    vstore_half2((float2)(a[i], -a[i]), i, o + 3);
}
"""
prg = cl.Program(ctx, src).build()
n = 50000
o = buf(np.full(n, -1, np.int32)); prg.c4(q, (n,), None, o); res["c4"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.s2(q, (n,), None, o); res["s2"] = get(o, np.zeros(n, np.int32))
a = rng.standard_normal(n).astype(np.float32)
o = buf(np.full(2 * n + 8, 0x7e00, np.uint16)); prg.h(q, (n,), None, buf(a), o)
res["h"] = get(o, np.zeros(2 * n + 8, np.uint16))
o = buf(np.full(2 * n + 8, 0x7e00, np.uint16)); prg.h2(q, (n,), None, buf(a), o)
res["h2"] = get(o, np.zeros(2 * n + 8, np.uint16))
np.savez(sys.argv[1], **res)
print("done", len(res))
