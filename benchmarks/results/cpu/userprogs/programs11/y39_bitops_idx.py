import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1139)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# indices from shifts and masks: interleaving, pair swaps, Morton order
src = """
__kernel void swap(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    o[i ^ 1] = a[i];
}
__kernel void ilv(__global int *o) {
    uint i = get_global_id(0);
    o[(i << 1) | 1] = (int)i;
}
__kernel void morton(__global int *o) {
    uint x = get_global_id(0), y = get_global_id(1), m = 0;
    for (int b = 0; b < 8; b++) m |= ((x >> b) & 1) << (2 * b) | ((y >> b) & 1) << (2 * b + 1);
    o[m] = (int)(x + 256 * y);
}
__kernel void hi(__global int *o, int n) {
    int i = get_global_id(0);
    o[(i & ~63) + 63 - (i & 63)] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.integers(0, 1000, n).astype(np.int32)
o = buf(np.full(n, -1, np.int32)); prg.swap(q, (n,), None, buf(a), o); res["swap"] = get(o, a)
o = buf(np.full(2 * n, -1, np.int32)); prg.ilv(q, (n,), None, o); res["ilv"] = get(o, np.zeros(2 * n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.morton(q, (256, 256), None, o); res["morton"] = get(o, a)
o = buf(np.full(n, -1, np.int32)); prg.hi(q, (n,), None, o, np.int32(n)); res["hi"] = get(o, a)
np.savez(sys.argv[1], **res)
print("done", len(res))
