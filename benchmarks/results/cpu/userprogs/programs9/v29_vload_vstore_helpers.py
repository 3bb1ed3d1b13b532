import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# vector loads and stores at computed offsets, float4 buffers, swizzles
src = """
__kernel void v4scale(__global const float *a, __global float *o, float s) {
    int i = get_global_id(0);
    float4 v = vload4(i, a);
    vstore4(v.wzyx * s, i, o);
}
__kernel void v2off(__global const float *a, __global float *o, int off) {
    int i = get_global_id(0);
    float2 v = vload2(0, a + off + 2 * i);
    vstore2(v.yx, 0, o + 2 * i);
}
__kernel void f4buf(__global const float4 *a, __global float4 *o, int n) {
    int i = get_global_id(0);
    o[n - 1 - i] = a[i] * (float4)(1.f, 2.f, 3.f, 4.f);
}
__kernel void v3(__global const float *a, __global float *o) {
    int i = get_global_id(0);
    vstore3(vload3(i, a) + 1.0f, i, o);
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(929)
n = 4 * 60000
ha = rng.standard_normal(n + 16).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n + 16, np.float32))
prg.v4scale(q, (n // 4,), None, a, o, np.float32(1.5))
g = np.empty(n + 16, np.float32); cl.enqueue_copy(q, g, o); res["v4"] = g
prg.v2off(q, (n // 2,), None, a, o, np.int32(3))
cl.enqueue_copy(q, g, o); res["v2"] = g.copy()
prg.f4buf(q, (n // 4,), None, a, o, np.int32(n // 4))
cl.enqueue_copy(q, g, o); res["f4"] = g.copy()
prg.v3(q, (n // 3,), None, a, o)
cl.enqueue_copy(q, g, o); res["v3"] = g.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
