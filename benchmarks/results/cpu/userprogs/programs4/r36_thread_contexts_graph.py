import sys, threading
import numpy as np
import pyopencl as cl
plat = cl.get_platforms()[0]
dev = plat.get_devices()[0]
src = """
__kernel void mixw(__global float *a, __global const float *b, float w) { int i = get_global_id(0); a[i] = a[i] * (1.0f - w) + b[i] * w; }
__kernel void rot(__global const float *a, __global float *b, int n, int r) { int i = get_global_id(0); b[(i + r) % n] = a[i] * 1.5f; }
"""
mf = cl.mem_flags
n = 30000
res = {}; lock = threading.Lock(); errs = []
def worker(t):
    try:
        ctx = cl.Context([dev])             # a context per thread
        q = cl.CommandQueue(ctx)
        prg = cl.Program(ctx, src).build()
        km = cl.Kernel(prg, "mixw"); kr = cl.Kernel(prg, "rot")
        a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.linspace(t, t + 1, n).astype(np.float32))
        b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
        for it in range(40):
            kr(q, (n,), None, a, b, np.int32(n), np.int32(it * 7 + t))
            km(q, (n,), None, a, b, np.float32(0.3))
        h = np.empty(n, np.float32); ev = cl.enqueue_copy(q, h, a, is_blocking=False)
        q.flush(); ev.wait()
        with lock: res[f"t{t}"] = h
    except Exception as e:
        with lock: errs.append(f"{t}:{type(e).__name__}:{e}")
ts = [threading.Thread(target=worker, args=(t,)) for t in range(3)]
[x.start() for x in ts]; [x.join() for x in ts]
# host arrays carried between contexts
c1 = cl.Context([dev]); c2 = cl.Context([dev])
q1 = cl.CommandQueue(c1); q2 = cl.CommandQueue(c2)
p1 = cl.Program(c1, src).build(); p2 = cl.Program(c2, src).build()
x1 = cl.Buffer(c1, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=res["t0"])
y1 = cl.Buffer(c1, mf.READ_WRITE, 4 * n)
cl.Kernel(p1, "rot")(q1, (n,), None, x1, y1, np.int32(n), np.int32(5))
tmp = np.empty(n, np.float32); cl.enqueue_copy(q1, tmp, y1)
x2 = cl.Buffer(c2, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=tmp)
y2 = cl.Buffer(c2, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=res["t1"])
cl.Kernel(p2, "mixw")(q2, (n,), None, y2, x2, np.float32(0.5))
o = np.empty(n, np.float32); cl.enqueue_copy(q2, o, y2); res["cross"] = o
res["errs"] = np.array(sorted(errs) or ["none"])
np.savez(sys.argv[1], **res)
print("done", errs)
