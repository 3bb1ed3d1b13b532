import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1021)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# launches with a global offset: indices from get_global_id (offset included), from
# get_global_id - get_global_offset, and from group*size+local (offset not included)
src = """
__kernel void with_off(__global int *o) {
    int i = get_global_id(0);
    o[i] = i;
}
__kernel void rel(__global int *o, __global int *o2) {
    int i = get_global_id(0) - get_global_offset(0);
    o[i] = 3 * i;
    o2[get_global_id(0)] = i;
}
__kernel void grp(__global int *o) {
    int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    o[i] = (int)get_global_id(0);
}
__kernel void off2d(__global int *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    o[y * w + x] = x - y;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
for name in ("with_off",):
    o = buf(np.full(n + 5000, -1, np.int32))
    prg.with_off(q, (n,), None, o, global_offset=(5000,))
    res[name] = get(o, np.zeros(n + 5000, np.int32))
o, o2 = buf(np.full(n, -1, np.int32)), buf(np.full(n + 3000, -1, np.int32))
prg.rel(q, (n,), None, o, o2, global_offset=(3000,))
res["rel"] = get(o, np.zeros(n, np.int32)); res["rel2"] = get(o2, np.zeros(n + 3000, np.int32))
o = buf(np.full(n, -1, np.int32))
prg.grp(q, (n,), (64,), o, global_offset=(640,))
res["grp"] = get(o, np.zeros(n, np.int32))
w = 300
o = buf(np.full(w * 300, -1, np.int32))
prg.off2d(q, (200, 200), None, o, np.int32(w), global_offset=(50, 60))
res["off2d"] = get(o, np.zeros(w * 300, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
