import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# reversed writes and negative strides passed as arguments (walking a buffer backwards)
src = """
__kernel void reverse(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    if (i < n) o[n - 1 - i] = a[i];
}
__kernel void strided(__global const float *a, __global float *o, int start, int stride) {
    int i = get_global_id(0);
    o[start + i * stride] = a[i] * 2.0f;
}
__kernel void rev_rows(__global const float *a, __global float *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    o[(h - 1 - y) * w + (w - 1 - x)] = a[y * w + x];
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(908)
n = 250003
hi = rng.integers(-5, 5, n).astype(np.int32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hi)
o = cl.Buffer(ctx, mf.READ_WRITE, hi.nbytes)
prg.reverse(q, ((n + 255) // 256 * 256,), (256,), a, o, np.int32(n))
g = np.empty(n, np.int32); cl.enqueue_copy(q, g, o); res["rev"] = g
m = 60000
hf = rng.standard_normal(m).astype(np.float32)
af = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hf)
for start, stride in [(m - 1, -1), (3 * m - 1, -3), (3 * m - 2, -3), (0, 2)]:
    ho = np.zeros(3 * m, np.float32)
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ho)
    prg.strided(q, (m,), None, af, ob, np.int32(start), np.int32(stride))
    cl.enqueue_copy(q, ho, ob); res[f"s_{start}_{stride}"] = ho
w, h = 333, 444
h2 = rng.standard_normal(w * h).astype(np.float32)
a2 = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=h2)
o2 = cl.Buffer(ctx, mf.READ_WRITE, h2.nbytes)
prg.rev_rows(q, (w, h), None, a2, o2, np.int32(w), np.int32(h))
g2 = np.empty_like(h2); cl.enqueue_copy(q, g2, o2); res["rr"] = g2
np.savez(sys.argv[1], **res)
print("done", len(res))
