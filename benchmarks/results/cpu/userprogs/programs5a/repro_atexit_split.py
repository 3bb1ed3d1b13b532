# a launch and a read made from an atexit handler
import atexit
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void k(__global int *a) { int i = get_global_id(0); a[i] = 2 * i + 1; }").build()
n = 200000
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
k = cl.Kernel(prg, "k")
def at_exit():
    k(q, (n,), None, buf)
    h = np.empty(n, np.int32)
    cl.enqueue_copy(q, h, buf)
    print("atexit ok", int(h[-1]))
atexit.register(at_exit)
