import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1118)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# as_int / as_float reinterpretations, in values and in indices
src = """
__kernel void bits(__global const float *a, __global int *o) {
    int i = get_global_id(0);
    o[i] = as_int(a[i]) ^ 0x80000000;
}
__kernel void back(__global const int *a, __global float *o) {
    int i = get_global_id(0);
    o[i] = as_float(a[i] & 0x7fffffff);
}
__kernel void idx(__global int *o) {
    int i = get_global_id(0);
    float f = as_float(i);            /* the bits of i, taken back */
    o[as_int(f)] = i * 2;
}
__kernel void vec(__global const float4 *a, __global int4 *o) {
    int i = get_global_id(0);
    o[i] = as_int4(a[i]) >> 23;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.standard_normal(n).astype(np.float32)
o = buf(np.zeros(n, np.int32))
prg.bits(q, (n,), None, buf(a), o)
res["bits"] = get(o, np.zeros(n, np.int32))
f = buf(np.zeros(n, np.float32))
prg.back(q, (n,), None, o, f)
res["back"] = get(f, a)
o = buf(np.full(n, -1, np.int32))
prg.idx(q, (n,), None, o)
res["idx"] = get(o, np.zeros(n, np.int32))
o = buf(np.zeros(n, np.int32))
prg.vec(q, (n // 4,), None, buf(a), o)
res["vec"] = get(o, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
