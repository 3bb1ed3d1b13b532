import sys, gc
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
prg = cl.Program(ctx, """
__kernel void f(__global const float *a, __global float *b, float s) { int i = get_global_id(0); b[i] = a[i] * s + 1.0f; }
__kernel void g(__global float *b, float s) { int i = get_global_id(0); b[i] = b[i] * s - 2.0f; }
""").build()
kf = cl.Kernel(prg, "f"); kg = cl.Kernel(prg, "g")
n = 50000
res = {}
x = cla.to_device(q, np.arange(n, dtype=np.float32) * 1e-3, allocator=pool)
for it in range(30):
    t = cla.empty(q, n, np.float32, allocator=pool)
    kf(q, (n,), None, x.data, t.data, np.float32(0.9))
    kg(q, (n,), None, t.data, np.float32(1.01))
    x = t                      # the old x goes back to the pool, the next empty() reuses it
    if it % 10 == 9:
        res[f"x{it}"] = x.get()
# explicit frees of pooled buffers while launches are pending
for it in range(10):
    a = pool.allocate(4 * n)
    b = pool.allocate(4 * n)
    cl.enqueue_copy(q, a, np.full(n, it, np.float32))
    kf(q, (n,), None, a, b, np.float32(2.0))
    kg(q, (n,), None, b, np.float32(0.5))
    a.release()                # back to the pool while f may still be pending
    c = pool.allocate(4 * n)   # likely the same memory as a
    kf(q, (n,), None, b, c, np.float32(3.0))
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, c); res[f"c{it}"] = h
    b.release(); c.release()
res["held"] = np.array(pool.held_blocks > 0)
res["x"] = x.get()
np.savez(sys.argv[1], **res)
print("done")
