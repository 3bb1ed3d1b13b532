import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void axpy(__global const float *x, __global float *y, float a) { int i = get_global_id(0); y[i] = a * x[i] + y[i]; }
""").build()
k = prg.axpy
res = {}
n = 1 << 20   # 4 MiB
host = np.arange(n, dtype=np.float32)
x = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host)
host[:] = -1.0                          # COPY_HOST_PTR copied at creation
cl.enqueue_copy(q, x, host)             # blocking write of -1
host[:] = 7.0                           # reuse the host array at once
k(q, (n,), None, x, y, np.float32(2))
cl.enqueue_copy(q, x, host)             # blocking write of 7
host[:] = 100.0
k(q, (n,), None, x, y, np.float32(3))
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, y); res["blocking_reuse"] = o
# the same host array written to three buffers in turn, modified in between
bufs = [cl.Buffer(ctx, mf.READ_WRITE, n * 4) for _ in range(3)]
for j, b in enumerate(bufs):
    host[:] = j + 0.5
    cl.enqueue_copy(q, b, host)
acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
for j, b in enumerate(bufs):
    k(q, (n,), None, b, acc, np.float32(j + 1))
cl.enqueue_copy(q, o, acc); res["three_bufs"] = o
# partial blocking writes from one host array at offsets
for j in range(4):
    host[:n // 4] = j * 10
    cl.enqueue_copy(q, x, host[:n // 4], dst_offset=j * n)   # quarter j
k(q, (n,), None, x, acc, np.float32(1))
cl.enqueue_copy(q, o, acc); res["partial_writes"] = o
# pyopencl.array: to_device and set, then host reuse
ha = np.ones(n, np.float32)
a = cla.to_device(q, ha)
ha[:] = 5
b = cla.empty_like(a); b.set(ha)
ha[:] = 9
res["arr"] = (a * 2 + b).get()
# fill pattern from a numpy array that changes afterwards
pat = np.array([1.0, 2.0], np.float32)
cl.enqueue_fill_buffer(q, x, pat, 0, n * 4)
pat[:] = 0
k(q, (n,), None, x, acc, np.float32(1))
cl.enqueue_copy(q, o, acc); res["fill_pattern"] = o
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
