import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# generic 2-D kernels launched 1-D and 2-D, linear ids (OpenCL 2.0), get_work_dim in an index
src = """
__kernel void generic2d(__global float *o) {
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t w = get_global_size(0);
    o[y * w + x] = (float)(x + 7 * y) + (float)get_work_dim();
}
__kernel void lin(__global int *o) {
    o[get_global_linear_id()] = (int)get_global_id(0) * 3 + (int)get_local_linear_id();
}
__kernel void wd(__global int *o) {
    int i = get_global_id(0);
    o[i * get_work_dim()] = i;
}
"""
prg = cl.Program(ctx, src).build(options=["-cl-std=CL2.0"])
for shape in [(100000,), (1000, 100)]:
    n = int(np.prod(shape))
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    prg.generic2d(q, shape, None, o)
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res[f"g{len(shape)}"] = h
n = 64 * 2000
oi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2 * n, np.int32))
prg.lin(q, (n,), (64,), oi)
h = np.empty(2 * n, np.int32); cl.enqueue_copy(q, h, oi); res["lin1"] = h
prg.lin(q, (64, 2000), (16, 4), oi)
cl.enqueue_copy(q, h, oi); res["lin2"] = h.copy()
prg.wd(q, (n,), None, oi)
cl.enqueue_copy(q, h, oi); res["wd"] = h.copy()
np.savez(sys.argv[1], **res)
print("done")
