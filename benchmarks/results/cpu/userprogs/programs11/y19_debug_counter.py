import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1119)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# debug counters written to a buffer at index 0 by work-item 0 only
src = """
__kernel void k(__global const float *a, __global float *o, __global int *dbg, int n) {
    int i = get_global_id(0);
    if (i == 0) { dbg[0] = n; dbg[1] = (int)get_global_size(0); dbg[2] = (int)get_num_groups(0); }
    if (i < n) o[i] = a[i] * 3.0f;
}
__kernel void k2(__global int *o, __global int *dbg) {
    int i = get_global_id(0);
    o[i + 1] = i;
    if (get_global_id(0) == 0 && get_global_id(1) == 0) o[0] = (int)get_global_size(1);
}
__kernel void k3(__global int *o) {
    int i = get_global_id(0);
    if (i == get_global_size(0) - 1) o[0] = i;    /* the last item reports */
    else o[i + 1] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 100000
a = rng.standard_normal(n).astype(np.float32)
o, d = buf(np.zeros(n, np.float32)), buf(np.full(4, -1, np.int32))
prg.k(q, (n + 96,), None, buf(a), o, d, np.int32(n))
res["o"] = get(o, a); res["d"] = get(d, np.zeros(4, np.int32))
o = buf(np.full(n + 1, -1, np.int32))
prg.k2(q, (n,), None, o, d)
res["k2"] = get(o, np.zeros(n + 1, np.int32))
o = buf(np.full(n + 1, -1, np.int32))
prg.k3(q, (n,), None, o)
res["k3"] = get(o, np.zeros(n + 1, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
