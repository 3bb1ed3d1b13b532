import sys, threading
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void f(__global int *a, int d) { int i = get_global_id(0); a[i] = a[i] * 3 + d; }
__kernel void g(__global const int *a, __global int *b) { int i = get_global_id(0); b[i] = a[i] ^ (i * 2654435761u); }
""").build()
n = 40000
T = 3
res = {}; lock = threading.Lock(); errs = []
bar = threading.Barrier(T)
def worker(t):
    try:
        q = cl.CommandQueue(ctx)
        kf = cl.Kernel(prg, "f"); kg = cl.Kernel(prg, "g")
        host = np.arange(n, dtype=np.int32) + t
        a = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=host)
        b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
        bar.wait()
        for it in range(12):
            kf(q, (n,), None, a, np.int32(it + t))
            kg(q, (n,), None, a, b)
            if it % 3 == 2:
                q.finish()
                m, ev = cl.enqueue_map_buffer(q, a, cl.map_flags.READ, 0, (n,), np.int32)
                ev.wait()
                with lock: res[f"t{t}_{it}"] = m.copy()
                m.base.release(q); del m
                hb = np.empty(n, np.int32); cl.enqueue_copy(q, hb, b)
                with lock: res[f"b{t}_{it}"] = hb
        q.finish()
    except Exception as e:
        with lock: errs.append(f"{t}:{type(e).__name__}:{e}")
ts = [threading.Thread(target=worker, args=(t,)) for t in range(T)]
[x.start() for x in ts]; [x.join() for x in ts]
res["errs"] = np.array(sorted(errs) or ["none"])
np.savez(sys.argv[1], **res)
print("done", errs)
