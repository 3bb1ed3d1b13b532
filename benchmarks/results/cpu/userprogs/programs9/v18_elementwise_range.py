import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
# ElementwiseKernel with range= and slice=, and one whose index math uses i and n
rev = ElementwiseKernel(ctx, "float *out, const float *in, long m", "out[m - 1 - i] = in[i]", "rev")
every = ElementwiseKernel(ctx, "float *out, const float *in", "out[i / 3] = in[i] + 1.0f", "every3")
stencil = ElementwiseKernel(ctx, "float *out, const float *in", "out[i] = in[i - 1] + in[i] + in[i + 1]", "st3")
rng = np.random.default_rng(918)
n = 300000
x = cla.to_device(q, rng.standard_normal(n).astype(np.float32))
y = cla.zeros(q, n, np.float32)
rev(y, x, np.int64(n))
res["rev"] = y.get()
z = cla.zeros(q, n, np.float32)
every(z, x, range=slice(0, n, 3))
res["every3"] = z.get()
w = cla.zeros(q, n, np.float32)
stencil(w, x, range=slice(1, n - 1))
res["st"] = w.get()
stencil(w, x, slice=slice(1000, 2000))
res["st2"] = w.get()
rev(y, x, np.int64(1000), range=slice(0, 1000))
res["rev_part"] = y.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
