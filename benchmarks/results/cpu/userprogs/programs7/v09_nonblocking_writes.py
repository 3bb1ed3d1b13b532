import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void scale(__global const float *a, __global float *o, float s) { int i = get_global_id(0); o[i] = a[i] * s; }
__kernel void acc(__global const float *a, __global float *o) { int i = get_global_id(0); o[i] += a[i]; }
""").build()
sc = cl.Kernel(prg, "scale"); ac = cl.Kernel(prg, "acc")
n = 300007
host = np.arange(n, dtype=np.float32)
a = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
tot = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
outs = []
for it in range(12):
    ev = cl.enqueue_copy(q, a, host, is_blocking=False)
    sc(q, (n,), None, a, o, np.float32(it + 1), wait_for=[ev])
    ac(q, (n,), None, o, tot)
    ev.wait()            # the upload is done: the host array may change now
    host += 1.5
    if it % 4 == 3:
        r = np.empty(n, np.float32)
        rev = cl.enqueue_copy(q, r, tot, is_blocking=False)
        rev.wait()
        outs.append(r.copy())
res["tot_snapshots"] = np.stack(outs)
# uploads into several buffers, then finish, then reuse the same host array for the next batch
bufs = [cl.Buffer(ctx, mf.READ_WRITE, 4 * n) for _ in range(4)]
stage = np.empty(n, np.float32)
results = []
for batch in range(3):
    for j, bb in enumerate(bufs):
        stage[:] = batch * 10 + j + np.sin(np.arange(n, dtype=np.float32))
        cl.enqueue_copy(q, bb, stage, is_blocking=False)
        q.finish()
    for j, bb in enumerate(bufs):
        sc(q, (n,), None, bb, o, np.float32(0.5))
        r = np.empty(n, np.float32); cl.enqueue_copy(q, r, o); results.append(r[::1000].copy())
res["batches"] = np.stack(results)
# non-blocking reads from several buffers, then one finish
reads = [np.empty(n, np.float32) for _ in bufs]
evs = [cl.enqueue_copy(q, r, bb, is_blocking=False) for r, bb in zip(reads, bufs)]
cl.wait_for_events(evs)
res["reads"] = np.stack([r[::777] for r in reads])
# a write from a slice of a bigger array (a view), non-blocking, then the array is overwritten
big = np.arange(3 * n, dtype=np.float32)
ev = cl.enqueue_copy(q, a, big[n:2 * n], is_blocking=False)
sc(q, (n,), None, a, o, np.float32(2.0))
ev.wait(); big[:] = -1
r = np.empty(n, np.float32); cl.enqueue_copy(q, r, o); res["view_write"] = r
np.savez(sys.argv[1], **res)
print("done", len(res))
