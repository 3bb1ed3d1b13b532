import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void scatter(__global const int *perm, __global const float *x, __global float *y) {
    int i = get_global_id(0); y[perm[i]] = x[i]; }
__kernel void gather(__global const int *perm, __global const float *x, __global float *y) {
    int i = get_global_id(0); y[i] = x[perm[i]]; }
__kernel void inplace_rev(__global float *x, int n) {
    int i = get_global_id(0);
    if (i < n / 2) { float t = x[i]; x[i] = x[n - 1 - i]; x[n - 1 - i] = t; }
}
__kernel void swap_pairs(__global int *x) {
    int i = get_global_id(0) * 2; int t = x[i]; x[i] = x[i + 1]; x[i + 1] = t; }
__kernel void bucket_write(__global const int *keys, __global int *out, int nb) {
    int i = get_global_id(0); int k = keys[i];
    if (k % 7 == 0) out[(k % nb)] = k;   /* sparse, data-dependent, races only among equal values */
}
__kernel void shift_left(__global const float *x, __global float *y, int n) {
    int i = get_global_id(0); y[i] = (i + 5 < n) ? x[i + 5] : -1.0f; }
__kernel void strided(__global float *x, int stride) {
    int i = get_global_id(0); x[i * stride] += 1.0f; }
"""
prg = cl.Program(ctx, src).build()
K = {k.function_name: k for k in prg.all_kernels()}
rng = np.random.default_rng(9)
res = {}
n = 1 << 20
perm = rng.permutation(n).astype(np.int32)
x = rng.standard_normal(n).astype(np.float32)
dperm = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=perm)
dx = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
K["scatter"](q, (n,), None, dperm, dx, dy)
y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dy); res["scatter"] = y
dz = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
K["gather"](q, (n,), None, dperm, dy, dz)
z = np.empty(n, np.float32); cl.enqueue_copy(q, z, dz); res["gather"] = z
# partial scatter: only a prefix of positions gets written (rest keeps old contents)
cl.enqueue_fill_buffer(q, dy, np.float32(-9), 0, n * 4)
K["scatter"](q, (n // 3,), None, dperm, dx, dy)
cl.enqueue_copy(q, y, dy); res["scatter_partial"] = y
# in-place reverse
K["inplace_rev"](q, (n // 2,), None, dx, np.int32(n))
cl.enqueue_copy(q, y, dx); res["rev"] = y
K["inplace_rev"](q, ((n + 1) // 2 + 17,), None, dx, np.int32(n - 3))
cl.enqueue_copy(q, y, dx); res["rev2"] = y
ints = np.arange(n, dtype=np.int32)
di = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ints)
K["swap_pairs"](q, (n // 2,), None, di)
K["swap_pairs"](q, (n // 4,), None, di)
cl.enqueue_copy(q, ints, di); res["swap"] = ints
keys = rng.integers(0, 1 << 20, n).astype(np.int32)
dk = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=keys)
nb = 4096
dout = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(nb, -1, np.int32))
K["bucket_write"](q, (n,), None, dk, dout, np.int32(nb))
o = np.empty(nb, np.int32); cl.enqueue_copy(q, o, dout)
# racing writes: which value lands is nondeterministic, keep only which slots were written
res["bucket_written"] = (o != -1)
dsh = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
K["shift_left"](q, (n,), None, dx, dsh, np.int32(n))
cl.enqueue_copy(q, y, dsh); res["shift"] = y
ds = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
for st in [3, 7, 1]:
    K["strided"](q, (n // st,), None, ds, np.int32(st))
cl.enqueue_copy(q, y, ds); res["strided"] = y
np.savez(sys.argv[1], **res)
print("done", len(res))
