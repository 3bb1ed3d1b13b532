import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.cltypes as clty

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
prg = cl.Program(ctx, """
__kernel void f4(__global float4 *a, float4 s, __global float *norms) {
    int i = get_global_id(0);
    float4 v = a[i] * s + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    a[i] = v;
    norms[i] = dot(v, v);
}
__kernel void i3(__global int3 *a, int3 add) {
    int i = get_global_id(0);
    a[i] = a[i] + add * i;
}
__kernel void swz(__global const float8 *a, __global float2 *o) {
    int i = get_global_id(0);
    float8 v = a[i];
    o[i] = v.s07 + v.lo.hi + v.hi.lo.s10;
}
""").build()
n = 100003
rng = np.random.default_rng(621)
h = np.zeros(n, clty.float4)
for c in "xyzw": h[c] = rng.standard_normal(n)
d = cla.to_device(q, h)
norms = cla.empty(q, n, np.float32)
s = clty.make_float4(0.5, -1, 2, 0.25)
for it in range(3):
    prg.f4(q, (n,), None, d.data, s, norms.data)
res["f4"] = d.get().view(np.float32)
res["norms"] = norms.get()
h3 = np.zeros(n, clty.int3)
h3["x"] = np.arange(n); h3["y"] = -np.arange(n); h3["z"] = 7
d3 = cla.to_device(q, h3)
prg.i3(q, (n,), None, d3.data, clty.make_int3(1, 2, 3))
prg.i3(q, (n // 2,), None, d3.data, clty.make_int3(-1, 0, 5))
res["i3"] = d3.get().view(np.int32)
h8 = rng.standard_normal((n, 8)).astype(np.float32)
d8 = cla.to_device(q, h8.view(clty.float8).reshape(n))
o2 = cla.empty(q, n, clty.float2)
prg.swz(q, (n,), None, d8.data, o2.data)
res["swz"] = o2.get().view(np.float32)
# pyopencl.array arithmetic on vector arrays
v = cla.to_device(q, h)
w = v * 2 if False else None
z = cla.zeros(q, 1000, cla.vec.float4)
z.fill(cla.vec.make_float4(1, 2, 3, 4))
res["vfill"] = z.get().view(np.float32)
z[10:20] = h[:10]
res["vsetitem"] = z.get().view(np.float32)
# array of double2 through an elementwise kernel
from pyopencl.elementwise import ElementwiseKernel
ek = ElementwiseKernel(ctx, "double2 *a, double s", "a[i] = (double2)(a[i].y * s, a[i].x + i)", "d2")
hd = np.zeros(50000, clty.double2); hd["x"] = np.arange(50000); hd["y"] = 1.5
dd = cla.to_device(q, hd)
ek(dd, np.float64(2.0)); ek(dd, np.float64(-0.5))
res["d2"] = dd.get().view(np.float64)
np.savez(sys.argv[1], **res)
print("done", len(res))
