import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1114)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# atomics on __local, then a single global write per group
src = """
__kernel void cnt(__global const int *a, __global int *o, int thr) {
    __local int c;
    if (get_local_id(0) == 0) c = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (a[get_global_id(0)] > thr) atomic_inc(&c);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) o[get_group_id(0)] = c;
}
__kernel void hist(__global const uchar *a, __global int *o) {
    __local int h[16];
    int l = get_local_id(0);
    if (l < 16) h[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&h[a[get_global_id(0)] & 15], 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16) o[get_group_id(0) * 16 + l] = h[l];
}
__kernel void mx(__global const int *a, __global int *o) {
    __local int m;
    if (get_local_id(0) == 0) m = INT_MIN;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_max(&m, a[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == get_local_size(0) - 1) o[get_group_id(0)] = m;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 17
a = rng.integers(0, 1000, n).astype(np.int32)
o = buf(np.full(n // 64, -1, np.int32))
prg.cnt(q, (n,), (64,), buf(a), o, np.int32(500))
res["cnt"] = get(o, np.zeros(n // 64, np.int32))
au = rng.integers(0, 255, n).astype(np.uint8)
o = buf(np.full(n // 128 * 16, -1, np.int32))
prg.hist(q, (n,), (128,), buf(au), o)
res["hist"] = get(o, np.zeros(n // 128 * 16, np.int32))
o = buf(np.full(n // 256, -1, np.int32))
prg.mx(q, (n,), (256,), buf(a), o)
res["mx"] = get(o, np.zeros(n // 256, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
