import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(603)
a = rng.standard_normal(100003).astype(np.float32)
b = rng.standard_normal(100003).astype(np.float32)
c = rng.integers(-50, 50, 77777).astype(np.int32)
da, db, dc = cla.to_device(q, a), cla.to_device(q, b), cla.to_device(q, c)
res["concat"] = cla.concatenate((da, db, da[5:1005])).get()
A2 = cla.to_device(q, a[:100000].reshape(400, 250)); B2 = cla.to_device(q, b[:100000].reshape(400, 250))
res["concat_ax0"] = cla.concatenate((A2, B2), axis=0).get()
res["stack0"] = cla.stack((da, db), axis=0).get()
res["hstack"] = cla.hstack((da[:1000], db[:2000], da[-333:])).get()
# where / if_positive
res["ifpos_arr"] = cla.if_positive(da, da * 2, db).get()
res["ifpos_mixed"] = cla.if_positive(da - db, da, cla.zeros_like(da)).get()
try:
    res["ifpos_scalar"] = cla.if_positive(da, 1.0, db).get()
except Exception as e:
    res["ifpos_scalar_err"] = np.array([type(e).__name__ == type(e).__name__])
res["ifpos_int"] = cla.if_positive(dc, dc, -dc).get()
# maximum/minimum with arrays and scalars
res["max_aa"] = cla.maximum(da, db).get()
res["min_aa"] = cla.minimum(da, db).get()
res["max_as"] = cla.maximum(da, np.float32(0.25)).get()
res["min_sa"] = cla.minimum(db, np.float32(-0.5)).get()
res["max_int"] = cla.maximum(dc, np.int32(3)).get()
res["amax"] = np.array([cla.max(da).get(), cla.min(db).get(), cla.max(dc).get(), cla.min(dc).get()], dtype=object).astype(np.float64)
# comparisons and logical ops
m = (da > db)
res["cmp"] = m.get()
res["land"] = cla.logical_and(da > 0, db > 0).get()
res["lor"] = cla.logical_or(da > 1, db < -1).get()
res["lnot"] = cla.logical_not(dc).get()
res["any_all"] = np.array([bool(cla.any(dc > 48).get()), bool(cla.all(dc > -51).get()), bool(cla.all(dc > 0).get())])
res["diff"] = cla.diff(da).get()
# reductions over the combined arrays
cc = cla.concatenate((da, db))
res["tol_sums"] = np.array([cla.sum(cc).get(), cla.dot(da, db).get(), cla.vdot(da, da).get()], np.float64)
res["isum"] = np.array([cla.sum(dc).get()])
res["subset_dot"] = np.array([cla.subset_dot(cla.to_device(q, np.arange(0, 100000, 7, dtype=np.int32)), da, db).get()], np.float64)
np.savez(sys.argv[1], **res)
print("done", len(res))
