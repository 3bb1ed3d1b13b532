import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1125)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# write indices from several scalar arguments: strides, negative steps, base offsets
src = """
__kernel void sk(__global int *o, int base, int stride) {
    int i = get_global_id(0);
    o[base + i * stride] = i;
}
__kernel void sk2(__global int *o, long base, uint stride) {
    size_t i = get_global_id(0);
    o[base + i * stride] = (int)i;
}
__kernel void sk3(__global short *o, int lo, int hi) {
    int i = get_global_id(0) + lo;
    if (i < hi) o[i] = (short)i;
}
"""
prg = cl.Program(ctx, src).build()
n = 30000
o = buf(np.full(3 * n + 10, -1, np.int32))
prg.sk(q, (n,), None, o, np.int32(3 * n - 1), np.int32(-3))
res["neg"] = get(o, np.zeros(3 * n + 10, np.int32))
o = buf(np.full(3 * n + 10, -1, np.int32))
prg.sk2(q, (n,), None, o, np.int64(5), np.uint32(3))
res["sk2"] = get(o, np.zeros(3 * n + 10, np.int32))
o = buf(np.full(n + 100, -1, np.int16))
prg.sk3(q, (n,), None, o, np.int32(50), np.int32(n - 50))
res["sk3"] = get(o, np.zeros(n + 100, np.int16))
np.savez(sys.argv[1], **res)
print("done", len(res))
