import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
# pyopencl.array slices, reshapes and transposes handed to a hand-written kernel
src = """
__kernel void add_rows(__global float *dst, __global const float *src, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    dst[y * w + x] += src[y * w + x] * (float)(y + 1);
}
__kernel void scale(__global float *v, float s) { v[get_global_id(0)] *= s; }
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(917)
hm = rng.standard_normal((400, 300)).astype(np.float32)
m = cla.to_device(q, hm)
t = m.T.copy()                   # contiguous transpose made by pyopencl
r = m.reshape(300, 400)          # reshape of a contiguous array: same buffer
prg.add_rows(q, (400, 300), None, r.data, t.data, np.int32(400))
res["r_after"] = r.get()
sl = m[100:300]                  # row slice: an offset into the buffer
prg.scale(q, (sl.size,), None, sl.base_data, np.float32(1.0))  # whole base (user passes base_data)
c = sl.copy()
prg.scale(q, (c.size,), None, c.data, np.float32(-2.0))
res["c"] = c.get()
res["m"] = m.get()
flat = m.ravel()
half = flat[: flat.size // 2]
hc = half.copy()
prg.scale(q, (hc.size,), None, hc.data, np.float32(0.25))
res["hc"] = hc.get()
res["mT"] = (m.T.copy() * 2).get()
res["sum_rows"] = cla.sum(m[10:20]).get()
np.savez(sys.argv[1], **res)
print("done", len(res))
