import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
def attempt(key, fn):
    try:
        res[key] = fn()
    except Exception as e:
        res[key + "_err"] = np.array(type(e).__name__)
rng = np.random.default_rng(22)
A = rng.standard_normal((301, 517)).astype(np.float32)
dA = cla.to_device(q, A)
dF = cla.to_device(q, np.asfortranarray(A))
res["f_flags"] = np.array([dF.flags.f_contiguous, dF.flags.c_contiguous, dA.flags.c_contiguous])
res["f_get"] = dF.get()
res["f_times2"] = (dF * 2 + 1).get()
res["f_plus_c"] = (dF + cla.to_device(q, np.asfortranarray(A * 3))).get()
T = dA.T
res["T_flags"] = np.array([T.flags.f_contiguous, T.flags.c_contiguous])
res["T_get"] = T.get()
res["T_sq"] = (T * T).get()
res["transpose_fn"] = cla.transpose(dA).get()
R = dF.reshape((517, 301), order="F")
res["reshape_F"] = R.get()
res["reshape_C"] = dA.reshape(301 * 517).reshape(517, 301).get()
flat = cla.to_device(q, np.arange(200003, dtype=np.int32))
attempt("stride2", lambda: flat[::2].get())
attempt("stride2_copy", lambda: flat[::2].copy().get())
try:
    s = flat[1::3]
    res["stride3_mul"] = (s * 2).get()
except Exception as e:
    res["stride3_mul_err"] = np.array(type(e).__name__)
x = cla.to_device(q, rng.standard_normal(150001).astype(np.float32))
y = cla.to_device(q, rng.standard_normal(150001).astype(np.float32))
res["concat"] = cla.concatenate([x, y, x[:1001]]).get()
res["stack0"] = cla.stack([x, y], axis=0).get()
try:
    res["stack1"] = cla.stack([x, y], axis=1).get()
except Exception as e:
    res["stack1_err"] = np.array(type(e).__name__)
res["diff"] = cla.diff(x).get()
res["ifpos"] = cla.if_positive(x, y, x * -1).get()
res["maximum"] = cla.maximum(x, y).get()
res["minimum"] = cla.minimum(x, np.float32(0.25)).get()
res["where_like"] = cla.if_positive(x - y, cla.zeros_like(x) + 1, cla.zeros_like(x)).get()
z = cla.zeros(q, 150001, np.float32)
z[100:20000] = x[200:20100]
z[30000:30010] = 7.5
z[50000:60000] = np.arange(10000, dtype=np.float32)
z[149990:] = y[:11]
res["setitem"] = z.get()
z.fill(3.0)
def _st():
    z[::7] = 0
    return z.get()
attempt("strided_set", _st)
res["fill"] = z.get()
res["astype_i"] = (x * 100).astype(np.int32).get()
res["astype_d"] = x.astype(np.float64).get()
res["astype_h"] = (x * 1000).astype(np.int16).get()
c = (x + 1j * y).astype(np.complex64)
res["cplx"] = c.get()
res["real"] = c.real.get(); res["imag"] = c.imag.get(); res["conj"] = c.conj().get()
res["cabs"] = abs(c).get()
res["cmul"] = (c * c.conj()).get()
c2 = cla.to_device(q, (A[:, :7] + 2j * A[:, 7:14]).astype(np.complex128))
res["c128_T_real"] = c2.real.get()
res["c128_conj"] = c2.conj().get()
res["neg_view"] = (-dA[10:200, :]).get()
res["row_view"] = (dA[57] * 3).get()
attempt("col_view_get", lambda: dA[:, 5].get())
attempt("col_view_mul", lambda: (dA[:, 5] * 2).get())
res["i64"] = (cla.arange(q, 0, 300000, 1, dtype=np.int64) * 3 - 7).get()
res["andmask"] = (cla.arange(q, 0, 300000, 1, dtype=np.int32) & 97).get()
np.savez(sys.argv[1], **res)
print("done", len(res))
