import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
/* red-black Gauss-Seidel in place: each colour reads only the other colour, so it is race-free */
__kernel void rb(__global float *u, __global const float *f, int N, int colour) {
    int x = get_global_id(0) + 1, y = get_global_id(1) + 1;
    if (x >= N - 1 || y >= N - 1 || ((x + y) & 1) != colour) return;
    u[y * N + x] = 0.25f * (u[y * N + x - 1] + u[y * N + x + 1] + u[(y - 1) * N + x] + u[(y + 1) * N + x] - f[y * N + x]);
}
/* in-place read-modify-write of the element itself and its pair partner (pairs are disjoint) */
__kernel void butterfly(__global float2 *a, int half_, int span) {
    int i = get_global_id(0);
    int blk = i / half_, off = i % half_;
    int p = blk * span + off, r = p + half_;
    float2 x = a[p], y = a[r];
    a[p] = x + y;
    a[r] = (x - y) * 0.5f;
}
__kernel void own_rmw(__global int *a, __global const int *b) {
    int i = get_global_id(0);
    a[i] = (a[i] ^ b[i]) + (a[i] >> 3);
}
""").build()
rb = cl.Kernel(prg, "rb"); bf = cl.Kernel(prg, "butterfly"); orw = cl.Kernel(prg, "own_rmw")
N = 515
rng = np.random.default_rng(624)
u = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(N * N, np.float32))
f = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(N * N).astype(np.float32))
for it in range(30):
    rb(q, (N - 2, N - 2), None, u, f, np.int32(N), np.int32(0))
    rb(q, (N - 2, N - 2), None, u, f, np.int32(N), np.int32(1))
h = np.empty(N * N, np.float32); cl.enqueue_copy(q, h, u); res["rb"] = h
M = 1 << 17
ha = np.zeros(M, np.dtype([("x", np.float32), ("y", np.float32)]))
ha["x"] = rng.standard_normal(M); ha["y"] = rng.standard_normal(M)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
span = M
while span >= 2:
    bf(q, (M // 2,), None, a, np.int32(span // 2), np.int32(span))
    span //= 2
hb = np.empty_like(ha); cl.enqueue_copy(q, hb, a); res["butterfly"] = hb.view(np.float32)
n = 300001
ai = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.integers(0, 1 << 30, n).astype(np.int32))
bi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.integers(0, 1 << 30, n).astype(np.int32))
for it in range(7):
    orw(q, (n,), None, ai, bi)
hi = np.empty(n, np.int32); cl.enqueue_copy(q, hi, ai); res["own_rmw"] = hi
np.savez(sys.argv[1], **res)
print("done", len(res))
