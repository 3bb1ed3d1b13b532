import sys
import threading
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
src = """
__kernel void work(__global const float *x, __global float *y, float a, int iters) {
    int i = get_global_id(0);
    float v = x[i];
    for (int k = 0; k < iters; ++k) v = v * a + 0.001f * (float)k;
    y[i] = v;
}
__kernel void accum(__global float *acc, __global const float *y) { int i = get_global_id(0); acc[i] += y[i]; }
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(13)
n = 200003
inputs = [rng.standard_normal(n).astype(np.float32) for _ in range(4)]
results = {}
errors = []

def worker(t):
    try:
        q = cl.CommandQueue(ctx)
        k_work = cl.Kernel(prg, "work"); k_acc = cl.Kernel(prg, "accum")
        dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=inputs[t])
        dy = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
        dacc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
        for it in range(6):
            k_work(q, (n,), None, dx, dy, np.float32(0.9 + 0.01 * t), np.int32(10 + it))
            k_acc(q, (n,), None, dacc, dy)
            if it % 2 == 1:
                tmp = np.empty(n, np.float32); cl.enqueue_copy(q, tmp, dacc)
                results[f"t{t}_it{it}"] = tmp
        out = np.empty(n, np.float32); cl.enqueue_copy(q, out, dacc)
        results[f"t{t}_final"] = out
        q.finish()
    except Exception as e:
        errors.append(f"{t}: {type(e).__name__}: {e}")

ths = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
for th in ths: th.start()
for th in ths: th.join()
# a shared buffer: each thread writes its own disjoint half via its own queue, then sync
shared = cl.Buffer(ctx, mf.READ_WRITE, 2 * n * 4)
prg2 = cl.Program(ctx, "__kernel void put(__global float *y, int off, float v) { y[off + get_global_id(0)] = v + get_global_id(0); }").build()
def w2(t):
    q = cl.CommandQueue(ctx)
    k = cl.Kernel(prg2, "put")
    k(q, (n,), None, shared, np.int32(t * n), np.float32(t * 1000))
    q.finish()
ths = [threading.Thread(target=w2, args=(t,)) for t in range(2)]
for th in ths: th.start()
for th in ths: th.join()
q = cl.CommandQueue(ctx)
s = np.empty(2 * n, np.float32); cl.enqueue_copy(q, s, shared); results["shared"] = s
results["errors"] = np.array(sorted(errors) or ["none"])
np.savez(sys.argv[1], **results)
print("done", len(results), errors)
