import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as cltools

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void mixk(__global const int *a, __global int *b, int k) { int i = get_global_id(0); b[i] = a[i] * k + b[i] / 2; }
""").build()
mix = cl.Kernel(prg, "mixk")
rng = np.random.default_rng(1717)
# many short-lived buffers of varying size
acc = []
for it in range(150):
    n = int(rng.integers(1, 20000))
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32) + it)
    b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, it, np.int32))
    mix(q, (n,), None, a, b, np.int32(it % 7))
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, b)
    acc.append(int(h.astype(np.int64).sum()))
    del a, b
res["churn"] = np.array(acc)
# memory pool with arrays: allocate and free in a loop, results through the pool
pool = cltools.MemoryPool(cltools.ImmediateAllocator(q))
tot = []
for it in range(60):
    n = 1000 + 37 * it
    x = cla.arange(q, n, dtype=np.float32, allocator=pool)
    y = cla.zeros(q, n, np.float32, allocator=pool) + it
    z = x * y + 1
    tot.append(z[-1].get())
    if it % 10 == 0:
        res[f"pool_{it}"] = z.get()
res["pool_tail"] = np.array(tot)
res["pool_held_nonneg"] = np.array(pool.held_blocks >= 0)
pool.free_held()
# deferred allocator and svm-free allocation through arrays with explicit allocator
dal = cltools.DeferredAllocator(ctx)
w = cla.empty(q, 12345, np.int64, allocator=dal); w.fill(3)
res["deferred"] = (w * w).get()
# a pool-backed raw buffer used with a kernel
pb = pool.allocate(4 * 5000)
cl.enqueue_copy(q, pb, np.arange(5000, dtype=np.int32))
pc = pool.allocate(4 * 5000)
cl.enqueue_fill_buffer(q, pc, np.int32(10), 0, 4 * 5000)
mix(q, (5000,), None, pb, pc, np.int32(3))
ph = np.empty(5000, np.int32); cl.enqueue_copy(q, ph, pc); res["pool_raw"] = ph
pb.release(); pc.release()
# reuse: same pool memory reused for different dtype
for dt in [np.int8, np.float64, np.uint16]:
    v = cla.zeros(q, 9999, dt, allocator=pool) + 1
    res[f"reuse_{np.dtype(dt).name}"] = cla.sum(v).get()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
