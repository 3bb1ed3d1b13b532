import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# index math through select() and ?: - even/odd interleaving and mirrored halves
src = """
__kernel void deinterleave(__global const float *a, __global float *o, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    int half_n = (n + 1) / 2;
    int dst = (i & 1) ? half_n + i / 2 : i / 2;
    o[dst] = a[i];
}
__kernel void sel_index(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    if (i < n) {
        int j = select(i, n - 1 - i, i >= n / 2);
        o[i] = a[j] * 10 + (i >= n / 2);
    }
}
__kernel void fold(__global const float *a, __global float *o, int n) {
    int i = get_global_id(0);
    int m = n / 2;
    if (i < m) o[i] = a[i] + a[i < m ? n - 1 - i : i];
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(905)
for n in [200001, 131072]:
    ha = rng.standard_normal(n).astype(np.float32)
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    prg.deinterleave(q, ((n + 127) // 128 * 128,), (128,), a, o, np.int32(n))
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res[f"deint_{n}"] = h
    prg.fold(q, (n,), None, a, o, np.int32(n))
    cl.enqueue_copy(q, h, o); res[f"fold_{n}"] = h
    hi = rng.integers(0, 1000, n).astype(np.int32)
    ai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hi)
    oi = cl.Buffer(ctx, mf.READ_WRITE, hi.nbytes)
    prg.sel_index(q, (n,), None, ai, oi, np.int32(n))
    g = np.empty(n, np.int32); cl.enqueue_copy(q, g, oi); res[f"sel_{n}"] = g
np.savez(sys.argv[1], **res)
print("done", len(res))
