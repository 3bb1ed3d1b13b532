import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

# stream compaction: atomic_inc hands out output slots; host sorts for a stable answer
prg = cl.Program(ctx, """
__kernel void compact(__global const float *x, int n, float thr,
                      __global int *count, __global int *idx, __global float *val) {
    int i = get_global_id(0);
    if (i >= n) return;
    if (x[i] > thr) {
        int s = atomic_inc(count);
        idx[s] = i;
        val[s] = x[i] * 2.0f;
    }
}
__kernel void compact_groups(__global const int *x, int n, __global int *count,
                             __global int *out) {
    __local int lcount, base;
    __local int lbuf[128];
    int l = get_local_id(0);
    if (l == 0) lcount = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    if (i < n && (x[i] % 3) == 0) { int s = atomic_inc(&lcount); lbuf[s] = x[i]; }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) base = atomic_add(count, lcount);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < lcount) out[base + l] = lbuf[l];
}
""").build()
rng = np.random.default_rng(803)
n = 200000
hx = rng.standard_normal(n).astype(np.float32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
count = cl.Buffer(ctx, mf.READ_WRITE, 4)
idx = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
val = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
for thr in [0.5, 1.5, -0.25]:
    cl.enqueue_fill_buffer(q, count, np.int32(0), 0, 4)
    prg.compact(q, ((n + 255) // 256 * 256,), None, x, np.int32(n), np.float32(thr), count, idx, val)
    c = np.empty(1, np.int32); cl.enqueue_copy(q, c, count)
    hi = np.empty(c[0], np.int32); hv = np.empty(c[0], np.float32)
    cl.enqueue_copy(q, hi, idx); cl.enqueue_copy(q, hv, val)
    o = np.argsort(hi, kind="stable")
    res[f"idx_{thr}"] = hi[o]; res[f"val_{thr}"] = hv[o]; res[f"count_{thr}"] = c
hxi = rng.integers(0, 10**6, n).astype(np.int32)
xi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hxi)
out = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, count, np.int32(0), 0, 4)
prg.compact_groups(q, ((n + 127) // 128 * 128,), (128,), xi, np.int32(n), count, out)
c = np.empty(1, np.int32); cl.enqueue_copy(q, c, count)
h = np.empty(c[0], np.int32); cl.enqueue_copy(q, h, out)
res["groups"] = np.sort(h); res["groups_count"] = c
np.savez(sys.argv[1], **res)
print("done", len(res), int(c[0]) == int((hxi % 3 == 0).sum()))
