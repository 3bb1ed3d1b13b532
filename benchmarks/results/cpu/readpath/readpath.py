# (benchmarks/results/cpu/readpath: see README.md)
"""The shim's read wrapper with the driver's read stubbed: Python cost per call."""
import time, numpy as np, pyopencl as cl, pyopencl.array as cla, skmd
skmd.install()
from skmd.shim import patch
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096)
h = np.empty(1, np.float32)
stub = lambda *a, **k: None
read = patch._read_buffer(stub)
N = 100000
best_kw = best_pos = 1e9
for r in range(9):
    t = time.perf_counter()
    for _ in range(N): read(q, buf, h, src_offset=0, wait_for=[], is_blocking=True)
    best_kw = min(best_kw, (time.perf_counter() - t) / N)
    t = time.perf_counter()
    for _ in range(N): read(q, buf, h)
    best_pos = min(best_pos, (time.perf_counter() - t) / N)
print(f"read wrapper, pyopencl.array's way (keywords) {best_kw*1e6:.2f} us, bare {best_pos*1e6:.2f} us")
