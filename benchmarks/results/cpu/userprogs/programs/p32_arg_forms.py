import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void lin(__global const float *x, __global float *y, float a, int b, uint c) {
    int i = get_global_id(0); y[i] = a * x[i] + (float)b + (float)(c & 7u); }
__kernel void lin2(__global float *y, long off, double s) { int i = get_global_id(0); y[i] = (float)((double)(i + off) * s); }
""").build()
lin = prg.lin; lin2 = prg.lin2
rng = np.random.default_rng(32)
res = {}
n = 500000
x = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
y = np.empty(n, np.float32)
lin.set_scalar_arg_dtypes([None, None, np.float32, np.int32, np.uint32])
lin(q, (n,), None, dx, dy, 1.5, 3, 12)                    # python scalars
cl.enqueue_copy(q, y, dy); res["py_scalars"] = y.copy()
lin(q, [n], None, dx, dy, 2.5, -3, 9)                     # list global size
cl.enqueue_copy(q, y, dy); res["list_gs"] = y.copy()
lin(q, (np.int64(n),), None, dx, dy, np.float64(0.25), np.int64(7), np.uint8(255))   # numpy types converted
cl.enqueue_copy(q, y, dy); res["np_types"] = y.copy()
lin(q, (np.uint32(n // 2 * 2),), [np.int32(50)], dx, dy, 1.0, 0, 1)
cl.enqueue_copy(q, y, dy); res["np_local_list"] = y.copy()
lin2.set_scalar_arg_dtypes([None, np.int64, np.float64])
lin2(q, (n,), None, dy, 2**33, 1e-9)
cl.enqueue_copy(q, y, dy); res["long_double"] = y.copy()
# set_args with python scalars after set_scalar_arg_dtypes
lin.set_args(dx, dy, 0.5, 1, 2)
cl.enqueue_nd_range_kernel(q, lin, (n,), None)
cl.enqueue_copy(q, y, dy); res["setargs_py"] = y.copy()
# kernel called with keyword wait_for and g_times_l
ev = lin(q, (n // 100,), (100,), dx, dy, 1.0, 2, 3, g_times_l=True) if False else lin(q, (n,), None, dx, dy, 1.0, 2, 3, wait_for=None)
ev.wait()
cl.enqueue_copy(q, y, dy); res["kw"] = y.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
