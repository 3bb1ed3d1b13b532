import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1007)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# goto used the C way: jump to a common exit, skipping writes; a retry label
src = """
__kernel void g1(__global const float *a, __global float *o, __global float *o2, int n) {
    int i = get_global_id(0);
    if (i >= n) goto done;
    if (a[i] < 0.0f) goto neg;
    o[i] = sqrt(a[i]);
    goto done;
neg:
    o2[i] = -a[i];
done:
    return;
}
__kernel void g2(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    int v = a[i], tries = 0;
again:
    v = v * 3 + 1;
    if (++tries < (a[i] & 3)) goto again;
    o[i] = v;
}
"""
prg = cl.Program(ctx, src).build()
n = 100003
h = rng.standard_normal(n).astype(np.float32)
o, o2 = buf(np.full(n + 5, 3.0, np.float32)), buf(np.full(n + 5, 4.0, np.float32))
prg.g1(q, (n + 5,), None, buf(np.concatenate([h, np.ones(5, np.float32)])), o, o2, np.int32(n))
res["o"] = get(o, np.zeros(n + 5, np.float32)); res["o2"] = get(o2, np.zeros(n + 5, np.float32))
hi = rng.integers(0, 1000, n).astype(np.int32)
o = buf(np.zeros(n, np.int32))
prg.g2(q, (n,), None, buf(hi), o)
res["g2"] = get(o, hi)
np.savez(sys.argv[1], **res)
print("done", len(res))
