import sys, threading
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q1 = cl.CommandQueue(ctx)
q2 = cl.CommandQueue(ctx)
try:
    qo = cl.CommandQueue(ctx, properties=cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE)
    ooo = True
except cl.Error:
    qo = cl.CommandQueue(ctx); ooo = False
mf = cl.mem_flags
res = {"ooo": np.array(ooo)}
prg = cl.Program(ctx, """
__kernel void stepk(__global float *x, float a) { int i = get_global_id(0); x[i] = x[i] * a + 1.0f; }
__kernel void add(__global float *d, __global const float *s) { int i = get_global_id(0); d[i] += s[i]; }
""").build()
step = cl.Kernel(prg, "stepk"); add = cl.Kernel(prg, "add")
n = 200003
x0 = np.linspace(0, 1, n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x0)
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x0[::-1].copy())
log = []
lock = threading.Lock()
def cb(status, tag=None):
    with lock: log.append((tag, status))
# chain across two queues with events
e1 = step(q1, (n,), None, a, np.float32(2.0))
e2 = step(q2, (n,), None, b, np.float32(0.5), wait_for=[e1])
e1.set_callback(cl.command_execution_status.COMPLETE, lambda s: cb(s, "e1"))
e2.set_callback(cl.command_execution_status.COMPLETE, lambda s: cb(s, "e2"))
e3 = add(q1, (n,), None, a, b, wait_for=[e2])
m = cl.enqueue_marker(q1, wait_for=[e3])
cl.enqueue_barrier(q2, wait_for=[m])
e4 = add(q2, (n,), None, b, a)
cl.wait_for_events([e4])
res["e4_status"] = np.array(e4.command_execution_status)
res["e4_type"] = np.array(e4.get_info(cl.event_info.COMMAND_TYPE) in (cl.command_type.NDRANGE_KERNEL, cl.command_type.MARKER, cl.command_type.USER))
res["e4_queue_is_q2"] = np.array(e4.get_info(cl.event_info.COMMAND_QUEUE) == q2)
res["e4_ctx"] = np.array(e4.get_info(cl.event_info.CONTEXT) == ctx)
ha = np.empty(n, np.float32); hb = np.empty(n, np.float32)
cl.enqueue_copy(q2, ha, a); cl.enqueue_copy(q2, hb, b)
res["a"] = ha; res["b"] = hb
# out-of-order queue: independent steps, then a barrier and a dependent read
evs = []
bufs = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x0 * (i + 1)) for i in range(4)]
for i, bb in enumerate(bufs):
    evs.append(step(qo, (n,), None, bb, np.float32(1.0 + i)))
cl.enqueue_barrier(qo)
for i in range(3):
    add(qo, (n,), None, bufs[i], bufs[i + 1], wait_for=[evs[i + 1]])
cl.enqueue_barrier(qo)
outs = []
for bb in bufs:
    h = np.empty(n, np.float32); outs.append(cl.enqueue_copy(qo, h, bb, is_blocking=False)); res[f"ooo_{len(outs)}"] = h
cl.wait_for_events(outs)
qo.finish()
# migrate and a marker with no waits, then wait on the marker's event
ev = cl.enqueue_migrate_mem_objects(q1, [a, b], flags=cl.mem_migration_flags.CONTENT_UNDEFINED if False else 0)
ev.wait()
step(q1, (n,), None, a, np.float32(0.25))
mk = cl.enqueue_marker(q1)
mk.wait()
res["after_marker"] = np.empty(n, np.float32); cl.enqueue_copy(q1, res["after_marker"], a)
# user event gating work on q2
ue = cl.UserEvent(ctx)
g = step(q2, (n,), None, b, np.float32(3.0), wait_for=[ue])
t = threading.Timer(0.2, lambda: ue.set_status(cl.command_execution_status.COMPLETE)); t.start()
g.wait(); t.join()
res["gated"] = np.empty(n, np.float32); cl.enqueue_copy(q2, res["gated"], b)
q1.finish(); q2.finish()
res["callbacks"] = np.array(sorted(log))
np.savez(sys.argv[1], **res)
print("done", len(res), sorted(log))
