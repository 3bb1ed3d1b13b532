import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
has64 = "cl_khr_int64_base_atomics" in dev.extensions
hasfp64 = "cl_khr_fp64" in dev.extensions
res["caps"] = np.array([has64, hasfp64])
src = """
__kernel void hist(__global const uint *a, __global uint *h, int nb) {
    int i = get_global_id(0);
    atomic_inc(&h[a[i] % nb]);
}
__kernel void fmax_cas(__global const float *a, __global int *m) {
    int i = get_global_id(0);
    float v = a[i];
    int old = *m;
    while (as_float(old) < v) {
        int prev = atomic_cmpxchg(m, old, as_int(v));
        if (prev == old) break;
        old = prev;
    }
}
__kernel void argmin_cas(__global const int *a, __global volatile int *best) {
    int i = get_global_id(0);
    atomic_min(&best[0], a[i]);
    atomic_max(&best[1], a[i]);
    atomic_or(&best[2], a[i] & 0x0f0f0f0f);
    atomic_and(&best[3], a[i] | 0x00ff0000);
    atomic_xor(&best[4], a[i]);
    atomic_add(&best[5], a[i] & 0xff);
    atomic_sub(&best[6], a[i] & 0xf);
}
__kernel void dbl(__global const double *a, __global double *b, double s) {
    int i = get_global_id(0);
    double x = a[i];
    b[i] = fma(x, s, sqrt(fabs(x))) + exp(-x * x) + (double)i * 1e-9;
}
__kernel void count_pos(__global const int *a, __global int *c) {
    if (a[get_global_id(0)] > 0) atomic_inc(c);
    else atomic_dec(c + 1);
}
__kernel void xchg_last(__global const int *a, __global int *slot) {
    /* result of xchg is order-dependent; only the set of the two is saved */
    int i = get_global_id(0);
    if (i < 2) atomic_xchg(&slot[i], a[i] * 10);
}
"""
if has64:
    src = "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n" + src + """
__kernel void sum64(__global const long *a, __global long *acc) {
    int i = get_global_id(0);
    atom_add(&acc[0], a[i]);
    atom_inc(&acc[1]);
    atom_max(&acc[2], a[i]);
    atom_min(&acc[3], a[i]);
    atom_xor(&acc[4], a[i]);
}
__kernel void hist64(__global const uint *a, __global ulong *h) {
    int i = get_global_id(0);
    atom_add(&h[a[i] & 127], (ulong)a[i]);
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(88)
n = 400009
a = rng.integers(0, 1 << 31, n, dtype=np.int64).astype(np.uint32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
for nb in [7, 256, 1000]:
    dh = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(nb, np.uint32))
    cl.Kernel(prg, "hist")(q, (n,), None, da, dh, np.int32(nb))
    h = np.empty(nb, np.uint32); cl.enqueue_copy(q, h, dh); res[f"hist_{nb}"] = h
f = rng.standard_normal(n).astype(np.float32) * 10
df = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=f)
dm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([np.float32(-1e30)]).view(np.int32))
cl.Kernel(prg, "fmax_cas")(q, (n,), None, df, dm)
m = np.empty(1, np.int32); cl.enqueue_copy(q, m, dm); res["fmax"] = m.view(np.float32)
ai = rng.integers(-(1 << 30), 1 << 30, n).astype(np.int32)
dai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ai)
init = np.array([2**31 - 1, -2**31, 0, -1, 0, 0, 0], np.int32)
db = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=init)
cl.Kernel(prg, "argmin_cas")(q, (n,), None, dai, db)
b = np.empty(7, np.int32); cl.enqueue_copy(q, b, db); res["int_atomics"] = b
dc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2, np.int32))
cl.Kernel(prg, "count_pos")(q, (n,), None, dai, dc)
c = np.empty(2, np.int32); cl.enqueue_copy(q, c, dc); res["count_pos"] = c
ds = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2, np.int32))
cl.Kernel(prg, "xchg_last")(q, (1000,), None, dai, ds)
s = np.empty(2, np.int32); cl.enqueue_copy(q, s, ds); res["xchg"] = np.sort(s)
if hasfp64:
    x = rng.standard_normal(n)
    dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x); dy = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
    cl.Kernel(prg, "dbl")(q, (n,), None, dx, dy, np.float64(1.0 / 3.0))
    y = np.empty_like(x); cl.enqueue_copy(q, y, dy); res["dbl"] = y
if has64:
    l = rng.integers(-(1 << 50), 1 << 50, n).astype(np.int64)
    dl = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=l)
    acc = np.array([0, 0, -(1 << 62), 1 << 62, 0], np.int64)
    dacc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=acc)
    k64 = cl.Kernel(prg, "sum64")
    for rep in range(3):
        k64(q, (n - rep * 1000,), None, dl, dacc)
    cl.enqueue_copy(q, acc, dacc); res["acc64"] = acc
    dh64 = cl.Buffer(ctx, mf.READ_WRITE, 128 * 8)
    cl.enqueue_fill_buffer(q, dh64, np.uint64(0), 0, 128 * 8)
    cl.Kernel(prg, "hist64")(q, (n,), None, da, dh64)
    h64 = np.empty(128, np.uint64); cl.enqueue_copy(q, h64, dh64); res["hist64"] = h64
else:
    res["acc64"] = np.array(["skipped"])
np.savez(sys.argv[1], **res)
print("done", len(res), has64, hasfp64)
