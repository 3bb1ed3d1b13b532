import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1108)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# 2-D and 3-D launches: row-major vs column-major writes, (n,1), (1,n), (a,b,1) shapes
src = """
__kernel void rowm(__global int *o) {
    o[get_global_id(1) * get_global_size(0) + get_global_id(0)] = get_global_id(0) * 1000 + get_global_id(1);
}
__kernel void colm(__global int *o) {
    o[get_global_id(0) * get_global_size(1) + get_global_id(1)] = get_global_id(0) * 1000 + get_global_id(1);
}
__kernel void three(__global int *o) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    o[(z * get_global_size(1) + y) * get_global_size(0) + x] = (int)(x + 10 * y + 100 * z);
}
"""
prg = cl.Program(ctx, src).build()
for shape in ((300, 200), (40000, 1), (1, 40000), (7, 9000)):
    m = shape[0] * shape[1]
    for k in ("rowm", "colm"):
        o = buf(np.full(m, -1, np.int32))
        getattr(prg, k)(q, shape, None, o)
        res[f"{k}_{shape[0]}x{shape[1]}"] = get(o, np.zeros(m, np.int32))
for shape in ((50, 60, 1), (20, 30, 40), (1, 1, 30000), (30000, 1, 1)):
    m = shape[0] * shape[1] * shape[2]
    o = buf(np.full(m, -1, np.int32))
    prg.three(q, shape, None, o)
    res["three_%d_%d_%d" % shape] = get(o, np.zeros(m, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
