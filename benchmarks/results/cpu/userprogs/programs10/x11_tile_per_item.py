import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1011)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# each work-item writes a tile of k elements (k an argument), with #pragma unroll on a
# fixed-size inner loop, a count-down loop and a loop bounded with <=
src = """
__kernel void tile(__global const float *a, __global float *o, int k) {
    int i = get_global_id(0);
    for (int t = 0; t < k; t++) o[i * k + t] = a[i] + (float)t;
}
__kernel void unrolled(__global const float *a, __global float *o) {
    int i = get_global_id(0);
    #pragma unroll
    for (int t = 0; t < 4; t++) o[4 * i + t] = a[4 * i + 3 - t];
}
__kernel void down(__global int *o, int k) {
    int i = get_global_id(0);
    for (int t = k - 1; t >= 0; --t) o[i * k + t] = t - i;
}
__kernel void incl(__global int *o, int k) {
    int i = get_global_id(0);
    for (int t = 1; t <= k; t += 2) o[i * (k + 1) + t] = i;
}
__kernel void uns_down(__global int *o, uint k) {
    uint i = get_global_id(0);
    for (uint t = k; t-- > 0;) o[i * k + t] = (int)t;
}
"""
prg = cl.Program(ctx, src).build()
n = 20000
for k in (3, 7):
    a = rng.standard_normal(n).astype(np.float32)
    o = buf(np.full(n * k, -1.0, np.float32))
    prg.tile(q, (n,), None, buf(a), o, np.int32(k))
    res[f"tile{k}"] = get(o, np.zeros(n * k, np.float32))
    o = buf(np.full(n * k, -1, np.int32))
    prg.down(q, (n,), None, o, np.int32(k))
    res[f"down{k}"] = get(o, np.zeros(n * k, np.int32))
    o = buf(np.full(n * (k + 1), -1, np.int32))
    prg.incl(q, (n,), None, o, np.int32(k))
    res[f"incl{k}"] = get(o, np.zeros(n * (k + 1), np.int32))
    o = buf(np.full(n * k, -1, np.int32))
    prg.uns_down(q, (n,), None, o, np.uint32(k))
    res[f"uns{k}"] = get(o, np.zeros(n * k, np.int32))
a = rng.standard_normal(4 * n).astype(np.float32)
o = buf(np.zeros(4 * n, np.float32))
prg.unrolled(q, (n,), None, buf(a), o)
res["unr"] = get(o, a)
np.savez(sys.argv[1], **res)
print("done", len(res))
