"""Where skmd's extra time goes in a reduction: its hooks' own time against the calls they wrap."""
import sys, time, statistics, numpy as np, skmd
skmd.install()
import pyopencl as cl, pyopencl.array as cla
from pyopencl import _cl
from pyopencl.reduction import ReductionKernel
from skmd.runtime import raw
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 1 << int(sys.argv[1])
x = cla.to_device(q, np.ones(n, np.float32)); y = cla.to_device(q, np.ones(n, np.float32))
dot = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]", arguments="__global float *x, __global float *y")
acc = {}
def timed(name, fn):
    def w(*a, **k):
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            acc[name] = acc.get(name, 0.0) + time.perf_counter() - t
    return w
for nm in ("enqueue_nd_range_kernel",):
    setattr(_cl, nm, timed("hook", getattr(_cl, nm)))
raw.enqueue_nd_range_kernel = timed("raw", raw.enqueue_nd_range_kernel)
for nm in ("_set_arg_multi", "_set_arg_buf_pack_multi"):
    setattr(_cl.Kernel, nm, timed("setarg", getattr(_cl.Kernel, nm)))
raw.kernel_set_arg_multi = timed("setarg_raw", raw.kernel_set_arg_multi)
raw.kernel_set_arg_buf_pack_multi = timed("setarg_raw", raw.kernel_set_arg_buf_pack_multi)
_cl.CommandQueue.finish = timed("finish", _cl.CommandQueue.finish)
import gc
if "nogc" in sys.argv: gc.disable()
for _ in range(100): dot(x, y); q.finish()
acc.clear()
N = 2000
t0 = time.perf_counter()
for _ in range(N): dot(x, y); q.finish()
tot = (time.perf_counter() - t0) / N * 1e6
print(f"per dot: total {tot:.1f} us; " + ", ".join(f"{k} {v / N * 1e6:.1f}" for k, v in sorted(acc.items())))
print(f"skmd's own: hook-raw {(acc['hook'] - acc['raw']) / N * 1e6:.1f}, setarg wrappers {(acc['setarg'] - acc['setarg_raw']) / N * 1e6:.1f}")
from skmd.runtime.core import get_runtime
import collections
print(collections.Counter((r.kernel, r.reason) for r in get_runtime().records[-200:]))
