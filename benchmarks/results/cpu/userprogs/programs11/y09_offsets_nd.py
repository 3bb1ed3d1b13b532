import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1109)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# global offsets in several dimensions
src = """
__kernel void k2(__global int *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    o[y * w + x] = x * 7 + y;
}
__kernel void k3(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    o[(z * h + y) * w + x] = x + y + z;
}
__kernel void rel2(__global int *o, int w) {
    int x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1);
    o[y * w + x] = (int)get_global_offset(1) - y;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 400, 300
o = buf(np.full(w * h, -1, np.int32))
prg.k2(q, (256, 200), None, o, np.int32(w), global_offset=(100, 64))
res["k2"] = get(o, np.zeros(w * h, np.int32))
o = buf(np.full(w * h, -1, np.int32))
prg.k2(q, (256, 200), (16, 8), o, np.int32(w), global_offset=(16, 8))
res["k2l"] = get(o, np.zeros(w * h, np.int32))
o = buf(np.full(40 * 50 * 60, -1, np.int32))
prg.k3(q, (20, 30, 40), None, o, np.int32(40), np.int32(50), global_offset=(5, 10, 15))
res["k3"] = get(o, np.zeros(40 * 50 * 60, np.int32))
o = buf(np.full(w * h, -1, np.int32))
prg.rel2(q, (300, 250), None, o, np.int32(w), global_offset=(30, 40))
res["rel2"] = get(o, np.zeros(w * h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
