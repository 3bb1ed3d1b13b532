import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.clmath as clm
from pyopencl.scan import InclusiveScanKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(725)
n = 2000003
x = cla.to_device(q, rng.random(n).astype(np.float32) * 4 - 2)
xd = cla.to_device(q, rng.random(n) * 4 - 2)
for name in ["sin", "cos", "exp", "tanh", "atan", "fabs", "floor", "log1p", "cbrt", "erf"]:
    f = getattr(clm, name)
    arg = x if name != "log1p" else clm.fabs(x)
    res[f"m_{name}"] = f(arg).get()
res["m_atan2"] = clm.atan2(x, xd.astype(np.float32)).get()
res["m_pow"] = (clm.fabs(xd) ** 1.7).get()
ix = cla.to_device(q, rng.integers(-1000, 1000, n).astype(np.int32))
res["sum_i"] = np.array([cla.sum(ix).get()])
res["sum_i64"] = np.array([cla.sum(ix.astype(np.int64)).get()])
res["dot_i"] = np.array([cla.dot(ix, ix).get()])
res["tol_sum_f"] = np.array([cla.sum(x).get()])
res["tol_dot_d"] = np.array([cla.dot(xd, xd).get()])
res["minmax"] = np.array([cla.min(x).get(), cla.max(x).get()])
c = (x + 1j * (x * 0.5)).astype(np.complex64)
res["tol_vdot"] = np.array([cla.vdot(c, c).get()])
res["cumsum_i"] = cla.cumsum(ix).get()
res["tol_cumsum_d"] = cla.cumsum(xd[:300000]).get()
sk = InclusiveScanKernel(ctx, np.int32, "max(a, b)", neutral="-2147483647")
m = ix.copy()
sk(m)
res["scan_max"] = m.get()
res["count_pos"] = np.array([cla.sum((ix > 0).astype(np.int32)).get()])
np.savez(sys.argv[1], **res)
print("done", len(res))
