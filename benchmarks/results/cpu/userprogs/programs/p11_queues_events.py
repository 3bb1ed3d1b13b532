import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q1 = cl.CommandQueue(ctx)
q2 = cl.CommandQueue(ctx)
try:
    qo = cl.CommandQueue(ctx, properties=cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE)
    ooo = True
except cl.Error:
    qo = cl.CommandQueue(ctx); ooo = False
mf = cl.mem_flags
src = """
__kernel void fill_i(__global float *x, float v) { int i = get_global_id(0); x[i] = v + (float)(i % 13); }
__kernel void axpy(__global const float *x, __global float *y, float a) { int i = get_global_id(0); y[i] += a * x[i]; }
__kernel void mul(__global float *x, float a) { int i = get_global_id(0); x[i] *= a; }
"""
prg = cl.Program(ctx, src).build()
k_fill = cl.Kernel(prg, "fill_i"); k_axpy = cl.Kernel(prg, "axpy"); k_mul = cl.Kernel(prg, "mul")
res = {"ooo": np.array(ooo)}
n = 1 << 20
a = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
b = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
c = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
# chain across queues with wait_for
e1 = k_fill(q1, (n,), None, a, np.float32(1))
e2 = k_fill(q2, (n,), None, b, np.float32(2), wait_for=[e1])
e3 = k_axpy(q1, (n,), None, a, b, np.float32(3), wait_for=[e2])
e4 = k_mul(q2, (n,), None, b, np.float32(0.5), wait_for=[e3])
cl.wait_for_events([e4])
hb = np.empty(n, np.float32)
cl.enqueue_copy(q1, hb, b, wait_for=[e4]); res["chain"] = hb.copy()
# callbacks
called = []
e5 = k_mul(q1, (n,), None, a, np.float32(2))
e5.set_callback(cl.command_execution_status.COMPLETE, lambda status: called.append(status))
e5.wait()
q1.finish()
import time
for _ in range(100):
    if called: break
    time.sleep(0.01)
res["callback"] = np.array(called[:1] == [0] or called[:1] == [cl.command_execution_status.COMPLETE])
# markers and barriers
k_fill(q1, (n,), None, c, np.float32(5))
m = cl.enqueue_marker(q1)
k_axpy(q2, (n,), None, c, a, np.float32(1), wait_for=[m])
cl.enqueue_barrier(q2)
k_mul(q2, (n,), None, a, np.float32(-1))
mk2 = cl.enqueue_marker(q2)
mk2.wait()
ha = np.empty(n, np.float32); cl.enqueue_copy(q2, ha, a); res["marker"] = ha.copy()
# out of order queue with explicit dependencies
d = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
f1 = k_fill(qo, (n,), None, d, np.float32(7))
f2 = k_mul(qo, (n,), None, d, np.float32(3), wait_for=[f1])
f3 = k_axpy(qo, (n,), None, d, a, np.float32(2), wait_for=[f2])
bar = cl.enqueue_barrier(qo, wait_for=[f3])
hd = np.empty(n, np.float32)
r = cl.enqueue_copy(qo, hd, d, is_blocking=False, wait_for=[bar])
r.wait(); res["ooo_d"] = hd.copy()
cl.enqueue_copy(qo, ha, a, wait_for=[f3]); res["ooo_a"] = ha.copy()
# user event gating a launch
ue = cl.UserEvent(ctx)
g1 = k_fill(q2, (n,), None, c, np.float32(-3), wait_for=[ue])
time.sleep(0.05)
res["user_pending"] = np.array(g1.command_execution_status != cl.command_execution_status.COMPLETE)
ue.set_status(cl.command_execution_status.COMPLETE)
g1.wait()
hc = np.empty(n, np.float32); cl.enqueue_copy(q2, hc, c); res["user_event"] = hc.copy()
# non-blocking reads on two queues then wait for both
h1 = np.empty(n, np.float32); h2 = np.empty(n, np.float32)
r1 = cl.enqueue_copy(q1, h1, a, is_blocking=False)
r2 = cl.enqueue_copy(q2, h2, b, is_blocking=False)
cl.wait_for_events([r1, r2])
res["nb1"] = h1; res["nb2"] = h2
# event info
res["ev_type"] = np.array([e1.command_type == cl.command_type.NDRANGE_KERNEL, r1.command_type == cl.command_type.READ_BUFFER])
q1.finish(); q2.finish(); qo.finish()
np.savez(sys.argv[1], **res)
print("done", len(res), ooo)
