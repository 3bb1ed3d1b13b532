import sys, cProfile, pstats, numpy as np, skmd
if sys.argv[1] == "skmd": skmd.install()
import pyopencl as cl, pyopencl.array as cla
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 1 << 23
x = cla.to_device(q, np.ones(n, np.float32)); y = cla.to_device(q, np.ones(n, np.float32))
def f(): z = 2 * x + y; q.finish()
for _ in range(300): f()
pr = cProfile.Profile(); pr.enable()
for _ in range(1000): f()
pr.disable()
st = pstats.Stats(pr)
for (fn, line, name), (cc, nc, tt, ct, callers) in sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:25]:
    print(f"{nc/1000:6.1f} tt {tt*1e3:7.1f}ms ct {ct*1e3:7.1f}ms {fn.split('/')[-1]}:{line}({name})")
