import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1137)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# loops with continue and break around writes; a loop whose bound is a buffer value
src = """
__kernel void k(__global int *o, int w) {
    int y = get_global_id(0);
    for (int x = 0; x < w; x++) {
        if ((x & 3) == 1) continue;
        o[y * w + x] = x + y;
    }
}
__kernel void k2(__global const int *len, __global int *o, int w) {
    int y = get_global_id(0);
    int n = len[y];
    for (int x = 0; x < n; x++) o[y * w + x] = x;
}
__kernel void k3(__global int *o, int w) {
    int y = get_global_id(0);
    int x = 0;
    while (1) { if (x >= w) break; o[y * w + x] = -x; x += 2; }
}
"""
prg = cl.Program(ctx, src).build()
w, h = 64, 1000
o = buf(np.full(w * h, -1, np.int32)); prg.k(q, (h,), None, o, np.int32(w))
res["k"] = get(o, np.zeros(w * h, np.int32))
ln = rng.integers(0, w + 1, h).astype(np.int32)
o = buf(np.full(w * h, -1, np.int32)); prg.k2(q, (h,), None, buf(ln), o, np.int32(w))
res["k2"] = get(o, np.zeros(w * h, np.int32))
o = buf(np.full(w * h, -1, np.int32)); prg.k3(q, (h,), None, o, np.int32(w))
res["k3"] = get(o, np.zeros(w * h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
