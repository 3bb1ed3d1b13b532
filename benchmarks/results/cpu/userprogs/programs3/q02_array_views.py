import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
def tryget(name, fn):
    try:
        res[name] = fn()
    except Exception as e:
        res[name + "_err"] = np.array(type(e).__name__)
rng = np.random.default_rng(202)
n = 400009
ih = rng.integers(-10000, 10000, n).astype(np.int32)
fh = rng.standard_normal(n).astype(np.float64)
ia = cla.to_device(q, ih); fa = cla.to_device(q, fh)
# reductions over slices (views with offsets)
for lo, hi in [(0, 1), (1, 2), (3, 100003), (77, n), (n - 5, n)]:
    res[f"sum_{lo}_{hi}"] = cla.sum(ia[lo:hi]).get()
    res[f"max_{lo}_{hi}"] = cla.max(ia[lo:hi]).get()
    res[f"min_{lo}_{hi}"] = cla.min(fa[lo:hi]).get()
    res[f"dot_{lo}_{hi}"] = cla.dot(ia[lo:hi], ia[lo:hi]).get()
res["sum_dtype"] = cla.sum(ia, dtype=np.int64).get()
res["dot_f64"] = cla.dot(fa[5:], fa[:-5]).get()
ch = (rng.standard_normal(5003) + 1j * rng.standard_normal(5003)).astype(np.complex128)
c = cla.to_device(q, ch)
res["vdot_c"] = cla.vdot(c, c[::-1].copy() if c.flags.c_contiguous and False else c).get()
res["dot_c"] = cla.dot(c[1:], c[:-1]).get()
res["c_mul"] = (c * c + 2j).get()
res["c_abs"] = abs(c).get()
res["c_conj"] = c.conj().get()
res["c_real"] = c.real.get(); res["c_imag"] = c.imag.get()
sub = cla.to_device(q, rng.integers(0, n, 1000).astype(np.int32))
res["subset_dot"] = cla.subset_dot(sub, ia, ia).get()
res["subset_max"] = cla.subset_max(sub, ia).get()
res["subset_min"] = cla.subset_min(sub, fa).get()
# non-contiguous views
m = cla.to_device(q, rng.integers(0, 100, (301, 257)).astype(np.int32))
tryget("mT", lambda: m.T.get())
tryget("col", lambda: m[:, 5].get())
tryget("row", lambda: m[17].get())
tryget("block", lambda: m[10:50, 20:40].get())
tryget("transpose_copy", lambda: cla.transpose(m).copy().get() if False else cla.transpose(m).get())
tryget("reshape_F", lambda: m.reshape(257, 301).get())
tryget("ravel", lambda: m.ravel().get())
try:
    res["sum_T"] = cla.sum(m.T).get()
except Exception as e:
    res["sum_T_err"] = np.array(type(e).__name__)
try:
    res["strided_add"] = (ia[::3] + 1).get()
except Exception as e:
    res["strided_add_err"] = np.array(type(e).__name__)
# astype chains
res["astype_chain"] = fa.astype(np.float32).astype(np.int16).astype(np.int64).astype(np.uint8).get()
res["astype_bool"] = (ia > 0).astype(np.float32).get()
e = cla.empty_like(fa); e.fill(np.float64(3.25)); res["fill"] = e.get()
e2 = cla.empty(q, (33, 7), np.uint16); e2.fill(65535); res["fill16"] = e2.get()
z = cla.zeros_like(ia); z[::1] = 4; res["zl"] = z.get()
# Array with explicit offset into a buffer
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 1000)
arr = cla.Array(q, (1000,), np.int32, data=buf)
arr.fill(-1)
part = cla.Array(q, (200,), np.int32, data=buf, offset=4 * 300)
part.set(np.arange(200, dtype=np.int32))
part2 = cla.Array(q, (100,), np.int32, data=buf, offset=4 * 650)
part2 += part[:100] * 3
res["offset_arr"] = arr.get()
res["offset_sum"] = cla.sum(part2).get()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
