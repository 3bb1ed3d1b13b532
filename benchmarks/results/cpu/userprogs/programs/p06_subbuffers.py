import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
dev = ctx.devices[0]
align = dev.mem_base_addr_align // 8  # bytes
src = """
__kernel void scale(__global float *x, float s) { int i = get_global_id(0); x[i] *= s; }
__kernel void add(__global const float *a, __global const float *b, __global float *c) {
    int i = get_global_id(0); c[i] = a[i] + b[i]; }
"""
prg = cl.Program(ctx, src).build()
k_scale = cl.Kernel(prg, "scale"); k_add = cl.Kernel(prg, "add")
rng = np.random.default_rng(6)
res = {}
n = 1 << 20
x = rng.standard_normal(n).astype(np.float32)
big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
# sub-buffers on aligned boundaries
e = align // 4 * 1024  # elements per chunk, aligned
subs = [big.get_sub_region(i * e * 4, e * 4) for i in range(4)]
for i, s in enumerate(subs):
    k_scale(q, (e,), None, s, np.float32(i + 2))
out = np.empty(n, np.float32); cl.enqueue_copy(q, out, big); res["after_sub_scale"] = out
# python slicing of a buffer
half = big[n // 2 * 4 : n * 4]
k_scale(q, (n // 2,), None, half, np.float32(-1))
cl.enqueue_copy(q, out, big); res["after_slice_scale"] = out
# read a sub-buffer
sb = np.empty(e, np.float32); cl.enqueue_copy(q, sb, subs[1]); res["read_sub1"] = sb
# kernel whole then read via sub-buffer
k_scale(q, (n,), None, big, np.float32(0.5))
cl.enqueue_copy(q, sb, subs[2]); res["read_sub2_after_whole"] = sb
# sub buffers as inputs and outputs of add
c = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
cl.enqueue_fill_buffer(q, c, np.float32(0), 0, n * 4)
k_add(q, (e,), None, subs[0], subs[3], c.get_sub_region(e * 4, e * 4))
oc = np.empty(n, np.float32); cl.enqueue_copy(q, oc, c); res["add_subs"] = oc
# buffer->buffer copies with offsets
d = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
cl.enqueue_copy(q, d, big, byte_count=1000 * 4, src_offset=12 * 4, dest_offset=777 * 4)
cl.enqueue_copy(q, d, c, byte_count=e * 4, src_offset=e * 4, dest_offset=n // 2 * 4)
k_scale(q, (n,), None, d, np.float32(3))
od = np.empty(n, np.float32); cl.enqueue_copy(q, od, d); res["copies"] = od
# partial host reads/writes with device offsets
part = np.arange(5000, dtype=np.float32)
cl.enqueue_copy(q, big, part, dst_offset=4 * 12345)
k_scale(q, (n,), None, big, np.float32(2))
p2 = np.empty(6000, np.float32); cl.enqueue_copy(q, p2, big, src_offset=4 * 12000); res["partial_rw"] = p2
# overlapping sub-buffers written by kernels, whole read
s_a = big.get_sub_region(0, 2 * e * 4); s_b = big.get_sub_region(e * 4, 2 * e * 4)
k_scale(q, (2 * e,), None, s_a, np.float32(10))
k_scale(q, (2 * e,), None, s_b, np.float32(0.25))
cl.enqueue_copy(q, out, big); res["overlap"] = out
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res), align)
