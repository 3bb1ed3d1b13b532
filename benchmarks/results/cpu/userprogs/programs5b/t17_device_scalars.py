import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.reduction import ReductionKernel
from pyopencl.elementwise import ElementwiseKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
prg = cl.Program(ctx, """
__kernel void norm_unit(__global const int *a, __global const int *mx, __global const int *mn, __global float *o) {
    int i = get_global_id(0);
    int lo = *mn, hi = *mx;
    o[i] = (float)(a[i] - lo) / (float)(hi - lo);
}
__kernel void bucket(__global const float *x, __global uint *h, __global const uint *nb) {
    int i = get_global_id(0);
    uint b = min((uint)(x[i] * (float)(*nb)), *nb - 1);
    atomic_inc(&h[b]);
}
__kernel void scale_by(__global int *a, __global const long *s, int which) {
    int i = get_global_id(0);
    a[i] = a[i] * (int)(s[0] % 7 + 1) + which;
}
""").build()
rng = np.random.default_rng(1717)
n = 400003
a = cla.to_device(q, rng.integers(-50000, 50000, n).astype(np.int32))
for rnd in range(4):
    mx = cla.max(a); mn = cla.min(a)           # device scalars, never read on the host here
    o = cla.empty(q, n, np.float32)
    cl.Kernel(prg, "norm_unit")(q, (n,), None, a.data, mx.data, mn.data, o.data)
    nb = cla.to_device(q, np.array([17 + rnd], np.uint32))
    h = cla.zeros(q, 17 + rnd, np.uint32)
    cl.Kernel(prg, "bucket")(q, (n,), None, o.data, h.data, nb.data)
    res[f"hist_{rnd}"] = h.get()
    s = cla.sum(a.astype(np.int64))
    cl.Kernel(prg, "scale_by")(q, (n,), None, a.data, s.data, np.int32(rnd))
    res[f"norm_{rnd}"] = o.get()
res["final"] = a.get()
# a reduction result fed to an elementwise kernel as a pointer and to arithmetic with arrays
rk = ReductionKernel(ctx, np.int64, neutral="0", reduce_expr="a+b", map_expr="(long)x[i] * (long)x[i]",
                     arguments="__global const int *x")
ss = rk(a)
ek = ElementwiseKernel(ctx, "int *x, const long *ss, long *y", "y[i] = (long)x[i] * 1000 / (1 + ss[0] % 9973)", "usesum")
y = cla.empty(q, n, np.int64); ek(a, ss, y)
res["ew_devscalar"] = y.get()
res["ss"] = np.array(ss.get())
# device scalar in array arithmetic: a * max(a) (broadcast of a 0-d array by pyopencl)
b = cla.to_device(q, np.arange(1, 1001, dtype=np.float32))
m = cla.max(b)
try:
    res["arr_times_dev"] = (b / m).get()
except Exception as e:
    res["arr_times_dev_err"] = np.array(type(e).__name__)
res["dev_scalar_item"] = np.array([float(m.get()), int(cla.sum(cla.arange(q, 0, 100000, 1, dtype=np.int64)).get())])
np.savez(sys.argv[1], **res)
print("done", len(res))
