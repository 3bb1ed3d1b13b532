import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel

ctx = cl.create_some_context(interactive=False)
q1 = cl.CommandQueue(ctx); q2 = cl.CommandQueue(ctx)
rng = np.random.default_rng(28)
res = {}
n = 600001
h = rng.standard_normal(n).astype(np.float32)
a = cla.to_device(q1, h)
b = a.with_queue(q2)           # same data, other queue
ev = q1.finish()
b *= 3                          # on q2
q2.finish()
res["with_queue"] = a.get()
c = cla.empty(q1, n, np.float32)
c.set(h * 2)                    # set overwrites existing device data
c += a
res["set_add"] = c.get(queue=q2)
out = np.empty(n, np.float32)
c.get(ary=out); res["get_ary"] = out
sl = c[1000:2000]
sl.set(np.arange(1000, dtype=np.float32))
res["slice_set"] = c.get()
# async get
hh, evt = (c * 0.5).get_async() if hasattr(c, "get_async") else ((c * 0.5).get(), None)
if evt is not None: evt.wait()
res["get_async"] = np.asarray(hh)
# ElementwiseKernel on queue 2 with wait_for
ek = ElementwiseKernel(ctx, "float *x, float *y", "y[i] = x[i] * x[i]", "sq")
d = cla.empty_like(a)
e2 = ek(a.with_queue(q2), d.with_queue(q2), queue=q2, wait_for=a.events)
e2.wait()
res["ek_q2"] = d.get(queue=q2)
# map a whole array through numpy, modify, write back
m = a.map_to_host(queue=q1) if hasattr(a, "map_to_host") else None
if m is not None:
    m[:10] = -1
    del m
    q1.finish()
res["after_map"] = a.get()
# arrays of different dtypes interacting
i = cla.arange(q1, n, dtype=np.int32)
res["mixed_dtype"] = (a + i).get()
res["int_div"] = (i * 7).get()
res["int_neg"] = (-i).get()
res["cmp_and"] = ((i > 100) & (i < 5000)).get() if hasattr(i, "__and__") else np.zeros(1)
res["vec_sum"] = cla.sum(i).get()
q1.finish(); q2.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
