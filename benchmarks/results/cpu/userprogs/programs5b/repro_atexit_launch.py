# A kernel launch from an atexit hook. Plain: prints "atexit sum 1200000".
import atexit
import numpy as np, pyopencl as cl
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void inc(__global int *x) { x[get_global_id(0)] += 1; }").build()
k = cl.Kernel(prg, "inc")
n = 300000
x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
def report():
    k(q, (n,), None, x)
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, x)
    print("atexit sum", int(h.sum()))
atexit.register(report)
for _ in range(3): k(q, (n,), None, x)
print("main done")
