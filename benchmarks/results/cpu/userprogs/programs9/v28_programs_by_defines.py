import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# a dictionary of programs built from one source with -D options for the work per item,
# the unroll factor and the direction; kernels fetched once and kept
src = """
__kernel void chunked(__global const float *a, __global float *o, int n) {
    int base = get_global_id(0) * PER_ITEM;
#if REVERSE
    #define DST(k) (n - 1 - (base + (k)))
#else
    #define DST(k) (base + (k))
#endif
    for (int k = 0; k < PER_ITEM; ++k)
        if (base + k < n) o[DST(k)] = a[base + k] * FACTOR;
}
"""
rng = np.random.default_rng(928)
n = 240007
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
kernels = {}
for per in [1, 4, 7]:
    for rev in [0, 1]:
        p = cl.Program(ctx, src).build(options=f"-DPER_ITEM={per} -DREVERSE={rev} -DFACTOR={per + rev}.0f")
        kernels[per, rev] = p.chunked
for (per, rev), k in kernels.items():
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    k(q, ((n + per - 1) // per,), None, a, o, np.int32(n))
    g = np.empty(n, np.float32); cl.enqueue_copy(q, g, o); res[f"k_{per}_{rev}"] = g
np.savez(sys.argv[1], **res)
print("done", len(res))
