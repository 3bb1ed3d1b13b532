import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void jacobi(__global const float *A, __global const float *b, __global const float *x, __global float *xn, int n) {
    int i = get_global_id(0);
    float s = 0.0f;
    for (int j = 0; j < n; ++j) if (j != i) s += A[i*n + j] * x[j];
    xn[i] = (b[i] - s) / A[i*n + i];
}
__kernel void resid(__global const float *x, __global const float *xn, __global float *d) {
    int i = get_global_id(0); d[i] = fabs(x[i] - xn[i]); }
__kernel void life(__global const uchar *g, __global uchar *h, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    int c = 0;
    for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) {
        if (!dx && !dy) continue;
        int xx = (x + dx + W) % W, yy = (y + dy + H) % H;
        c += g[yy*W + xx];
    }
    uchar alive = g[y*W + x];
    h[y*W + x] = (c == 3 || (alive && c == 2)) ? 1 : 0;
}
"""
prg = cl.Program(ctx, src).build()
K = {k.function_name: k for k in prg.all_kernels()}
rng = np.random.default_rng(17)
res = {}
n = 700
A = rng.uniform(-1, 1, (n, n)).astype(np.float32)
A += np.diag(np.full(n, 2.0 * n, np.float32))
b = rng.standard_normal(n).astype(np.float32)
dA = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=A)
db = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
dx = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
dxn = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
dd = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
d = np.empty(n, np.float32)
iters = 0
hist = []
while iters < 60:
    K["jacobi"](q, (n,), None, dA, db, dx, dxn, np.int32(n))
    K["resid"](q, (n,), None, dx, dxn, dd)
    dx, dxn = dxn, dx
    iters += 1
    if iters % 5 == 0:
        cl.enqueue_copy(q, d, dd)
        hist.append(d.max())
        if d.max() < 1e-7:
            break
x = np.empty(n, np.float32); cl.enqueue_copy(q, x, dx)
res["jacobi_x"] = x; res["jacobi_iters"] = np.array(iters); res["jacobi_hist"] = np.array(hist, np.float32)
W, H = 333, 211
g = (rng.random((H, W)) < 0.3).astype(np.uint8)
dg = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=g)
dh = cl.Buffer(ctx, mf.READ_WRITE, g.nbytes)
pops = []
for step in range(40):
    K["life"](q, (W, H), None, dg, dh, np.int32(W), np.int32(H))
    dg, dh = dh, dg
    if step % 10 == 9:
        cl.enqueue_copy(q, g, dg); pops.append(int(g.sum()))
res["life"] = g; res["life_pops"] = np.array(pops)
np.savez(sys.argv[1], **res)
print("done", iters, pops)
