import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt
from pyopencl.reduction import ReductionKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = ctx.devices[0]
res = {}
mm = np.dtype([("cur_min", np.int32), ("cur_max", np.int32), ("argmin", np.int32), ("argmax", np.int32)])
mm, mm_c = clt.match_dtype_to_c_struct(dev, "minmax_t", mm)
mm = clt.get_or_register_dtype("minmax_t", mm)
preamble = mm_c + """
minmax_t mm_neutral() { minmax_t r; r.cur_min = INT_MAX; r.cur_max = INT_MIN; r.argmin = -1; r.argmax = -1; return r; }
minmax_t mm_from(int x, int i) { minmax_t r; r.cur_min = x; r.cur_max = x; r.argmin = i; r.argmax = i; return r; }
minmax_t agg(minmax_t a, minmax_t b) {
    minmax_t r = a;
    if (b.cur_min < r.cur_min || (b.cur_min == r.cur_min && b.argmin < r.argmin && b.argmin >= 0)) { r.cur_min = b.cur_min; r.argmin = b.argmin; }
    if (b.cur_max > r.cur_max || (b.cur_max == r.cur_max && b.argmax < r.argmax && b.argmax >= 0)) { r.cur_max = b.cur_max; r.argmax = b.argmax; }
    if (r.argmin < 0) { r.argmin = b.argmin; } if (r.argmax < 0) { r.argmax = b.argmax; }
    return r;
}
"""
rk = ReductionKernel(ctx, mm, neutral="mm_neutral()", reduce_expr="agg(a, b)",
                     map_expr="mm_from(x[i], i)", arguments="__global const int *x", preamble=preamble)
rng = np.random.default_rng(631)
for n in [1, 1000, 300007]:
    h = rng.integers(-1000, 1000, n).astype(np.int32)
    r = rk(cla.to_device(q, h)).get()
    res[f"mm_{n}"] = np.array([r["cur_min"], r["cur_max"], r["argmin"], r["argmax"]])
# dot of two arrays with a map over offsets and a float2 reduction
rk2 = ReductionKernel(ctx, cl.cltypes.float2, neutral="(float2)(0, 0)", reduce_expr="a + b",
                      map_expr="(float2)(x[i] * y[i], x[i])", arguments="__global const float *x, __global const float *y")
x = cla.to_device(q, (np.arange(200003) % 17).astype(np.float32))
y = cla.to_device(q, (np.arange(200003) % 5).astype(np.float32))
r2 = rk2(x, y).get()
res["f2"] = np.array([r2["x"], r2["y"]])
r3 = rk2(x[3:100003], y[100000:]).get()
res["f2_views"] = np.array([r3["x"], r3["y"]])
np.savez(sys.argv[1], **res)
print("done", len(res))
