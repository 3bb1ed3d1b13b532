import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
prg = cl.Program(ctx, """
__kernel void rowscale(__global float *m, int rows, int cols, int ld, float s) {
    int r = get_global_id(0), c = get_global_id(1);
    if (r < rows && c < cols) m[r * ld + c] = m[r * ld + c] * s + r - c;
}
__kernel void add_off(__global int *buf, long off, int n, int v) {
    int i = get_global_id(0);
    if (i < n) buf[off + i] += v + i;
}
""").build()
rs = cl.Kernel(prg, "rowscale"); ao = cl.Kernel(prg, "add_off")
rng = np.random.default_rng(604)
h = rng.standard_normal(600 * 500).astype(np.float32)
d = cla.to_device(q, h)
M = d.reshape(600, 500)
rs(q, (608, 504), (8, 8), M.data, np.int32(600), np.int32(500), np.int32(500), np.float32(2))
T = M.T  # view, F-ordered
Tc = cla.transpose(M).copy() if hasattr(cla, "transpose") else None
res["T_get"] = T.get()
res["Tc"] = Tc.get()
R = M.ravel()
res["ravel_sum_part"] = (R[:1000] * 2).get()
# kernel on a reshaped contiguous copy of the transpose
rs(q, (504, 600), None, Tc.data, np.int32(500), np.int32(600), np.int32(600), np.float32(-1))
res["Tc2"] = Tc.get()
res["M_after"] = M.get()
# astype chains
res["astype_i"] = M.astype(np.int32).get()
res["astype_d"] = (M.astype(np.float64) * 1e10).astype(np.int64).get()
# setitem with slices / arrays / scalars
z = cla.zeros(q, 300000, np.int32)
z[0:3000] = 5
z[1000:2000] = cla.arange(q, 1000, dtype=np.int32)
z[5000:6000] = np.arange(1000, dtype=np.int32) * -1
z[-10:] = 99
z[250000:] = z[100:50100]
res["setitem"] = z.get()
# base_data/offset for a view passed to a raw kernel
v = z[123457:223457]
ao(q, (100000,), None, v.base_data, np.int64(v.offset // 4), np.int32(100000), np.int32(7))
res["rawview"] = z.get()
# get with ary=
out = np.empty(100000, np.int32)
v.get(ary=out)
res["get_ary"] = out
out2 = np.zeros(500, np.float32)
M[3].get(ary=out2)
res["row3"] = out2
# get_async
o3, ev = M[100:300].get_async() if hasattr(cla.Array, "get_async") else (M[::2].get(), None)
if ev is not None: ev.wait()
res["async"] = o3
# map_to_host
mh = z.map_to_host(is_blocking=True)
res["mapped"] = np.array(mh[123450:123470])
del mh
# with_queue
q2 = cl.CommandQueue(ctx)
w = d.with_queue(q2)
w2 = w * 3
q2.finish()
res["wq"] = w2.with_queue(q).get()
np.savez(sys.argv[1], **res)
print("done", len(res))
