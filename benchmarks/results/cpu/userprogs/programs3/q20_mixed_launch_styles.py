import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void lin(__global float *y, __global const float *x, float a, float b) { int i = get_global_id(0); y[i] = a * x[i] + b * y[i]; }
__kernel void rot(__global float *y, int shift, int n) { int i = get_global_id(0); if (i < n) y[i] = y[i] + (float)((i + shift) % n); }
""").build()
n = 250007
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.linspace(0, 1, n).astype(np.float32))
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
lin = prg.lin             # the attribute kernel
lin2 = cl.Kernel(prg, "lin")  # an explicit kernel object of the same function
rot = cl.Kernel(prg, "rot")
for it in range(12):
    if it % 3 == 0:
        lin(q, (n,), None, y, x, np.float32(it), np.float32(0.5))
    elif it % 3 == 1:
        lin2.set_args(y, x, np.float32(-it), np.float32(0.25))
        cl.enqueue_nd_range_kernel(q, lin2, (n,), None)
    else:
        # args left from the set_args above, only one changed
        lin2.set_arg(2, np.float32(it * 0.1))
        cl.enqueue_nd_range_kernel(q, lin2, (n,), (1,))
    rot.set_arg(0, y); rot.set_arg(1, np.int32(it)); rot.set_arg(2, np.int32(n))
    cl.enqueue_nd_range_kernel(q, rot, ((n + 63) // 64 * 64,), (64,))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, y); res["mixed"] = h.copy()
# __call__ then enqueue_nd_range_kernel with the args __call__ set
lin(q, (n,), None, y, x, np.float32(2), np.float32(0))
cl.enqueue_nd_range_kernel(q, lin, (n,), None)
cl.enqueue_copy(q, h, y); res["call_then_nd"] = h.copy()
# set_scalar_arg_dtypes and positional scalars as python numbers
lin.set_scalar_arg_dtypes([None, None, np.float32, np.float32])
lin(q, (n,), None, y, x, 3, 0.5)
cl.enqueue_copy(q, h, y); res["scalar_dtypes"] = h.copy()
# global offset in enqueue_nd_range_kernel
lin2.set_args(y, x, np.float32(0), np.float32(2))
cl.enqueue_nd_range_kernel(q, lin2, (n - 1000,), None, global_work_offset=(1000,))
cl.enqueue_copy(q, h, y); res["nd_offset"] = h.copy()
# swap buffers between launches of one kernel object, args set once per launch
y2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
bufs = [y, y2]
for it in range(10):
    lin2.set_arg(0, bufs[(it + 1) % 2]); lin2.set_arg(1, bufs[it % 2])
    lin2.set_arg(2, np.float32(0.5)); lin2.set_arg(3, np.float32(0.5))
    cl.enqueue_nd_range_kernel(q, lin2, (n,), None)
cl.enqueue_copy(q, h, y); res["pingpong_y"] = h.copy()
cl.enqueue_copy(q, h, y2); res["pingpong_y2"] = h.copy()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
