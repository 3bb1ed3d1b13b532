import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl import elementwise as ew

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
n = 200003
rng = np.random.default_rng(605)
hx = rng.standard_normal(n).astype(np.float32)
hy = rng.standard_normal(n).astype(np.float32)
x, y = cla.to_device(q, hx), cla.to_device(q, hy)
z = cla.empty(q, n, np.float64)
# copy kernel with conversion
k = ew.get_copy_kernel(ctx, np.dtype(np.float64), np.dtype(np.float32))
k.set_args(z.data, x.data, np.uint64(n)) if False else None
z._copy(z, x, queue=q) if False else None
ev = cla.Array._copy(z, x, queue=q)
ev.wait()
res["cp_conv"] = z.get()
z2 = cla.empty(q, n, np.float64)
cla.Array._copy(z2, x * 2, queue=q)
z = z2
res["cp2"] = z.get()
# axpbyz
out = cla.empty_like(x)
kx = ew.get_axpbyz_kernel(ctx, x.dtype, y.dtype, out.dtype)
gs, ls = out._get_sizes(q, kx.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, q.device))
kx(q, gs, ls, out, np.float32(2.5), x, np.float32(-1.5), y, np.int64(n))
res["axpbyz"] = out.get()
# fill kernel and reverse kernel via the array API
f = cla.empty(q, 10007, np.int16); f.fill(np.int16(-3))
res["fill"] = f.get()
res["reverse"] = cla.to_device(q, np.arange(10007, dtype=np.int32)).reverse().get() if hasattr(cla.Array, "reverse") else np.zeros(1)
# elementwise kernel with range and slice args
ek = ew.ElementwiseKernel(ctx, "float *o, const float *a, const float *b, float s",
                          "o[i] = s * a[i] + b[i] * b[i]", "saxb")
o = cla.zeros(q, n, np.float32)
ek(o, x, y, np.float32(0.75), range=slice(10, n - 10, 3))
res["range3"] = o.get()
ek(o, x, y, np.float32(-1), slice=slice(1000, 5000))
res["slice"] = o.get()
# elementwise with a preamble and 'i' used for a pattern
ek2 = ew.ElementwiseKernel(ctx, "int *o, int m", "o[i] = sq(i % m) - (int)i", "pat",
                           preamble="inline int sq(int v) { return v * v; }")
oi = cla.empty(q, n, np.int32)
for m in (3, 17, 1001):
    ek2(oi, np.int32(m))
    res[f"pat{m}"] = oi.get()
# elementwise on views with offsets (pyopencl adds offsets itself)
ek(o[5:n - 5], x[:n - 10], y[10:], np.float32(3))
res["views"] = o.get()
# take / put kernels via the array API
idx = cla.to_device(q, rng.integers(0, n, 50000).astype(np.int32))
res["take"] = cla.take(x, idx).get()
dst = cla.zeros(q, n, np.float32)
cla.multi_put([x[:50000]], idx, out=[dst])
res["put"] = dst.get()
# unary functions
import pyopencl.clmath as clm
res["tol_math"] = np.stack([clm.sin(x).get(), clm.exp(y * 0.1).get(), clm.atan2(x, y).get(), clm.fabs(y).get()])
np.savez(sys.argv[1], **res)
print("done", len(res))
