import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# one source, several builds: element type, stride and offset come from -D options
src = """
#ifndef T
#define T float
#endif
__kernel void gather_strided(__global const T *a, __global T *out, int n) {
    int i = get_global_id(0);
    if (i < n) out[i * OSTRIDE + OOFF] = a[i * STRIDE + OFF] * (T)SCALE;
}
"""
rng = np.random.default_rng(903)
ha = rng.standard_normal(400000)
cases = [
    ("float", np.float32, 1, 0, 1, 0, 2),
    ("float", np.float32, 3, 1, 2, 1, 3),
    ("double", np.float64, 2, 0, 1, 0, 5),
    ("int", np.int32, 4, 3, 3, 2, 7),
]
for T, dt, st, off, ost, ooff, sc in cases:
    opts = [f"-DT={T}", f"-DSTRIDE={st}", f"-DOFF={off}", f"-DOSTRIDE={ost}", f"-DOOFF={ooff}", f"-DSCALE={sc}"]
    prg = cl.Program(ctx, src).build(options=opts)
    hin = (ha * 100).astype(dt) if dt == np.int32 else ha.astype(dt)
    n = (len(hin) - off) // st
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hin)
    hout = np.zeros(n * ost + ooff, dt)
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hout)
    prg.gather_strided(q, (n,), None, a, o, np.int32(n))
    cl.enqueue_copy(q, hout, o)
    res[f"{T}_{st}_{off}_{ost}_{ooff}"] = hout
np.savez(sys.argv[1], **res)
print("done", len(res))
