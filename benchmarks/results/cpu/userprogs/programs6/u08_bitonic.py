import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.bitonic_sort import BitonicSort

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(608)
srt = BitonicSort(ctx)
for n, dt in [(2**16, np.int32), (2**18, np.float32), (2**12, np.uint32), (2**17, np.float64)]:
    h = (rng.standard_normal(n) * 1000).astype(dt) if dt in (np.float32, np.float64) else rng.integers(0, 2**31 - 1, n).astype(dt)
    d = cla.to_device(q, h)
    s, ev = srt(d, axis=0)
    ev.wait()
    res[f"sort_{n}_{np.dtype(dt).name}"] = s.get()
# key/value sort
n = 2**15
keys = cla.to_device(q, rng.integers(0, 100, n).astype(np.int32))
vals = cla.to_device(q, np.arange(n, dtype=np.int32))
sk, ev = srt(keys, idx=vals, axis=0); sv = vals
ev.wait()
res["kv_keys"] = sk.get()
# values of equal keys: bitonic is not stable, but the multiset per key is fixed: store sorted per key
kk = sk.get(); vv = sv.get()
order = np.lexsort((vv, kk))
res["kv_vals_sorted"] = vv[order]
# 2-D sort along axis 1 (rows sorted independently)
h2 = rng.integers(0, 10**6, (64, 1024)).astype(np.int32)
d2 = cla.to_device(q, h2)
s2, ev = srt(d2, axis=1)
ev.wait()
res["rows"] = s2.get()
# sort repeatedly the same array in place
d3 = cla.to_device(q, rng.standard_normal(2**14).astype(np.float32))
for k in range(3):
    d3 = d3 * -1
    d3, ev = srt(d3, axis=0)
res["repeat"] = d3.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
