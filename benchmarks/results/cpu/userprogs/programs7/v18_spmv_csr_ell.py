import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void csr(__global const int *rowptr, __global const int *col, __global const float *val,
                  __global const float *x, __global float *y, int nrows) {
    int r = get_global_id(0);
    if (r >= nrows) return;
    float s = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) s += val[k] * x[col[k]];
    y[r] = s;
}
__kernel void csr_vector(__global const int *rowptr, __global const int *col, __global const float *val,
                         __global const float *x, __global float *y, __local float *part) {
    int r = get_group_id(0), l = get_local_id(0), L = get_local_size(0);
    float s = 0.0f;
    for (int k = rowptr[r] + l; k < rowptr[r + 1]; k += L) s += val[k] * x[col[k]];
    part[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int h = L / 2; h > 0; h >>= 1) { if (l < h) part[l] += part[l + h]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (l == 0) y[r] = part[0];
}
__kernel void ell(__global const int *col, __global const float *val, __global const float *x,
                  __global float *y, int nrows, int width) {
    int r = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < width; k++) {
        int c = col[k * nrows + r];
        if (c >= 0) s += val[k * nrows + r] * x[c];
    }
    y[r] = s;
}
""").build()
rng = np.random.default_rng(718)
nrows = 60013
nnz_row = rng.integers(0, 24, nrows)
rowptr = np.concatenate([[0], np.cumsum(nnz_row)]).astype(np.int32)
nnz = int(rowptr[-1])
col = rng.integers(0, nrows, nnz).astype(np.int32)
val = rng.standard_normal(nnz).astype(np.float32)
x = rng.standard_normal(nrows).astype(np.float32)
B = lambda a: cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
drp, dcol, dval, dx = B(rowptr), B(col), B(val), B(x)
dy = cl.Buffer(ctx, mf.READ_WRITE, 4 * nrows)
ck = cl.Kernel(prg, "csr")
xs = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
# repeated SpMV with normalisation on the host: y = A x; x = y / max|y|
for it in range(8):
    ck(q, ((nrows + 63) // 64 * 64,), (64,), drp, dcol, dval, xs, dy, np.int32(nrows))
    hy = np.empty(nrows, np.float32); cl.enqueue_copy(q, hy, dy)
    hy /= np.float32(np.abs(hy).max() or 1)
    cl.enqueue_copy(q, xs, hy)
res["csr_iter"] = hy
cv = cl.Kernel(prg, "csr_vector")
cv(q, (nrows * 8,), (8,), drp, dcol, dval, dx, dy, cl.LocalMemory(4 * 8))
hy = np.empty(nrows, np.float32); cl.enqueue_copy(q, hy, dy); res["csr_vector"] = hy
width = int(nnz_row.max())
ecol = -np.ones((width, nrows), np.int32); evl = np.zeros((width, nrows), np.float32)
for r in range(0, nrows):
    a, b = rowptr[r], rowptr[r + 1]
    ecol[:b - a, r] = col[a:b]; evl[:b - a, r] = val[a:b]
cl.Kernel(prg, "ell")(q, (nrows,), None, B(ecol), B(evl), dx, dy, np.int32(nrows), np.int32(width))
hy = np.empty(nrows, np.float32); cl.enqueue_copy(q, hy, dy); res["ell"] = hy
np.savez(sys.argv[1], **res)
print("done", len(res))
