import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1145)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# small-type loop counters and indices that wrap
src = """
__kernel void k(__global int *o, int w) {
    int y = get_global_id(0);
    for (uchar c = 250; c != 4; c++) o[y * w + c] = c;    /* 250..255, 0..3 */
}
__kernel void k2(__global int *o) {
    int i = get_global_id(0);
    ushort s = (ushort)(i * 3);
    o[s] = i & 0xffff;   /* i < 21846: no wrap */
}
__kernel void k3(__global int *o, int w) {
    int y = get_global_id(0);
    for (char c = -3; c < 3; c++) o[y * w + c + 3] = c;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 256, 300
o = buf(np.full(w * h, -1, np.int32)); prg.k(q, (h,), None, o, np.int32(w)); res["k"] = get(o, np.zeros(w * h, np.int32))
o = buf(np.full(65536, -1, np.int32)); prg.k2(q, (21845,), None, o); res["k2"] = get(o, np.zeros(65536, np.int32))
o = buf(np.full(w * h, -1, np.int32)); prg.k3(q, (h,), None, o, np.int32(w)); res["k3"] = get(o, np.zeros(w * h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
