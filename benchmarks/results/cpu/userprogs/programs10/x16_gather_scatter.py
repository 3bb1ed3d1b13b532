import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1016)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# gather and scatter through index buffers: a random permutation, its inverse, a gather
# with repeated indices, a scatter into a bigger buffer through a strided index map
src = """
__kernel void scatter(__global const float *a, __global const int *p, __global float *o) {
    int i = get_global_id(0);
    o[p[i]] = a[i];
}
__kernel void gather(__global const float *a, __global const int *p, __global float *o) {
    int i = get_global_id(0);
    o[i] = a[p[i]];
}
__kernel void scatter2(__global const int *a, __global const int *p, __global int *o, int s) {
    int i = get_global_id(0);
    o[p[i] * s + 1] = a[i];
    o[p[i] * s] = -a[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 17
a = rng.standard_normal(n).astype(np.float32)
p = rng.permutation(n).astype(np.int32)
o = buf(np.full(n, 8.0, np.float32))
prg.scatter(q, (n,), None, buf(a), buf(p), o)
res["sc"] = get(o, a)
o2 = buf(np.full(n, 8.0, np.float32))
prg.gather(q, (n,), None, o, buf(p), o2)
res["back"] = get(o2, a)
rep = rng.integers(0, 1000, n).astype(np.int32)
prg.gather(q, (n,), None, buf(a), buf(rep), o2)
res["rep"] = get(o2, a)
ai = rng.integers(0, 1 << 20, n).astype(np.int32)
o = buf(np.full(3 * n, 5, np.int32))
prg.scatter2(q, (n,), None, buf(ai), buf(p), o, np.int32(3))
res["sc2"] = get(o, np.zeros(3 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
