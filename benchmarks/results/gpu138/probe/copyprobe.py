"""Reads and writes of mid-size arrays, plain pyopencl against skmd, in turns in one process."""
import sys, time, statistics, numpy as np, skmd
skmd.install()
import pyopencl as cl, pyopencl.array as cla
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
res = {}
first = {}
for mb in (4, 16, 64, 256):
    n = mb << 18
    x = cla.to_device(q, np.ones(n, np.float32))
    for r in range(9):
        for mode in (("skmd", "plain") if r % 2 else ("plain", "skmd")):
            (skmd.install if mode == "skmd" else skmd.uninstall)()
            t = time.perf_counter(); y = x.get(); t1 = time.perf_counter()
            h = np.ones(n, np.float32)
            t2 = time.perf_counter(); z = cla.to_device(q, h); q.finish(); t3 = time.perf_counter()
            d = np.zeros(n, np.float32)
            t4 = time.perf_counter(); cl.enqueue_copy(q, d, x.data); t5 = time.perf_counter()
            t6 = time.perf_counter(); cl.enqueue_copy(q, x.data, d); q.finish(); t7 = time.perf_counter()
            assert y[0] == 1 and d[-1] == 1
            if r == 0:
                first[(mb, mode)] = (t1 - t, t3 - t2, t5 - t4, t7 - t6)
            else:
                res.setdefault((mb, mode), []).append((t1 - t, t3 - t2, t5 - t4, t7 - t6))
            del y, z, d, h
skmd.install()
print("ms, median of 8 rounds (first round in brackets): get() fresh | to_device | read into touched | write from touched")
for (mb, mode), v in sorted(res.items()):
    med = [statistics.median(c) * 1e3 for c in zip(*v)]
    f = [x * 1e3 for x in first[(mb, mode)]]
    print(f"{mb:4d} MiB {mode:6s} " + " | ".join(f"{m:7.2f} [{a:7.2f}]" for m, a in zip(med, f)))
