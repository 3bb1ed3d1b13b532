import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as cltools

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
rng = np.random.default_rng(22)
res = {}
pool = cltools.MemoryPool(cltools.ImmediateAllocator(q))
n = 400000
acc = cla.zeros(q, n, np.float32, allocator=pool)
for it in range(8):
    t = cla.to_device(q, rng.standard_normal(n).astype(np.float32), allocator=pool)
    u = (t * 2 + 1)             # temporaries come from the pool and are recycled
    acc += u * (it + 1)
    del t, u
    if it % 3 == 0:
        res[f"pool_{it}"] = acc.get()
res["pool_final"] = acc.get()
res["pool_held"] = np.array(pool.held_blocks >= 0)
# two Kernel objects for the same function with different args, interleaved
prg = cl.Program(ctx, "__kernel void sc(__global float *x, float a) { int i = get_global_id(0); x[i] = x[i] * a + 1.0f; }").build()
ka = cl.Kernel(prg, "sc"); kb = cl.Kernel(prg, "sc")
xa = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
xb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, 2, np.float32))
ka.set_args(xa, np.float32(2)); kb.set_args(xb, np.float32(3))
for _ in range(3):
    cl.enqueue_nd_range_kernel(q, ka, (n,), None)
    cl.enqueue_nd_range_kernel(q, kb, (n,), None)
oa = np.empty(n, np.float32); ob = np.empty(n, np.float32)
cl.enqueue_copy(q, oa, xa); cl.enqueue_copy(q, ob, xb); res["ka"] = oa; res["kb"] = ob
# USE_HOST_PTR output read directly by the host after finish (common on CPU devices)
host = np.zeros(n, np.float32)
bu = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=host)
ka.set_args(bu, np.float32(5))
cl.enqueue_nd_range_kernel(q, ka, (n,), None)
cl.enqueue_nd_range_kernel(q, ka, (n,), None)
q.finish()
res["use_host_direct"] = host.copy()
# freed and reallocated buffers of the same size (same memory may be reused by the driver)
for it in range(4):
    b = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
    cl.enqueue_fill_buffer(q, b, np.float32(it), 0, n * 4)
    ka.set_args(b, np.float32(it + 1))
    cl.enqueue_nd_range_kernel(q, ka, (n,), None)
    o = np.empty(n, np.float32); cl.enqueue_copy(q, o, b); res[f"realloc_{it}"] = o
    b.release()
np.savez(sys.argv[1], **res)
print("done", len(res))
