import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void partial_dot(__global const float *a, __global const float *b, __global float *part, int n) {
    __local float t[128];
    int l = get_local_id(0);
    float s = 0.0f;
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) s += a[i] * b[i];
    t[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = 64; w > 0; w >>= 1) { if (l < w) t[l] += t[l + w]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (l == 0) part[get_group_id(0)] = t[0];
}
__kernel void partial_minmax(__global const float *a, __global float2 *part, int n, __local float2 *t) {
    int l = get_local_id(0), L = get_local_size(0);
    float2 mm = (float2)(INFINITY, -INFINITY);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) { mm.x = fmin(mm.x, a[i]); mm.y = fmax(mm.y, a[i]); }
    t[l] = mm;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        for (int j = 1; j < L; j++) { mm.x = fmin(mm.x, t[j].x); mm.y = fmax(mm.y, t[j].y); }
        part[get_group_id(0)] = mm;
    }
}
""").build()
rng = np.random.default_rng(830)
n = 1000003
ha = rng.standard_normal(n).astype(np.float32); hb = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hb)
dots = []
for G in [8, 64, 333, 1024]:
    part = cl.Buffer(ctx, mf.READ_WRITE, 4 * G)
    prg.partial_dot(q, (G * 128,), (128,), a, b, part, np.int32(n))
    h = np.empty(G, np.float32); cl.enqueue_copy(q, h, part)
    s = np.float32(0)
    for v in h: s = np.float32(s + v)
    dots.append(s); res[f"part_{G}"] = h
res["dots"] = np.array(dots)
for G, L in [(16, 64), (50, 32)]:
    part = cl.Buffer(ctx, mf.READ_WRITE, 8 * G)
    prg.partial_minmax(q, (G * L,), (L,), a, part, np.int32(n), cl.LocalMemory(8 * L))
    h = np.empty(2 * G, np.float32); cl.enqueue_copy(q, h, part)
    res[f"mm_{G}"] = h; res[f"mmall_{G}"] = np.array([h[0::2].min(), h[1::2].max()])
np.savez(sys.argv[1], **res)
print("done", len(res))
