import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
TS = 16
src = """
#define TS %d
__kernel void blur1d(__global const float *x, __global float *y, int n) {
    int i = get_global_id(0);
    float l = i > 0 ? x[i-1] : x[i];
    float r = i < n-1 ? x[i+1] : x[i];
    float l2 = i > 1 ? x[i-2] : l;
    float r2 = i < n-2 ? x[i+2] : r;
    y[i] = 0.1f*l2 + 0.2f*l + 0.4f*x[i] + 0.2f*r + 0.1f*r2;
}
__kernel void lap2d(__global const float *u, __global float *v, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H) return;
    int c = y*W + x;
    if (x == 0 || y == 0 || x == W-1 || y == H-1) { v[c] = u[c]; return; }
    v[c] = 0.25f * (u[c-1] + u[c+1] + u[c-W] + u[c+W]);
}
__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C, int M, int N, int K) {
    __local float As[TS][TS];
    __local float Bs[TS][TS];
    int col = get_global_id(0), row = get_global_id(1);
    int lc = get_local_id(0), lr = get_local_id(1);
    float acc = 0.0f;
    for (int t = 0; t < (K + TS - 1) / TS; ++t) {
        int ac = t*TS + lc, br = t*TS + lr;
        As[lr][lc] = (row < M && ac < K) ? A[row*K + ac] : 0.0f;
        Bs[lr][lc] = (br < K && col < N) ? B[br*N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k) acc += As[lr][k] * Bs[k][lc];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N) C[row*N + col] = acc;
}
__kernel void matmul_naive(__global const float *A, __global const float *B, __global float *C, int N) {
    int i = get_global_id(1), j = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < N; ++k) s += A[i*N+k] * B[k*N+j];
    C[i*N+j] = s;
}
__kernel void smooth_local(__global const float *x, __global float *y, __local float *tile, int n) {
    int g = get_global_id(0), l = get_local_id(0), ls = get_local_size(0);
    tile[l + 1] = g < n ? x[g] : 0.0f;
    if (l == 0) tile[0] = g > 0 ? x[g - 1] : 0.0f;
    if (l == ls - 1) tile[ls + 1] = g + 1 < n ? x[g + 1] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g < n) y[g] = (tile[l] + tile[l + 1] + tile[l + 2]) / 3.0f;
}
""" % TS
prg = cl.Program(ctx, src).build()
K = {k.function_name: k for k in prg.all_kernels()}
rng = np.random.default_rng(10)
res = {}
n = 1000001
x = rng.standard_normal(n).astype(np.float32)
da = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
db = cl.Buffer(ctx, mf.READ_WRITE, x.nbytes)
for it in range(6):
    K["blur1d"](q, (n,), None, da, db, np.int32(n))
    da, db = db, da
y = np.empty_like(x); cl.enqueue_copy(q, y, da); res["blur"] = y
W, H = 517, 389
u = rng.standard_normal((H, W)).astype(np.float32)
du = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=u)
dv = cl.Buffer(ctx, mf.READ_WRITE, u.nbytes)
gw, gh = (W + 15) // 16 * 16, (H + 15) // 16 * 16
for it in range(10):
    K["lap2d"](q, (gw, gh), (16, 16), du, dv, np.int32(W), np.int32(H))
    du, dv = dv, du
cl.enqueue_copy(q, u, du); res["lap"] = u
for M, N, Kd in [(256, 256, 256), (200, 130, 77), (33, 500, 64)]:
    A = rng.standard_normal((M, Kd)).astype(np.float32); B = rng.standard_normal((Kd, N)).astype(np.float32)
    dA = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=A)
    dB = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=B)
    dC = cl.Buffer(ctx, mf.WRITE_ONLY, M * N * 4)
    K["matmul_tiled"](q, ((N + TS - 1) // TS * TS, (M + TS - 1) // TS * TS), (TS, TS), dA, dB, dC, np.int32(M), np.int32(N), np.int32(Kd))
    C = np.empty((M, N), np.float32); cl.enqueue_copy(q, C, dC); res[f"mm_{M}_{N}_{Kd}"] = C
N = 192
A = rng.standard_normal((N, N)).astype(np.float32); B = rng.standard_normal((N, N)).astype(np.float32)
dA = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=A)
dB = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=B)
dC = cl.Buffer(ctx, mf.WRITE_ONLY, N * N * 4)
K["matmul_naive"](q, (N, N), None, dA, dB, dC, np.int32(N))
C = np.empty((N, N), np.float32); cl.enqueue_copy(q, C, dC); res["mm_naive"] = C
n = 300000
x = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
ls = 64
K["smooth_local"](q, ((n + ls - 1) // ls * ls,), (ls,), dx, dy, cl.LocalMemory(4 * (ls + 2)), np.int32(n))
y = np.empty_like(x); cl.enqueue_copy(q, y, dy); res["smooth_local"] = y
np.savez(sys.argv[1], **res)
print("done", len(res))
