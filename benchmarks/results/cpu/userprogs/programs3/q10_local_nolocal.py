import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
__kernel void grp_sum(__global const int *x, __global int *gsum, __local int *scratch) {
    int l = get_local_id(0), g = get_group_id(0), ls = get_local_size(0);
    scratch[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = ls / 2; s > 0; s >>= 1) { if (l < s) scratch[l] += scratch[l + s]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (l == 0) gsum[g] = scratch[0] + (ls << 20);
}
__kernel void local_hist(__global const uchar *in, __global uint *hist, int n) {
    __local uint lh[256];
    int l = get_local_id(0), ls = get_local_size(0);
    for (int b = l; b < 256; b += ls) lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&lh[in[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = l; b < 256; b += ls) atomic_add(&hist[b], lh[b]);
}
__kernel void geom(__global int *o) {
    int i = get_global_id(0);
    o[4*i] = get_local_size(0); o[4*i+1] = get_num_groups(0); o[4*i+2] = get_group_id(0); o[4*i+3] = get_local_id(0);
}
__kernel void reverse_in_group(__global float *x) {
    __local float t[64];
    int l = get_local_id(0), ls = get_local_size(0);
    t[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    x[get_global_id(0)] = t[ls - 1 - l];
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(1010)
n = 1 << 16
x = rng.integers(0, 100, n).astype(np.int32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dg = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
k = cl.Kernel(prg, "grp_sum")
for ls in [None, (64,), (256,)]:
    cl.enqueue_fill_buffer(q, dg, np.int32(0), 0, 4 * n)
    k(q, (n,), ls, dx, dg, cl.LocalMemory(4 * 256))
    g = np.empty(n, np.int32); cl.enqueue_copy(q, g, dg)
    res[f"grp_sum_{ls}"] = g
    # the program checks its total the way a user would
    nz = g[g != 0]
    res[f"grp_total_{ls}"] = np.array([int((nz & ((1 << 20) - 1)).sum()), len(nz)])
inp = rng.integers(0, 256, 300007).astype(np.uint8)
din = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=inp)
dh = cl.Buffer(ctx, mf.READ_WRITE, 256 * 4)
kh = cl.Kernel(prg, "local_hist")
for gs, ls in [((4096,), (128,)), ((4096,), None), ((1000,), None), ((300007,), None)]:
    cl.enqueue_fill_buffer(q, dh, np.uint32(0), 0, 1024)
    kh(q, gs, ls, din, dh, np.int32(inp.size))
    h = np.empty(256, np.uint32); cl.enqueue_copy(q, h, dh); res[f"hist_{gs[0]}_{ls}"] = h
kg = cl.Kernel(prg, "geom")
do = cl.Buffer(ctx, mf.READ_WRITE, 16 * 5003)
for gs, ls in [((5003,), None), ((4096,), None), ((5000,), (8,)), ((64,), None)]:
    cl.enqueue_fill_buffer(q, do, np.int32(-1), 0, 16 * 5003)
    kg(q, gs, ls, do)
    o = np.empty(4 * 5003, np.int32); cl.enqueue_copy(q, o, do)
    # record only what a careful program would rely on when it passes no local size:
    # the local size it got must divide the global size
    if ls is None:
        o4 = o.reshape(-1, 4)[:gs[0]]
        res[f"geom_{gs[0]}_consistent"] = np.array([bool((o4[:, 0] * o4[:, 1] == gs[0]).all()),
            bool((o4[:, 2] * o4[:, 0] + o4[:, 3] == np.arange(gs[0])).all())])
        res[f"geom_{gs[0]}_dev_ls"] = o4[:1, 0]   # the implementation's choice
    else:
        res[f"geom_{gs[0]}_{ls}"] = o
xf = np.arange(64 * 101, dtype=np.float32)
dxf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=xf)
prg.reverse_in_group(q, (64 * 101,), (64,), dxf)
prg.reverse_in_group(q, (64 * 101,), (32,), dxf)
cl.enqueue_copy(q, xf, dxf); res["rev"] = xf
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
