import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void gridstride(__global const float *x, __global float *y, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = x[i] * 3.0f - 1.0f;
}
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reqd(__global int *o) {
    int i = get_global_id(0);
    o[i] = get_local_size(0) * 1000 + get_local_id(0);
}
__kernel void transpose(__global const float *a, __global float *b, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < W && y < H) b[x * H + y] = a[y * W + x];
}
__kernel void transpose_tiled(__global const float *a, __global float *b, int W, int H) {
    __local float tile[16][17];
    int gx = get_group_id(0) * 16, gy = get_group_id(1) * 16;
    int lx = get_local_id(0), ly = get_local_id(1);
    if (gx + lx < W && gy + ly < H) tile[ly][lx] = a[(gy + ly) * W + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = gy + lx, oy = gx + ly;
    if (ox < H && oy < W) b[oy * H + ox] = tile[lx][ly];
}
__kernel void rev_groups(__global const int *x, __global int *y) {
    int g = get_group_id(0), ng = get_num_groups(0), l = get_local_id(0), ls = get_local_size(0);
    y[(ng - 1 - g) * ls + l] = x[g * ls + l];
}
__kernel void linear_ids(__global int *o) {
    size_t gl = get_global_linear_id();
    o[gl] = (int)(get_local_linear_id() + 1000 * get_group_id(1));
}
__kernel void grid2d_stride(__global float *m, int W, int H) {
    for (int y = get_global_id(1); y < H; y += get_global_size(1))
        for (int x = get_global_id(0); x < W; x += get_global_size(0))
            m[y * W + x] = (float)(x * 2 + y);
}
"""
prg = cl.Program(ctx, src).build(options="-cl-std=CL2.0")
K = {k.function_name: k for k in prg.all_kernels()}
rng = np.random.default_rng(26)
res = {}
n = 1000003
x = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
for gs, ls in [(4096, 64), (65536, None), (1024 * 3, 32)]:
    K["gridstride"](q, (gs,), None if ls is None else (ls,), dx, dy, np.int32(n))
    y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dy); res[f"gridstride_{gs}"] = y
    cl.enqueue_fill_buffer(q, dy, np.float32(0), 0, n * 4)
for gs, ls in [(64 * 1000, None), (64 * 777, (64,))]:
    d = cl.Buffer(ctx, mf.WRITE_ONLY, gs * 4)
    try:
        K["reqd"](q, (gs,), ls, d)
        o = np.empty(gs, np.int32); cl.enqueue_copy(q, o, d); res[f"reqd_{gs}"] = o
    except cl.Error as e:
        res[f"reqd_{gs}_err"] = np.array(f"{type(e).__name__} {e.code}")
W, H = 1000, 700
a = rng.standard_normal((H, W)).astype(np.float32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
db = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
K["transpose"](q, (W, H), None, da, db, np.int32(W), np.int32(H))
b = np.empty((W, H), np.float32); cl.enqueue_copy(q, b, db); res["transpose"] = b
cl.enqueue_fill_buffer(q, db, np.float32(0), 0, a.nbytes)
K["transpose_tiled"](q, ((W + 15) // 16 * 16, (H + 15) // 16 * 16), (16, 16), da, db, np.int32(W), np.int32(H))
cl.enqueue_copy(q, b, db); res["transpose_tiled"] = b
res["transpose_ok"] = np.array(np.array_equal(b, a.T))
xi = np.arange(128 * 3000, dtype=np.int32)
dxi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xi)
dyi = cl.Buffer(ctx, mf.WRITE_ONLY, xi.nbytes)
K["rev_groups"](q, xi.shape, (128,), dxi, dyi)
yi = np.empty_like(xi); cl.enqueue_copy(q, yi, dyi); res["rev_groups"] = yi
dl = cl.Buffer(ctx, mf.WRITE_ONLY, 256 * 300 * 4)
K["linear_ids"](q, (256, 300), (16, 4), dl)
ol = np.empty(256 * 300, np.int32); cl.enqueue_copy(q, ol, dl); res["linear_ids"] = ol
dm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros((H, W), np.float32))
K["grid2d_stride"](q, (64, 48), None, dm, np.int32(W), np.int32(H))
m = np.empty((H, W), np.float32); cl.enqueue_copy(q, m, dm); res["grid2d_stride"] = m
np.savez(sys.argv[1], **res)
print("done", len(res))
