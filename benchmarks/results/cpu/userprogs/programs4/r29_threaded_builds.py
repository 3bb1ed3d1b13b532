import sys, threading
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
n = 40000
res = {}; lock = threading.Lock(); errs = []
def worker(t):
    try:
        src = """
        #ifndef FACT
        #error FACT missing
        #endif
        __kernel void op(__global const int *a, __global int *b) { int i = get_global_id(0); b[i] = a[i] * FACT + OFF; }
        __kernel void op2(__global int *b) { int i = get_global_id(0); b[i] = rotate(b[i], FACT); }
        """
        prg = cl.Program(ctx, src).build(options=[f"-DFACT={t + 2}", f"-DOFF={100 * t}"])
        q = cl.CommandQueue(ctx)
        a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32) - t)
        b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
        k = cl.Kernel(prg, "op"); k2 = cl.Kernel(prg, "op2")
        for it in range(5):
            k(q, (n,), None, a, b); k2(q, (n - it * 1000,), None, b)
        h = np.empty(n, np.int32); cl.enqueue_copy(q, h, b)
        if t == 2:
            try:
                cl.Program(ctx, src).build()
            except cl.RuntimeError as e:
                with lock: errs.append(f"{t}:build:{e.code}")
        with lock: res[f"t{t}"] = h
    except Exception as e:
        with lock: errs.append(f"{t}:{type(e).__name__}:{e}")
ts = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
[x.start() for x in ts]; [x.join() for x in ts]
res["errs"] = np.array(sorted(errs) or ["none"])
np.savez(sys.argv[1], **res)
print("done", errs)
