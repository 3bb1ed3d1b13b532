import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
#define TILE 64
__kernel void smooth(__global const float *a, __global float *o, int n) {
    __local float t[TILE + 2];
    int g = get_group_id(0) * TILE;
    int cnt = min(TILE + 2, n - g + 1);
    event_t e = async_work_group_copy(t, a + max(g - 1, 0), (size_t)(g == 0 ? cnt - 1 : min(cnt, n - g + 1)), 0);
    wait_group_events(1, &e);
    int l = get_local_id(0), i = g + l;
    if (i < n) {
        float left = (g == 0) ? ((l == 0) ? t[0] : t[l - 1]) : t[l];
        float mid = (g == 0) ? t[l] : t[l + 1];
        float right = (i + 1 < n) ? ((g == 0) ? t[l + 1] : t[l + 2]) : mid;
        o[i] = (left + 2.0f * mid + right) * 0.25f;
    }
}
__kernel void v4(__global const float *a, __global float *o, int n) {
    int i = get_global_id(0);
    if (4 * i + 3 < n) {
        float4 v = vload4(i, a);
        vstore4(v.wzyx * 2.0f, i, o);
    } else {
        for (int k = 4 * i; k < n; ++k) o[k] = -a[k];
    }
}
__kernel void v3half(__global const float *a, __global float *o) {
    int i = get_global_id(0);
    float3 v = vload3(i, a);
    vstore3(v + (float3)(1, 2, 3), i, o);
}
""").build()
n = 64 * 4000 + 37
h = np.sin(np.arange(n) * 0.01).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=h)
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
groups = (n + 63) // 64
cl.Kernel(prg, "smooth")(q, (groups * 64,), (64,), a, o, np.int32(n))
r = np.empty(n, np.float32); cl.enqueue_copy(q, r, o); res["smooth"] = r
cl.enqueue_fill_buffer(q, o, np.float32(0), 0, 4 * n)
cl.Kernel(prg, "v4")(q, ((n + 3) // 4,), None, a, o, np.int32(n))
cl.enqueue_copy(q, r, o); res["v4"] = r
m = 3 * 70001
o3 = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
cl.Kernel(prg, "v3half")(q, (m // 3,), None, a, o3)
r3 = np.empty(m, np.float32); cl.enqueue_copy(q, r3, o3); res["v3"] = r3
np.savez(sys.argv[1], **res)
print("done", len(res))
