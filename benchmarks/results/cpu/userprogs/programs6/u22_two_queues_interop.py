import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
qw = cl.CommandQueue(ctx, dev)
qr = cl.CommandQueue(ctx, dev)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void wr(__global int *a, int v) { int i = get_global_id(0); a[i] = v * 3 + i % 101; }
__kernel void rd(__global const int *a, __global int *b, int s) { int i = get_global_id(0); b[i] = a[(i + s) % get_global_size(0)] - i; }
""").build()
wr = cl.Kernel(prg, "wr"); rd = cl.Kernel(prg, "rd")
n = 300007
a = cl.Buffer(ctx, mf.READ_WRITE, 4 * n); b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
outs = []
for it in range(6):
    ew = wr(qw, (n,), None, a, np.int32(it))
    er = rd(qr, (n,), None, a, b, np.int32(it * 11), wait_for=[ew])
    o = np.empty(n, np.int32)
    cl.enqueue_copy(qw, o, b, wait_for=[er])  # read back on the writer queue
    outs.append(o)
res["handoff"] = np.stack(outs)
# writer queue flushes and the reader waits on the event on the host
ew = wr(qw, (n,), None, a, np.int32(100))
qw.flush()
ew.wait()
o = np.empty(n, np.int32); cl.enqueue_copy(qr, o, a); res["host_wait"] = o
# arrays moved between queues with with_queue and finish
x = cla.to_device(qw, np.arange(n, dtype=np.float32))
y = (x * 2).with_queue(qr)
qw.finish()
z = y + 1
res["arr_q"] = z.get(queue=qr)
# a copy on one queue, kernel on another behind a marker
m = cl.enqueue_copy(qr, b, a)
mk = cl.enqueue_marker(qr, wait_for=[m])
rd(qw, (n,), None, b, a, np.int32(3), wait_for=[mk])
o = np.empty(n, np.int32); cl.enqueue_copy(qw, o, a); res["marker"] = o
# ping-pong of a buffer between two queues, 10 rounds, each round waits on the other's event
e = None
for it in range(10):
    q1, q2 = (qw, qr) if it % 2 == 0 else (qr, qw)
    e1 = wr(q1, (n // 2,), None, a, np.int32(it), wait_for=[e] if e is not None else None)
    e = rd(q2, (n,), None, a, b, np.int32(it), wait_for=[e1])
cl.wait_for_events([e])
o = np.empty(n, np.int32); cl.enqueue_copy(qw, o, b); res["pp"] = o
qw.finish(); qr.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
