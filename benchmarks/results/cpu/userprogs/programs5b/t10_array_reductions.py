import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.reduction import ReductionKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(1010)
n = 300001
for dt in [np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.uint64]:
    info = np.iinfo(dt)
    lo, hi = max(info.min, -100), min(info.max, 100)
    h = rng.integers(lo, hi, n).astype(dt)
    d = cla.to_device(q, h)
    nm = np.dtype(dt).name
    res[f"sum_{nm}"] = np.array(cla.sum(d).get())
    res[f"min_{nm}"] = np.array(cla.min(d).get())
    res[f"max_{nm}"] = np.array(cla.max(d).get())
    res[f"dot_{nm}"] = np.array(cla.dot(d, d).get())
    res[f"sum_slice_{nm}"] = np.array(cla.sum(d[1000:-777]).get())
for dt in [np.float32, np.float64]:
    h = rng.standard_normal(n).astype(dt)
    g = rng.standard_normal(n).astype(dt)
    d = cla.to_device(q, h); e = cla.to_device(q, g)
    nm = np.dtype(dt).name
    res[f"tol_sum_{nm}"] = np.array(cla.sum(d).get())
    res[f"min_{nm}"] = np.array(cla.min(d).get())
    res[f"max_{nm}"] = np.array(cla.max(d).get())
    res[f"tol_dot_{nm}"] = np.array(cla.dot(d, e).get())
    res[f"tol_vdot_{nm}"] = np.array(cla.vdot(d, e).get())
    idx = cla.to_device(q, np.sort(rng.choice(n, 5000, replace=False)).astype(np.int32))
    res[f"tol_subset_dot_{nm}"] = np.array(cla.subset_dot(idx, d, e).get())
    res[f"subset_max_{nm}"] = np.array(cla.subset_max(idx, d).get())
    res[f"subset_min_{nm}"] = np.array(cla.subset_min(idx, d).get())
    res[f"sum_dtype_{nm}"] = np.array(cla.sum(d, dtype=np.float64).get() > -1e9)
c = cla.to_device(q, (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64))
res["tol_vdot_c64"] = np.array(cla.vdot(c, c).get())
res["tol_dot_c64"] = np.array(cla.dot(c, c).get())
res["tol_sum_c64"] = np.array(cla.sum(c).get())
# exact float reductions: integers stored as floats so order does not matter
fi = cla.to_device(q, rng.integers(-1000, 1000, n).astype(np.float32))
res["sum_f32_exact"] = np.array(cla.sum(fi).get())
res["dot_f64_exact"] = np.array(cla.dot(fi.astype(np.float64), fi.astype(np.float64)).get())
# all/any via comparisons
b = cla.to_device(q, (rng.random(n) < 0.5).astype(np.int8))
res["any_all"] = np.array([bool(cla.any(b).get()), bool(cla.all(b).get()), bool(cla.all(b | 1).get())])
# custom reduction kernels: argmax-free count and a 2-array reduction, and map_expr with i
rk = ReductionKernel(ctx, np.int64, neutral="0", reduce_expr="a+b", map_expr="(long)(x[i] > 0) * (long)i",
                     arguments="__global const float *x")
res["rk_count_idx"] = np.array(rk(fi).get())
rk2 = ReductionKernel(ctx, np.uint32, neutral="0", reduce_expr="a ^ b", map_expr="(uint)x[i] * 2654435761u + (uint)y[i]",
                      arguments="__global const int *x, __global const short *y")
xi = cla.to_device(q, rng.integers(0, 1 << 30, n).astype(np.int32)); ys = cla.to_device(q, rng.integers(-3000, 3000, n).astype(np.int16))
res["rk_xor"] = np.array(rk2(xi, ys).get())
rk3 = ReductionKernel(ctx, np.int32, neutral="-2147483647", reduce_expr="max(a,b)", map_expr="x[i] - (int)(i % 1000)",
                      arguments="__global const int *x")
res["rk_max_range"] = np.array(rk3(xi, range=slice(5, 200000)).get())
# reductions of every size from tiny to odd
sizes = [1, 2, 3, 255, 256, 257, 4097, 65535, 65537]
res["sizes_sum"] = np.array([int(cla.sum(cla.to_device(q, np.arange(m, dtype=np.int64))).get()) for m in sizes])
np.savez(sys.argv[1], **res)
print("done", len(res))
