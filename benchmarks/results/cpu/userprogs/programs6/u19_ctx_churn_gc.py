import sys, gc
import numpy as np
import pyopencl as cl

plat = cl.get_platforms()
res = {}
src = "__kernel void k(__global int *a, int v) { int i = get_global_id(0); a[i] = a[i] * 2 + v; }"
outs = []
for it in range(25):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, src).build()
    n = 1000 + 997 * it
    h = np.arange(n, dtype=np.int32)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=h)
    prg.k(q, (n,), None, buf, np.int32(it))
    o = np.empty_like(h)
    cl.enqueue_copy(q, o, buf)
    outs.append(int(o.astype(np.int64).sum()))
    del ctx, q, prg, buf
    if it % 5 == 0:
        gc.collect()
res["sums"] = np.array(outs)
# a context dropped while events are pending (non-blocking read outstanding)
pending = []
for it in range(6):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, src).build()
    n = 200000
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.full(n, it, np.int32))
    for r in range(3):
        prg.k(q, (n,), None, buf, np.int32(r))
    o = np.empty(n, np.int32)
    ev = cl.enqueue_copy(q, o, buf, is_blocking=False)
    pending.append((ev, o))
    del ctx, q, prg, buf
    gc.collect()
for ev, o in pending:
    ev.wait()
res["pending"] = np.stack([o for _, o in pending])
# contexts made explicitly from the platform's devices
devs = plat[0].get_devices()
ctxs = [cl.Context(devs) for _ in range(4)]
vals = []
for i, c in enumerate(ctxs):
    qq = cl.CommandQueue(c)
    b = cl.Buffer(c, cl.mem_flags.READ_WRITE, 4 * 1024)
    cl.enqueue_fill_buffer(qq, b, np.int32(i), 0, 4 * 1024)
    cl.Program(c, src).build().k(qq, (1024,), None, b, np.int32(i * 10))
    o = np.empty(1024, np.int32); cl.enqueue_copy(qq, o, b); vals.append(o)
del ctxs
gc.collect()
res["explicit"] = np.stack(vals)
res["ndev"] = np.array([len(devs) >= 1])
np.savez(sys.argv[1], **res)
print("done", len(res))
