"""The unseen suite's scan program up to its first cumsum, that launch profiled
(cProfile, cumulative), to see what skmd adds to a launch that builds pyopencl's scan
kernels.  python scan_first.py | python -m skmd run scan_first.py"""
import cProfile, pstats, sys, time
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.scan import InclusiveScanKernel

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
running_max = InclusiveScanKernel(ctx, np.int32, "max(a, b)", neutral="INT_MIN")
x = cla.to_device(queue, np.random.default_rng(7).integers(-1000, 1000, 1 << 24).astype(np.int32))
pr = cProfile.Profile()
t = time.perf_counter()
pr.enable()
s = cla.cumsum(x)
queue.finish()
pr.disable()
print(f"first cumsum {1e3 * (time.perf_counter() - t):.2f} ms")
t = time.perf_counter()
s = cla.cumsum(x)
queue.finish()
print(f"second cumsum {1e3 * (time.perf_counter() - t):.2f} ms")
pstats.Stats(pr, stream=sys.stdout).sort_stats("tottime").print_stats(18)
