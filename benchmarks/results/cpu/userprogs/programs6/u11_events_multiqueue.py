import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void fill_idx(__global float *a, float s) { int i = get_global_id(0); a[i] = s * (float)(i % 1000); }
__kernel void combine(__global const float *a, __global const float *b, __global const float *c, __global float *o) {
    int i = get_global_id(0); o[i] = a[i] + 2.0f * b[i] - c[i];
}
__kernel void inc(__global float *a, float v) { int i = get_global_id(0); a[i] += v; }
""").build()
fi = cl.Kernel(prg, "fill_idx"); cb = cl.Kernel(prg, "combine"); inc = cl.Kernel(prg, "inc")
n = 262144 + 5
qs = [cl.CommandQueue(ctx) for _ in range(3)]
bufs = [cl.Buffer(ctx, mf.READ_WRITE, 4 * n) for _ in range(4)]
evs = []
for k in range(3):
    e = fi(qs[k], (n,), None, bufs[k], np.float32(k + 1))
    e2 = inc(qs[k], (n,), None, bufs[k], np.float32(0.5 * k))
    evs.append(e2)
# one launch fed by events of three queues
qo = cl.CommandQueue(ctx)
ec = cb(qo, (n,), None, bufs[0], bufs[1], bufs[2], bufs[3], wait_for=evs)
o = np.empty(n, np.float32); cl.enqueue_copy(qo, o, bufs[3], wait_for=[ec]); res["combine"] = o
# marker with wait_for on another queue, barrier, wait_for_events
m = cl.enqueue_marker(qs[1], wait_for=[ec])
b = cl.enqueue_barrier(qs[2], wait_for=[m])
e3 = inc(qs[2], (n,), None, bufs[3], np.float32(100))
cl.wait_for_events([e3, m])
e4 = inc(qs[0], (n,), None, bufs[3], np.float32(-1), wait_for=[e3])
cl.enqueue_barrier(qs[0])
e5 = inc(qs[0], (n,), None, bufs[3], np.float32(0.25))
cl.wait_for_events([e5])
o = np.empty(n, np.float32); cl.enqueue_copy(qs[1], o, bufs[3], wait_for=[e5]); res["chain"] = o
res["status"] = np.array([e.command_execution_status for e in (ec, m, e3, e4, e5)])
# out-of-order queue with explicit dependencies forming a diamond, repeated
try:
    qoo = cl.CommandQueue(ctx, properties=cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE)
except cl.Error:
    qoo = cl.CommandQueue(ctx)
A, B, C, D = bufs
for rep in range(4):
    ea = fi(qoo, (n,), None, A, np.float32(rep + 1))
    eb = inc(qoo, (n,), None, A, np.float32(1), wait_for=[ea])
    ec1 = fi(qoo, (n,), None, B, np.float32(-rep))
    ec2 = fi(qoo, (n,), None, C, np.float32(0.5))
    ed = cb(qoo, (n,), None, A, B, C, D, wait_for=[eb, ec1, ec2])
    ee = inc(qoo, (n,), None, D, np.float32(rep), wait_for=[ed])
    bar = cl.enqueue_barrier(qoo)
    o = np.empty(n, np.float32)
    cl.enqueue_copy(qoo, o, D, wait_for=[ee, bar])
    res[f"ooo{rep}"] = o
qoo.finish()
# markers without wait lists on in-order queues, then user event gate released immediately
ue = cl.UserEvent(ctx)
e6 = inc(qs[0], (n,), None, A, np.float32(3), wait_for=[ue])
mk = cl.enqueue_marker(qs[0])
ue.set_status(cl.command_execution_status.COMPLETE)
mk.wait()
o = np.empty(n, np.float32); cl.enqueue_copy(qs[0], o, A); res["gate"] = o
for qq in qs + [qo]: qq.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
