# cla.stack(axis=1) of two 1-D arrays: plain gives a (n,2) array; skmd with host memory forced raises LogicError
import numpy as np, pyopencl as cl, pyopencl.array as cla
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 150001
x = cla.to_device(q, np.arange(n, dtype=np.float32)); y = cla.to_device(q, -np.arange(n, dtype=np.float32))
try:
    s = cla.stack([x, y], axis=1).get()
    print("ok", s.shape, bool((s[:, 0] == np.arange(n)).all() and (s[:, 1] == -np.arange(n)).all()))
except Exception as e:
    import traceback; traceback.print_exc()
