"""A program that makes a context per task: 100 tasks of a few pyopencl.array operations,
pyopencl's caches cleared after each (as its test fixture does); prints the process's
resident memory every 25 tasks.  python ctxleak.py plain|skmd"""
import gc
import sys

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools

if sys.argv[1] == "skmd":
    import skmd
    skmd.install()


def rss_mib() -> float:
    return int(open("/proc/self/statm").read().split()[1]) * 4096 / 2**20


for i in range(100):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = cla.to_device(q, np.arange(1000, dtype=np.float32))
    (2 * a + 1).get()
    cla.sum(a).get()
    del ctx, q, a
    pyopencl.tools.clear_first_arg_caches()
    gc.collect()
    if i % 25 == 24:
        print(sys.argv[1], i + 1, f"rss {rss_mib():.0f} MiB")
