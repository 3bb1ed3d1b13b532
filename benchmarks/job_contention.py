"""How a launch + finish loop fares beside a Python job on skmd's background thread.

skmd's analyses and pricing run off the launch path, but as Python: they hold the
interpreter lock against the program's thread, which waits up to the switch interval
the background thread sets while it runs (``workers.SWITCH_S``) each time it takes the
lock back.  For each interval: the loop alone, the loop beside a fixed amount of pure
Python on skmd's worker (about 1 s alone), and how long that job then took;
configurations in turns, twice, in one process.

    python benchmarks/job_contention.py
"""
import time, statistics as st
import pyopencl as cl
import skmd
from skmd.runtime import workers, core

skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void t(__global float *a){ a[get_global_id(0)] += 1.0f; }").build()
k = prg.t; buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096 * 4)


def f():
    k(q, (4096,), (64,), buf); q.finish()


def burst(n):
    t0 = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - t0) / n * 1e6


def job(n):
    t0 = time.perf_counter(); x = 0
    for i in range(n):
        x += i * i
    return time.perf_counter() - t0


for _ in range(2000):
    f()
n = 1
while job(n) < 0.25:
    n *= 2
n *= 4  # about 1 s alone
alone_job = job(n)
w = core.get_runtime().background._workers
print(f"job alone {alone_job:.2f} s")
for sw in (2e-4, 5e-5, 2e-5, 5e-3) * 2:
    workers.SWITCH_S = sw
    alone = st.median([burst(200) for _ in range(5)])
    fut = w.submit(job, n); time.sleep(0.01)
    busy = []
    while not fut.done():
        busy.append(burst(50))
    print(f"switch {sw:.0e} s: launch + finish alone {alone:.1f} us, beside the job "
          f"{st.median(busy):.1f} us ({len(busy)} bursts of 50); the job took {fut.result():.2f} s",
          flush=True)
