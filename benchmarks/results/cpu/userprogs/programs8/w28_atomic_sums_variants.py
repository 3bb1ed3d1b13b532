import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void hist_acc(__global const uchar *d, __global uint *bins) {
    atomic_inc(&bins[d[get_global_id(0)]]);
}
__kernel void sub_dec(__global const uchar *d, __global int *bins) {
    uchar v = d[get_global_id(0)];
    if (v & 1) atomic_sub(&bins[v >> 4], (int)v); else atomic_dec(&bins[v & 15]);
}
__kernel void wide(__global const uchar *d, __global long *acc) {
    atom_add(&acc[d[get_global_id(0)] & 7], (long)d[get_global_id(0)] << 33);
}
void atomic_addf(volatile __global float *p, float v) {
    union { unsigned int u; float f; } o, nw;
    do { o.f = *p; nw.f = o.f + v; } while (atomic_cmpxchg((volatile __global unsigned int *)p, o.u, nw.u) != o.u);
}
__kernel void float_sum(__global const uchar *d, __global float *s) {
    atomic_addf(&s[d[get_global_id(0)] % 4], (float)(d[get_global_id(0)] % 16));
}
__kernel void bounded(__global const uchar *d, __global int *c) {
    if (d[get_global_id(0)] > 200) atomic_max(&c[0], (int)get_global_id(0) % 1000);
    atomic_min(&c[1], (int)d[get_global_id(0)]);
}
""").build()
rng = np.random.default_rng(828)
n = 1 << 19
hd = rng.integers(0, 256, n).astype(np.uint8)
d = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hd)
bins = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(256, dtype=np.uint32) * 1000)
k = cl.Kernel(prg, "hist_acc")
for it in range(3):
    k(q, (n >> it,), None, d, bins)
h = np.empty(256, np.uint32); cl.enqueue_copy(q, h, bins); res["hist"] = h
sb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(16, 7, np.int32))
prg.sub_dec(q, (n,), (128,), d, sb)
h = np.empty(16, np.int32); cl.enqueue_copy(q, h, sb); res["subdec"] = h
wa = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(8, -5, np.int64))
prg.wide(q, (n,), None, d, wa)
h = np.empty(8, np.int64); cl.enqueue_copy(q, h, wa); res["wide"] = h
fs = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(4, np.float32))
prg.float_sum(q, (n,), None, d, fs)
h = np.empty(4, np.float32); cl.enqueue_copy(q, h, fs); res["fsum"] = h
c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([-1, 1000], np.int32))
prg.bounded(q, (n,), None, d, c)
h = np.empty(2, np.int32); cl.enqueue_copy(q, h, c); res["bounded"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
