import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
prg = cl.Program(ctx, """
__kernel void spmv(__global const int *rowptr, __global const int *col, __global const double *val,
                   __global const double *x, __global double *y, int nrows) {
    int r = get_global_id(0);
    if (r >= nrows) return;
    double s = 0.0;
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) s += val[k] * x[col[k]];
    y[r] = s;
}
__kernel void spmv_int(__global const int *rowptr, __global const int *col, __global const int *val,
                       __global const long *x, __global long *y, int nrows) {
    int r = get_global_id(0);
    if (r >= nrows) return;
    long s = 0;
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) s += (long)val[k] * x[col[k]];
    y[r] = s % 1000003;
}
__kernel void scale_inv(__global double *y, __global const double *nrm2) {
    int i = get_global_id(0); y[i] = y[i] / sqrt(*nrm2);
}
""").build()
rng = np.random.default_rng(1818)
N = 60001
deg = rng.integers(0, 12, N)
deg[::1000] = 300            # a few heavy rows
rowptr = np.zeros(N + 1, np.int32); rowptr[1:] = np.cumsum(deg)
nnz = int(rowptr[-1])
col = rng.integers(0, N, nnz).astype(np.int32)
val = rng.random(nnz)
d_rp, d_col, d_val = (cla.to_device(q, x) for x in (rowptr, col, val))
x = cla.to_device(q, np.ones(N))
y = cla.empty_like(x)
ks = cl.Kernel(prg, "spmv"); kn = cl.Kernel(prg, "scale_inv")
for it in range(15):
    ks(q, (N + 63,), None, d_rp.data, d_col.data, d_val.data, x.data, y.data, np.int32(N))
    nrm = cla.dot(y, y)
    kn(q, (N,), None, y.data, nrm.data)
    x, y = y, x
res["tol_power"] = x.get()
# exact integer version of the same graph, with a local size that does not divide N
ival = rng.integers(1, 50, nnz).astype(np.int32)
d_ival = cla.to_device(q, ival)
xi = cla.to_device(q, np.arange(N, dtype=np.int64))
yi = cla.empty_like(xi)
ki = cl.Kernel(prg, "spmv_int")
for it in range(10):
    ki(q, ((N + 127) // 128 * 128,), (128,), d_rp.data, d_col.data, d_ival.data, xi.data, yi.data, np.int32(N))
    xi, yi = yi, xi
res["int_iter"] = xi.get()
res["int_sum"] = np.array(cla.sum(xi).get())
np.savez(sys.argv[1], **res)
print("done", nnz)
