import sys, threading, queue as pyq
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void gen(__global float *a, int s) { int i = get_global_id(0); a[i] = (float)((i * 31 + s) % 1000) * 0.01f; }
__kernel void smooth(__global const float *a, __global float *b, int n) { int i = get_global_id(0);
  b[i] = (a[max(i - 1, 0)] + a[i] + a[min(i + 1, n - 1)]) / 3.0f; }
__kernel void fold(__global float *acc, __global const float *b) { int i = get_global_id(0); acc[i] = acc[i] * 0.5f + b[i]; }
""").build()
n = 50000
N = np.int32(n)
stages = 10
A = [cl.Buffer(ctx, mf.READ_WRITE, n * 4) for _ in range(stages)]
B = [cl.Buffer(ctx, mf.READ_WRITE, n * 4) for _ in range(stages)]
acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
ch1 = pyq.Queue(); ch2 = pyq.Queue()
res = {}
def t_gen():
    q = cl.CommandQueue(ctx); k = cl.Kernel(prg, "gen")
    for s in range(stages):
        k.set_args(A[s], np.int32(s * 7)); ev = cl.enqueue_nd_range_kernel(q, k, (n,), None)
        q.flush(); ch1.put((s, ev))
    ch1.put(None)
def t_smooth():
    q = cl.CommandQueue(ctx); k = cl.Kernel(prg, "smooth")
    while (it := ch1.get()) is not None:
        s, ev = it
        k.set_args(A[s], B[s], N); e2 = cl.enqueue_nd_range_kernel(q, k, (n,), None, wait_for=[ev])
        q.flush(); ch2.put((s, e2))
    ch2.put(None)
def t_fold():
    q = cl.CommandQueue(ctx); k = cl.Kernel(prg, "fold")
    last = None
    while (it := ch2.get()) is not None:
        s, ev = it
        k.set_args(acc, B[s]); last = cl.enqueue_nd_range_kernel(q, k, (n,), None, wait_for=[ev] + ([last] if last else []))
        if s % 4 == 3:
            h = np.empty(n, np.float32); cl.enqueue_copy(q, h, acc, wait_for=[last]); res[f"acc{s}"] = h
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, acc, is_blocking=False, wait_for=[last]).wait(); res["acc"] = h
ts = [threading.Thread(target=f) for f in (t_fold, t_smooth, t_gen)]
[t.start() for t in ts]; [t.join() for t in ts]
q = cl.CommandQueue(ctx)
for s in (0, stages - 1):
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, B[s]); res[f"B{s}"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
