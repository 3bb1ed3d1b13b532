import sys, gc
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
prg = cl.Program(ctx, """
__kernel void axpy(__global float *y, __global const float *x, float a, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}""").build()
n = 300001
rng = np.random.default_rng(601)
hx = rng.standard_normal(n).astype(np.float32)
for name, alloc in [("imm", clt.ImmediateAllocator(q)), ("def", clt.DeferredAllocator(ctx)),
                    ("def_ro", clt.DeferredAllocator(ctx, cl.mem_flags.READ_WRITE))]:
    x = cla.to_device(q, hx, allocator=alloc)
    y = cla.zeros(q, n, np.float32, allocator=alloc)
    for k in range(3):
        prg.axpy(q, ((n + 63) // 64 * 64,), (64,), y.data, x.data, np.float32(k + 0.5), np.int32(n))
    z = (y * 2 + x).astype(np.float64)
    res[name] = z.get()
    raw = alloc(4 * 1000)
    cl.enqueue_fill_buffer(q, raw, np.float32(3.25), 0, 4000)
    h = np.empty(1000, np.float32); cl.enqueue_copy(q, h, raw); res[name + "_raw"] = h
    del x, y, z, raw
# memory pool over immediate allocator
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
acc = cla.zeros(q, n, np.float32, allocator=pool)
for it in range(12):
    a = cla.to_device(q, hx * (it + 1), allocator=pool)
    b = (a * 0.5 + it).astype(np.float32)
    acc += b
    del a, b
res["pool_acc"] = acc.get()
res["pool_held_before"] = np.array([pool.held_blocks > 0, pool.active_blocks > 0])
pool.free_held()
res["pool_held_after"] = np.array([pool.held_blocks])
pool.stop_holding()
for it in range(3):
    t = cla.to_device(q, hx[:1000] + it, allocator=pool)
    acc[:1000] += t
    del t
res["pool_acc2"] = acc.get()
res["pool_after_stop"] = np.array([pool.held_blocks])
# pooled buffers handed to raw kernels, sizes that are not powers of two
pool2 = clt.MemoryPool(clt.DeferredAllocator(ctx))
outs = []
for sz in [17, 1000, 65537, 262147]:
    bx = pool2.allocate(4 * sz); by = pool2.allocate(4 * sz)
    cl.enqueue_copy(q, bx, hx[:sz]); cl.enqueue_fill_buffer(q, by, np.float32(1), 0, 4 * sz)
    prg.axpy(q, (sz,), None, by, bx, np.float32(-2), np.int32(sz))
    h = np.empty(sz, np.float32); cl.enqueue_copy(q, h, by); outs.append(h)
    bx.release(); by.release()
res["pool2"] = np.concatenate(outs)
# SVM pool if the device has SVM
try:
    import pyopencl.characterize as chz
    has_svm = chz.has_coarse_grain_buffer_svm(q.device)
except Exception:
    has_svm = False
if has_svm:
    svmpool = clt.SVMPool(clt.SVMAllocator(ctx, alignment=0, queue=q))
    xs = cla.to_device(q, hx, allocator=svmpool)
    ys = (xs * 3).astype(np.float32)
    res["svm"] = ys.get()
    del xs, ys
    svmpool.free_held()
gc.collect()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
