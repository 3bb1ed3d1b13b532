import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

q2 = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void inc(__global int *a, int v) { a[get_global_id(0)] += v; }
__kernel void mul(__global int *a, __global const int *b) { a[get_global_id(0)] *= b[get_global_id(0)] % 5 + 1; }
""").build()
n = 100000
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.int32))
kinc = cl.Kernel(prg, "inc"); kmul = cl.Kernel(prg, "mul")
evs = []
for it in range(5):
    e1 = kinc(q, (n,), None, a, np.int32(it + 1))
    m1 = cl.enqueue_marker(q, wait_for=[e1])
    e2 = kinc(q2, (n,), None, b, np.int32(2), wait_for=[m1])
    cl.enqueue_barrier(q2, wait_for=[e2])
    m2 = cl.enqueue_marker(q2)
    cl.enqueue_barrier(q, wait_for=[m2])
    e3 = kmul(q, (n,), None, a, b)
    evs.append(e3)
cl.wait_for_events(evs)
res["status"] = np.array([e.command_execution_status for e in evs])
m = cl.enqueue_marker(q)
m.wait()
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, a); res["a"] = h
h = np.empty(n, np.int32); cl.enqueue_copy(q2, h, b); res["b"] = h
q2.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
