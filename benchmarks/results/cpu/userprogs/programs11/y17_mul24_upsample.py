import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1117)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# mul24/mad24/upsample/rotate in indices
src = """
__kernel void m24(__global int *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    o[mad24(y, w, x)] = mul24(x, y);
}
__kernel void up(__global int *o) {
    ushort i = (ushort)get_global_id(0);
    o[upsample((ushort)0, i)] = (int)i;
}
__kernel void up2(__global int *o) {
    uchar i = (uchar)get_global_id(0), j = (uchar)get_global_id(1);
    o[upsample(j, i)] = (int)j;
}
__kernel void rot(__global int *o) {
    uint i = get_global_id(0);
    o[rotate(i, 1u)] = (int)i;
}
"""
prg = cl.Program(ctx, src).build()
w = 300
o = buf(np.full(w * 200, -1, np.int32))
prg.m24(q, (w, 200), None, o, np.int32(w))
res["m24"] = get(o, np.zeros(w * 200, np.int32))
o = buf(np.full(60000, -1, np.int32))
prg.up(q, (60000,), None, o)
res["up"] = get(o, np.zeros(60000, np.int32))
o = buf(np.full(65536, -1, np.int32))
prg.up2(q, (256, 256), None, o)
res["up2"] = get(o, np.zeros(65536, np.int32))
o = buf(np.full(80000, -1, np.int32))
prg.rot(q, (40000,), None, o)
res["rot"] = get(o, np.zeros(80000, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
