"""Plain pyopencl, no skmd: does when a new array's buffer is released change an
operation's time on this driver?  ``2*x + y`` + finish and a dot product read back,
(a) as written (temporaries released at once, some while kernels are queued),
(b) each iteration's arrays kept until after the next finish, (c) a temporary kept
until the finish of its own iteration; in rotating order, rounds of N.

    python lifetimes.py [--rounds 12] [--n 100]
"""
import argparse, collections, statistics as st, time
import numpy as np, pyopencl as cl, pyopencl.array as cla

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=12)
ap.add_argument("--n", type=int, default=100); ns = ap.parse_args()
gpus = [d for p in cl.get_platforms() for d in p.get_devices() if d.type & cl.device_type.GPU]
ctx = cl.Context(gpus[:1]) if gpus else cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
print(ctx.devices)
keep = []
for size in (1 << 20, 1 << 23):
    x = cla.to_device(q, np.ones(size, np.float32)); y = cla.to_device(q, np.ones(size, np.float32))

    def a():
        2 * x + y; q.finish()

    def b():
        global keep
        t = 2 * x; r = t + y; q.finish(); keep = [t, r]

    def c():
        t = 2 * x; r = t + y; q.finish(); del t, r

    def da():
        cla.dot(x, y).get()

    def db():
        global keep
        d = cla.dot(x, y); d.get(); keep = [d]

    ways = {"2x+y as written": a, "2x+y kept to next": b, "2x+y temp to finish": c,
            "dot as written": da, "dot kept to next": db}
    t = collections.defaultdict(list)
    for f in ways.values():
        for _ in range(30):
            f()
    names = list(ways)
    for r in range(ns.rounds):
        for w in names[r % len(names):] + names[:r % len(names)]:
            t0 = time.perf_counter()
            for _ in range(ns.n):
                ways[w]()
            t[w].append((time.perf_counter() - t0) / ns.n * 1e6)
            keep = []
    print(f"{size:>8d} " + "  ".join(f"{w} {st.median(t[w]):6.1f}" for w in names), flush=True)
