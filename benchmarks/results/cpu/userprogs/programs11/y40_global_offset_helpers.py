import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1140)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# helpers reading get_global_id / get_global_offset themselves
src = """
int gx(void) { return get_global_id(0) - get_global_offset(0); }
int gy(void) { return get_global_id(1) - get_global_offset(1); }
size_t lin(void) { return get_global_id(1) * get_global_size(0) + get_global_id(0); }
__kernel void k(__global int *o, int w) { o[gy() * w + gx()] = gx() - gy(); }
__kernel void k2(__global int *o) { o[lin()] = (int)lin(); }
"""
prg = cl.Program(ctx, src).build()
w = 256
o = buf(np.full(w * 200, -1, np.int32))
prg.k(q, (w, 200), None, o, np.int32(w), global_offset=(11, 13))
res["k"] = get(o, np.zeros(w * 200, np.int32))
o = buf(np.full(300 * 100, -1, np.int32))
prg.k2(q, (300, 100), None, o)
res["k2"] = get(o, np.zeros(300 * 100, np.int32))
o = buf(np.full(300 * 400, -1, np.int32))
prg.k2(q, (300, 100), None, o, global_offset=(0, 100))
res["k2o"] = get(o, np.zeros(300 * 400, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
