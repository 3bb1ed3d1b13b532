import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.clmath as clm

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(724)
n = 200003
h = rng.random(n).astype(np.float32)
d = cla.to_device(q, h)
trace = []
for it in range(25):
    d = d * np.float32(1.01) + np.float32(0.001)
    d = clm.sqrt(d * d + np.float32(1e-3))
    if it % 3 == 0:
        hh = d.get()
        hh[it::97] = -hh[it::97]        # host edit every few iterations
        d.set(hh)
    d[1000:2000] = d[2000:3000]          # device-side slice assignment
    d[it] = np.float32(it)               # single element set
    trace.append(float(d[it * 10].get()))
    m = cla.maximum(d, np.float32(0.5)) if hasattr(cla, "maximum") else d
    d = cla.if_positive(d - np.float32(0.2), d, m)
res["d"] = d.get()
res["trace"] = np.array(trace, np.float32)
# integer arrays: bitwise and comparisons, host-side argsort between steps
a = cla.to_device(q, rng.integers(0, 1 << 20, n).astype(np.int32))
for it in range(5):
    a = (a * 3 + 7) & 0xFFFFF
    ha = a.get()
    order = np.argsort(ha[:1000], kind="stable").astype(np.int32)
    a[:1000] = cla.to_device(q, ha[:1000][order])
res["ints"] = a.get()
# arrays of different sizes in turn
outs = []
for size in [10, 1000, 100001, 7, 300000]:
    x = cla.arange(q, size, dtype=np.float32)
    y = (x * x - x).astype(np.float64)
    outs.append(float(cla.sum(y).get()))
res["sizes_sum"] = np.array(outs)
np.savez(sys.argv[1], **res)
print("done", len(res))
