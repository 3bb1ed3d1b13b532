import sys, threading
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void poly(__global const float *x, __global float *y, float a, float b) {
    size_t i = get_global_id(0); float v = x[i]; y[i] = (v * a + b) * v - a;
}
__kernel void addk(__global float *y, __global const float *z) { size_t i = get_global_id(0); y[i] += z[i]; }
""").build()
n = 65537
rng = np.random.default_rng(1)
X = rng.standard_normal(n).astype(np.float32)
res = {}; lock = threading.Lock(); errs = []
def worker(t):
    try:
        q = cl.CommandQueue(ctx)
        dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=X)
        dy = cl.Buffer(ctx, mf.READ_WRITE, X.nbytes)
        dz = cl.Buffer(ctx, mf.READ_WRITE, X.nbytes)
        k = cl.Kernel(prg, "poly"); ka = cl.Kernel(prg, "addk")
        for it in range(20):
            k(q, (n,), None, dx, dy, np.float32(1 + t * 0.1), np.float32(it))
            k(q, (n,), None, dy, dz, np.float32(0.5), np.float32(-t))
            ka(q, (n,), None, dy, dz)
            if it % 7 == 3:
                o = np.empty(n, np.float32); cl.enqueue_copy(q, o, dy)
                with lock: res[f"t{t}_{it}"] = o
        o = np.empty(n, np.float32); ev = cl.enqueue_copy(q, o, dz, is_blocking=False); ev.wait()
        with lock: res[f"t{t}_z"] = o
    except Exception as e:
        errs.append(f"{t} {type(e).__name__} {e}")
ths = [threading.Thread(target=worker, args=(t,)) for t in range(5)]
[t.start() for t in ths]; [t.join() for t in ths]
res["errs"] = np.array(sorted(errs) or ["none"])
np.savez(sys.argv[1], **res)
print("done", len(res), errs)
