import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
prg = cl.Program(ctx, """
__kernel void saxpy_off(__global float *y, ulong yoff, __global const float *x, ulong xoff, float a, int n) {
    int i = get_global_id(0);
    if (i < n) { __global float *yy = (__global float *)((__global char *)y + yoff); __global const float *xx = (__global const float *)((__global const char *)x + xoff); yy[i] += a * xx[i]; }
}
__kernel void rev_off(__global int *a, long off, int n) {
    int i = get_global_id(0);
    if (i < n / 2) { int t = a[off + i]; a[off + i] = a[off + n - 1 - i]; a[off + n - 1 - i] = t; }
}
""").build()
sx = cl.Kernel(prg, "saxpy_off"); rv = cl.Kernel(prg, "rev_off")
rng = np.random.default_rng(626)
N = 400000
X = cla.to_device(q, rng.standard_normal(N).astype(np.float32), allocator=pool)
Y = cla.zeros(q, N, np.float32, allocator=pool)
for lo, hi, a in [(0, 100000, 1.0), (100000, 300001, -2.0), (77, 399900, 0.5), (123456, 123457, 9.0)]:
    xv, yv = X[lo:hi], Y[N - hi:N - lo]
    sx(q, (hi - lo,), None, yv.base_data, np.uint64(yv.offset), xv.base_data, np.uint64(xv.offset), np.float32(a), np.int32(hi - lo))
res["saxpy"] = Y.get()
# array views of pool blocks passed with their element offsets, after other pool allocations come and go
I = cla.to_device(q, np.arange(N, dtype=np.int32), allocator=pool)
for k in range(5):
    tmp = cla.empty(q, 1000 * (k + 1), np.float64, allocator=pool)
    tmp.fill(k)
    v = I[k * 50000 + 3: k * 50000 + 3 + 40001]
    rv(q, (20001,), None, v.base_data, np.int64(v.offset // 4), np.int32(40001))
    del tmp
res["rev"] = I.get()
# a view's .data is refused when it has an offset: pyopencl raises ArrayHasOffsetError
try:
    _ = I[5:].data
    res["has_off_err"] = np.array([0])
except cla.ArrayHasOffsetError:
    res["has_off_err"] = np.array([1])
# array ops on views of pool arrays mixed with raw kernels
Z = X[1000:201000] * Y[5000:205000] + 1
sx(q, (200000,), None, Z.base_data, np.uint64(Z.offset), X.base_data, np.uint64(X.offset + 4 * 7), np.float32(3), np.int32(200000))
res["mixed"] = Z.get()
res["held"] = np.array([pool.active_blocks >= 3])
np.savez(sys.argv[1], **res)
print("done", len(res))
