import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1130)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# size_t indices that would wrap but are guarded; neighbours written by the previous item
src = """
__kernel void prev(__global int *o) {
    size_t i = get_global_id(0);
    if (i > 0) o[i - 1] = (int)i;
}
__kernel void shifted(__global int *o, uint k) {
    uint i = get_global_id(0);
    if (i >= k) o[i - k] = (int)i;
}
__kernel void tern(__global int *o, int n) {
    int i = get_global_id(0);
    o[i < n / 2 ? 2 * i : 2 * (i - n / 2) + 1] = i;
}
__kernel void vidx(__global int *o, int n) {
    int i = get_global_id(0);
    int2 d = (int2)(i, i + n);
    o[d.y] = i; o[d.x] = -i;
}
"""
prg = cl.Program(ctx, src).build()
n = 60000
o = buf(np.full(n, -1, np.int32)); prg.prev(q, (n,), None, o); res["prev"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.shifted(q, (n,), None, o, np.uint32(1000)); res["shifted"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.tern(q, (n,), None, o, np.int32(n)); res["tern"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(2 * n, -1, np.int32)); prg.vidx(q, (n,), None, o, np.int32(n)); res["vidx"] = get(o, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
