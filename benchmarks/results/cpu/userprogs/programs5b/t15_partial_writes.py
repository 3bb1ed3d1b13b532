import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void every_k(__global int *o, int k, int v) {
    int i = get_global_id(0);
    if (i % k == 0) o[i] = v + i;
}
__kernel void cond_data(__global const float *a, __global float *o) {
    int i = get_global_id(0);
    if (a[i] > 0.3f) o[i] = a[i] * 2.0f;
}
__kernel void early_ret(__global int *o, int lim) {
    int i = get_global_id(0);
    if (i >= lim) return;
    o[i] = -i;
}
__kernel void two_maps(__global const int *a, __global int *fwd, __global int *bwd, int n) {
    int i = get_global_id(0);
    fwd[i] = a[i] + 1;
    bwd[n - 1 - i] = a[i] * 2;
}
__kernel void dup_same(__global int *o) {
    int i = get_global_id(0);
    o[i / 3] = (i / 3) * 7;          /* three work-items write the same value */
}
__kernel void strided_out(__global float *o, int stride, int phase) {
    int i = get_global_id(0);
    o[i * stride + phase] = (float)i + 0.25f * phase;
}
__kernel void halfwrite(__global short *o) {
    int i = get_global_id(0);
    o[2 * i + 1] = (short)(i & 0x7fff);   /* odd halves only: neighbouring bytes untouched */
}
__kernel void bytewrite(__global uchar *o, int n) {
    int i = get_global_id(0);
    if (i < n) o[3 * i + 2] = (uchar)(i * 31);
}
__kernel void tail_write(__global int *o, int n) {
    /* only the last work-item writes, into the whole tail */
    int i = get_global_id(0);
    if (i == get_global_size(0) - 1) for (int k = 0; k < n; ++k) o[k] = k * k;
}
""").build()
n = 300007
rng = np.random.default_rng(1515)
d = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
cl.enqueue_fill_buffer(q, d, np.int32(-7), 0, n * 4)
for k, v in [(3, 100), (7, 200000), (1000, -5)]:
    cl.Kernel(prg, "every_k")(q, (n,), None, d, np.int32(k), np.int32(v))
o = np.empty(n, np.int32); cl.enqueue_copy(q, o, d); res["every_k"] = o
a = rng.random(n).astype(np.float32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
df = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.float32))
cl.Kernel(prg, "cond_data")(q, (n,), None, da, df)
f = np.empty(n, np.float32); cl.enqueue_copy(q, f, df); res["cond"] = f
cl.enqueue_fill_buffer(q, d, np.int32(9), 0, n * 4)
cl.Kernel(prg, "early_ret")(q, (n,), None, d, np.int32(123457))
cl.enqueue_copy(q, o, d); res["early"] = o.copy()
ai = np.arange(n, dtype=np.int32)
dai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ai)
dfw = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
dbw = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
cl.Kernel(prg, "two_maps")(q, (n // 2,), None, dai, dfw, dbw, np.int32(n))
cl.enqueue_copy(q, o, dfw); res["fwd"] = o.copy(); cl.enqueue_copy(q, o, dbw); res["bwd"] = o.copy()
cl.enqueue_fill_buffer(q, d, np.int32(1), 0, n * 4)
cl.Kernel(prg, "dup_same")(q, (n,), None, d)
cl.enqueue_copy(q, o, d); res["dup"] = o.copy()
ds = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
cl.enqueue_fill_buffer(q, ds, np.float32(0.5), 0, n * 4)
for phase in [0, 2]:
    cl.Kernel(prg, "strided_out")(q, (n // 5,), None, ds, np.int32(5), np.int32(phase))
cl.enqueue_copy(q, f, ds); res["strided"] = f.copy()
dh = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(2 * 150001, 0x1111, np.int16))
cl.Kernel(prg, "halfwrite")(q, (150001,), None, dh)
hh = np.empty(2 * 150001, np.int16); cl.enqueue_copy(q, hh, dh); res["half"] = hh
db = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(3 * 100003, 0xaa, np.uint8))
cl.Kernel(prg, "bytewrite")(q, (100003 + 5,), None, db, np.int32(100003))
bb = np.empty(3 * 100003, np.uint8); cl.enqueue_copy(q, bb, db); res["bytes"] = bb
cl.enqueue_fill_buffer(q, d, np.int32(3), 0, n * 4)
cl.Kernel(prg, "tail_write")(q, (5000,), None, d, np.int32(2000))
cl.enqueue_copy(q, o, d); res["tail"] = o.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
