import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void axpy(__global float *y, __global const float *x, float a, int off) {
  int i = get_global_id(0); y[i + off] = a * x[i] + y[i + off]; }
__kernel void stamp(__global int *o, int tag) { int i = get_global_id(0); o[i] = tag * 1000000 + i + (int)get_global_size(0); }
""").build()
N = 70000
res = {}
x = np.linspace(0, 1, N).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(N, np.float32))
dy2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(N, np.float32))
k = cl.Kernel(prg, "axpy")
k.set_args(dy, dx, np.float32(1.0), np.int32(0))
cl.enqueue_nd_range_kernel(q, k, (N,), None)
for j, a in enumerate((0.5, -2.0, 3.25)):
    k.set_arg(2, np.float32(a))          # only a changes
    cl.enqueue_nd_range_kernel(q, k, (N - 100,), None)
k.set_arg(0, dy2)                         # only y changes
cl.enqueue_nd_range_kernel(q, k, (N,), None)
k.set_arg(3, np.int32(50))                # only offset changes
cl.enqueue_nd_range_kernel(q, k, (N - 50,), None)
k.set_arg(0, dy)
cl.enqueue_nd_range_kernel(q, k, (1,), None)
cl.enqueue_nd_range_kernel(q, k, (N - 50,), (50,))
for nm, b in (("y", dy), ("y2", dy2)):
    h = np.empty(N, np.float32); cl.enqueue_copy(q, h, b); res[nm] = h
ks = cl.Kernel(prg, "stamp")
do = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(65537, -1, np.int32))
ks.set_arg(0, do)
for t, g in enumerate((1, 7, 1000, 65537, 2, 64, 65536, 3, 1)):
    ks.set_arg(1, np.int32(t))
    cl.enqueue_nd_range_kernel(q, ks, (g,), None)
    h = np.empty(65537, np.int32); cl.enqueue_copy(q, h, do); res[f"st{t}_{g}"] = h
# one work-group exactly
wg = min(ctx.devices[0].max_work_group_size, 256)
for t, g in enumerate((wg, wg * 3)):
    ks.set_arg(1, np.int32(100 + t)); cl.enqueue_nd_range_kernel(q, ks, (g,), (wg,))
h = np.empty(65537, np.int32); cl.enqueue_copy(q, h, do); res["wg"] = h
np.savez(sys.argv[1], **res)
print("done")
