import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1035)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a forward goto that skips the statement choosing where to store: the C idiom of a
# shared "store:" label reached from two paths with different targets
src = """
__kernel void store_at(__global const int *a, __global int *o, __global int *spill, int n) {
    int i = get_global_id(0);
    int k = i;
    __global int *d = o;
    if (a[i] & 1) goto store;
    k = i + n;
    d = spill;
store:
    d[k] = a[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.integers(0, 1 << 20, n).astype(np.int32)
o, sp = buf(np.full(2 * n, -1, np.int32)), buf(np.full(2 * n, -2, np.int32))
prg.store_at(q, (n,), None, buf(a), o, sp, np.int32(n))
res["o"] = get(o, np.zeros(2 * n, np.int32)); res["sp"] = get(sp, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
