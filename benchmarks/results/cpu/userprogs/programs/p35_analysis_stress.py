import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
#define IDX(r, c, ld) ((r) * (ld) + (c))
inline void put(__global float *p, int i, float v) { p[i] = v; }
inline float get2(__global const float *p, int i) { return p[i] + p[i ^ 1]; }
__kernel void vecload(__global const float *x, __global float *y) {
    int i = get_global_id(0);
    float4 v = vload4(i, x);
    vstore4(v.wzyx * 2.0f, i, y);
}
__kernel void cast_write(__global float *x) {
    int i = get_global_id(0);
    __global int *xi = (__global int *)x;
    xi[i] = xi[i] ^ 0x80000000;   /* flip sign bit */
}
__kernel void csr_spmv(__global const int *rowptr, __global const int *col, __global const float *val,
                       __global const float *x, __global float *y) {
    int r = get_global_id(0);
    float s = 0.0f;
    for (int j = rowptr[r]; j < rowptr[r + 1]; ++j) s += val[j] * x[col[j]];
    y[r] = s;
}
__kernel void via_helper(__global const float *x, __global float *y, int n) {
    int i = get_global_id(0);
    put(y, n - 1 - i, get2(x, i));
}
__kernel void hashed(__global const int *x, __global int *y, int n) {
    int i = get_global_id(0);
    y[(int)(((long)i * 7919) % n)] = x[i] * 2;
}
__kernel void ptr_walk(__global float *x, int stride, int count) {
    __global float *p = x + get_global_id(0);
    for (int k = 0; k < count; ++k) { *p += 1.0f; p += stride; }
}
__kernel void block_rows(__global const float *a, __global float *b, int W) {
    int r = get_global_id(0);
    for (int c = 0; c < W; ++c) b[IDX(r, c, W)] = a[IDX(r, W - 1 - c, W)];
}
__kernel void negative_off(__global float *x, int base) {
    int i = get_global_id(0);
    __global float *p = x + base;
    p[-i] = (float)i;
}
"""
prg = cl.Program(ctx, src).build()
K = {k.function_name: k for k in prg.all_kernels()}
rng = np.random.default_rng(35)
res = {}
n = 1 << 20
x = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
y = np.empty(n, np.float32)
K["vecload"](q, (n // 4,), None, dx, dy); cl.enqueue_copy(q, y, dy); res["vecload"] = y.copy()
dz = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
K["cast_write"](q, (n,), None, dz); K["cast_write"](q, (n // 2,), None, dz)
cl.enqueue_copy(q, y, dz); res["cast_write"] = y.copy()
# CSR matrix
m = 50000
nnz_per = rng.integers(0, 20, m)
rowptr = np.zeros(m + 1, np.int32); rowptr[1:] = np.cumsum(nnz_per)
nnz = int(rowptr[-1])
col = rng.integers(0, n, nnz).astype(np.int32); val = rng.standard_normal(nnz).astype(np.float32)
b = [cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a) for a in (rowptr, col, val)]
dys = cl.Buffer(ctx, mf.WRITE_ONLY, m * 4)
K["csr_spmv"](q, (m,), None, *b, dx, dys)
ys = np.empty(m, np.float32); cl.enqueue_copy(q, ys, dys); res["spmv"] = ys
K["via_helper"](q, (n,), None, dx, dy, np.int32(n)); cl.enqueue_copy(q, y, dy); res["via_helper"] = y.copy()
xi = rng.integers(-1000, 1000, n).astype(np.int32)
dxi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xi)
dyi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
K["hashed"](q, (n,), None, dxi, dyi, np.int32(n))
yi = np.empty(n, np.int32); cl.enqueue_copy(q, yi, dyi); res["hashed"] = yi
dw = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
K["ptr_walk"](q, (1000,), None, dw, np.int32(1000), np.int32(1000))
K["ptr_walk"](q, (4096,), None, dw, np.int32(4096), np.int32(200))
cl.enqueue_copy(q, y, dw); res["ptr_walk"] = y.copy()
W = 512; H = n // W
K["block_rows"](q, (H,), None, dx, dy, np.int32(W)); cl.enqueue_copy(q, y, dy); res["block_rows"] = y.copy()
K["negative_off"](q, (n // 2,), None, dw, np.int32(n - 1)); cl.enqueue_copy(q, y, dw); res["negative_off"] = y.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
