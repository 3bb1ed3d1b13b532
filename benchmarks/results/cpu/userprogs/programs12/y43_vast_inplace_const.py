import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r


def up(n, l):
    return -(-n // l) * l

# a kernel writing a buffer it reads far apart, with a scalar offset (no division)
src = """
__kernel void fold(__global float *a, int h) {
    int i = get_global_id(0);
    a[i] += a[i + h];
}
__kernel void reverse(__global float *a, int last) {
    int i = get_global_id(0);
    float t = a[i];
    a[i] = a[last - i];
    a[last - i] = t;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 20
x = np.random.default_rng(43).random(n).astype(np.float32)
a = buf(x); prg.reverse(q, (n // 2,), None, a, np.int32(n - 1)); res["reverse"] = get(a, x)
a = buf(x); prg.fold(q, (n // 2,), None, a, np.int32(n // 2)); res["fold"] = get(a, x)
np.savez(sys.argv[1], **res)
print("done", len(res))
