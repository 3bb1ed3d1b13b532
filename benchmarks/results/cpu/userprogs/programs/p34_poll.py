import sys
import time
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, "__kernel void inc(__global float *x, float v) { int i = get_global_id(0); x[i] = x[i] * 0.5f + v; }").build()
k = prg.inc
n = 1 << 20
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
res = {}
polls = []
for it in range(4):
    e = k(q, (n,), None, x, np.float32(it))
    q.flush()
    t0 = time.time(); cnt = 0
    while e.command_execution_status != cl.command_execution_status.COMPLETE:
        time.sleep(0.001); cnt += 1
        if time.time() - t0 > 30:
            print("poll timed out"); sys.exit(3)
    polls.append(1)
# marker poll
e1 = k(q, (n,), None, x, np.float32(9))
m = cl.enqueue_marker(q)
q.flush()
while m.command_execution_status != cl.command_execution_status.COMPLETE:
    time.sleep(0.001)
# non-blocking read poll
o = np.empty(n, np.float32)
r = cl.enqueue_copy(q, o, x, is_blocking=False)
q.flush()
t0 = time.time()
while r.command_execution_status != cl.command_execution_status.COMPLETE:
    time.sleep(0.001)
    if time.time() - t0 > 30:
        print("read poll timed out"); sys.exit(3)
res["out"] = o.copy()
res["polls"] = np.array(polls)
np.savez(sys.argv[1], **res)
print("done")
