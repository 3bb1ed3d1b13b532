import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

import pyopencl.array as cla
import pyopencl.clrandom as clr
prg = cl.Program(ctx, """
__kernel void count_below(__global const float *x, __global int *c, float t) {
    if (x[get_global_id(0)] < t) atomic_inc(c);
}
""").build()
gen = clr.PhiloxGenerator(ctx, seed=12345)
u = gen.uniform(q, 100000, np.float32)
nrm = gen.normal(q, 50000, np.float32, mu=1.0, sigma=2.0)
res["tol_u_mean"] = np.array([cla.sum(u).get() / 100000], np.float32)
res["tol_n_mean"] = np.array([cla.sum(nrm).get() / 50000 / 10], np.float32)
c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
prg.count_below(q, (100000,), None, u.data, c, np.float32(0.5))
h = np.empty(1, np.int32); cl.enqueue_copy(q, h, c)
res["tol_frac"] = np.array([h[0] / 100000.0 > 0.45 and h[0] / 100000.0 < 0.55], np.float32)
g2 = clr.ThreefryGenerator(ctx, seed=7)
r = g2.uniform(q, (300, 200), np.float64, a=-1, b=1)
res["tol_range"] = np.array([float(r.get().min()) >= -1, float(r.get().max()) <= 1], np.float32)
np.savez(sys.argv[1], **res)
print("done", len(res))
