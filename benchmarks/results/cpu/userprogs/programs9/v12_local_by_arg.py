import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# __local scratch sized by the host with LocalMemory; tile reversal and block sums
src = """
__kernel void reverse_blocks(__global const float *a, __global float *o, __local float *t) {
    int l = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
    t[l] = a[g * L + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    o[g * L + l] = t[L - 1 - l];
}
__kernel void block_sums(__global const int *a, __global int *s, __local int *t, int n) {
    int i = get_global_id(0), l = get_local_id(0);
    t[l] = i < n ? a[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = get_local_size(0) / 2; w > 0; w >>= 1) {
        if (l < w) t[l] += t[l + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) s[get_group_id(0)] = t[0];
}
__kernel void two_locals(__global const float *a, __global float *o, __local float *x, __local float *y, int k) {
    int l = get_local_id(0), L = get_local_size(0), base = get_group_id(0) * L;
    x[l] = a[base + l];
    y[l] = a[base + (l + k) % L];
    barrier(CLK_LOCAL_MEM_FENCE);
    o[base + l] = x[(l + 1) % L] - y[l];
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(912)
n = 256 * 512
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE, ha.nbytes)
for L in [64, 256, 128]:
    prg.reverse_blocks(q, (n,), (L,), a, o, cl.LocalMemory(4 * L))
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res[f"rb_{L}"] = h
hi = rng.integers(-100, 100, n - 77).astype(np.int32)
ai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hi)
for L in [128, 32]:
    s = cl.Buffer(ctx, mf.READ_WRITE, 4 * (n // L))
    prg.block_sums(q, (n,), (L,), ai, s, cl.LocalMemory(4 * L), np.int32(n - 77))
    hs = np.empty(n // L, np.int32); cl.enqueue_copy(q, hs, s); res[f"bs_{L}"] = hs
prg.two_locals(q, (n,), (64,), a, o, cl.LocalMemory(256), cl.LocalMemory(256), np.int32(5))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res["tl"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
