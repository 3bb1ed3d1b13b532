import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# indices composed from get_group_id/get_local_id/get_local_size, get_num_groups, offsets
src = """
__kernel void composed(__global int *o) {
    int g = get_group_id(0), l = get_local_id(0), L = get_local_size(0);
    o[g * L + l] = g * 1000 + l;
}
__kernel void blocked_t(__global const float *a, __global float *o) {
    /* group-major layout: each group writes its block transposed within */
    int g = get_group_id(0), l = get_local_id(0), L = get_local_size(0);
    o[g * L + (L - 1 - l)] = a[get_global_id(0)];
}
__kernel void per_group_last(__global int *o) {
    if (get_local_id(0) == get_local_size(0) - 1)
        o[get_group_id(0)] = (int)get_global_id(0) + (int)get_num_groups(0);
}
__kernel void with_offset(__global float *o) {
    size_t i = get_global_id(0) - get_global_offset(0);
    o[i] = (float)get_global_id(0);
}
__kernel void groups2d(__global int *o) {
    int gx = get_group_id(0), gy = get_group_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    int W = get_num_groups(0) * get_local_size(0);
    int x = gx * get_local_size(0) + lx, y = gy * get_local_size(1) + ly;
    o[y * W + x] = gx + 100 * gy;
}
"""
prg = cl.Program(ctx, src).build()
n = 64 * 3000
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
prg.composed(q, (n,), (64,), o)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o); res["composed"] = h
rng = np.random.default_rng(910)
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
of = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
for L in [32, 64, 128]:
    prg.blocked_t(q, (n,), (L,), a, of)
    hf = np.empty(n, np.float32); cl.enqueue_copy(q, hf, of); res[f"bt_{L}"] = hf
og = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n // 16, np.int32))
prg.per_group_last(q, (n,), (16,), og)
hg = np.empty(n // 16, np.int32); cl.enqueue_copy(q, hg, og); res["pgl"] = hg
oo = cl.Buffer(ctx, mf.READ_WRITE, 4 * 100000)
prg.with_offset(q, (100000,), None, oo, global_offset=(5000,))
ho = np.empty(100000, np.float32); cl.enqueue_copy(q, ho, oo); res["off"] = ho
o2 = cl.Buffer(ctx, mf.READ_WRITE, 4 * 256 * 300)
prg.groups2d(q, (256, 300), (16, 12), o2)
h2 = np.empty(256 * 300, np.int32); cl.enqueue_copy(q, h2, o2); res["g2"] = h2
np.savez(sys.argv[1], **res)
print("done", len(res))
