import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void hi(__global ulong *o, ulong base) {
  size_t g = get_global_id(0);
  o[g - base] = ((ulong)g * 2654435761UL) ^ (ulong)get_global_offset(0) ^ ((ulong)get_group_id(0) << 40);
}
__kernel void lin2(__global uint *o, uint W, ulong offx, ulong offy) {
  size_t x = get_global_id(0) - offx, y = get_global_id(1) - offy;
  o[y * W + x] = (uint)(get_global_id(0) >> 20) + (uint)(get_global_id(1) * 7) + (uint)(x * 131);
}
__kernel void lid(__global long *o, long base) { long g = (long)get_global_id(0); o[g - base] = g * -3L + (long)get_local_id(0); }
""").build()
res = {}
n = 20000
o = cl.Buffer(ctx, mf.READ_WRITE, 8 * n)
k = cl.Kernel(prg, "hi")
for base in (2**32 - 5000, 2**33 + 17, 2**31, 3 * 2**40 + 64):
    k.set_args(o, np.uint64(base))
    cl.enqueue_nd_range_kernel(q, k, (n,), None, global_work_offset=(base,))
    h = np.empty(n, np.uint64); cl.enqueue_copy(q, h, o); res[f"hi_{base}"] = h
for base in (2**32 - 64, 5 * 2**32):
    k.set_args(o, np.uint64(base))
    cl.enqueue_nd_range_kernel(q, k, (n - n % 64,), (64,), global_work_offset=(base,))
    h = np.empty(n, np.uint64); cl.enqueue_copy(q, h, o); res[f"hiL_{base}"] = h
W, Hh = 300, 70
o2 = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * Hh)
k2 = cl.Kernel(prg, "lin2")
ox, oy = 2**32 + 3, 2**20
k2.set_args(o2, np.uint32(W), np.uint64(ox), np.uint64(oy))
cl.enqueue_nd_range_kernel(q, k2, (W, Hh), None, global_work_offset=(ox, oy))
h = np.empty(W * Hh, np.uint32); cl.enqueue_copy(q, h, o2); res["lin2"] = h
k3 = cl.Kernel(prg, "lid")
k3.set_args(o, np.int64(2**35))
cl.enqueue_nd_range_kernel(q, k3, (n // 2,), (50,), global_work_offset=(2**35,))
h = np.empty(n, np.int64); cl.enqueue_copy(q, h, o); res["lid"] = h
np.savez(sys.argv[1], **res)
print("done")
