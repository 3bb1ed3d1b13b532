import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# size_t, int, long and uint mixed in one index expression
src = """
__kernel void mix1(__global const float *a, __global float *o, long base, uint stride) {
    size_t i = get_global_id(0);
    long j = base + (long)i * stride;
    o[i] = a[j];
}
__kernel void mix2(__global float *o, int w, ulong off) {
    int x = get_global_id(0);
    size_t y = get_global_id(1);
    o[off + y * (size_t)w + x] = (float)(x + (int)y * 1000);
}
__kernel void mix3(__global int *o, short k) {
    long i = get_global_id(0);
    int ii = (int)i;
    o[ii + (long)k] = ii * 2 + k;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(907)
n = 120000
ha = rng.standard_normal(4 * n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
for base, stride in [(0, 1), (10, 3), (7, 4)]:
    prg.mix1(q, (n,), None, a, o, np.int64(base), np.uint32(stride))
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res[f"mix1_{base}_{stride}"] = h
w, hh = 400, 250
ho = np.zeros(w * hh + 1000, np.float32)
o2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ho)
prg.mix2(q, (w, hh), (16, 10), o2, np.int32(w), np.uint64(1000))
cl.enqueue_copy(q, ho, o2); res["mix2"] = ho
hi = np.full(n + 50, -1, np.int32)
o3 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hi)
prg.mix3(q, (n,), None, o3, np.int16(50))
cl.enqueue_copy(q, hi, o3); res["mix3"] = hi
np.savez(sys.argv[1], **res)
print("done", len(res))
