import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1014)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# CSR and ELL sparse matrix-vector products, row pointers and column indices from buffers,
# a CSR kernel with one row per work-group using local reduction
src = """
__kernel void csr(__global const int *rp, __global const int *ci, __global const float *v,
                  __global const float *x, __global float *y, int nrows) {
    int r = get_global_id(0);
    if (r >= nrows) return;
    float s = 0.0f;
    for (int k = rp[r]; k < rp[r + 1]; k++) s += v[k] * x[ci[k]];
    y[r] = s;
}
__kernel void ell(__global const int *ci, __global const float *v, __global const float *x,
                  __global float *y, int nrows, int width) {
    int r = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < width; k++) {
        int c = ci[k * nrows + r];
        if (c < 0) continue;
        s += v[k * nrows + r] * x[c];
    }
    y[r] = s;
}
__kernel void csr_vec(__global const int *rp, __global const int *ci, __global const float *v,
                      __global const float *x, __global float *y, __local float *part) {
    int r = get_group_id(0), l = get_local_id(0), ls = get_local_size(0);
    float s = 0.0f;
    for (int k = rp[r] + l; k < rp[r + 1]; k += ls) s += v[k] * x[ci[k]];
    part[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = ls / 2; o > 0; o >>= 1) { if (l < o) part[l] += part[l + o]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (l == 0) y[r] = part[0];
}
"""
prg = cl.Program(ctx, src).build()
nr = 30000
cnt = rng.integers(0, 12, nr)
rp = np.concatenate([[0], np.cumsum(cnt)]).astype(np.int32)
nnz = int(rp[-1])
ci = rng.integers(0, nr, nnz).astype(np.int32)
v = rng.standard_normal(nnz).astype(np.float32)
x = rng.standard_normal(nr).astype(np.float32)
y = buf(np.full(nr + 32, -1.0, np.float32))
prg.csr(q, (nr + 32,), None, buf(rp), buf(ci), buf(v), buf(x), y, np.int32(nr))
res["csr"] = get(y, np.zeros(nr + 32, np.float32))
width = 12
eci = np.full((width, nr), -1, np.int32); ev = np.zeros((width, nr), np.float32)
for r in range(0, nr, 1):
    k = int(cnt[r]); eci[:k, r] = ci[rp[r]:rp[r + 1]]; ev[:k, r] = v[rp[r]:rp[r + 1]]
y = buf(np.zeros(nr, np.float32))
prg.ell(q, (nr,), None, buf(eci), buf(ev), buf(x), y, np.int32(nr), np.int32(width))
res["ell"] = get(y, x)
y = buf(np.zeros(nr, np.float32))
prg.csr_vec(q, (nr * 8,), (8,), buf(rp), buf(ci), buf(v), buf(x), y, cl.LocalMemory(32))
res["tol_csrvec"] = get(y, x)
np.savez(sys.argv[1], **res)
print("done", len(res))
