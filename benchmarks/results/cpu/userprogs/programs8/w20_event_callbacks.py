import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

import threading
prg = cl.Program(ctx, """
__kernel void work(__global float *a, int it) {
    int i = get_global_id(0);
    float v = a[i];
    for (int k = 0; k < 20; k++) v = v * 0.99f + (float)it * 0.001f;
    a[i] = v;
}
""").build()
n = 200000
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
flags = {}
done = {i: threading.Event() for i in range(6)}
lock = threading.Lock()
def cb(i):
    def f(status):
        with lock:
            flags[i] = status
        done[i].set()
    return f
k = cl.Kernel(prg, "work")
evs = []
for it in range(6):
    e = k(q, (n,), (100,) if it % 2 else None, a, np.int32(it))
    e.set_callback(cl.command_execution_status.COMPLETE, cb(it))
    evs.append(e)
h = np.empty(n, np.float32)
re = cl.enqueue_copy(q, h, a, is_blocking=False)
hits = []
re.set_callback(cl.command_execution_status.COMPLETE, lambda s: hits.append(s))
re.wait()
ok = [done[i].wait(20) for i in range(6)]
res["a"] = h
res["flags"] = np.array([flags[i] for i in range(6)])
res["ok"] = np.array(ok)
q.finish()
t = threading.Event()
ue = cl.UserEvent(ctx)
ue.set_callback(cl.command_execution_status.COMPLETE, lambda s: t.set())
e = k(q, (n,), None, a, np.int32(9), wait_for=[ue])
ue.set_status(cl.command_execution_status.COMPLETE)
e.wait()
res["user_cb"] = np.array([t.wait(20)])
cl.enqueue_copy(q, h, a); res["a2"] = h.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
