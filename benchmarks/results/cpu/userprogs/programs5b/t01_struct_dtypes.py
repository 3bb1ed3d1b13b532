import sys
import numpy as np
import pyopencl as cl
import pyopencl.tools as clt
import pyopencl.cltypes as ct

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = ctx.devices[0]
mf = cl.mem_flags
res = {}

particle = np.dtype([("pos", ct.float4), ("vel", ct.float4), ("id", np.int32), ("flags", np.uint16), ("w", np.float64)])
particle, particle_c = clt.match_dtype_to_c_struct(dev, "particle_t", particle)
particle = clt.get_or_register_dtype("particle_t", particle)
params = np.dtype([("dt", np.float32), ("damp", np.float32), ("step", np.int32), ("mask", np.uint16)])
params, params_c = clt.match_dtype_to_c_struct(dev, "params_t", params)
params = clt.get_or_register_dtype("params_t", params)
res["itemsize"] = np.array([particle.itemsize, params.itemsize])

src = particle_c + params_c + """
__kernel void advance(__global particle_t *p, params_t prm, float4 gravity, int2 clampr) {
    int i = get_global_id(0);
    particle_t a = p[i];
    a.vel = a.vel * prm.damp + gravity * prm.dt;
    a.pos = a.pos + a.vel * prm.dt;
    a.pos.x = clamp(a.pos.x, (float)clampr.x, (float)clampr.y);
    a.flags = (ushort)((a.flags ^ prm.mask) + prm.step);
    a.w = a.w * 0.5 + (double)a.id;
    p[i] = a;
}
__kernel void project(__global const particle_t *p, __global float *outx, __global int *outid, uint4 sel) {
    int i = get_global_id(0);
    outx[i] = p[i].pos.x * sel.x + p[i].pos.y * sel.y + p[i].vel.z * sel.z + (float)p[i].flags * sel.w;
    outid[i] = p[i].id * 3 + (int)p[i].flags;
}
__kernel void by_value_struct_only(__global float *o, params_t prm, float2 off) {
    int i = get_global_id(0);
    o[i] = prm.dt * i + prm.damp + off.x - off.y * prm.step + (float)(prm.mask & i);
}
"""
prg = cl.Program(ctx, src).build()
n = 100003
rng = np.random.default_rng(11)
h = np.zeros(n, particle)
h["pos"] = rng.standard_normal((n, 4)).astype(np.float32).view(ct.float4).reshape(n)
h["vel"] = rng.standard_normal((n, 4)).astype(np.float32).view(ct.float4).reshape(n)
h["id"] = np.arange(n, dtype=np.int32)
h["flags"] = (np.arange(n) * 7919 % 65536).astype(np.uint16)
h["w"] = rng.random(n)
buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
for step in range(6):
    prm = np.zeros(1, params)[0]
    prm["dt"] = 0.01 * (step + 1); prm["damp"] = 0.99; prm["step"] = step; prm["mask"] = 0x5a5a
    grav = ct.make_float4(0.0, -9.8, 0.1 * step, 0.0)
    prg.advance(q, (n,), None, buf, prm, grav, ct.make_int2(-3, 3))
out = np.empty_like(h)
cl.enqueue_copy(q, out, buf)
res["tol_pos"] = np.ascontiguousarray(out["pos"]).view(np.float32).reshape(n, 4)
res["tol_vel"] = np.ascontiguousarray(out["vel"]).view(np.float32).reshape(n, 4)
res["flags"] = out["flags"]; res["id"] = out["id"]; res["tol_w"] = out["w"]
ox = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4); oid = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
k = prg.project
k.set_args(buf, ox, oid, ct.make_uint4(1, 2, 0, 1))
cl.enqueue_nd_range_kernel(q, k, (n,), None)
a = np.empty(n, np.float32); b = np.empty(n, np.int32)
cl.enqueue_copy(q, a, ox); cl.enqueue_copy(q, b, oid)
res["tol_proj"] = a; res["projid"] = b
k.set_arg(3, ct.make_uint4(0, 0, 1, 0))
cl.enqueue_nd_range_kernel(q, k, (n,), None)
cl.enqueue_copy(q, a, ox); res["tol_proj2"] = a.copy()
o = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
prm = np.zeros(1, params)[0]; prm["dt"] = 0.25; prm["damp"] = 1.5; prm["step"] = 3; prm["mask"] = 0xff
prg.by_value_struct_only(q, (n,), None, o, prm, ct.make_float2(2.0, 0.5))
c = np.empty(n, np.float32); cl.enqueue_copy(q, c, o); res["byval"] = c
# struct array via pyopencl.array + ElementwiseKernel
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
d = cla.to_device(q, h)
ek = ElementwiseKernel(ctx, "particle_t *p, double *e", "e[i] = 0.5 * (double)dot(p[i].vel, p[i].vel) + p[i].w", preamble=particle_c, name="energy")
e = cla.empty(q, n, np.float64); ek(d, e)
res["tol_energy"] = e.get()
res["sumid"] = np.array(cla.sum(cla.to_device(q, h["id"].astype(np.int64))).get())
np.savez(sys.argv[1], **res)
print("done", particle.itemsize, params.itemsize)
