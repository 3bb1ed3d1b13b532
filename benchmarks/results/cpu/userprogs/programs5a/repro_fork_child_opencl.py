# the program itself makes no OpenCL call before forking; the child makes a context
import os, sys
import numpy as np
import pyopencl as cl
pid = os.fork()
if pid == 0:
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, "__kernel void k(__global int *a) { a[get_global_id(0)] = 7; }").build()
    b = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, 4 * 1000)
    prg.k(q, (1000,), None, b)
    h = np.empty(1000, np.int32); cl.enqueue_copy(q, h, b)
    print("child", int(h.sum())); sys.stdout.flush()
    os._exit(0)
_, st = os.waitpid(pid, 0)
print("child exit", os.waitstatus_to_exitcode(st))
