import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel __attribute__((reqd_work_group_size(8, 4, 1)))
void tile2d(__global int *o, int W, int H) {
    int gx = get_group_id(0) * get_local_size(0) + get_local_id(0);
    int gy = get_group_id(1) * get_local_size(1) + get_local_id(1);
    if (gx < W && gy < H) o[gy * W + gx] = gx * 1000 + gy + (int)get_num_groups(0) * 7 + (int)get_num_groups(1);
}
__kernel void grid_stride(__global float *a, int n) {
    int stride = get_num_groups(0) * get_local_size(0);
    for (int i = get_group_id(0) * get_local_size(0) + get_local_id(0); i < n; i += stride)
        a[i] = a[i] * 2.0f + 1.0f;
}
__kernel void per_group(__global int *o) {
    /* one write per work-group, by local id 0 */
    if (get_local_id(0) == 0) o[get_group_id(0)] = (int)(get_local_size(0) * 100 + get_num_groups(0));
}
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void wg_sum(__global const int *a, __global int *o) {
    __local int s[64];
    int l = get_local_id(0);
    s[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 32; k > 0; k >>= 1) { if (l < k) s[l] += s[l + k]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (l == 0) o[get_group_id(0)] = s[0];
}
__kernel void gid_vs_groups(__global int *o) {
    size_t g = get_global_id(0);
    size_t h = get_group_id(0) * get_local_size(0) + get_local_id(0) + get_global_offset(0);
    o[g - get_global_offset(0)] = (g == h) ? (int)get_group_id(0) : -1;
}
""").build()
W, H = 301, 203
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H)
cl.enqueue_fill_buffer(q, o, np.int32(-9), 0, 4 * W * H)
cl.Kernel(prg, "tile2d")(q, ((W + 7) // 8 * 8, (H + 3) // 4 * 4), (8, 4), o, np.int32(W), np.int32(H))
h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, o); res["tile2d"] = h
n = 1000003
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.float32))
gs = cl.Kernel(prg, "grid_stride")
for groups, lsz in [(4, 64), (13, 32), (256, 16), (1, 1)]:
    gs(q, (groups * lsz,), (lsz,), a, np.int32(n))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, a); res["grid_stride"] = h
pg = cl.Kernel(prg, "per_group")
outs = []
for g, l in [(1024, 16), (999, 1), (60, 60), (4096, 128)]:
    ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * (g // l))
    pg(q, (g,), (l,), ob)
    hh = np.empty(g // l, np.int32); cl.enqueue_copy(q, hh, ob); outs.append(hh)
res["per_group"] = np.concatenate(outs)
m = 64 * 3001
src = np.random.default_rng(613).integers(-100, 100, m).astype(np.int32)
ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=src)
ob = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * 3001)
cl.Kernel(prg, "wg_sum")(q, (m,), (64,), ab, ob)
hh = np.empty(3001, np.int32); cl.enqueue_copy(q, hh, ob); res["wg_sum"] = hh
ob2 = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4096)
cl.Kernel(prg, "gid_vs_groups")(q, (4096,), (32,), ob2, global_offset=(64,))
hh = np.empty(4096, np.int32); cl.enqueue_copy(q, hh, ob2); res["gid_off"] = hh
np.savez(sys.argv[1], **res)
print("done", len(res))
