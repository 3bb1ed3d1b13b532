import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void poly(__global const float * restrict x, __global float * restrict y, __constant float * restrict c) {
    int i = get_global_id(0);
    float v = x[i], acc = 0.0f;
    #pragma unroll
    for (int k = 7; k >= 0; k--) acc = acc * v + c[k];
    y[i] = acc;
}
__kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4)))
void v4(__global const float4 * restrict a, __global float4 * restrict b) {
    int i = get_global_id(0);
    float4 t = a[i];
    #pragma unroll 2
    for (int k = 0; k < 6; k++) t = t * 0.5f + (float4)(k);
    b[i] = t;
}
__kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void box(__global const int * restrict in, __global int * restrict out, int W, int H) {
    __local int t[8][8];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_global_id(1);
    t[ly][lx] = (x < W && y < H) ? in[y * W + x] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = 0;
    #pragma unroll
    for (int k = 0; k < 8; k++) s += t[ly][k] + t[k][lx];
    if (x < W && y < H) out[y * W + x] = s;
}
inline float helper(float a) { return a * a - 1.0f; }
__kernel void uses_inline(__global float *a) { int i = get_global_id(0); a[i] = helper(a[i]) + helper(a[i] * 0.5f); }
""").build()
rng = np.random.default_rng(722)
n = 32 * 20001
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32))
y = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
c = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.linspace(-1, 1, 8).astype(np.float32))
pk = cl.Kernel(prg, "poly")
pk(q, (n,), (32,), x, y, c)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, y); res["poly"] = h
# reqd_work_group_size kernel launched with local size None: some drivers pick 32, some refuse
try:
    pk(q, (n,), None, x, y, c)
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, y); res["poly_none"] = h
except cl.Error as e:
    print("local None:", type(e).__name__, e.code)
# a wrong local size is an error the program reports
try:
    pk(q, (n,), (64,), x, y, c); q.finish(); res["bad_local"] = np.array([0])
except cl.Error as e:
    res["bad_local"] = np.array([1]); print("error:", type(e).__name__, e.code)
m = 250000
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(4 * m).astype(np.float32))
b = cl.Buffer(ctx, mf.WRITE_ONLY, 16 * m)
cl.Kernel(prg, "v4")(q, (m,), None, a, b)
h = np.empty(4 * m, np.float32); cl.enqueue_copy(q, h, b); res["v4"] = h
W, H = 403, 197
bi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.integers(0, 100, W * H).astype(np.int32))
bo = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * W * H)
cl.Kernel(prg, "box")(q, ((W + 7) // 8 * 8, (H + 7) // 8 * 8), (8, 8), bi, bo, np.int32(W), np.int32(H))
h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, bo); res["box"] = h
ai = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32))
for it in range(3):
    cl.Kernel(prg, "uses_inline")(q, (n,), None, ai)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, ai); res["inline"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
