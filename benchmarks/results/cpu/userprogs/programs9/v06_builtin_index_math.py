import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# mad24 / mul24 / clamp / min / max / abs in the index of reads and writes
src = """
__kernel void strided_store(__global const float *a, __global float *o, int stride, int k) {
    int i = get_global_id(0);
    o[mad24(i, stride, k)] = a[i];
}
__kernel void clamp_gather(__global const float *a, __global float *o, int n, int shift) {
    int i = get_global_id(0);
    o[i] = a[clamp(i + shift, 0, n - 1)] - a[min(max(i - shift, 0), n - 1)];
}
__kernel void mirror_abs(__global const int *a, __global int *o, int c) {
    int i = get_global_id(0);
    o[i] = a[abs(i - c)];
}
__kernel void mul24_rows(__global float *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    o[mul24(y, w) + x] = (float)x - (float)y;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(906)
n = 100000
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
for stride, k in [(3, 0), (3, 2), (5, 4)]:
    ho = np.full(n * stride + k, -7, np.float32)
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ho)
    prg.strided_store(q, (n,), None, a, o, np.int32(stride), np.int32(k))
    cl.enqueue_copy(q, ho, o); res[f"st_{stride}_{k}"] = ho
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
for shift in [0, 17, 5000]:
    prg.clamp_gather(q, (n,), None, a, o, np.int32(n), np.int32(shift))
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res[f"cg_{shift}"] = h
hi = rng.integers(0, 1 << 30, 2 * n).astype(np.int32)
ai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hi)
oi = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
prg.mirror_abs(q, (n,), None, ai, oi, np.int32(n // 2))
g = np.empty(n, np.int32); cl.enqueue_copy(q, g, oi); res["mirror"] = g
w, hgt = 640, 300
o2 = cl.Buffer(ctx, mf.READ_WRITE, 4 * w * hgt)
prg.mul24_rows(q, (w, hgt), None, o2, np.int32(w))
h2 = np.empty(w * hgt, np.float32); cl.enqueue_copy(q, h2, o2); res["m24"] = h2
np.savez(sys.argv[1], **res)
print("done", len(res))
