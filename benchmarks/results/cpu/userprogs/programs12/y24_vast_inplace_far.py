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

# a kernel that writes a buffer it also reads far apart: folds and an in-place reversal
src = """
__kernel void fold(__global float *a, int n) {
    int i = get_global_id(0);
    a[i] += a[i + n / 2];
}
__kernel void reverse(__global float *a, int n) {
    int i = get_global_id(0);
    float t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
}
__kernel void swap_halves(__global int *a, int h) {
    int i = get_global_id(0);
    int t = a[i]; a[i] = a[i + h]; a[i + h] = t;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 20
x = np.random.default_rng(24).random(n).astype(np.float32)
a = buf(x); prg.fold(q, (n // 2,), None, a, np.int32(n)); res["fold"] = get(a, x)
prg.fold(q, (n // 4,), None, a, np.int32(n // 2)); res["fold2"] = get(a, x)
a = buf(x); prg.reverse(q, (n // 2,), None, a, np.int32(n)); res["reverse"] = get(a, x)
y = np.arange(n + 2, dtype=np.int32)
b = buf(y); prg.swap_halves(q, (n // 2 + 1,), None, b, np.int32(n // 2 + 1)); res["swap"] = get(b, y)
np.savez(sys.argv[1], **res)
print("done", len(res))
