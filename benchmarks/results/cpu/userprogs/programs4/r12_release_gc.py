import sys, gc
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void f(__global const float *a, __global float *b, float s) { int i = get_global_id(0); b[i] = a[i] * s + 1.0f; }
""").build()
k = cl.Kernel(prg, "f")
n = 120000
res = {}
cur = np.arange(n, dtype=np.float32) * 1e-3
acc = np.zeros(n, np.float32)
for it in range(30):
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=cur)
    b = cl.Buffer(ctx, mf.READ_WRITE, cur.nbytes)
    k(q, (n,), None, a, b, np.float32(0.99))
    a.release()                       # freed early, before the read
    nxt = np.empty_like(cur); cl.enqueue_copy(q, nxt, b)
    b.release()
    cur = nxt; acc += cur
    if it % 10 == 0: gc.collect()
res["cur"] = cur; res["acc"] = acc
# arrays dropped each iteration, relying on GC
x = cla.to_device(q, np.linspace(-1, 1, n).astype(np.float32))
for it in range(25):
    y = x * 1.5 + it
    z = cla.empty_like(y)
    k(q, (n,), None, y.data, z.data, np.float32(0.5))
    del y
    x = z
    if it % 5 == 4:
        gc.collect(); res[f"x{it}"] = x.get()
# buffer released while a non-blocking read of another is in flight
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=cur)
b = cl.Buffer(ctx, mf.READ_WRITE, cur.nbytes)
k(q, (n,), None, a, b, np.float32(2.0))
h = np.empty_like(cur); ev = cl.enqueue_copy(q, h, b, is_blocking=False)
a.release(); del a; gc.collect()
ev.wait(); res["last"] = h
np.savez(sys.argv[1], **res)
print("done")
