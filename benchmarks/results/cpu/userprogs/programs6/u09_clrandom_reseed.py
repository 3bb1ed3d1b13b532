import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.clrandom as clr

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
# Determinism *within* a run: the same generator reseeded gives the same numbers.
for G in (clr.PhiloxGenerator, clr.ThreefryGenerator):
    g = G(ctx, seed=1234)
    a = cla.empty(q, 300000, np.float32)
    g.fill_uniform(a)
    a1 = a.get()
    g2 = G(ctx, seed=1234)
    b = g2.uniform(q, 300000, np.float32)
    n1 = g2.normal(q, 100001, np.float64, mu=1.0, sigma=2.0).get()
    g3 = G(ctx, seed=1234)
    c = g3.uniform(q, 300000, np.float32).get()
    n2 = g3.normal(q, 100001, np.float64, mu=1.0, sigma=2.0).get()
    nm = G.__name__
    res[nm + "_same"] = np.array([np.array_equal(a1, b.get()), np.array_equal(a1, c), np.array_equal(n1, n2)])
    res[nm + "_range"] = np.array([a1.min() >= 0, a1.max() < 1])
    res["tol_" + nm + "_stats"] = np.array([round(float(a1.mean()), 2), round(float(n1.mean()), 1), round(float(n1.std()), 1)])
    # integer draws in a range
    ir = g3.uniform(q, 50000, np.int32, a=-5, b=5).get()
    res[nm + "_irange"] = np.array([ir.min() >= -5, ir.max() < 5])
# module-level rand with a fixed-size array, only properties stored
r = clr.rand(q, (1000, 7), np.float32)
res["rand_shape"] = np.array(r.shape)
res["rand_ok"] = np.array([bool((r.get() >= 0).all()), bool((r.get() < 1).all())])
np.savez(sys.argv[1], **res)
print("done", len(res))
