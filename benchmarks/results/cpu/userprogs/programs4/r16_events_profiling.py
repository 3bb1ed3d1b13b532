import sys, threading
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
qp = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
q2 = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void work(__global float *a, int reps) { int i = get_global_id(0); float v = a[i];
  for (int r = 0; r < reps; ++r) v = v * 0.999f + 0.001f; a[i] = v; }
""").build()
n = 200000
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
k = cl.Kernel(prg, "work")
res = {}; fired = []; lock = threading.Lock()
def cb(status, tag):
    with lock: fired.append((tag, status))
evs = []
for i in range(10):
    k.set_args(a, np.int32(50 + i))
    e = cl.enqueue_nd_range_kernel(qp, k, (n,), None)
    e.set_callback(cl.command_execution_status.COMPLETE, lambda s, t=i: cb(s, t))
    evs.append(e)
cl.wait_for_events(evs)
ok = []
for e in evs:
    p = e.profile
    ok.append(p.queued <= p.submit <= p.start <= p.end)
res["prof_ok"] = np.array(ok)
res["status"] = np.array([e.command_execution_status for e in evs])
ue = cl.UserEvent(ctx)
k2 = cl.Kernel(prg, "work"); k2.set_args(b, np.int32(3))
e2 = cl.enqueue_nd_range_kernel(q2, k2, (n,), None, wait_for=[ue, evs[-1]])
bar = cl.enqueue_barrier(qp, wait_for=[e2])
e3 = cl.enqueue_copy(qp, a, b, wait_for=[bar])
def setter():
    import time; time.sleep(0.2); ue.set_status(cl.command_execution_status.COMPLETE)
t = threading.Thread(target=setter); t.start()
h = np.empty(n, np.float32); cl.enqueue_copy(qp, h, a, wait_for=[e3], is_blocking=True)
t.join()
res["a"] = h
res["e2s"] = np.array(e2.command_execution_status)
mk = cl.enqueue_marker(q2); mk.wait()
import time
for _ in range(100):
    with lock:
        if len(fired) == 10: break
    time.sleep(0.02)
res["fired"] = np.array(sorted(fired))
hb = np.empty(n, np.float32); cl.enqueue_copy(q2, hb, b); res["b"] = hb
np.savez(sys.argv[1], **res)
print("done", len(fired))
