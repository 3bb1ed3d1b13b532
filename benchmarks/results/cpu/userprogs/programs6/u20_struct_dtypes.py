import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = ctx.devices[0]
res = {}
part = np.dtype([("pos", cl.cltypes.float4), ("vel", cl.cltypes.float4), ("id", np.int32), ("mass", np.float32), ("flag", np.uint8)])
part, part_c = clt.match_dtype_to_c_struct(dev, "particle_t", part)
part = clt.get_or_register_dtype("particle_t", part)
cell = np.dtype([("lo", np.int16), ("hi", np.int64), ("w", np.float64)])
cell, cell_c = clt.match_dtype_to_c_struct(dev, "cell_t", cell)
cell = clt.get_or_register_dtype("cell_t", cell)
res["itemsizes"] = np.array([part.itemsize, cell.itemsize])
src = part_c + cell_c + """
__kernel void advance(__global particle_t *p, float dt, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    particle_t q = p[i];
    q.pos += q.vel * dt;
    q.vel.y -= 9.8f * dt * q.mass;
    q.flag = (q.pos.y < 0.0f) ? 1 : 0;
    p[i] = q;
}
__kernel void cells(__global const particle_t *p, __global cell_t *c, cell_t base) {
    int i = get_global_id(0);
    cell_t r = base;
    r.lo = (short)(p[i].id % 1000);
    r.hi = (long)p[i].id * 1000003L + base.hi;
    r.w = (double)p[i].mass * base.w;
    c[i] = r;
}
"""
prg = cl.Program(ctx, src).build()
n = 40001
rng = np.random.default_rng(620)
h = np.zeros(n, part)
h["pos"]["x"] = rng.standard_normal(n); h["pos"]["y"] = rng.random(n) * 10
h["vel"]["x"] = rng.standard_normal(n); h["vel"]["y"] = rng.standard_normal(n)
h["id"] = np.arange(n); h["mass"] = rng.random(n).astype(np.float32); h["flag"] = 7
d = cla.to_device(q, h)
for it in range(10):
    prg.advance(q, (n,), None, d.data, np.float32(0.01), np.int32(n))
out = d.get()
res["parts"] = out.view(np.uint8)
res["flags"] = out["flag"].copy()
base = np.zeros((), cell); base["lo"] = -1; base["hi"] = 5; base["w"] = 2.5
cb = cla.empty(q, n, cell)
prg.cells(q, (n,), None, d.data, cb.data, base)
co = cb.get()
res["cells_lo"] = co["lo"].copy(); res["cells_hi"] = co["hi"].copy(); res["cells_w"] = co["w"].copy()
# arrays of structs: field views via elementwise kernels on the struct array
from pyopencl.elementwise import ElementwiseKernel
ek = ElementwiseKernel(ctx, "particle_t *p, float *m", "m[i] = p[i].mass * 2 + p[i].pos.x", "getm", preamble=part_c)
m = cla.empty(q, n, np.float32)
ek(d, m)
res["ew_mass"] = m.get()
# a struct scalar to an ElementwiseKernel
ek2 = ElementwiseKernel(ctx, "cell_t *c, cell_t b", "c[i].w += b.w * i; c[i].lo = b.lo", "cadd", preamble=cell_c)
ek2(cb, base)
co = cb.get()
res["ew_cells_w"] = co["w"].copy(); res["ew_cells_lo"] = co["lo"].copy()
# copying struct arrays with slices / setitem
cb2 = cla.zeros(q, n, cell)
cb2[100:20100] = cb[0:20000]
res["struct_setitem"] = cb2.get().view(np.uint8)
np.savez(sys.argv[1], **res)
print("done", len(res))
