import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1041)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# increments inside if conditions: a cursor advanced as it is tested, a pre-decrement
# compared with a limit, then the cursor used as the store index
src = """
__kernel void postinc(__global int *o, int n) {
    int i = get_global_id(0);
    int k = 3 * i;
    if (k++ < n) o[k] = i;
}
__kernel void predec(__global int *o, int n) {
    int i = get_global_id(0);
    int k = 3 * i + 3;
    if (--k >= 0) o[k] = -i;
    o[k - 1] = 7;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
o = buf(np.full(3 * n + 3, -1, np.int32))
prg.postinc(q, (n,), None, o, np.int32(3 * n))
res["post"] = get(o, np.zeros(3 * n + 3, np.int32))
o = buf(np.full(3 * n + 3, -1, np.int32))
prg.predec(q, (n,), None, o, np.int32(3 * n))
res["pre"] = get(o, np.zeros(3 * n + 3, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
