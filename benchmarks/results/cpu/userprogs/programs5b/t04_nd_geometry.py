import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void geo2(__global int *o, int W) {
    int x = get_global_id(0), y = get_global_id(1);
    int idx = (y * W + x) * 8;
    o[idx+0] = get_group_id(0); o[idx+1] = get_group_id(1);
    o[idx+2] = get_local_id(0); o[idx+3] = get_local_id(1);
    o[idx+4] = get_num_groups(0) * 1000 + get_num_groups(1);
    o[idx+5] = get_local_size(0) * 100 + get_local_size(1);
    o[idx+6] = get_global_size(0) * 10000 + get_global_size(1);
    o[idx+7] = (get_group_id(1) * get_num_groups(0) + get_group_id(0)) * (get_local_size(0)*get_local_size(1))
              + get_local_id(1) * get_local_size(0) + get_local_id(0);
}
__kernel void geo3(__global uint *o, int W, int H) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t idx = ((z * H + y) * W + x) * 4;
    o[idx+0] = (uint)(get_group_id(0) + 100 * get_group_id(1) + 10000 * get_group_id(2));
    o[idx+1] = (uint)(get_local_id(0) + 100 * get_local_id(1) + 10000 * get_local_id(2));
    o[idx+2] = (uint)(get_num_groups(0) + 100 * get_num_groups(1) + 10000 * get_num_groups(2));
    o[idx+3] = (uint)get_work_dim() * 7 + (uint)(x ^ y ^ z);
}
__kernel void data2(__global const float *a, __global float *b, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    float s = a[y*W+x];
    if (x > 0) s += a[y*W+x-1];
    if (y + 1 < H) s += 0.5f * a[(y+1)*W+x];
    b[y*W+x] = s * (float)(get_global_size(0) - x);
}
__kernel void data3(__global const double *a, __global double *b, int W, int H, int D) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t i = ((size_t)z*H + y)*W + x;
    double s = a[i];
    if (z > 0) s -= a[i - (size_t)W*H];
    if (z + 1 < D) s += 2.0 * a[i + (size_t)W*H];
    b[i] = s + (double)(x*y) * 1e-3 + get_global_size(2);
}
""").build()
# explicit local sizes with odd global sizes that are multiples of them
cases2 = [((91, 77), (13, 7)), ((255, 3), (5, 3)), ((17, 221), (17, 1)), ((2, 50001), (1, 3)), ((625, 25), (25, 5))]
for j, (g, l) in enumerate(cases2):
    W = g[0]
    o = cl.Buffer(ctx, mf.WRITE_ONLY, g[0] * g[1] * 8 * 4)
    cl.Kernel(prg, "geo2")(q, g, l, o, np.int32(W))
    h = np.empty(g[0] * g[1] * 8, np.int32); cl.enqueue_copy(q, h, o)
    res[f"geo2_{j}"] = h
cases3 = [((21, 15, 11), (7, 5, 1)), ((9, 9, 33), (3, 3, 11)), ((101, 3, 7), (1, 3, 7)), ((64, 17, 19), (8, 1, 1))]
for j, (g, l) in enumerate(cases3):
    o = cl.Buffer(ctx, mf.WRITE_ONLY, int(np.prod(g)) * 16)
    cl.Kernel(prg, "geo3")(q, g, l, o, np.int32(g[0]), np.int32(g[1]))
    h = np.empty(int(np.prod(g)) * 4, np.uint32); cl.enqueue_copy(q, h, o)
    res[f"geo3_{j}"] = h
# geo2 with local None: only save what does not depend on local size
g = (131, 253)
o = cl.Buffer(ctx, mf.WRITE_ONLY, g[0] * g[1] * 32)
cl.Kernel(prg, "geo2")(q, g, None, o, np.int32(g[0]))
h = np.empty(g[0] * g[1] * 8, np.int32).reshape(-1, 8); cl.enqueue_copy(q, h, o)
res["geo2_none_gsize"] = h[:, 6].copy()
res["geo2_none_consistent"] = np.array(bool(np.all(h[:, 0] * (h[:, 5] // 100) + h[:, 2] == np.tile(np.arange(g[0]), g[1]))))
# data-only kernels, local None and explicit, odd sizes
rng = np.random.default_rng(44)
for (W, H, l) in [(1013, 307, None), (1013, 307, (1, 307)), (641, 479, (641, 1)), (3, 99991, None)]:
    a = rng.standard_normal(W * H).astype(np.float32)
    da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a); db = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    cl.Kernel(prg, "data2")(q, (W, H), l, da, db, np.int32(W), np.int32(H))
    b = np.empty_like(a); cl.enqueue_copy(q, b, db); res[f"data2_{W}_{H}_{l is None}"] = b
for (W, H, D, l) in [(57, 43, 41, None), (57, 43, 41, (19, 1, 41)), (7, 5, 3001, None), (301, 1, 299, (7, 1, 13))]:
    a = rng.standard_normal(W * H * D)
    da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a); db = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    cl.Kernel(prg, "data3")(q, (W, H, D), l, da, db, np.int32(W), np.int32(H), np.int32(D))
    b = np.empty_like(a); cl.enqueue_copy(q, b, db); res[f"data3_{W}_{H}_{D}_{l is None}"] = b
np.savez(sys.argv[1], **res)
print("done", len(res))
