import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r


def up(n, l):
    return -(-n // l) * l

# pyopencl's ElementwiseKernel over half a range of a few MB (y38's refused launch alone)
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
n = 1 << 20
x = np.random.default_rng(45).random(n).astype(np.float32)
a = cla.to_device(q, x)
k2 = ElementwiseKernel(ctx, "__global const float *x, __global float *z, int h",
                       "z[i] = x[i] * x[i + h]", "halves")
o2 = cla.zeros(q, n // 2, np.float32)
k2(a, o2, np.int32(n // 2), range=slice(n // 2))
res["halves"] = o2.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
