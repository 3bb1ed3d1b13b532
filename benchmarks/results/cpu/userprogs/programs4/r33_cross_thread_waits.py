import sys, threading, time
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void f(__global float *a, float s) { int i = get_global_id(0); a[i] = a[i] * s + 1.0f; }
""").build()
n = 60000
qa = cl.CommandQueue(ctx); qb = cl.CommandQueue(ctx)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
res = {}
gate = cl.UserEvent(ctx)
evs = []
ready = threading.Event()
def launcher():
    k = cl.Kernel(prg, "f")
    for it in range(8):
        k.set_args(a, np.float32(0.5 + it * 0.1))
        evs.append(cl.enqueue_nd_range_kernel(qa, k, (n,), None, wait_for=[gate] if it == 0 else None))
    ready.set()
def waiter(out):
    ready.wait()
    evs[-1].wait()                       # waits on another thread's launch
    out.append(evs[-1].command_execution_status)
out = []
t1 = threading.Thread(target=launcher); t2 = threading.Thread(target=waiter, args=(out,))
t1.start(); t2.start()
ready.wait(); time.sleep(0.1)
res["before"] = np.array(evs[0].command_execution_status > 0)     # not complete while gated
gate.set_status(cl.command_execution_status.COMPLETE)
t1.join(); t2.join()
res["waited"] = np.array(out)
k2 = cl.Kernel(prg, "f")
for it in range(5):
    k2.set_args(b, np.float32(2.0))
    cl.enqueue_nd_range_kernel(qb, k2, (n,), None, wait_for=[evs[it]])
cl.enqueue_copy(qb, a, b, wait_for=[evs[-1]])
h = np.empty(n, np.float32); cl.enqueue_copy(qa, h, a, wait_for=[cl.enqueue_marker(qb)]); res["a"] = h
hb = np.empty(n, np.float32); cl.enqueue_copy(qb, hb, b); res["b"] = hb
np.savez(sys.argv[1], **res)
print("done", out)
