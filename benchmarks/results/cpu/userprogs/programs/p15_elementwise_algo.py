import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
from pyopencl.reduction import ReductionKernel
from pyopencl.scan import GenericScanKernel
import pyopencl.algorithm as algo

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
rng = np.random.default_rng(15)
res = {}
n = 500009
a = cla.to_device(q, rng.standard_normal(n).astype(np.float32))
b = cla.to_device(q, rng.standard_normal(n).astype(np.float32))
c = cla.empty_like(a)
lin = ElementwiseKernel(ctx, "float k, float *a, float *b, float *c", "c[i] = k * a[i] + sin(b[i])", "lin")
for k in [0.5, 1.5]:
    lin(np.float32(k), a, b, c)
    res[f"ew_{k}"] = c.get()
clip = ElementwiseKernel(ctx, "float *x, float lo, float hi", "x[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i])", "clip")
d = a.copy(); clip(d, np.float32(-0.5), np.float32(0.5)); res["clip"] = d.get()
# elementwise with a range/slice
e = cla.zeros(q, n, np.int32)
idx = ElementwiseKernel(ctx, "int *out", "out[i] = i * 3", "idx")
idx(e, range=slice(100, n - 100, 7))
res["ew_range"] = e.get()
# ReductionKernel with map expression (int: deterministic)
ia = cla.to_device(q, rng.integers(-1000, 1000, n).astype(np.int32))
ib = cla.to_device(q, rng.integers(-1000, 1000, n).astype(np.int32))
dot_i = ReductionKernel(ctx, np.int64, neutral="0", reduce_expr="a+b", map_expr="(long)x[i]*y[i]", arguments="int *x, int *y")
res["rk_dot"] = dot_i(ia, ib).get()
maxabs = ReductionKernel(ctx, np.int32, neutral="0", reduce_expr="a > b ? a : b", map_expr="abs(x[i])", arguments="int *x")
res["rk_maxabs"] = maxabs(ia).get()
cnt = ReductionKernel(ctx, np.int32, neutral="0", reduce_expr="a+b", map_expr="x[i] > t ? 1 : 0", arguments="float *x, float t")
res["rk_count"] = cnt(a, np.float32(0.3)).get()
fsum = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*x[i]", arguments="float *x")
res["tol_rk_fsum"] = fsum(a).get()
# generic scan
scan = GenericScanKernel(ctx, np.int32, arguments="int *ary, int *out", input_expr="ary[i] > 0 ? 1 : 0",
                         scan_expr="a+b", neutral="0", output_statement="out[i] = item;")
sout = cla.empty_like(ia)
scan(ia, sout); res["scan"] = sout.get()
# copy_if / remove_if / partition
res_ci, count_ci, _ = algo.copy_if(ia, "ary[i] > 500")
res["copy_if"] = res_ci[:count_ci.get()].get()
res_ri, count_ri, _ = algo.remove_if(ia, "ary[i] % 3 == 0")
res["remove_if"] = res_ri[:count_ri.get()].get()
tr, fa, cp, _ = algo.partition(ia, "ary[i] < 0")
res["partition_t"] = tr[:cp.get()].get(); res["partition_f"] = fa[:n - cp.get()].get()
u, cu, _ = algo.unique(cla.to_device(q, np.sort(rng.integers(0, 2000, 100000)).astype(np.int32)))
res["unique"] = u[:cu.get()].get()
# radix sort
sort = algo.RadixSort(ctx, "int *ary", key_expr="ary[i]", sort_arg_names=["ary"], index_dtype=np.int32)
keys = cla.to_device(q, rng.integers(0, 1 << 16, 200000).astype(np.int32))
(sorted_keys,), _ = sort(keys, key_bits=16)
res["radix"] = sorted_keys.get()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
