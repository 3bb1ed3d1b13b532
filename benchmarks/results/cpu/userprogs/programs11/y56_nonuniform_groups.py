import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1156)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# OpenCL 2.0 non-uniform work-groups: a global size that is no multiple of the local size
src = """
__kernel void k(__global int *o) {
    int i = get_global_id(0);
    o[i] = (int)(get_local_size(0) * 1000 + get_local_id(0));
}
__kernel void k2(__global int *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    o[y * w + x] = (int)(get_local_size(0) + 100 * get_local_size(1) + 10000 * get_group_id(1));
}
__kernel void last(__global int *o) {
    if (get_local_id(0) == 0) o[get_group_id(0)] = (int)get_local_size(0);
}
"""
try:
    prg = cl.Program(ctx, src).build(options=["-cl-std=CL2.0"])
    n = 100003
    o = buf(np.full(n, -1, np.int32)); prg.k(q, (n,), (64,), o); res["k"] = get(o, np.zeros(n, np.int32))
    o = buf(np.full(301 * 203, -1, np.int32)); prg.k2(q, (301, 203), (16, 8), o, np.int32(301))
    res["k2"] = get(o, np.zeros(301 * 203, np.int32))
    o = buf(np.full(n // 64 + 1, -1, np.int32)); prg.last(q, (n,), (64,), o)
    res["last"] = get(o, np.zeros(n // 64 + 1, np.int32))
except cl.Error as e:
    print("error:", type(e).__name__, e.code)
np.savez(sys.argv[1], **res)
print("done", len(res))
