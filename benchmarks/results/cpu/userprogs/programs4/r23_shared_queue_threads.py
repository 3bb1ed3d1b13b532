import sys, threading
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)      # one queue shared by every thread
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void lcg(__global uint *a, uint mul, int rounds) { int i = get_global_id(0); uint v = a[i];
  for (int r = 0; r < rounds; ++r) v = v * mul + 12345u; a[i] = v; }
""").build()
n = 20011
T = 4
bufs = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.uint32) + t * 7) for t in range(T)]
res = {}; lock = threading.Lock(); errs = []
barrier = threading.Barrier(T)
def worker(t):
    try:
        k = cl.Kernel(prg, "lcg")
        barrier.wait()
        evs = []
        for it in range(15):
            k.set_args(bufs[t], np.uint32(1103515245 + 2 * t), np.int32(3 + it % 4))
            evs.append(cl.enqueue_nd_range_kernel(q, k, (n,), None))
        cl.wait_for_events(evs[-2:])
        h = np.empty(n, np.uint32)
        cl.enqueue_copy(q, h, bufs[t], is_blocking=False).wait()
        with lock: res[f"t{t}"] = h
    except Exception as e:
        with lock: errs.append(f"{t}:{type(e).__name__}:{e}")
ts = [threading.Thread(target=worker, args=(t,)) for t in range(T)]
[x.start() for x in ts]; [x.join() for x in ts]
q.finish()
res["errs"] = np.array(sorted(errs) or ["none"])
np.savez(sys.argv[1], **res)
print("done", errs)
