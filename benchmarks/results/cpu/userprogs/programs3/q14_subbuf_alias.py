import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
align = ctx.devices[0].mem_base_addr_align // 8
prg = cl.Program(ctx, """
__kernel void shift_add(__global const float *src, __global float *dst) {
    int i = get_global_id(0); dst[i] = src[i] * 0.5f + dst[i];
}
__kernel void swap_halves(__global int *lo, __global int *hi) {
    int i = get_global_id(0); int t = lo[i]; lo[i] = hi[i]; hi[i] = t;
}
__kernel void scale(__global float *x, float s) { x[get_global_id(0)] *= s; }
""").build()
sa = cl.Kernel(prg, "shift_add"); sw = cl.Kernel(prg, "swap_halves"); sc = cl.Kernel(prg, "scale")
n = 1 << 17
base = np.arange(n, dtype=np.float32)
big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=base)
# two disjoint sub-buffers of one buffer as src and dst of one kernel
half = n // 2
s0 = big.get_sub_region(0, 4 * half)
s1 = big.get_sub_region(4 * half, 4 * half)
sa(q, (half,), None, s0, s1)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, big); res["disjoint"] = h.copy()
# sub-buffers at an aligned offset, used through the parent and the child alternately
off_elems = align // 4 * 3
c = big.get_sub_region(4 * off_elems, 4 * 1000)
sc(q, (1000,), None, c, np.float32(2))
sc(q, (n,), None, big, np.float32(0.5))
sc(q, (1000,), None, c, np.float32(-1))
cl.enqueue_copy(q, h, big); res["parent_child"] = h.copy()
# same sub-buffer passed as both arguments (in-place elementwise alias, each item touches only its own)
sa(q, (half,), None, s1, s1)
cl.enqueue_copy(q, h, big); res["same_arg"] = h.copy()
# swap between two sub-buffers of an int buffer
ib = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
lo = ib.get_sub_region(0, 4 * half); hi = ib.get_sub_region(4 * half, 4 * half)
sw(q, (half,), None, lo, hi)
sw(q, (half // 2,), None, hi, lo)
hi_h = np.empty(n, np.int32); cl.enqueue_copy(q, hi_h, ib); res["swap"] = hi_h
# sub-buffer read/write through the host and copies between children
part = np.full(1000, 7, np.float32)
cl.enqueue_copy(q, c, part)
cl.enqueue_copy(q, s1, c, byte_count=4000, dst_offset=4 * 100)
cl.enqueue_copy(q, h, big); res["child_copy"] = h.copy()
rd = np.empty(1000, np.float32); cl.enqueue_copy(q, rd, c); res["child_read"] = rd
# a chain of nested-looking regions: many small children launched in a loop
for j in range(8):
    r = big.get_sub_region(4 * j * (n // 8), 4 * (n // 8))
    sc(q, (n // 8,), None, r, np.float32(j + 1))
cl.enqueue_copy(q, h, big); res["eighths"] = h.copy()
res["sub_info"] = np.array([s1.get_info(cl.mem_info.OFFSET), s1.get_info(cl.mem_info.SIZE), int(s1.get_info(cl.mem_info.ASSOCIATED_MEMOBJECT) == big)])
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
