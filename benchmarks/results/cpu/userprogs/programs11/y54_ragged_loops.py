import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1154)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# loops whose length depends on the work-item, writing column-major or strided
src = """
__kernel void init(__global int *o, int v) { o[get_global_size(0) - 1 - get_global_id(0)] = v; }
__kernel void tri_col(__global int *o, int h) {
    int y = get_global_id(0);
    for (int x = 0; x < y - 100; x++) o[x * h + y] = x + 1;
}
__kernel void tri_row(__global int *o, int w) {
    int y = get_global_id(0);
    for (int x = y % 7; x < 40; x++) o[y * w + x] = x;
}
__kernel void upper(__global int *o, int n) {
    int y = get_global_id(0);
    for (int x = y; x < n; x++) o[x * n + y] = 1;
}
__kernel void band(__global int *o, int n) {
    int y = get_global_id(0);
    int lo = y - 2 < 0 ? 0 : y - 2;
    for (int x = lo; x <= y; x++) o[y * n + x] = 7;
}
"""
prg = cl.Program(ctx, src).build()
def fresh(m, v):
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
    prg.init(q, (m,), None, o, np.int32(v))
    return o
h = 600
o = fresh(h * h, -1); prg.tri_col(q, (h,), None, o, np.int32(h)); res["tri_col"] = get(o, np.zeros(h * h, np.int32))
o = fresh(40 * 3000, -1); prg.tri_row(q, (3000,), None, o, np.int32(40)); res["tri_row"] = get(o, np.zeros(40 * 3000, np.int32))
o = fresh(h * h, -1); prg.upper(q, (h,), None, o, np.int32(h)); res["upper"] = get(o, np.zeros(h * h, np.int32))
o = fresh(h * h, -1); prg.band(q, (h,), None, o, np.int32(h)); res["band"] = get(o, np.zeros(h * h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
