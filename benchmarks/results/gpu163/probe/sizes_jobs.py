"""Which of skmd's background jobs run beside the rounds of an array operation, and
does skmd's extra per operation follow them?  For each size and operation: one warm-up
pass (new kernels start their analyses), then three groups of rounds -- with every
patch, with the launch hook given back, with every patch again -- each round the
operation N times + finish with skmd installed, then with skmd taken out, in
alternating order.  Per group: plain's median, skmd's extra (median of paired
differences), and the background jobs that overlapped the group (count, busy ms,
names).  ``--settle`` waits for skmd's background work before the groups.

    python sizes_jobs.py [--rounds 7] [--n 100] [--settle]
"""
import argparse, collections, statistics as st, threading, time
import numpy as np, pyopencl as cl, pyopencl.array as cla
import skmd
from skmd.runtime import workers, core

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=7)
ap.add_argument("--n", type=int, default=100); ap.add_argument("--settle", action="store_true")
ns = ap.parse_args()
jobs = []  # (name, start, end)
submit = workers.Workers.submit


def timed(fn):
    def run(*a):
        s = time.perf_counter()
        try:
            return fn(*a)
        finally:
            jobs.append((getattr(fn, "__name__", "?"), s, time.perf_counter()))
    return run


workers.Workers.submit = lambda self, fn, *a: submit(self, timed(fn), *a)
skmd.install()
from skmd.shim import patch
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)


def give_back(names):
    for owner, name, orig, had in patch._saved:
        if name in names:
            setattr(owner, name, orig)


def overlapping(t0, t1):
    js = [(n, max(s, t0), min(e, t1)) for n, s, e in list(jobs) if s < t1 and e > t0]
    busy = sum(e - s for _, s, e in js)
    names = collections.Counter(n for n, _, _ in js)
    return len(js), busy, dict(names)


t_start = time.perf_counter()
for size in (1 << 16, 1 << 20, 1 << 23):
    x = cla.to_device(q, np.ones(size, np.float32)); y = cla.to_device(q, np.ones(size, np.float32))
    z = cla.empty_like(x)
    ops = {"2*x + y": lambda: (2 * x + y, q.finish()),
           "x + y into z (no new array)": lambda: (x._axpbyz(z, 1, x, 1, y), q.finish()),
           "dot.get()": lambda: cla.dot(x, y).get()}
    for opname, f in ops.items():
        def run():
            for _ in range(ns.n):
                f()
        run()
        if ns.settle:
            core.get_runtime().background.settle(60)
        for g, names in (("all", []), ("no hook", ["enqueue_nd_range_kernel"]), ("all again", [])):
            t = {"skmd": [], "plain": []}
            g0 = time.perf_counter()
            for r in range(ns.rounds):
                for way in (["skmd", "plain"] if r % 2 else ["plain", "skmd"]):
                    if way == "skmd":
                        skmd.install(); give_back(names)
                    else:
                        skmd.uninstall()
                    t0 = time.perf_counter(); run(); t[way].append((time.perf_counter() - t0) / ns.n)
                    if way == "skmd":
                        skmd.uninstall()
            nj, busy, names_ = overlapping(g0, time.perf_counter())
            ex = [a - b for a, b in zip(t["skmd"], t["plain"])]
            print(f"{size:>9d} {opname:28s} {g:9s} plain {st.median(t['plain'])*1e6:7.1f} us"
                  f"  extra {st.median(ex)*1e6:+7.1f} us  jobs {nj} busy {busy*1e3:7.1f} ms "
                  f"of {(time.perf_counter()-g0)*1e3:7.1f}  {names_}", flush=True)
        skmd.install()
print("all jobs:")
for n, s, e in sorted(jobs, key=lambda j: j[1]):
    print(f"  {1e3*(s-t_start):9.1f} +{1e3*(e-s):8.1f} ms  {n}")
