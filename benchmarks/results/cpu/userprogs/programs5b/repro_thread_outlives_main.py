# The main thread starts a (non-daemon) worker thread and ends without joining it; Python keeps
# the process alive until the worker ends. Plain: the worker prints "worker sum 6000000".
import threading, time
import numpy as np, pyopencl as cl
ctx = cl.create_some_context(interactive=False)
prg = cl.Program(ctx, "__kernel void inc(__global int *x) { x[get_global_id(0)] += 1; }").build()
n = 300000
def worker():
    q = cl.CommandQueue(ctx)
    k = cl.Kernel(prg, "inc")
    x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
    time.sleep(0.5)                      # main has returned by now
    for _ in range(20):
        k(q, (n,), None, x)
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, x)
    print("worker sum", int(h.sum()), flush=True)
threading.Thread(target=worker).start()
print("main returns", flush=True)
