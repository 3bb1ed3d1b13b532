import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
#define TS 16
__kernel void jacobi(__global const float *u, __global float *v, __global const float *f, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H) return;
    if (x == 0 || y == 0 || x == W - 1 || y == H - 1) { v[y * W + x] = u[y * W + x]; return; }
    v[y * W + x] = 0.25f * (u[y * W + x - 1] + u[y * W + x + 1] + u[(y - 1) * W + x] + u[(y + 1) * W + x] + f[y * W + x]);
}
__kernel void blur_tile(__global const float *u, __global float *v, int W, int H) {
    __local float t[TS + 2][TS + 2];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_group_id(0) * TS + lx, gy = get_group_id(1) * TS + ly;
    for (int dy = ly; dy < TS + 2; dy += TS)
        for (int dx = lx; dx < TS + 2; dx += TS) {
            int sx = clamp((int)(get_group_id(0) * TS) + dx - 1, 0, W - 1);
            int sy = clamp((int)(get_group_id(1) * TS) + dy - 1, 0, H - 1);
            t[dy][dx] = u[sy * W + sx];
        }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gx < W && gy < H) {
        float s = 0.0f;
        for (int j = 0; j < 3; j++) for (int i = 0; i < 3; i++) s += t[ly + j][lx + i];
        v[gy * W + gx] = s / 9.0f;
    }
}
__kernel void sobel(__global const uchar *img, __global short *gx, __global short *gy, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    int xm = max(x - 1, 0), xp = min(x + 1, W - 1), ym = max(y - 1, 0), yp = min(y + 1, H - 1);
    #define P(a, b) ((short)img[(b) * W + (a)])
    gx[y * W + x] = P(xp, ym) + 2 * P(xp, y) + P(xp, yp) - P(xm, ym) - 2 * P(xm, y) - P(xm, yp);
    gy[y * W + x] = P(xm, yp) + 2 * P(x, yp) + P(xp, yp) - P(xm, ym) - 2 * P(x, ym) - P(xp, ym);
}
""").build()
W, H = 403, 299
rng = np.random.default_rng(706)
f = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.random(W * H).astype(np.float32))
u = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.float32))
v = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.float32))
jk = cl.Kernel(prg, "jacobi")
for it in range(100):
    jk(q, (W, H), None, u, v, f, np.int32(W), np.int32(H))
    u, v = v, u
    if it % 25 == 24:
        h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, u); res[f"jac_{it}"] = h
bk = cl.Kernel(prg, "blur_tile")
img = rng.random(W * H).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=img)
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H)
gs = ((W + 15) // 16 * 16, (H + 15) // 16 * 16)
for it in range(10):
    bk(q, gs, (16, 16), a, b, np.int32(W), np.int32(H))
    a, b = b, a
h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, a); res["blur"] = h
u8 = rng.integers(0, 256, W * H).astype(np.uint8)
di = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=u8)
gx = cl.Buffer(ctx, mf.WRITE_ONLY, 2 * W * H); gy = cl.Buffer(ctx, mf.WRITE_ONLY, 2 * W * H)
cl.Kernel(prg, "sobel")(q, (W, H), None, di, gx, gy, np.int32(W), np.int32(H))
hx = np.empty(W * H, np.int16); hy = np.empty(W * H, np.int16)
cl.enqueue_copy(q, hx, gx); cl.enqueue_copy(q, hy, gy)
res["sobel_x"] = hx; res["sobel_y"] = hy
np.savez(sys.argv[1], **res)
print("done", len(res))
