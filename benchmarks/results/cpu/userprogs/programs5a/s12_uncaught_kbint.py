# a long computation stopped by Ctrl-C that the program does not catch (SIGINT sent to
# itself after saving its partial results).
import sys, os, signal
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void k(__global float *a) { int i = get_global_id(0); a[i] = a[i] * 0.5f + (float)(i & 255); }").build()
n = 200000
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
for step in range(1000):
    prg.k(q, (n,), None, buf)
    if step == 20:
        h = np.empty(n, np.float32); cl.enqueue_copy(q, h, buf)
        np.savez(sys.argv[1], h=h)
        print("partial saved"); sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGINT)
print("not reached")
