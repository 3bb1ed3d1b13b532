import sys
import numpy as np
import pyopencl as cl
import pyopencl.tools
import pyopencl.cltypes as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
dev = ctx.devices[0]

particle = np.dtype([("pos", clt.float4), ("vel", clt.float4), ("mass", np.float32), ("id", np.int32)])
particle, particle_c = cl.tools.match_dtype_to_c_struct(dev, "particle", particle)
particle = cl.tools.get_or_register_dtype("particle", particle)
params = np.dtype([("dt", np.float32), ("damp", np.float32), ("steps", np.int32), ("pad", np.int32)])
params, params_c = cl.tools.match_dtype_to_c_struct(dev, "params_t", params)
params = cl.tools.get_or_register_dtype("params_t", params)

src = particle_c + params_c + """
__kernel void advance(__global particle *p, params_t prm, __constant float4 *field, int nf) {
    int i = get_global_id(0);
    particle q = p[i];
    float4 f = field[q.id % nf];
    for (int s = 0; s < prm.steps; ++s) {
        q.vel = q.vel * prm.damp + f * (prm.dt / q.mass);
        q.pos += q.vel * prm.dt;
    }
    p[i] = q;
}
__kernel void poly(__global const float *x, __global float *y, __constant float *coef, int deg) {
    int i = get_global_id(0);
    float v = x[i], acc = 0.0f;
    for (int k = deg; k >= 0; --k) acc = acc * v + coef[k];
    y[i] = acc;
}
__kernel void vec4(__global const float4 *a, __global const float4 *b, __global float4 *c, __global float *dots, float4 s) {
    int i = get_global_id(0);
    float4 u = a[i], v = b[i];
    c[i] = u * s + v.wzyx;
    dots[i] = dot(u, v);
}
__kernel void int2k(__global int2 *v, int2 add) {
    int i = get_global_id(0);
    v[i] = v[i] * (int2)(2, 3) + add;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(5)
res = {}
n = 100003
p = np.zeros(n, particle)
p["pos"] = rng.standard_normal((n, 4)).astype(np.float32).view(clt.float4).reshape(n)
p["vel"] = rng.standard_normal((n, 4)).astype(np.float32).view(clt.float4).reshape(n)
p["mass"] = rng.uniform(0.5, 2, n).astype(np.float32)
p["id"] = np.arange(n, dtype=np.int32)
dp = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=p)
field = rng.standard_normal((37, 4)).astype(np.float32)
dfield = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=field)
prm = np.zeros(1, params)[0]
prm["dt"] = 0.01; prm["damp"] = 0.99; prm["steps"] = 10
for it in range(3):
    prm["steps"] = 5 + it
    prg.advance(q, (n,), None, dp, prm, dfield, np.int32(37))
out = np.empty_like(p); cl.enqueue_copy(q, out, dp)
res["particles"] = out.view(np.uint8)

x = rng.uniform(-1, 1, 500001).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
for deg in [0, 3, 9]:
    coef = rng.standard_normal(deg + 1).astype(np.float32)
    dc = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=coef)
    prg.poly(q, x.shape, None, dx, dy, dc, np.int32(deg))
    y = np.empty_like(x); cl.enqueue_copy(q, y, dy); res[f"poly_{deg}"] = y

m = 250000
a = rng.standard_normal((m, 4)).astype(np.float32); b = rng.standard_normal((m, 4)).astype(np.float32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
db = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
dc = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes); dd = cl.Buffer(ctx, mf.WRITE_ONLY, m * 4)
prg.vec4(q, (m,), None, da, db, dc, dd, clt.make_float4(1.0, -2.0, 0.5, 3.0))
c = np.empty_like(a); d = np.empty(m, np.float32)
cl.enqueue_copy(q, c, dc); cl.enqueue_copy(q, d, dd); res["vec4c"] = c; res["vec4d"] = d

v = rng.integers(-1000, 1000, (123457, 2)).astype(np.int32)
dv = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=v)
for k in range(3):
    prg.int2k(q, (123457,), None, dv, clt.make_int2(k, -k))
cl.enqueue_copy(q, v, dv); res["int2"] = v
np.savez(sys.argv[1], **res)
print("done", len(res))
