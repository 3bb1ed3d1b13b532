import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void hs_step(__global const int *a, __global int *b, int off) {
    int i = get_global_id(0);
    b[i] = i >= off ? a[i] + a[i - off] : a[i];
}
__kernel void add_into(__global float *dst, __global const float *src) { int i = get_global_id(0); dst[i] += src[i]; }
__kernel void copy_shift(__global const float *src, __global float *dst) { int i = get_global_id(0); dst[i] = src[i] * 2.0f; }
""").build()
hs = cl.Kernel(prg, "hs_step")
rng = np.random.default_rng(731)
n = 400001
h0 = rng.integers(0, 10, n).astype(np.int32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h0)
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
off = 1
while off < n:
    hs(q, (n,), None, a, b, np.int32(off))
    a, b = b, a
    off *= 2
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, a)
res["hillis_steele"] = h; res["hs_ok"] = np.array([np.array_equal(h, np.cumsum(h0, dtype=np.int32))])
# one parent buffer cut into four aligned quarters used as separate arguments
align = ctx.devices[0].mem_base_addr_align // 8
qn = (n // 4) // (align // 4) * (align // 4)
parent = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(4 * qn).astype(np.float32))
quarters = [parent.get_sub_region(4 * qn * j, 4 * qn) for j in range(4)]
ad = cl.Kernel(prg, "add_into"); cs = cl.Kernel(prg, "copy_shift")
for it in range(6):
    ad(q, (qn,), None, quarters[(it + 1) % 4], quarters[it % 4])
    cs(q, (qn,), None, quarters[(it + 2) % 4], quarters[(it + 3) % 4])
h = np.empty(4 * qn, np.float32); cl.enqueue_copy(q, h, parent); res["quarters"] = h
# read one quarter through the sub-buffer and compare with reading the parent at an offset
q2 = np.empty(qn, np.float32); cl.enqueue_copy(q, q2, quarters[2])
q2p = np.empty(qn, np.float32); cl.enqueue_copy(q, q2p, parent, src_offset=4 * 2 * qn)
res["q2_same"] = np.array([np.array_equal(q2, q2p)])
# half-size kernels on each half of a parent, then a launch on the whole parent
halves = [parent.get_sub_region(0, 4 * 2 * qn), parent.get_sub_region(4 * 2 * qn, 4 * 2 * qn)]
cs(q, (2 * qn,), None, halves[0], halves[1])
ad(q, (4 * qn,), None, parent, parent)
h = np.empty(4 * qn, np.float32); cl.enqueue_copy(q, h, parent); res["whole_after_halves"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
