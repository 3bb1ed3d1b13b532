import sys
import numpy as np
import pyopencl as cl
import pyopencl.tools

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# a record argument carrying sizes, strides and offsets used in the index math
geom = np.dtype([("w", np.int32), ("h", np.int32), ("in_stride", np.int32), ("out_stride", np.int32),
                 ("in_off", np.int32), ("out_off", np.int32), ("scale", np.float32)])
geom, geom_c = cl.tools.match_dtype_to_c_struct(ctx.devices[0], "geom_t", geom)
geom = cl.tools.get_or_register_dtype("geom_t", geom)
src = geom_c + """
__kernel void crop_scale(__global const float *a, __global float *o, geom_t g) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < g.w && y < g.h)
        o[g.out_off + y * g.out_stride + x] = g.scale * a[g.in_off + y * g.in_stride + x];
}
typedef struct { int n; int step; long base; } walk_t;
__kernel void walk(__global int *o, walk_t wk) {
    int i = get_global_id(0);
    if (i < wk.n) o[wk.base + (long)i * wk.step] = i;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(911)
W, H = 700, 500
ha = rng.standard_normal(W * H).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
k = cl.Kernel(prg, "crop_scale")
for (w, h, ist, ost, io, oo, sc) in [(700, 500, 700, 700, 0, 0, 1.0), (300, 200, 700, 310, 701, 5, 2.0),
                                     (650, 480, 700, 650, 20 * 700 + 10, 0, -1.0)]:
    g = np.zeros(1, geom)
    g["w"], g["h"], g["in_stride"], g["out_stride"], g["in_off"], g["out_off"], g["scale"] = w, h, ist, ost, io, oo, sc
    ho = np.zeros(W * H, np.float32)
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ho)
    k(q, ((w + 15) // 16 * 16, (h + 7) // 8 * 8), (16, 8), a, o, g[0])
    cl.enqueue_copy(q, ho, o); res[f"crop_{w}_{h}"] = ho
walk_t = np.dtype([("n", np.int32), ("step", np.int32), ("base", np.int64)])
for n, step, base in [(50000, 2, 1), (40000, -2, 99999), (30000, 3, 0)]:
    wk = np.array((n, step, base), walk_t)
    ho = np.full(100000, -1, np.int32)
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ho)
    prg.walk(q, (n + 100,), None, o, wk)
    cl.enqueue_copy(q, ho, o); res[f"walk_{n}_{step}"] = ho
np.savez(sys.argv[1], **res)
print("done", len(res))
