import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1034)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a loop written with a label and a backward goto (as generated or ported code does):
# each item writes every stride-th element from its id on
src = """
__kernel void gloop(__global int *o, int stride, int n) {
    int k = get_global_id(0);
again:
    o[k] = k;
    k += stride;
    if (k < n) goto again;
}
"""
prg = cl.Program(ctx, src).build()
stride, n = 1000, 64000
o = buf(np.full(n, -1, np.int32))
prg.gloop(q, (stride,), None, o, np.int32(stride), np.int32(n))
res["g"] = get(o, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
