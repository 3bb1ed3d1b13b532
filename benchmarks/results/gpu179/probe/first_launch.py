"""A program's first launches, host time of launch + finish, ms, as JSON on stdout.

    python first_launch.py [shield] [profile=FILE]
    python -m skmd run first_launch.py [shield] [profile=FILE]

``shield``: under skmd, start skmd's shield thread before the first launch (what
starting it at install would do).  ``profile=FILE``: cProfile over the first kernel's
and the first reduction's launches, the top functions written to FILE."""
import cProfile
import io
import json
import pstats
import sys
import time

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.reduction import ReductionKernel

args = sys.argv[1:]
prof_to = next((a.split("=", 1)[1] for a in args if a.startswith("profile=")), None)
if "shield" in args and "skmd" in sys.modules:
    from skmd.runtime import shield
    shield._running()
ctx = cl.create_some_context()
q = cl.CommandQueue(ctx)
n = 4096
u0 = np.ones(n, np.float32)
u = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=u0)
prg = cl.Program(ctx, "__kernel void decay(__global float *u, const float r)"
                      "{ int i = get_global_id(0); u[i] = u[i] * r + 0.001f; }").build()
knl = cl.Kernel(prg, "decay")
dot = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b",
                      map_expr="x[i]*y[i]",
                      arguments="__global const float *x, __global const float *y")
x = cla.to_device(q, np.ones(1 << 24, np.float32))
y = cla.to_device(q, np.ones(1 << 24, np.float32))
q.finish()
pr = cProfile.Profile() if prof_to else None
out = {}


def timed(label, fn):
    t = time.perf_counter()
    if pr:
        pr.enable()
    fn()
    q.finish()
    if pr:
        pr.disable()
    out.setdefault(label, []).append((time.perf_counter() - t) * 1e3)


for _ in range(3):
    timed("decay", lambda: knl(q, (n,), None, u, np.float32(0.999)))
for _ in range(3):
    timed("dot", lambda: dot(x, y))
if pr:
    s = io.StringIO()
    st = pstats.Stats(pr, stream=s)
    st.sort_stats("tottime").print_stats(30)
    st.sort_stats("cumulative").print_stats(40)
    open(prof_to, "w").write(s.getvalue())
print(json.dumps(out))
