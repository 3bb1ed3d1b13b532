import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void partial_sum(__global const int *x, __global int *partial, __local int *scratch, int n) {
    int gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);
    scratch[lid] = gid < n ? x[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = ls / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
__kernel void partial_fsum(__global const float *x, __global float *partial, __local float *scratch, int n) {
    int gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);
    scratch[lid] = gid < n ? x[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = ls / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
__kernel void group_info(__global int4 *info) {
    int g = get_global_id(0);
    info[g] = (int4)(get_group_id(0), get_num_groups(0), get_local_size(0), get_local_id(0));
}
__kernel void group_info2(__global int *info) {
    int x = get_global_id(0), y = get_global_id(1);
    int W = get_global_size(0);
    info[y*W + x] = get_group_id(0) * 1000000 + get_group_id(1) * 10000 + get_num_groups(1) * 100 + get_local_id(1);
}
__kernel void block_reverse(__global const float *x, __global float *y) {
    __local float tile[128];
    int lid = get_local_id(0), ls = get_local_size(0);
    tile[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    y[get_global_id(0)] = tile[ls - 1 - lid];
}
"""
prg = cl.Program(ctx, src).build()
k_ps = cl.Kernel(prg, "partial_sum"); k_pf = cl.Kernel(prg, "partial_fsum")
k_gi = cl.Kernel(prg, "group_info"); k_gi2 = cl.Kernel(prg, "group_info2"); k_br = cl.Kernel(prg, "block_reverse")
rng = np.random.default_rng(3)
res = {}
for n, ls in [(1 << 20, 256), (1000003, 128), (4096, 64), (77, 32)]:
    x = rng.integers(-1000, 1000, n).astype(np.int32)
    dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    ng = (n + ls - 1) // ls
    dp = cl.Buffer(ctx, mf.READ_WRITE, ng * 4)
    k_ps(q, (ng * ls,), (ls,), dx, dp, cl.LocalMemory(ls * 4), np.int32(n))
    # second stage: reduce the partials with the same kernel
    ng2 = (ng + ls - 1) // ls
    dp2 = cl.Buffer(ctx, mf.READ_WRITE, ng2 * 4)
    k_ps(q, (ng2 * ls,), (ls,), dp, dp2, cl.LocalMemory(ls * 4), np.int32(ng))
    p = np.empty(ng, np.int32); p2 = np.empty(ng2, np.int32)
    cl.enqueue_copy(q, p, dp); cl.enqueue_copy(q, p2, dp2)
    res[f"psum_{n}"] = p; res[f"psum2_{n}"] = p2
    res[f"total_ok_{n}"] = np.array(p2.sum() == x.sum())
    xf = rng.standard_normal(n).astype(np.float32)
    dxf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xf)
    dpf = cl.Buffer(ctx, mf.READ_WRITE, ng * 4)
    k_pf(q, (ng * ls,), (ls,), dxf, dpf, cl.LocalMemory(ls * 4), np.int32(n))
    pf = np.empty(ng, np.float32); cl.enqueue_copy(q, pf, dpf); res[f"pfsum_{n}"] = pf

for gs, ls in [(4096, 64), (1 << 16, 16), (96, 32), (3 * 5 * 7 * 16, 16)]:
    d = cl.Buffer(ctx, mf.WRITE_ONLY, gs * 16)
    k_gi(q, (gs,), (ls,), d)
    o = np.empty((gs, 4), np.int32); cl.enqueue_copy(q, o, d); res[f"ginfo_{gs}_{ls}"] = o
for (W, H), (lx, ly) in [((256, 192), (16, 8)), ((64, 1024), (8, 32)), ((30, 40), (10, 4))]:
    d = cl.Buffer(ctx, mf.WRITE_ONLY, W * H * 4)
    k_gi2(q, (W, H), (lx, ly), d)
    o = np.empty(W * H, np.int32); cl.enqueue_copy(q, o, d); res[f"ginfo2_{W}_{H}"] = o
n = 128 * 5000
x = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
k_br(q, (n,), (128,), dx, dy)
y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dy); res["brev"] = y
res["brev_ok"] = np.array(np.array_equal(y.reshape(-1, 128)[:, ::-1].reshape(-1), x))
np.savez(sys.argv[1], **res)
print("done", len(res))
