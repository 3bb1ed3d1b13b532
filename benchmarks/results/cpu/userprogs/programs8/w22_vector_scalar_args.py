import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

import pyopencl.cltypes as clt
prg = cl.Program(ctx, """
__kernel void affine(__global float4 *p, float4 scale, float4 shift, int2 wrap) {
    int i = get_global_id(0);
    float4 v = p[i] * scale + shift;
    if ((i % wrap.x) == wrap.y) v = v.wzyx;
    p[i] = v;
}
__kernel void grid(__global int *o, int2 dims, uint4 mask, float2 f) {
    int x = get_global_id(0), y = get_global_id(1);
    o[y * dims.x + x] = ((x * 31 + y * 17) & mask.x) ^ (mask.y + (int)(f.x * x + f.y * y));
}
__kernel void dbl(__global double2 *d, double2 m, short8 s) {
    int i = get_global_id(0);
    d[i] = d[i] * m + (double)(s.s0 + s.s7);
}
""").build()
n = 40000
p = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(4 * n, dtype=np.float32))
prg.affine(q, (n,), None, p, clt.make_float4(0.5, 2.0, -1.0, 1.5), clt.make_float4(1, 2, 3, 4), clt.make_int2(7, 3))
sc = np.zeros(1, clt.float4); sc[0]["x"], sc[0]["y"], sc[0]["z"], sc[0]["w"] = 1.25, 1.0, 0.75, -1.0
prg.affine(q, (n,), (40,), p, sc[0], clt.make_float4(0, 0, 0, 0), clt.make_int2(5, 0))
h = np.empty(4 * n, np.float32); cl.enqueue_copy(q, h, p); res["affine"] = h
W, H = 333, 129
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H)
prg.grid(q, (W, H), None, o, clt.make_int2(W, H), clt.make_uint4(0xff, 5, 0, 0), clt.make_float2(0.5, -0.25))
h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, o); res["grid"] = h
d = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.linspace(0, 1, 2 * 5000))
s8 = np.zeros(1, clt.short8)[0]; s8["s0"] = 3; s8["s7"] = -10
prg.dbl(q, (5000,), None, d, clt.make_double2(1.5, -0.5), s8)
h = np.empty(10000); cl.enqueue_copy(q, h, d); res["dbl"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
