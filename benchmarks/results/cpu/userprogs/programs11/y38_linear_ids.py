import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1138)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# OpenCL 2.0 linear ids and enqueued local size, built with -cl-std=CL2.0
src = """
__kernel void k(__global int *o) {
    o[get_global_linear_id()] = (int)get_global_id(1);
}
__kernel void k2(__global int *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    o[y * w + x] = (int)(get_local_linear_id() + 1000 * get_enqueued_local_size(0));
}
"""
try:
    prg = cl.Program(ctx, src).build(options=["-cl-std=CL2.0"])
    o = buf(np.full(200 * 150, -1, np.int32)); prg.k(q, (200, 150), None, o)
    res["k"] = get(o, np.zeros(200 * 150, np.int32))
    o = buf(np.full(200 * 150, -1, np.int32)); prg.k2(q, (200, 150), (8, 5), o, np.int32(200))
    res["k2"] = get(o, np.zeros(200 * 150, np.int32))
except cl.Error as e:
    print("CL2.0:", type(e).__name__)
np.savez(sys.argv[1], **res)
print("done", len(res))
