import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void strided2d(__global float *base, long off, int s0, int s1, int R, int C, float add) {
    int r = get_global_id(0), c = get_global_id(1);
    if (r < R && c < C) { __global float *p = base + off + (long)r * s0 + (long)c * s1; *p = *p * 2.0f + add; }
}
__kernel void rowsum_F(__global const double *a, __global double *o, int R, int C) {
    /* a is Fortran ordered: a[r + c*R] */
    int r = get_global_id(0);
    double s = 0; for (int c = 0; c < C; ++c) s += a[r + (long)c * R] * (c + 1);
    o[r] = s;
}
__kernel void sparse_write(__global int *o, int mod, int val) {
    int i = get_global_id(0);
    if (i % mod == 0) o[i] = val + i;
}
""").build()
rng = np.random.default_rng(1111)
R, C = 613, 409
A = rng.standard_normal((R, C)).astype(np.float32)
dA = cla.to_device(q, A)
# C-order, transpose, offset-views, all addressed through base_data + offset in elements
ks = cl.Kernel(prg, "strided2d")
for j, (v, rr, cc) in enumerate([(dA, R, C), (dA.T, C, R), (dA[100:500, 7:300], 400, 293)]):
    s0, s1 = v.strides[0] // 4, v.strides[1] // 4
    ks(q, (rr + (-rr % 8), cc + (-cc % 8)), (8, 8), v.base_data, np.int64(v.offset // 4), np.int32(s0), np.int32(s1),
       np.int32(rr), np.int32(cc), np.float32(j + 0.5))
res["strided"] = dA.get()
F = np.asfortranarray(rng.standard_normal((R, C)))
dF = cla.to_device(q, F)
o = cla.empty(q, R, np.float64)
cl.Kernel(prg, "rowsum_F")(q, (R,), None, dF.data, o.data, np.int32(R), np.int32(C))
res["tol_rowsum_F"] = o.get()
# an Array over an existing buffer with an offset
raw = cl.Buffer(ctx, mf.READ_WRITE, 4 * 300000)
cl.enqueue_fill_buffer(q, raw, np.int32(-5), 0, 4 * 300000)
arr = cla.Array(q, (100000,), np.int32, data=raw, offset=4 * 123456)
arr2 = arr * 3 + 1
arr[:] = arr2
arr[50000:] = cla.arange(q, 0, 50000, 1, dtype=np.int32)
cl.Kernel(prg, "sparse_write")(q, (300000,), None, raw, np.int32(7), np.int32(1000))
full = np.empty(300000, np.int32); cl.enqueue_copy(q, full, raw); res["raw_view"] = full
res["arr_get"] = arr.get()
# elementwise kernel on offset views: pyopencl passes the offset itself
ek = ElementwiseKernel(ctx, "float *y, const float *x, float a", "y[i] = a * x[i] + y[i] * 0.5f", "ax")
y = cla.to_device(q, rng.standard_normal(200000).astype(np.float32))
x = cla.to_device(q, rng.standard_normal(200000).astype(np.float32))
ek(y[1:150001], x[49999:], np.float32(2.0))
ek(y[:77777], y[100000:177777], np.float32(-1.0))
res["ew_views"] = y.get()
# Array.setitem with a device array from a different offset of the same buffer (non-overlapping)
z = cla.to_device(q, np.arange(400000, dtype=np.float64))
z[0:100000] = z[300000:400000]
z[200000:250000] = z[0:50000] * 2
res["self_setitem"] = z.get()
# queue-less arrays and with_queue
xq = x.with_queue(None)
xx = xq.with_queue(q) * 2
res["with_queue"] = xx.get()
# map_to_host on an array
mp = cla.to_device(q, np.arange(100003, dtype=np.int32))
(mp * 2).finish()
m = mp.map_to_host(is_blocking=True)
res["mapped"] = np.array(m[::1000]); m.base.release() if hasattr(m.base, "release") else None
del m
np.savez(sys.argv[1], **res)
print("done", len(res))
