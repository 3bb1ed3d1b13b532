import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx); q2 = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(3)
A = rng.standard_normal((37, 53)).astype(np.float32)
F = np.asfortranarray(A)
dF = cla.to_device(q, F)
res["F_flags"] = np.array([dF.flags.f_contiguous, dF.flags.c_contiguous])
z = cla.zeros_like(dF); e = cla.empty_like(dF)
res["zF"] = np.array([z.flags.f_contiguous, e.flags.f_contiguous])
e.fill(2.5)
w = dF * 2 + e
res["wF"] = w.get(); res["wF_order"] = np.array(w.get().flags.f_contiguous)
x = cla.to_device(q, rng.standard_normal(10001).astype(np.float32))
y = cla.to_device(q2, rng.standard_normal(10001).astype(np.float32))
q2.finish(); y = y.with_queue(q)
res["ifpos"] = cla.if_positive(x, x, y).get()
res["max"] = cla.maximum(x, y).get(); res["min"] = cla.minimum(x, y).get()
res["maxs"] = cla.maximum(x, np.float32(0.25)).get()
res["land"] = cla.logical_and(x > 0, y < 0).get()
res["lor"] = cla.logical_or(x > 1, y > 1).get()
res["lnot"] = cla.logical_not(x > 0).get()
b = (x > 0.1)
res["bool_f"] = b.astype(np.float32).get(); res["bool_i"] = b.astype(np.int64).get()
# setitem with an array living on another queue
t = cla.zeros(q, 10001, np.float32)
src = cla.to_device(q2, np.arange(500, dtype=np.float32)); q2.finish()
t.setitem(slice(1000, 1500), src.with_queue(q), queue=q)
t[9000:] = 3.0
t[:10] = np.arange(10, dtype=np.float32)
res["setitem"] = t.get()
try:
    r = x[::-1]; res["neg"] = r.get(); res["negs"] = np.array("ok")
except Exception as ex:
    res["negs"] = np.array(type(ex).__name__)
try:
    r = x[100:10:-3]; res["neg3"] = r.get()
except Exception as ex:
    res["neg3s"] = np.array(type(ex).__name__)
res["sum"] = cla.sum(x).get(); res["dot"] = cla.dot(x, y).get()
res["tol_cumsum"] = cla.cumsum(x).get() if hasattr(cla, "cumsum") else np.zeros(1)
res["reshapeF"] = dF.reshape(53 * 37, order="F").get()
res["T"] = dF.T.copy().get() if hasattr(dF.T, "copy") else np.zeros(1)
v = cla.arange(q, 0, 64, dtype=np.int32).reshape(8, 8)
res["row"] = v[3].get()
try:
    res["col"] = v[:, 5].copy().get()
except Exception as ex:
    res["cols"] = np.array(type(ex).__name__ + str(ex))
np.savez(sys.argv[1], **res)
print("done", res["negs"])
