import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1012)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# kernels where only some items write: every third, items above a data threshold, an
# early return guarded by !(), a guard with == and !=
src = """
__kernel void third(__global int *o) {
    int i = get_global_id(0);
    if (i % 3) return;
    o[i] = i;
}
__kernel void thresh(__global const float *a, __global float *o, float t) {
    int i = get_global_id(0);
    if (a[i] > t) o[i] = a[i];
}
__kernel void notlt(__global int *o, int n) {
    int i = get_global_id(0);
    if (!(i < n)) return;
    o[i] = 2 * i;
}
__kernel void noteq(__global int *o, int skip) {
    int i = get_global_id(0);
    if (i == skip) return;
    if ((i & 15) != 0) o[i] = -i;
}
__kernel void rev_guard(__global int *o, int n) {
    int i = get_global_id(0);
    if (n <= i) { return; }
    o[n - 1 - i] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 100000
o = buf(np.full(n, -7, np.int32))
prg.third(q, (n,), None, o)
res["third"] = get(o, np.zeros(n, np.int32))
a = rng.standard_normal(n).astype(np.float32)
o = buf(np.full(n, 5.0, np.float32))
prg.thresh(q, (n,), None, buf(a), o, np.float32(0.5))
res["thresh"] = get(o, a)
o = buf(np.full(n + 64, -7, np.int32))
prg.notlt(q, (n + 64,), None, o, np.int32(n))
res["notlt"] = get(o, np.zeros(n + 64, np.int32))
o = buf(np.full(n, -7, np.int32))
prg.noteq(q, (n,), None, o, np.int32(5001))
res["noteq"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n + 64, -7, np.int32))
prg.rev_guard(q, (n + 64,), None, o, np.int32(n))
res["revg"] = get(o, np.zeros(n + 64, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
