"""Plain pyopencl, no skmd: what a dot product read back in a loop costs on this
driver as the lifetimes of its small buffers change.  Ways, in rotating order, rounds
of N: as written; each iteration's arrays kept until after the next; a ring holding
the latest K small results (K = 2, 16, 64); pyopencl's own memory pool as the
arrays' allocator; ``cl.Buffer`` replaced by a trivial Python subclass (as skmd's
buffer class is), as written and kept until after the next.

    python allocator.py [--rounds 12] [--n 100]
"""
import argparse, collections, statistics as st, time
import numpy as np, pyopencl as cl, pyopencl.array as cla, pyopencl.tools as clt

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=12)
ap.add_argument("--n", type=int, default=100); ns = ap.parse_args()
gpus = [d for p in cl.get_platforms() for d in p.get_devices() if d.type & cl.device_type.GPU]
ctx = cl.Context(gpus[:1]) if gpus else cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
print(ctx.devices)
ORIG = cl.Buffer


class Sub(ORIG):
    pass


keep = []
ring = collections.deque(maxlen=64)
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
for size in (1 << 16, 1 << 23):
    x = cla.to_device(q, np.ones(size, np.float32)); y = cla.to_device(q, np.ones(size, np.float32))
    xp = cla.to_device(q, np.ones(size, np.float32), allocator=pool)
    yp = cla.to_device(q, np.ones(size, np.float32), allocator=pool)

    def written():
        cla.dot(x, y).get()

    def kept():
        global keep
        d = cla.dot(x, y); d.get(); keep = [d]

    def ringed(k):
        def f():
            d = cla.dot(x, y); d.get(); ring.append(d)
            while len(ring) > k:
                ring.popleft()
        return f

    def pooled():
        cla.dot(xp, yp).get()

    ways = {"as written": written, "kept to next": kept, "ring 2": ringed(2),
            "ring 16": ringed(16), "ring 64": ringed(64), "pool": pooled,
            "subclass as written": written, "subclass kept": kept}
    t = collections.defaultdict(list)
    names = list(ways)
    for r in range(ns.rounds + 1):
        for w in names[r % len(names):] + names[:r % len(names)]:
            cl.Buffer = Sub if w.startswith("subclass") else ORIG
            t0 = time.perf_counter()
            for _ in range(ns.n):
                ways[w]()
            if r:
                t[w].append((time.perf_counter() - t0) / ns.n * 1e6)
            keep = []; ring.clear()
    cl.Buffer = ORIG
    print(f"{size:>8d} " + "  ".join(f"{w} {st.median(t[w]):6.1f}" for w in names), flush=True)
