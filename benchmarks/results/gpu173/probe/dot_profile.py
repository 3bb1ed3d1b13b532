"""Where a pooled dot product read back spends its host time, plain or under skmd.

python dot_profile.py plain|skmd [N]: N (3000) rounds of ``pyopencl.array.dot(a, b).get()``
over arrays from pyopencl's memory pool, timed, then again under cProfile; prints the
mean per round and the 25 functions with the most own time.
"""
import cProfile
import pstats
import sys
import time

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt

way, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3000
if way == "skmd":
    import skmd
    skmd.install()
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
a = cla.to_device(q, np.ones(1 << 16, np.float32), allocator=pool)
b = cla.to_device(q, np.ones(1 << 16, np.float32), allocator=pool)


def rounds(k):
    for _ in range(k):
        cla.dot(a, b).get()


rounds(200)
time.sleep(1.5)  # past skmd's first second, as in a program's steady state
rounds(200)
for _ in range(3):
    t = time.perf_counter()
    rounds(n)
    print(f"{way}: {1e6 * (time.perf_counter() - t) / n:.1f} us per dot + get")
prof = cProfile.Profile()
prof.enable()
rounds(n)
prof.disable()
pstats.Stats(prof).sort_stats("tottime").print_stats(25)
