# sys.exit(3) in the middle of a pipeline, with launches and a non-blocking read queued;
# an atexit handler prints the state, a finally block prints too.
import sys, atexit
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void s(__global float *a, float f) { int i = get_global_id(0); a[i] = a[i] * f + 1.0f; }").build()
n = 300000
h = np.linspace(0, 1, n).astype(np.float32)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=h)
late = np.zeros(n, np.float32)
ev_holder = []

def report():
    ev_holder[0].wait()
    print("atexit: late[:3] =", late[:3].tolist(), "sum", float(late.astype(np.float64).sum()))
atexit.register(report)

def run():
    for r in range(10):
        prg.s(q, (n,), None, buf, np.float32(0.5))
        if r == 4:
            mid = np.empty_like(h); cl.enqueue_copy(q, mid, buf)
            np.savez(sys.argv[1], mid=mid)
    ev_holder.append(cl.enqueue_copy(q, late, buf, is_blocking=False))
    for r in range(5):
        prg.s(q, (n,), None, buf, np.float32(2.0))
    try:
        print("exiting with 3")
        sys.stdout.flush()
        sys.exit(3)
    finally:
        print("finally ran")
run()
print("not reached")
