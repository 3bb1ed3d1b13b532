import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void hist_global(__global const uchar *data, __global int *bins, int n) {
    int i = get_global_id(0);
    if (i < n) atomic_inc(&bins[data[i]]);
}
__kernel void hist_local(__global const uchar *data, __global int *bins, int n) {
    __local int lb[256];
    int l = get_local_id(0);
    for (int b = l; b < 256; b += get_local_size(0)) lb[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_add(&lb[data[i]], 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = l; b < 256; b += get_local_size(0)) atomic_add(&bins[b], lb[b]);
}
__kernel void minmax(__global const int *v, __global int *mm) {
    int i = get_global_id(0);
    atomic_min(&mm[0], v[i]);
    atomic_max(&mm[1], v[i]);
    atomic_or(&mm[2], v[i] & 0xff);
    atomic_xor(&mm[3], v[i]);
}
__kernel void count_if(__global const float *v, __global unsigned int *c, float thr) {
    if (v[get_global_id(0)] > thr) atomic_inc(c);
}
__kernel void hist2d(__global const float2 *p, __global int *bins, int nb) {
    float2 x = p[get_global_id(0)];
    int bx = clamp((int)((x.x + 4.0f) / 8.0f * nb), 0, nb - 1);
    int by = clamp((int)((x.y + 4.0f) / 8.0f * nb), 0, nb - 1);
    atomic_add(&bins[by * nb + bx], 1);
}
""").build()
rng = np.random.default_rng(704)
n = 1 << 20
data = (rng.standard_normal(n) * 40 + 128).clip(0, 255).astype(np.uint8)
dd = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
bins = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(256, np.int32))
for it in range(3):
    prg.hist_global(q, (n + 1000,), None, dd, bins, np.int32(n))
h = np.empty(256, np.int32); cl.enqueue_copy(q, h, bins); res["hist_global"] = h
bins2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(256, np.int32))
prg.hist_local(q, (64 * 32,), (64,), dd, bins2, np.int32(n))
prg.hist_local(q, (128 * 7,), (128,), dd, bins2, np.int32(n))
h = np.empty(256, np.int32); cl.enqueue_copy(q, h, bins2); res["hist_local"] = h
v = rng.integers(-10**9, 10**9, n).astype(np.int32)
dv = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=v)
mm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([2**31 - 1, -2**31, 0, 0], np.int32))
prg.minmax(q, (n,), None, dv, mm)
h = np.empty(4, np.int32); cl.enqueue_copy(q, h, mm); res["minmax"] = h
f = rng.standard_normal(n).astype(np.float32)
df = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=f)
cnt = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.uint32))
counts = []
for thr in [-1.0, 0.0, 0.5, 2.0]:
    cl.enqueue_fill_buffer(q, cnt, np.uint32(0), 0, 4)
    prg.count_if(q, (n,), None, df, cnt, np.float32(thr))
    c = np.empty(1, np.uint32); cl.enqueue_copy(q, c, cnt); counts.append(c[0])
res["count_if"] = np.array(counts)
p = rng.standard_normal((n // 2, 2)).astype(np.float32)
dp = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=p)
nb = 37
b2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(nb * nb, np.int32))
prg.hist2d(q, (n // 2,), None, dp, b2, np.int32(nb))
h = np.empty(nb * nb, np.int32); cl.enqueue_copy(q, h, b2); res["hist2d"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
