import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
T = 8
src = """
#define T %d
__kernel void mm(__global const float *A, __global const float *B, __global float *C, int M, int N, int K) {
    __local float As[T][T], Bs[T][T];
    int r = get_global_id(1), c = get_global_id(0), lr = get_local_id(1), lc = get_local_id(0);
    float acc = 0;
    for (int t = 0; t < (K + T - 1) / T; t++) {
        int ka = t * T + lc, kb = t * T + lr;
        As[lr][lc] = (r < M && ka < K) ? A[r * K + ka] : 0;
        Bs[lr][lc] = (c < N && kb < K) ? B[kb * N + c] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < T; k++) acc += As[lr][k] * Bs[k][lc];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (r < M && c < N) C[r * N + c] = acc;
}
__kernel void transpose(__global const float *in, __global float *out, int rows, int cols, __local float *tile) {
    int c = get_global_id(0), r = get_global_id(1), lc = get_local_id(0), lr = get_local_id(1), ls = get_local_size(0);
    if (r < rows && c < cols) tile[lr * (ls + 1) + lc] = in[r * cols + c];
    barrier(CLK_LOCAL_MEM_FENCE);
    int oc = get_group_id(1) * ls + lc, orr = get_group_id(0) * ls + lr;
    if (orr < cols && oc < rows) out[orr * rows + oc] = tile[lc * (ls + 1) + lr];
}
__kernel void naive3(__global const float *A, __global float *B, int X, int Y, int Z) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x < X && y < Y && z < Z) B[(z * Y + y) * X + x] = A[(x * Y + y) * Z + z] * 2 + z;
}
""" % T
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(2323)
M, N, K = 131, 97, 89
A = rng.integers(-3, 4, (M, K)).astype(np.float32); B = rng.integers(-3, 4, (K, N)).astype(np.float32)
dA = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=A); dB = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=B)
dC = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * M * N)
gs = ((N + T - 1) // T * T, (M + T - 1) // T * T)
prg.mm(q, gs, (T, T), dA, dB, dC, np.int32(M), np.int32(N), np.int32(K))
C = np.empty((M, N), np.float32); cl.enqueue_copy(q, C, dC); res["mm"] = C
res["mm_check"] = np.array(np.array_equal(C, A @ B))
R, Cc = 173, 211
X = rng.standard_normal((R, Cc)).astype(np.float32)
dX = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=X); dY = cl.Buffer(ctx, mf.WRITE_ONLY, X.nbytes)
kt = cl.Kernel(prg, "transpose")
for ls in [4, 16]:
    kt(q, ((Cc + ls - 1) // ls * ls, (R + ls - 1) // ls * ls), (ls, ls), dX, dY, np.int32(R), np.int32(Cc), cl.LocalMemory(4 * ls * (ls + 1)))
    Y = np.empty((Cc, R), np.float32); cl.enqueue_copy(q, Y, dY); res[f"transpose_{ls}"] = Y
dims = (13, 11, 7)
A3 = rng.standard_normal(13 * 11 * 7).astype(np.float32)
dA3 = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=A3); dB3 = cl.Buffer(ctx, mf.WRITE_ONLY, A3.nbytes)
prg.naive3(q, (16, 12, 7), (4, 3, 7), dA3, dB3, *[np.int32(d) for d in dims])
B3 = np.empty_like(A3); cl.enqueue_copy(q, B3, dB3); res["naive3"] = B3
prg.naive3(q, dims, None, dA3, dB3, *[np.int32(d) for d in dims])
cl.enqueue_copy(q, B3, dB3); res["naive3_nolocal"] = B3
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
