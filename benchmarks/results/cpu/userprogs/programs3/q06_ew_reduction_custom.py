import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
from pyopencl.reduction import ReductionKernel
import pyopencl.tools as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(606)
n = 200003
a = cla.to_device(q, rng.integers(-1000, 1000, n).astype(np.int32))
b = cla.to_device(q, rng.integers(-1000, 1000, n).astype(np.int32))
f = cla.to_device(q, rng.standard_normal(n).astype(np.float64))
pre = """
inline int collatz_len(int v) { v = abs(v) + 1; int c = 0; while (v != 1) { v = (v & 1) ? 3*v+1 : v/2; c++; } return c; }
#define SQR(x) ((x)*(x))
"""
cz = ElementwiseKernel(ctx, "int *a, int *out", "out[i] = collatz_len(a[i]) + SQR(i % 3)", "cz", preamble=pre)
o = cla.empty_like(a); cz(a, o); res["collatz"] = o.get()
# range and slice keywords
o.fill(-7); cz(a, o, range=slice(5, n, 3)); res["cz_range"] = o.get()
o.fill(-7); cz(a, o, slice=slice(1000, 50000)); res["cz_slice"] = o.get()
o.fill(-7); cz(a, o, range=slice(n - 1, 10, -2)) if False else None
# elementwise with double and complex arguments
cpx = ElementwiseKernel(ctx, "cdouble_t *z, double *x, cdouble_t w",
    "z[i] = cdouble_add(cdouble_mul(z[i], w), cdouble_fromreal(x[i]))", "cpx",
    preamble="#define PYOPENCL_DEFINE_CDOUBLE\n#include <pyopencl-complex.h>")
z = cla.to_device(q, (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex128))
for k in range(3):
    cpx(z, f, np.complex128(0.5 + 0.25j))
res["complex_ew"] = z.get()
# reductions: two arrays, custom neutral
argmin_like = ReductionKernel(ctx, np.int32, neutral="INT_MAX", reduce_expr="min(a, b)",
    map_expr="a[i] * 2 + b[i]", arguments="int *a, int *b")
res["rk_min2"] = argmin_like(a, b).get()
prod_mod = ReductionKernel(ctx, np.int64, neutral="1", reduce_expr="(a * b) % 1000003",
    map_expr="(long)(abs(x[i]) % 97 + 1)", arguments="int *x")
res["rk_prodmod"] = prod_mod(a).get()
cnt_eq = ReductionKernel(ctx, np.int32, neutral="0", reduce_expr="a+b", map_expr="(x[i] == y[i]) ? 1 : 0",
    arguments="__global const int *x, __global const int *y")
res["rk_eq"] = cnt_eq(a, b).get()
res["rk_eq_range"] = cnt_eq(a, b, range=slice(100, 150000)).get()
res["rk_eq_slice"] = cnt_eq(a, b, slice=slice(7, 99999)).get()
# reduction to a struct-free vector type (int2: min, max)
mm = ReductionKernel(ctx, __import__("pyopencl.cltypes").cltypes.int2, neutral="(int2)(INT_MAX, INT_MIN)",
    reduce_expr="(int2)(min(a.x, b.x), max(a.y, b.y))", map_expr="(int2)(x[i], x[i])", arguments="int *x")
res["rk_minmax"] = mm(a).get()
# reduction with output into a preexisting array and a scalar argument
thr = ReductionKernel(ctx, np.float64, neutral="0", reduce_expr="a+b", map_expr="x[i] > t ? 1.0 : 0.0",
    arguments="double *x, double t")
out = cla.zeros(q, 1, np.float64)
thr(f, np.float64(0.5), out=out); res["rk_out"] = out.get()
res["rk_small"] = thr(f[:3], np.float64(-10)).get()
res["rk_one"] = thr(f[:1], np.float64(-10)).get()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
