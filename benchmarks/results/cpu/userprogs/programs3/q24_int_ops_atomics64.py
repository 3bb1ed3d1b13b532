import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
has64 = "cl_khr_int64_base_atomics" in dev.extensions
res["has64"] = np.array(has64)
src = """
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void intops(__global const uint *a, __global const uint *b, __global uint *o) {
    int i = get_global_id(0); uint x = a[i], y = b[i];
    o[8*i+0] = mul_hi(x, y); o[8*i+1] = popcount(x); o[8*i+2] = clz(x); o[8*i+3] = rotate(x, y & 31);
    o[8*i+4] = sub_sat(x, y); o[8*i+5] = add_sat(x, y); o[8*i+6] = mad24(x & 0xffff, y & 0xffff, 7u); o[8*i+7] = hadd(x, y) ^ rhadd(x, y);
}
__kernel void longops(__global const long *a, __global long *o) {
    int i = get_global_id(0); long x = a[i];
    o[4*i] = x * 0x9E3779B97F4A7C15L; o[4*i+1] = x >> 17; o[4*i+2] = (long)((ulong)x >> 17); o[4*i+3] = abs_diff(x, (long)i);
}
__kernel void sum64(__global const long *a, __global long *acc, int n) {
    int i = get_global_id(0);
    if (i < n) { atom_add(acc, a[i]); atom_xor(acc + 1, a[i]); atom_max(acc + 2, a[i]); }
}
__kernel void wrap(__global int *o) {
    int i = get_global_id(0);
    int big = 2147483600 + i;   /* signed overflow is UB, use unsigned */
    o[i] = (int)((uint)big + 100u);
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(2424)
n = 100003
a = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32); b = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a); db = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
do = cl.Buffer(ctx, mf.WRITE_ONLY, 32 * n)
prg.intops(q, (n,), None, da, db, do)
o = np.empty(8 * n, np.uint32); cl.enqueue_copy(q, o, do); res["intops"] = o
l = rng.integers(-2**62, 2**62, n, dtype=np.int64)
dl = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=l)
dlo = cl.Buffer(ctx, mf.WRITE_ONLY, 32 * n)
prg.longops(q, (n,), None, dl, dlo)
lo = np.empty(4 * n, np.int64); cl.enqueue_copy(q, lo, dlo); res["longops"] = lo
if has64:
    acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([0, 0, -2**63], np.int64))
    small = (l >> 20)
    ds = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=small)
    for rep in range(3):
        prg.sum64(q, (n + 5,), None, ds, acc, np.int32(n))
    r = np.empty(3, np.int64); cl.enqueue_copy(q, r, acc); res["atom64"] = r
dw = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * 1000)
prg.wrap(q, (1000,), None, dw)
w = np.empty(1000, np.int32); cl.enqueue_copy(q, w, dw); res["wrap"] = w
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
