import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# restrict, const and volatile qualifiers in every place a user puts them
src = """
__kernel void saxpy(const int n, const float a, __global const float * restrict x,
                    __global float * restrict y) {
    const int i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}
__kernel void vol_copy(__global volatile int *dst, __global const volatile int *src, int n) {
    int i = get_global_id(0);
    if (i < n) { int v = src[i]; dst[i] = v * 2; dst[i] = dst[i] + 1; }
}
__kernel void const_ptr(__global float *const out, __global const float *const in, const uint n) {
    const size_t i = get_global_id(0);
    if (i < n) out[n - 1 - i] = in[i] + 0.5f;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(904)
n = 300007
hx = rng.standard_normal(n).astype(np.float32)
hy = rng.standard_normal(n).astype(np.float32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hy)
for a in [0.5, -2.0, 3.25]:
    prg.saxpy(q, (n,), None, np.int32(n), np.float32(a), x, y)
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, y); res["y"] = o
hi = rng.integers(0, 1 << 20, n).astype(np.int32)
si = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hi)
di = cl.Buffer(ctx, mf.READ_WRITE, hi.nbytes)
prg.vol_copy(q, (n + 1,), None, di, si, np.int32(n))
oi = np.empty(n, np.int32); cl.enqueue_copy(q, oi, di); res["vol"] = oi
prg.const_ptr(q, (n,), None, y, x, np.uint32(n))
cl.enqueue_copy(q, o, y); res["rev"] = o
np.savez(sys.argv[1], **res)
print("done", len(res))
