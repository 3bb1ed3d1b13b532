import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1112)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# vstore/vload of char3, short3, uchar4 at odd offsets
src = """
__kernel void c3(__global const char *a, __global char *o) {
    int i = get_global_id(0);
    char3 v = vload3(i, a + 1);
    vstore3(v + (char3)(1, 2, 3), i, o + 1);
}
__kernel void s3(__global short *o) {
    int i = get_global_id(0);
    vstore3((short3)(i, -i, 2 * i), 0, o + 3 * i + 5);
}
__kernel void u4(__global const uchar *a, __global uchar *o) {
    int i = get_global_id(0);
    uchar4 v = vload4(0, a + 4 * i + 3);
    vstore4(v.wzyx, 0, o + 4 * i + 1);
}
"""
prg = cl.Program(ctx, src).build()
n = 30000
a = rng.integers(-100, 100, 3 * n + 8).astype(np.int8)
o = buf(np.full(3 * n + 8, 0x11, np.int8))
prg.c3(q, (n,), None, buf(a), o)
res["c3"] = get(o, a)
o = buf(np.full(3 * n + 16, 0x11, np.int16))
prg.s3(q, (n,), None, o)
res["s3"] = get(o, np.zeros(3 * n + 16, np.int16))
au = rng.integers(0, 255, 4 * n + 8).astype(np.uint8)
o = buf(np.full(4 * n + 8, 0x22, np.uint8))
prg.u4(q, (n,), None, buf(au), o)
res["u4"] = get(o, au)
np.savez(sys.argv[1], **res)
print("done", len(res))
