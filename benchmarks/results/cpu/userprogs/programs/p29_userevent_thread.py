import sys
import threading
import time
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void inc(__global float *x, float v) { int i = get_global_id(0); x[i] = x[i] * 2.0f + v; }
""").build()
k = prg.inc
n = 1 << 20
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
res = {}
gate = cl.UserEvent(ctx)
e1 = k(q, (n,), None, x, np.float32(1), wait_for=[gate])
e2 = k(q, (n,), None, x, np.float32(2), wait_for=[e1])
out = np.empty(n, np.float32)
r = cl.enqueue_copy(q, out, x, is_blocking=False, wait_for=[e2])
def opener():
    time.sleep(0.3)
    gate.set_status(cl.command_execution_status.COMPLETE)
t = threading.Thread(target=opener); t.start()
r.wait()
t.join()
res["gated"] = out.copy()
# a second gate released by a callback of another kernel's completion
gate2 = cl.UserEvent(ctx)
e3 = k(q, (n,), None, x, np.float32(3))
e3.set_callback(cl.command_execution_status.COMPLETE, lambda s: gate2.set_status(cl.command_execution_status.COMPLETE))
q2 = cl.CommandQueue(ctx)
e4 = k(q2, (n,), None, x, np.float32(4), wait_for=[gate2])
e4.wait()
cl.enqueue_copy(q2, out, x); res["cb_gate"] = out.copy()
q.finish(); q2.finish()
np.savez(sys.argv[1], **res)
print("done")
