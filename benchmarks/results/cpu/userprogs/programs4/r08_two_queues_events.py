import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q1 = cl.CommandQueue(ctx); q2 = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void stepk(__global int *a, __global const int *b, int k) { int i = get_global_id(0); a[i] = a[i] * 5 + b[i] + k; }
__kernel void cp(__global const int *a, __global int *b) { int i = get_global_id(0); b[i] = a[i] >> 1; }
""").build()
n = 33333
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.int32))
st1 = cl.Kernel(prg, "stepk"); st2 = cl.Kernel(prg, "stepk"); cp1 = cl.Kernel(prg, "cp"); cp2 = cl.Kernel(prg, "cp")
ev = None
res = {}
for it in range(60):
    st1.set_args(a, b, np.int32(it))
    e1 = cl.enqueue_nd_range_kernel(q1, st1, (n,), None, wait_for=[ev] if ev else None)
    cp2.set_args(a, b)
    e2 = cl.enqueue_nd_range_kernel(q2, cp2, (n,), None, wait_for=[e1])
    st2.set_args(b, a, np.int32(-it))
    e3 = cl.enqueue_nd_range_kernel(q2, st2, (n,), None, wait_for=[e2])
    ev = e3
    if it % 20 == 19:
        h = np.empty(n, np.int32)
        cl.enqueue_copy(q1, h, b, wait_for=[ev]).wait()
        res[f"b{it}"] = h
        res[f"st{it}"] = np.array([e1.command_execution_status, e2.command_execution_status, e3.command_execution_status])
h = np.empty(n, np.int32); cl.enqueue_copy(q1, h, a, wait_for=[ev], is_blocking=True); res["a"] = h
mk = cl.enqueue_marker(q2, wait_for=[ev]); mk.wait()
res["mk"] = np.array(mk.command_execution_status)
res["types"] = np.array([isinstance(e3, cl.Event)])
np.savez(sys.argv[1], **res)
print("done")
