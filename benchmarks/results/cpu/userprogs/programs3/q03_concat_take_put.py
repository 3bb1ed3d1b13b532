import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(303)
n = 250007
a = cla.to_device(q, rng.standard_normal(n).astype(np.float32))
b = cla.to_device(q, rng.integers(0, 1 << 20, n).astype(np.int32))
res["concat3"] = cla.concatenate([a[:1000], a[5000:5001], a[n - 999:]]).get()
m1 = cla.to_device(q, rng.integers(0, 9, (40, 31)).astype(np.int64))
m2 = cla.to_device(q, rng.integers(0, 9, (17, 31)).astype(np.int64))
res["concat_ax0"] = cla.concatenate((m1, m2), axis=0).get()
res["stack"] = cla.stack([a[:777], a[1:778], a[2:779]]).get()
res["hstack"] = cla.hstack([b[:10], b[20:30]]).get()
idx = cla.to_device(q, rng.integers(0, n, 100003).astype(np.int64))
res["take"] = cla.take(a, idx).get()
res["take_b"] = cla.take(b, idx).get()
# put (scatter) with unique indices
perm = rng.permutation(n)[:50000].astype(np.int32)
dest = cla.zeros(q, n, np.float32)
cla.multi_put([a[:50000]], cla.to_device(q, perm), out=[dest])
res["multi_put"] = dest.get()
# fancy-index getitem / setitem
fi = cla.to_device(q, np.sort(rng.choice(n, 3001, replace=False)).astype(np.int32))
res["fancy_get"] = a[fi].get()
c = a.copy()
c[fi] = cla.to_device(q, np.arange(3001, dtype=np.float32))
res["fancy_set"] = c.get()
c[fi] = cla.zeros(q, 3001, np.float32) + 9.5
res["fancy_set_scalar"] = c.get()
# cumsum of various dtypes
res["cumsum_i32"] = cla.cumsum((b[:100003] > 700000).astype(np.int32)).get()
res["cumsum_f64"] = cla.cumsum(cla.to_device(q, rng.integers(0, 5, 99991).astype(np.float64))).get()
res["arange"] = cla.arange(q, 3, 100000, 7, dtype=np.int32).get()
res["arange_f"] = cla.arange(q, 0.5, 999.5, 0.25, dtype=np.float32).get()
res["diff"] = cla.diff(b[:n - 1]).get()
res["logical"] = cla.logical_and(a > 0, b > 500000).get()
res["logical_or"] = cla.logical_or(a > 1, a < -1).get()
res["logical_not"] = cla.logical_not(a > 0).get()
res["if_pos"] = cla.if_positive(a - 0.5, b.astype(np.float32), a).get()
res["maximum3"] = cla.maximum(cla.maximum(a, -a), np.float32(0.25)).get()
d = cla.zeros(q, (300, 200), np.int32)
d[10:20, :] = 5
res["setitem_slice_arr"] = d.get()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
