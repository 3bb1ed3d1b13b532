import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1004)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a switch on data deciding whether an item returns early, then writes after the switch;
# fall-through cases writing neighbours; a default that breaks
src = """
__kernel void classify(__global const int *a, __global int *o, __global int *o2) {
    int i = get_global_id(0);
    switch (a[i] & 3) {
    case 0:
        return;
    case 1:
        o2[i] = 1;
        break;
    default:
        break;
    }
    o[i] = a[i] * 7;
}
__kernel void fall(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    int b = i * 4;
    switch (a[i] % 4) {
    case 3: o[b + 3] = 30;
    case 2: o[b + 2] = 20;
    case 1: o[b + 1] = 10;
    default: o[b] = a[i];
    }
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 17
h = rng.integers(0, 1 << 20, n).astype(np.int32)
o, o2 = buf(np.full(n, -1, np.int32)), buf(np.full(n, -2, np.int32))
prg.classify(q, (n,), None, buf(h), o, o2)
res["cls"] = get(o, h); res["cls2"] = get(o2, h)
o = buf(np.full(4 * n, -3, np.int32))
prg.fall(q, (n,), None, buf(h), o)
res["fall"] = get(o, np.zeros(4 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
