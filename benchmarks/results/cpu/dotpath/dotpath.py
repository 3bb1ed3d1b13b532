"""What skmd adds to a reduction read back (``ReductionKernel`` over pooled arrays,
``.get()``) and to a kernel object's launch + ``finish()``, with the driver's enqueue
and read stubbed (a completed marker's event is returned): Python cost per operation,
skmd against plain in turns, best of each round's runs.

    POCL_DEVICES="pthread pthread" PYTHONPATH=<checkout> python dotpath.py [--rounds 15]
"""
import argparse, statistics as st, time
import numpy as np, pyopencl as cl, pyopencl.array as cla
from pyopencl import _cl
from pyopencl.reduction import ReductionKernel
from pyopencl.tools import ImmediateAllocator, MemoryPool
import skmd
from skmd.runtime import raw

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=15)
ap.add_argument("--n", type=int, default=2000); ns = ap.parse_args()
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
pool = MemoryPool(ImmediateAllocator(q))
x = cla.to_device(q, np.ones(1 << 10, np.float32), allocator=pool)
y = cla.to_device(q, np.ones(1 << 10, np.float32), allocator=pool)
dot = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]",
                      arguments="__global float *x, __global float *y")
prg = cl.Program(ctx, "__kernel void t(__global float *a, const float r)"
                      "{ a[get_global_id(0)] *= r; }").build()
knl = prg.t; buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096 * 4); r = np.float32(0.5)
for _ in range(300):
    dot(x, y).get(); knl(q, (4096,), (64,), buf, r); q.finish()
time.sleep(1.1)  # past the age at which kernels are analysed
for _ in range(300):
    dot(x, y).get(); knl(q, (4096,), (64,), buf, r); q.finish()
done = cl.enqueue_marker(q); q.finish()
stub = lambda *a, **k: done
skmd.uninstall()
_cl.enqueue_nd_range_kernel = cl.enqueue_nd_range_kernel = stub
_cl._enqueue_read_buffer = stub
raw.enqueue_nd_range_kernel = raw.enqueue_read_buffer = stub
ops = {"dot product .get()": lambda: dot(x, y).get(),
       "kernel object + finish": lambda: (knl(q, (4096,), (64,), buf, r), q.finish())}
for name, f in ops.items():
    extra, plain = [], []
    for k in range(ns.rounds):
        t = {}
        for way in (("skmd", "plain") if k % 2 else ("plain", "skmd")):
            skmd.install() if way == "skmd" else skmd.uninstall()
            best = 1e9
            for _ in range(3):
                t0 = time.perf_counter()
                for _ in range(ns.n):
                    f()
                best = min(best, (time.perf_counter() - t0) / ns.n)
            t[way] = best * 1e6
        extra.append(t["skmd"] - t["plain"]); plain.append(t["plain"])
    print(f"{name:24s} plain {st.median(plain):6.2f} us, skmd's extra {st.median(extra):+6.2f} us "
          f"(rounds {min(extra):+.2f} .. {max(extra):+.2f})", flush=True)
