import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1028)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# write targets picked by nested ternaries and select(): three regions of one buffer,
# a region chosen by data, min/max picking an index
src = """
__kernel void regions(__global int *o, int n) {
    int i = get_global_id(0);
    int t = (i % 3 == 0) ? i / 3 : (i % 3 == 1) ? n + i / 3 : 2 * n + i / 3;
    o[t] = i;
}
__kernel void by_data(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    o[a[i] > 0 ? i : n + i] = a[i];
}
__kernel void selv(__global const float *a, __global float *o, int n) {
    int i = get_global_id(0);
    int j = select(i, n - 1 - i, (int)(a[i] < 0.0f));
    o[i] = a[j];
    o[n + i] = (float)j;
}
"""
prg = cl.Program(ctx, src).build()
n = 3 * 20000
o = buf(np.full(3 * (n // 3) * 3, -1, np.int32))
prg.regions(q, (n,), None, o, np.int32(n // 3))
res["reg"] = get(o, np.zeros(3 * (n // 3) * 3, np.int32))
a = rng.integers(-100, 100, n).astype(np.int32)
o = buf(np.full(2 * n, 7, np.int32))
prg.by_data(q, (n,), None, buf(a), o, np.int32(n))
res["byd"] = get(o, np.zeros(2 * n, np.int32))
af = rng.standard_normal(n).astype(np.float32)
o = buf(np.zeros(2 * n, np.float32))
prg.selv(q, (n,), None, buf(af), o, np.int32(n))
res["selv"] = get(o, np.zeros(2 * n, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
