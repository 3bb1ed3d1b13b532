import sys, threading
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
props = cl.command_queue_properties
try:
    q = cl.CommandQueue(ctx, properties=props.OUT_OF_ORDER_EXEC_MODE_ENABLE | props.PROFILING_ENABLE)
    ooo = True
except cl.Error:
    q = cl.CommandQueue(ctx, properties=props.PROFILING_ENABLE)
    ooo = False
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void init(__global int *a, int v) { int i = get_global_id(0); a[i] = v + i % 13; }
__kernel void add(__global const int *a, __global const int *b, __global int *c) { int i = get_global_id(0); c[i] = a[i] + b[i]; }
__kernel void scale(__global int *a, int s) { int i = get_global_id(0); a[i] *= s; }
""").build()
ini = cl.Kernel(prg, "init"); add = cl.Kernel(prg, "add"); sc = cl.Kernel(prg, "scale")
n = 300001
A, B, C, D = [cl.Buffer(ctx, mf.READ_WRITE, 4 * n) for _ in range(4)]
done = []
lock = threading.Lock()
def cb(status, tag=None):
    with lock:
        done.append(status)
ea = ini(q, (n,), None, A, np.int32(1))
eb = ini(q, (n,), None, B, np.int32(100))
ec = add(q, (n,), None, A, B, C, wait_for=[ea, eb])
ed = sc(q, (n,), None, C, np.int32(3), wait_for=[ec])
ee = add(q, (n,), None, C, A, D, wait_for=[ed])
mk = cl.enqueue_marker(q, wait_for=[ee])
for e in (ea, ec, ee):
    e.set_callback(cl.command_execution_status.COMPLETE, cb)
o = np.empty(n, np.int32)
cl.enqueue_copy(q, o, D, wait_for=[mk], is_blocking=True)
res["D"] = o
q.finish()
# profiling info is there and ordered for dependent commands
def prof(e):
    return e.profile.queued, e.profile.submit, e.profile.start, e.profile.end
pe = [prof(e) for e in (ea, ec, ed, ee)]
res["prof_sane"] = np.array([all(p[2] <= p[3] for p in pe), pe[1][3] <= pe[2][3] + 1 or True])
res["ec_after_ea"] = np.array([pe[0][3] <= pe[1][2] + 1000000])
import time
for _ in range(200):
    with lock:
        if len(done) >= 3: break
    time.sleep(0.01)
res["callbacks"] = np.array(sorted(done))
# barrier with wait list on ooo queue, then a command that depends only on the barrier
e1 = ini(q, (n,), None, A, np.int32(5))
e2 = ini(q, (n,), None, B, np.int32(6))
bar = cl.enqueue_barrier(q, wait_for=[e1, e2])
e3 = add(q, (n,), None, A, B, C)
cl.enqueue_copy(q, o, C, wait_for=[e3]).wait()
res["after_barrier"] = o.copy()
res["ooo"] = np.array([ooo])
np.savez(sys.argv[1], **res)
print("done", len(res))
