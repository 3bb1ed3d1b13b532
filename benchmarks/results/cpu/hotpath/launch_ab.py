import time, sys, numpy as np, skmd
skmd.install()
import pyopencl as cl
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 256 * 4)
k = cl.Program(ctx, "__kernel void tiny(__global float *a, const float s) { a[get_global_id(0)] += s; }").build().tiny
s = np.float32(1)
for _ in range(300): k(q, (256,), (64,), a, s); q.finish()
back, sync = [], []
for r in range(7):
    t = time.thread_time()
    for _ in range(4000): k(q, (256,), (64,), a, s)
    back.append((time.thread_time() - t) / 4000 * 1e6); q.finish()
    t = time.perf_counter()
    for _ in range(1500): k(q, (256,), (64,), a, s); q.finish()
    sync.append((time.perf_counter() - t) / 1500 * 1e6)
print(f"{min(back):.2f} {sorted(sync)[3]:.1f}")
