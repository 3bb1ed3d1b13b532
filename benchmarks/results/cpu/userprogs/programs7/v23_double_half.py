import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dmath(__global const double *x, __global double *y) {
    int i = get_global_id(0);
    double v = x[i];
    y[i] = exp(-v * v) * cos(3.0 * v) + log1p(fabs(v)) - atan2(v, 1.5) + pow(fabs(v) + 1.0, 0.3) + fma(v, v, 1e-9);
}
__kernel void to_half(__global const float *x, __global half *h) {
    int i = get_global_id(0);
    vstore_half(x[i] * 3.0f, i, h);
}
__kernel void half_rte(__global const float *x, __global half *h) {
    int i = get_global_id(0);
    vstore_half_rtz(x[i], i, h);
}
__kernel void from_half(__global const half *h, __global float *x) {
    int i = get_global_id(0);
    x[i] = vload_half(i, h) + 1.0f;
}
__kernel void half4(__global const half *h, __global float4 *o) {
    int i = get_global_id(0);
    o[i] = vload_half4(i, h) * 2.0f;
}
__kernel void kahan(__global const double *x, __global double *s, int chunk) {
    int g = get_global_id(0);
    double sum = 0, c = 0;
    for (int k = 0; k < chunk; k++) { double y = x[g * chunk + k] - c; double t = sum + y; c = (t - sum) - y; sum = t; }
    s[g] = sum;
}
""").build()
rng = np.random.default_rng(723)
n = 400003
xd = rng.standard_normal(n) * 3
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xd)
b = cl.Buffer(ctx, mf.WRITE_ONLY, 8 * n)
cl.Kernel(prg, "dmath")(q, (n,), None, a, b)
h = np.empty(n); cl.enqueue_copy(q, h, b); res["dmath"] = h
xf = (rng.standard_normal(n) * 100).astype(np.float32)
af = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xf)
hb = cl.Buffer(ctx, mf.READ_WRITE, 2 * n)
cl.Kernel(prg, "to_half")(q, (n,), None, af, hb)
hh = np.empty(n, np.float16); cl.enqueue_copy(q, hh, hb); res["half"] = hh
hb2 = cl.Buffer(ctx, mf.READ_WRITE, 2 * n)
cl.Kernel(prg, "half_rte")(q, (n,), None, af, hb2)
hh = np.empty(n, np.float16); cl.enqueue_copy(q, hh, hb2); res["half_rtz"] = hh
fb = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
cl.Kernel(prg, "from_half")(q, (n,), None, hb, fb)
hf = np.empty(n, np.float32); cl.enqueue_copy(q, hf, fb); res["from_half"] = hf
m4 = n // 4
o4 = cl.Buffer(ctx, mf.WRITE_ONLY, 16 * m4)
cl.Kernel(prg, "half4")(q, (m4,), None, hb2, o4)
h4 = np.empty(4 * m4, np.float32); cl.enqueue_copy(q, h4, o4); res["half4"] = h4
chunk = 1000; G = 800
xs = rng.standard_normal(G * chunk) * 1e8 + 1.0
ax = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xs)
sx = cl.Buffer(ctx, mf.WRITE_ONLY, 8 * G)
cl.Kernel(prg, "kahan")(q, (G,), None, ax, sx, np.int32(chunk))
hs = np.empty(G); cl.enqueue_copy(q, hs, sx); res["kahan"] = hs
np.savez(sys.argv[1], **res)
print("done", len(res))
