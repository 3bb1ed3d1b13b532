import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# one cl.Kernel reused with set_args and enqueue_nd_range_kernel while its arguments
# change; a second retrieval of the same kernel with its own arguments interleaved
src = """
__kernel void put(__global int *o, int base, int stride, int val) {
    int i = get_global_id(0);
    o[base + i * stride] = val + i;
}
"""
prg = cl.Program(ctx, src).build()
k1 = cl.Kernel(prg, "put")
k2 = cl.Kernel(prg, "put")
n = 300000
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
o2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
k2.set_args(o2, np.int32(0), np.int32(1), np.int32(-1))
for j, (base, stride, cnt) in enumerate([(0, 1, 100000), (1, 3, 90000), (n - 1, -2, 70000), (5, 5, 50000)]):
    k1.set_args(o, np.int32(base), np.int32(stride), np.int32(j * 1000000))
    cl.enqueue_nd_range_kernel(q, k1, (cnt,), None)
    cl.enqueue_nd_range_kernel(q, k2, (n // (j + 1),), None)
    k1.set_arg(3, np.int32(j * 1000000 + 500000))
    cl.enqueue_nd_range_kernel(q, k1, (cnt // 2,), None)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o); res["o"] = h
cl.enqueue_copy(q, h, o2); res["o2"] = h.copy()
for val in range(5):
    k2.set_arg(3, np.int32(val * 7))
    k2.set_arg(1, np.int32(val))
    cl.enqueue_nd_range_kernel(q, k2, (n - 5,), None)
cl.enqueue_copy(q, h, o2); res["o2b"] = h.copy()
prg.put(q, (1000,), None, o2, np.int32(10), np.int32(2), np.int32(42))
cl.enqueue_copy(q, h, o2); res["o2c"] = h.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
