import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1116)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# integer division and modulo by constants in write indices
src = """
__kernel void pad3(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    o[i / 3 * 4 + i % 3] = a[i];
}
__kernel void unpad(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    o[i] = a[i / 3 * 4 + i % 3];
}
__kernel void blk(__global int *o) {
    uint i = get_global_id(0);
    o[(i / 8) * 16 + (i % 8) * 2] = (int)i;
}
__kernel void tr(__global int *o) {
    int i = get_global_id(0);
    o[(i % 5) * 10000 + i / 5] = i;
}
__kernel void negmod(__global int *o, int base) {
    int i = get_global_id(0) + base;   /* base negative */
    o[i / 4 + 2000] = i % 4;
}
"""
prg = cl.Program(ctx, src).build()
n = 30000
a = rng.integers(0, 1000, n).astype(np.int32)
o = buf(np.full(n // 3 * 4 + 4, -1, np.int32))
prg.pad3(q, (n,), None, buf(a), o)
res["pad3"] = get(o, np.zeros(n // 3 * 4 + 4, np.int32))
o2 = buf(np.full(n, -1, np.int32))
prg.unpad(q, (n,), None, o, o2)
res["unpad"] = get(o2, a)
o = buf(np.full(2 * n + 16, -1, np.int32))
prg.blk(q, (n,), None, o)
res["blk"] = get(o, np.zeros(2 * n + 16, np.int32))
o = buf(np.full(50000, -1, np.int32))
prg.tr(q, (50000,), None, o)
res["tr"] = get(o, np.zeros(50000, np.int32))
o = buf(np.full(20000, -1, np.int32))
prg.negmod(q, (16000,), None, o, np.int32(-7999))
res["negmod"] = get(o, np.zeros(20000, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
