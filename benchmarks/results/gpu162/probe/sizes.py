"""Does skmd's extra per pyopencl.array operation grow with the arrays' size?  Each
round runs an operation N times + finish with skmd installed (all patches, or with the
launch hook given back), then with skmd taken out, in alternating order; the extra is
the median over rounds of the paired differences.

    python sizes.py [--rounds 9] [--n 100]
"""
import argparse, statistics as st, time
import numpy as np, pyopencl as cl, pyopencl.array as cla
import skmd

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=9)
ap.add_argument("--n", type=int, default=100); ns = ap.parse_args()
skmd.install()
from skmd.shim import patch
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)


def give_back(names):
    for owner, name, orig, had in patch._saved:
        if name in names:
            setattr(owner, name, orig)


for size in (1 << 16, 1 << 20, 1 << 23):
    x = cla.to_device(q, np.ones(size, np.float32)); y = cla.to_device(q, np.ones(size, np.float32))
    z = cla.empty_like(x)
    ops = {"2*x + y": lambda: (2 * x + y, q.finish()),
           "2*x": lambda: (2 * x, q.finish()),
           "x + y into z (no new array)": lambda: (x._axpbyz(z, 1, x, 1, y), q.finish()),
           "dot.get()": lambda: cla.dot(x, y).get()}
    for opname, f in ops.items():
        def run():
            for _ in range(ns.n):
                f()
        run()
        for g, names in (("all", []), ("no hook", ["enqueue_nd_range_kernel"])):
            t = {"skmd": [], "plain": []}
            for r in range(ns.rounds):
                for way in (["skmd", "plain"] if r % 2 else ["plain", "skmd"]):
                    if way == "skmd":
                        skmd.install(); give_back(names)
                    else:
                        skmd.uninstall()
                    t0 = time.perf_counter(); run(); t[way].append((time.perf_counter() - t0) / ns.n)
                    if way == "skmd":
                        skmd.uninstall()
            ex = [a - b for a, b in zip(t["skmd"], t["plain"])]
            print(f"{size:>9d} {opname:28s} skmd {g:8s} plain {st.median(t['plain'])*1e6:7.1f} us"
                  f"  extra {st.median(ex)*1e6:+7.1f} us", flush=True)
        skmd.install()
