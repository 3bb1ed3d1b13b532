import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1110)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# sub-buffers as kernel arguments: two halves of one parent written by successive launches
src = """
__kernel void fill(__global int *o, int base) { int i = get_global_id(0); o[i] = base + i; }
__kernel void addk(__global int *o, __global const int *a) { int i = get_global_id(0); o[i] += a[i] * 2; }
__kernel void rev(__global int *o, int n) { int i = get_global_id(0); o[n - 1 - i] = i; }
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
parent = buf(np.full(2 * n, -1, np.int32))
lo = parent.get_sub_region(0, n * 4)
hi = parent.get_sub_region(n * 4, n * 4)
prg.fill(q, (n,), None, lo, np.int32(0))
prg.fill(q, (n,), None, hi, np.int32(1000000))
prg.addk(q, (n,), None, hi, lo)
prg.rev(q, (n // 2,), None, lo, np.int32(n // 2))
res["parent"] = get(parent, np.zeros(2 * n, np.int32))
mid = parent.get_sub_region(n * 2, n * 4)
prg.fill(q, (n,), None, mid, np.int32(-7))
res["parent2"] = get(parent, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
