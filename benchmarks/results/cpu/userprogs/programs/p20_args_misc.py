import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void opt_bias(__global const float *x, __global const float *bias, __global float *y, int use_bias) {
    int i = get_global_id(0);
    y[i] = x[i] * 2.0f + (use_bias ? bias[i] : 0.0f);
}
__kernel void offset_ptr(__global float *x, int off, int stride) {
    int i = get_global_id(0);
    __global float *p = x + off;
    p[i * stride] = (float)i;
}
__kernel void many_to_one(__global const int *x, __global int *y) {
    int i = get_global_id(0);
    y[i / 4] = x[(i / 4) * 4] + 1;   /* four work-items write the same value */
}
__kernel void cond_write(__global const float *x, __global float *y) {
    int i = get_global_id(0);
    if (x[i] > 0.5f) y[i] = x[i];
}
__kernel void unused_arg(__global float *y, __global const float *unused, float v) {
    y[get_global_id(0)] = v;
}
__kernel void same_buf_twice(__global const float *a, __global float *b) {
    int i = get_global_id(0); b[i] = a[i] + 1.0f;
}
__kernel void row_sum(__global const float *m, __global float *s, int W) {
    int r = get_global_id(0); float acc = 0.0f;
    for (int c = 0; c < W; ++c) acc += m[r * W + c];
    s[r] = acc;
}
__kernel void col_write(__global float *m, int H, int W) {
    int c = get_global_id(0);
    for (int r = 0; r < H; ++r) m[r * W + c] = (float)(r - c);
}
"""
prg = cl.Program(ctx, src).build()
K = {k.function_name: k for k in prg.all_kernels()}
rng = np.random.default_rng(20)
res = {}
n = 500000
x = rng.random(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
K["opt_bias"](q, (n,), None, dx, None, dy, np.int32(0))
y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dy); res["null_bias"] = y
K["opt_bias"](q, (n,), None, dx, dx, dy, np.int32(1))
cl.enqueue_copy(q, y, dy); res["with_bias"] = y
big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(3 * n, -1, np.float32))
K["offset_ptr"](q, (n // 2,), None, big, np.int32(1001), np.int32(3))
K["offset_ptr"](q, (n // 3,), None, big, np.int32(7), np.int32(2))
b = np.empty(3 * n, np.float32); cl.enqueue_copy(q, b, big); res["offset_ptr"] = b
xi = rng.integers(0, 100, n).astype(np.int32)
dxi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xi)
dyi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n // 4 + 10, np.int32))
K["many_to_one"](q, (n,), None, dxi, dyi)
yi = np.empty(n // 4 + 10, np.int32); cl.enqueue_copy(q, yi, dyi); res["many_to_one"] = yi
cl.enqueue_fill_buffer(q, dy, np.float32(-2), 0, n * 4)
K["cond_write"](q, (n,), None, dx, dy)
cl.enqueue_copy(q, y, dy); res["cond_write"] = y
K["unused_arg"](q, (n,), None, dy, dy, np.float32(4))
cl.enqueue_copy(q, y, dy); res["unused_arg"] = y
# same buffer passed as input and output (aliasing through two args)
dz = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
K["same_buf_twice"](q, (n,), None, dz, dz)
K["same_buf_twice"](q, (n,), None, dz, dz)
cl.enqueue_copy(q, y, dz); res["alias"] = y
H, W = 3000, 200
m = rng.standard_normal((H, W)).astype(np.float32)
dm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=m)
ds = cl.Buffer(ctx, mf.WRITE_ONLY, H * 4)
K["row_sum"](q, (H,), None, dm, ds, np.int32(W))
s = np.empty(H, np.float32); cl.enqueue_copy(q, s, ds); res["row_sum"] = s
K["col_write"](q, (W,), None, dm, np.int32(H), np.int32(W))
cl.enqueue_copy(q, m, dm); res["col_write"] = m
np.savez(sys.argv[1], **res)
print("done", len(res))
